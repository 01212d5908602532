import { Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { QueueLayout } from '../../shared/QueueLayout.tsx';
import { type TraderApplicationItem, TraderApplicationDetail } from './TraderApplicationDetail.tsx';

/** Copy-trading trader applications: waiting ones first, oldest first (issue 13 §1). */
export default function TraderApplicationsQueuePage() {
  const { t } = useTranslation();
  const columns: ColumnsType<TraderApplicationItem> = [
    { title: t('columns.id'), dataIndex: 'id', width: 64 },
    // Nickname over account in one column: five columns did not fit the queue's list and clipped their headings.
    {
      title: t('columns.user'),
      dataIndex: 'nickname',
      ellipsis: true,
      render: (nickname: string, row) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis>
            {nickname}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis>
            {row.account}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('traderApplications.shareRate'), dataIndex: 'share_rate', width: 96, className: 'nowrap' },
    { title: t('funds.submitted'), dataIndex: 'submitted_at', width: 150, className: 'nowrap', render: (time: number) => formatTime(time) },
  ];
  return (
    <QueueLayout<TraderApplicationItem>
      queueKey="trader-applications"
      title={t('queues.traderApplications.title')}
      statuses={['pending', 'approved', 'rejected'].map((value) => ({ value, label: t(`traderApplications.status.${value}`) }))}
      columns={columns}
      renderDetail={(id, onDecided) => <TraderApplicationDetail key={id} id={id} onDecided={onDecided} />}
    />
  );
}
