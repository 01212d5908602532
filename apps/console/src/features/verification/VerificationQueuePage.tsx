import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { QueueLayout, submitterColumn } from '../../shared/QueueLayout.tsx';
import { type VerificationListItem, VerificationDetail } from './VerificationDetail.tsx';

/** The identity verification queue: requests in review first, decided ones a click away. */
export default function VerificationQueuePage() {
  const { t } = useTranslation();
  const columns: ColumnsType<VerificationListItem> = [
    { title: t('columns.id'), dataIndex: 'id', width: 64 },
    submitterColumn<VerificationListItem>(t),
    { title: t('verification.level'), dataIndex: 'level', width: 64, render: (level: number) => `Lv${level}` },
  ];
  return (
    <QueueLayout<VerificationListItem>
      queueKey="verification"
      title={t('queues.verification.title')}
      statuses={[
        { value: 'review', label: t('verification.status.review') },
        { value: 'verified', label: t('verification.status.verified') },
        { value: 'failed', label: t('verification.status.failed') },
      ]}
      columns={columns}
      renderDetail={(id, onDecided) => <VerificationDetail key={id} id={id} onDecided={onDecided} />}
    />
  );
}
