import { Badge, Flex, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatAge, formatTime } from '../../shared/format.ts';
import { QueueLayout } from '../../shared/QueueLayout.tsx';
import { type ConversationListItem, SupportConversation, waitingText } from './SupportConversation.tsx';

/** The support inbox: open conversations, longest waiting first; closed ones a click away. */
export default function SupportQueuePage() {
  const { t } = useTranslation();
  const columns: ColumnsType<ConversationListItem> = [
    { title: t('columns.id'), dataIndex: 'id', width: 56 },
    {
      title: t('columns.user'),
      dataIndex: 'account',
      ellipsis: true,
      // The unread count sits inline after the name: as a corner badge it covered the end of a long address.
      render: (account: string | null, row) => (
        <Flex gap={6} align="center">
          <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={account ?? undefined}>
            {account ?? <Tag>{t('support.visitor')}</Tag>}
          </span>
          <span style={{ flex: 'none' }}>
            <Badge count={row.unread} size="small" />
          </span>
        </Flex>
      ),
    },
    { title: t('support.topic'), dataIndex: 'topic', width: 90, render: (topic: string | null) => (topic ? t(`support.topics.${topic}`) : '–') },
    {
      title: t('support.waiting'),
      dataIndex: 'waiting_since',
      width: 110,
      className: 'nowrap',
      // Not waiting: how long ago the last message was (the full time on hover); a full date and time did not fit the column.
      render: (since: number | null, row) =>
        since ? <Tag color="warning">{waitingText(t, since)}</Tag> : <span title={formatTime(row.last_message_at)}>{formatAge(Date.now() - row.last_message_at)}</span>,
    },
  ];
  return (
    <QueueLayout<ConversationListItem>
      queueKey="support"
      title={t('queues.support.title')}
      statuses={[
        { value: 'open', label: t('support.status.open') },
        { value: 'closed', label: t('support.status.closed') },
      ]}
      columns={columns}
      renderDetail={(id, onDecided) => <SupportConversation key={id} id={id} onDecided={onDecided} />}
    />
  );
}
