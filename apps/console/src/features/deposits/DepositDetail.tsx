import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Card, Col, Descriptions, Image, Input, Modal, Popconfirm, Row, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError, get, post } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { useCan } from '../../shared/session.ts';

export interface DepositListItem {
  id: number;
  user_id: number;
  account: string | null;
  currency: string;
  amount: string;
  chain: string | null;
  type: number | null;
  status: 'review' | 'credited' | 'rejected';
  submitted_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
}

interface DepositRequest extends DepositListItem {
  payer_account: string | null;
  network: string | null;
  min_deposit: string;
  reason: string | null;
  voucher_url: string;
  user: { id: number; email: string | null; phone: string | null; area_code: string | null; nickname: string; verification_level: number; frozen: boolean; created_at: number } | null;
  history: (DepositListItem & { route: 'chain' | 'voucher'; txid: string | null; confirmations: number; reason: string | null; status: string })[];
}

const STATUS_COLOURS: Record<string, string> = { review: 'processing', credited: 'success', rejected: 'error', confirming: 'processing', below_minimum: 'warning' };

/** One voucher deposit: what the user says they paid and from where, the voucher picture, the user, and the decision. */
export function DepositDetail({ id, onDecided }: { id: number; onDecided: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const request = useQuery({ queryKey: ['deposit', id], queryFn: () => get<DepositRequest>(`/queues/deposits/${id}`) });
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');

  const decide = useMutation({
    mutationFn: (approve: boolean) => (approve ? post(`/queues/deposits/${id}/approve`) : post(`/queues/deposits/${id}/reject`, { reason: reason.trim() })),
    onSuccess: (_, approve) => {
      void message.success(approve ? t('deposits.approved') : t('deposits.rejected'));
      setRejecting(false);
      onDecided();
    },
    onError: (error) => void message.error(error instanceof ApiError ? error.message : String(error)),
  });

  const data = request.data;
  if (!data) return <Card loading={request.isLoading}>{request.error instanceof ApiError && request.error.message}</Card>;
  const deciding = data.status === 'review' && can('deposits.decide');

  return (
    <Card
      title={
        <Space>
          {t('deposits.request', { id: data.id })}
          <Tag color={STATUS_COLOURS[data.status]}>{t(`deposits.status.${data.status}`)}</Tag>
        </Space>
      }
      extra={
        deciding && (
          <Space>
            <Button danger onClick={() => setRejecting(true)} data-testid="deposit-reject">
              {t('deposits.reject')}
            </Button>
            <Popconfirm title={t('deposits.approveConfirm', { amount: `${data.amount} ${data.currency}` })} onConfirm={() => decide.mutate(true)} okText={t('deposits.approve')} cancelText={t('actions.cancel')}>
              <Button type="primary" loading={decide.isPending} data-testid="deposit-approve">
                {t('deposits.approve')}
              </Button>
            </Popconfirm>
          </Space>
        )
      }
      data-testid="deposit-detail"
    >
      <Row gutter={24}>
        <Col span={12}>
          <Descriptions column={1} size="small" bordered styles={{ label: { whiteSpace: 'nowrap', width: 128 } }}>
            <Descriptions.Item label={t('funds.amount')}>
              <Typography.Text strong data-testid="deposit-amount">{`${data.amount} ${data.currency}`}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('deposits.type')}>{t(`deposits.types.${data.type ?? 0}`)}</Descriptions.Item>
            <Descriptions.Item label={t('funds.network')}>{data.network ?? '–'}</Descriptions.Item>
            <Descriptions.Item label={t('deposits.payerAccount')}>
              <Typography.Text copyable={Boolean(data.payer_account)}>{data.payer_account ?? '–'}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('deposits.minimum')}>{`${data.min_deposit} ${data.currency}`}</Descriptions.Item>
            <Descriptions.Item label={t('funds.submitted')}>{formatTime(data.submitted_at)}</Descriptions.Item>
            {data.reviewed_at && <Descriptions.Item label={t('funds.reviewed')}>{`${formatTime(data.reviewed_at)} · ${data.reviewed_by ?? ''}`}</Descriptions.Item>}
            {data.reason && <Descriptions.Item label={t('funds.reason')}>{data.reason}</Descriptions.Item>}
            {data.user && (
              <>
                <Descriptions.Item label={t('columns.user')}>
                  <Link to={`/users/${data.user.id}`}>{`#${data.user.id} ${data.user.nickname}`}</Link>
                  <Tag style={{ marginLeft: 8 }}>{`Lv${data.user.verification_level}`}</Tag>
                  {data.user.frozen && <Tag color="error">{t('users.frozen')}</Tag>}
                </Descriptions.Item>
                <Descriptions.Item label={t('columns.email')}>{data.user.email ?? '–'}</Descriptions.Item>
                <Descriptions.Item label={t('columns.phone')}>{data.user.phone ? `+${data.user.area_code ?? ''} ${data.user.phone}` : '–'}</Descriptions.Item>
              </>
            )}
          </Descriptions>
        </Col>
        <Col span={12}>
          <Typography.Text type="secondary">{t('deposits.voucher')}</Typography.Text>
          <div className="document-picture">
            <Image src={data.voucher_url} alt={t('deposits.voucher')} data-testid="deposit-voucher" />
          </div>
        </Col>
      </Row>

      {data.history.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('deposits.history')}
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data.history}
            columns={[
              { title: t('columns.id'), dataIndex: 'id', width: 70 },
              { title: t('deposits.route'), dataIndex: 'route', render: (route: string) => t(`deposits.routes.${route}`) },
              { title: t('funds.amount'), dataIndex: 'amount', render: (amount: string, row) => `${amount} ${row.currency}` },
              { title: t('columns.status'), dataIndex: 'status', render: (status: string) => <Tag color={STATUS_COLOURS[status]}>{t(`deposits.status.${status}`)}</Tag> },
              { title: t('funds.submitted'), dataIndex: 'submitted_at', render: (time: number) => formatTime(time) },
            ]}
          />
        </>
      )}

      <Modal
        open={rejecting}
        title={t('deposits.rejectTitle')}
        okText={t('deposits.reject')}
        okButtonProps={{ danger: true, disabled: reason.trim() === '', loading: decide.isPending, 'data-testid': 'deposit-reject-confirm' } as ButtonProps}
        cancelText={t('actions.cancel')}
        onOk={() => decide.mutate(false)}
        onCancel={() => setRejecting(false)}
      >
        <Typography.Paragraph type="secondary">{t('deposits.rejectHint')}</Typography.Paragraph>
        <Input.TextArea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={200} showCount rows={3} data-testid="deposit-reject-reason" />
      </Modal>
    </Card>
  );
}
