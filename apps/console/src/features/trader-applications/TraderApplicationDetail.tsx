import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Card, Descriptions, Input, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError, get, post } from '../../shared/api.ts';
import { formatTime, trimZeros } from '../../shared/format.ts';
import { useCan } from '../../shared/session.ts';

export interface TraderApplicationItem {
  id: number;
  user_id: number;
  account: string | null;
  nickname: string;
  introduction: string;
  share_rate: string;
  status: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  submitted_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
}

interface TraderApplicationRequest extends TraderApplicationItem {
  user: { id: number; email: string | null; phone: string | null; nickname: string; verification_level: number; frozen: boolean } | null;
  lever_balance: string;
  history: TraderApplicationItem[];
}

const STATUS_COLOURS: Record<string, string> = { pending: 'processing', approved: 'success', rejected: 'error' };

/** One application: the public profile applied for, the user's level and lever balance, earlier applications, and the decision. */
export function TraderApplicationDetail({ id, onDecided }: { id: number; onDecided: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const request = useQuery({ queryKey: ['trader-application', id], queryFn: () => get<TraderApplicationRequest>(`/queues/trader-applications/${id}`) });
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (approve: boolean) => (approve ? post(`/queues/trader-applications/${id}/approve`) : post(`/queues/trader-applications/${id}/reject`, { reason: reason.trim() })),
    onSuccess: (_, approve) => {
      void message.success(approve ? t('traderApplications.approved') : t('traderApplications.rejected'));
      setRejecting(false);
      onDecided();
    },
    onError: (error) => void message.error(error instanceof ApiError ? error.message : String(error)),
  });
  const data = request.data;
  if (!data) return <Card loading={request.isLoading}>{request.error instanceof ApiError && request.error.message}</Card>;
  const deciding = data.status === 'pending' && can('trader-applications.decide');
  return (
    <Card
      title={
        <Space>
          {t('traderApplications.request', { id: data.id })}
          <Tag color={STATUS_COLOURS[data.status]}>{t(`traderApplications.status.${data.status}`)}</Tag>
        </Space>
      }
      extra={
        deciding && (
          <Space>
            <Button danger onClick={() => setRejecting(true)} data-testid="trader-application-reject">
              {t('traderApplications.reject')}
            </Button>
            <Popconfirm
              title={t('traderApplications.approveConfirm', { nickname: data.nickname, rate: data.share_rate })}
              onConfirm={() => decide.mutate(true)}
              okText={t('traderApplications.approve')}
              cancelText={t('actions.cancel')}
            >
              <Button type="primary" loading={decide.isPending} data-testid="trader-application-approve">
                {t('traderApplications.approve')}
              </Button>
            </Popconfirm>
          </Space>
        )
      }
      data-testid="trader-application-detail"
    >
      <Descriptions column={1} size="small" bordered styles={{ label: { whiteSpace: 'nowrap', width: 160 } }}>
        <Descriptions.Item label={t('traderApplications.nickname')}>{data.nickname}</Descriptions.Item>
        <Descriptions.Item label={t('traderApplications.introduction')}>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{data.introduction}</Typography.Paragraph>
        </Descriptions.Item>
        <Descriptions.Item label={t('traderApplications.shareRate')}>{data.share_rate}</Descriptions.Item>
        {data.user && <Descriptions.Item label={t('traderApplications.level')}>{`Lv${data.user.verification_level}`}</Descriptions.Item>}
        <Descriptions.Item label={t('traderApplications.leverBalance')}>{`${trimZeros(data.lever_balance)} USDT`}</Descriptions.Item>
        <Descriptions.Item label={t('funds.submitted')}>{formatTime(data.submitted_at)}</Descriptions.Item>
        {data.reviewed_at && <Descriptions.Item label={t('funds.reviewed')}>{`${formatTime(data.reviewed_at)} · ${data.reviewed_by ?? ''}`}</Descriptions.Item>}
        {data.reason && <Descriptions.Item label={t('funds.reason')}>{data.reason}</Descriptions.Item>}
        {data.user && (
          <Descriptions.Item label={t('columns.user')}>
            <Link to={`/users/${data.user.id}`}>{`#${data.user.id} ${data.user.nickname}`}</Link>
            {data.user.frozen && <Tag color="error">{t('users.frozen')}</Tag>}
          </Descriptions.Item>
        )}
      </Descriptions>
      {data.history.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('traderApplications.history')}
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data.history}
            columns={[
              { title: t('columns.id'), dataIndex: 'id', width: 70 },
              { title: t('traderApplications.nickname'), dataIndex: 'nickname' },
              { title: t('traderApplications.shareRate'), dataIndex: 'share_rate' },
              { title: t('columns.status'), dataIndex: 'status', render: (status: string) => <Tag color={STATUS_COLOURS[status]}>{t(`traderApplications.status.${status}`)}</Tag> },
              { title: t('funds.reason'), dataIndex: 'reason' },
            ]}
          />
        </>
      )}
      <Modal
        open={rejecting}
        title={t('traderApplications.rejectTitle')}
        okText={t('traderApplications.reject')}
        okButtonProps={{ danger: true, disabled: reason.trim() === '', loading: decide.isPending, 'data-testid': 'trader-application-reject-confirm' } as ButtonProps}
        cancelText={t('actions.cancel')}
        onOk={() => decide.mutate(false)}
        onCancel={() => setRejecting(false)}
      >
        <Typography.Paragraph type="secondary">{t('traderApplications.rejectHint')}</Typography.Paragraph>
        <Input.TextArea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={200} showCount rows={3} />
      </Modal>
    </Card>
  );
}
