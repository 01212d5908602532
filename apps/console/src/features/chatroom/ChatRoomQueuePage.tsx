import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, InputNumber, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError, get, post } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { QueueLayout } from '../../shared/QueueLayout.tsx';
import { useCan } from '../../shared/session.ts';

interface RoomMessage {
  id: number;
  user_id: number;
  nickname: string;
  body: string;
  created_at: number;
  lang: string;
  status: 'reported' | 'recent' | 'removed';
  open_reports: number;
  removed_at: number | null;
  removed_by: string | null;
}

interface RoomMessageDetail extends RoomMessage {
  author: { id: number; account: string | null; muted_until: number | null };
  reports: { reporter_id: number; created_at: number }[];
  author_recent: RoomMessage[];
}

/** Chat-room moderation: reported messages first; remove, keep or mute the author. */
export default function ChatRoomQueuePage() {
  const { t } = useTranslation();
  const columns: ColumnsType<RoomMessage> = [
    { title: t('columns.id'), dataIndex: 'id', width: 64 },
    { title: t('chatroom.message'), dataIndex: 'body', ellipsis: true },
    { title: t('chatroom.room'), dataIndex: 'lang', width: 60 },
    { title: t('chatroom.reports'), dataIndex: 'open_reports', width: 70 },
  ];
  return (
    <QueueLayout<RoomMessage>
      queueKey="chatroom"
      title={t('queues.chatroom.title')}
      statuses={[
        { value: 'reported', label: t('chatroom.status.reported') },
        { value: 'recent', label: t('chatroom.status.recent') },
        { value: 'removed', label: t('chatroom.status.removed') },
      ]}
      columns={columns}
      renderDetail={(id, onDecided) => <RoomMessageCard key={id} id={id} onDecided={onDecided} />}
    />
  );
}

function RoomMessageCard({ id, onDecided }: { id: number; onDecided: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [hours, setHours] = useState<number | null>(24);
  const detail = useQuery({ queryKey: ['chatroom-message', id], queryFn: () => get<RoomMessageDetail>(`/queues/chatroom/${id}`) });
  const act = useMutation({
    mutationFn: (action: 'remove' | 'dismiss' | 'mute' | 'unmute') =>
      action === 'mute' || action === 'unmute' ? post(`/queues/chatroom/${id}/mute`, { hours: action === 'mute' ? (hours ?? 0) : 0 }) : post(`/queues/chatroom/${id}/${action}`),
    onSuccess: (_, action) => {
      void message.success(t('chatroom.done'));
      void detail.refetch();
      // Removing or keeping decides the message: on to the next. Muting is about its author: stay, and show the mute.
      if (action === 'remove' || action === 'dismiss') onDecided();
      else void client.invalidateQueries({ queryKey: ['queue', 'chatroom'] });
    },
    onError: (error) => void message.error(error instanceof ApiError ? error.message : String(error)),
  });
  const data = detail.data;
  if (!data) return <Card loading={detail.isLoading}>{detail.error instanceof ApiError && detail.error.message}</Card>;
  const moderating = can('chatroom.moderate');
  return (
    <Card
      data-testid="chatroom-detail"
      title={
        <Space>
          {t('chatroom.messageNo', { id: data.id })}
          <Tag color={data.status === 'reported' ? 'warning' : data.status === 'removed' ? 'error' : 'default'}>{t(`chatroom.status.${data.status}`)}</Tag>
        </Space>
      }
      extra={
        moderating &&
        data.status !== 'removed' && (
          <Space>
            {data.open_reports > 0 && <Button onClick={() => act.mutate('dismiss')}>{t('chatroom.dismiss')}</Button>}
            <Popconfirm title={t('chatroom.removeConfirm')} onConfirm={() => act.mutate('remove')} okText={t('chatroom.remove')} cancelText={t('actions.cancel')}>
              <Button danger data-testid="chatroom-remove">
                {t('chatroom.remove')}
              </Button>
            </Popconfirm>
          </Space>
        )
      }
    >
      <Typography.Paragraph style={{ fontSize: 16 }}>{data.body}</Typography.Paragraph>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('chatroom.author')}>
          <Link to={`/users/${data.author.id}`}>{`#${data.author.id} ${data.nickname}`}</Link> {data.author.account ?? ''}
          {data.author.muted_until && <Tag color="error" style={{ marginLeft: 8 }}>{t('chatroom.mutedUntil', { time: formatTime(data.author.muted_until) })}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t('chatroom.posted')}>{formatTime(data.created_at)}</Descriptions.Item>
        <Descriptions.Item label={t('chatroom.reports')}>{data.reports.length}</Descriptions.Item>
        {data.removed_by && <Descriptions.Item label={t('chatroom.removedBy')}>{`${data.removed_by} · ${formatTime(data.removed_at ?? 0)}`}</Descriptions.Item>}
      </Descriptions>
      {moderating && (
        <Space style={{ marginTop: 16 }}>
          <InputNumber min={1} max={8760} value={hours} onChange={setHours} addonAfter={t('chatroom.hours')} />
          <Button onClick={() => act.mutate('mute')} data-testid="chatroom-mute">
            {t('chatroom.mute')}
          </Button>
          {data.author.muted_until && <Button onClick={() => act.mutate('unmute')}>{t('chatroom.unmute')}</Button>}
        </Space>
      )}
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('chatroom.authorRecent')}
      </Typography.Title>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={data.author_recent}
        columns={[
          { title: t('columns.id'), dataIndex: 'id', width: 64 },
          { title: t('chatroom.message'), dataIndex: 'body' },
          { title: t('columns.status'), dataIndex: 'status', width: 90, render: (status: string) => t(`chatroom.status.${status}`) },
        ]}
      />
    </Card>
  );
}
