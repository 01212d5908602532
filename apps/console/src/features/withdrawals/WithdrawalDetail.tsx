import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Card, Col, Descriptions, Input, Modal, Row, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError, get, post } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { useCan } from '../../shared/session.ts';

export interface WithdrawalListItem {
  id: number;
  user_id: number;
  account: string | null;
  currency: string;
  route: 'address' | 'bank' | 'bank_international';
  chain: string | null;
  amount: string;
  fee: string;
  status: 'review' | 'paid' | 'rejected';
  submitted_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
}

interface TickRef {
  id: number;
  symbol: string;
  time: number;
}

interface WithdrawalRequest extends WithdrawalListItem {
  network: string | null;
  destination: string;
  memo: string | null;
  payee: Record<string, string> | null;
  total: string;
  btc_value: string;
  price_tick: TickRef | null;
  btc_tick: TickRef | null;
  tx_ref: string | null;
  explorer_url: string | null;
  reason: string | null;
  balance: { available: string; frozen: string };
  security_changed_at: number | null;
  user: { id: number; email: string | null; phone: string | null; area_code: string | null; nickname: string; verification_level: number; frozen: boolean; created_at: number } | null;
  history: (WithdrawalListItem & { reason: string | null; tx_ref: string | null })[];
  deposits: { id: number; route: string; currency: string; amount: string; status: string; created_at: number }[];
}

const STATUS_COLOURS: Record<string, string> = { review: 'processing', paid: 'success', rejected: 'error' };
const PAYEE_FIELDS = ['name', 'real_name', 'bank_name', 'bank_branch', 'bank_address', 'phone', 'aba_number', 'swift_code', 'holder_address'] as const;

/**
 * One withdrawal: where it pays (the whole address or account), what the
 * user receives and the fee, its BTC value and the feed ticks behind it, the
 * user with their balance and recent money movements. Paying needs the
 * payout's transaction reference; rejecting needs a reason.
 */
export function WithdrawalDetail({ id, onDecided }: { id: number; onDecided: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const request = useQuery({ queryKey: ['withdrawal', id], queryFn: () => get<WithdrawalRequest>(`/queues/withdrawals/${id}`) });
  const [dialog, setDialog] = useState<'pay' | 'reject' | null>(null);
  const [text, setText] = useState('');

  const decide = useMutation({
    mutationFn: (decision: 'pay' | 'reject') =>
      decision === 'pay' ? post(`/queues/withdrawals/${id}/approve`, { tx_ref: text.trim() }) : post(`/queues/withdrawals/${id}/reject`, { reason: text.trim() }),
    onSuccess: (_, decision) => {
      void message.success(decision === 'pay' ? t('withdrawals.paid') : t('withdrawals.rejected'));
      setDialog(null);
      onDecided();
    },
    onError: (error) => void message.error(error instanceof ApiError ? error.message : String(error)),
  });

  const data = request.data;
  if (!data) return <Card loading={request.isLoading}>{request.error instanceof ApiError && request.error.message}</Card>;
  const deciding = data.status === 'review' && can('withdrawals.decide');
  const open = (next: 'pay' | 'reject') => {
    setText('');
    setDialog(next);
  };
  const tick = (ref: TickRef | null) => (ref ? `#${ref.id} ${ref.symbol} · ${formatTime(ref.time)}` : t('withdrawals.noTick'));

  return (
    <Card
      title={
        <Space>
          {t('withdrawals.request', { id: data.id })}
          <Tag color={STATUS_COLOURS[data.status]}>{t(`withdrawals.status.${data.status}`)}</Tag>
        </Space>
      }
      extra={
        deciding && (
          <Space>
            <Button danger onClick={() => open('reject')} data-testid="withdrawal-reject">
              {t('withdrawals.reject')}
            </Button>
            <Button type="primary" onClick={() => open('pay')} data-testid="withdrawal-pay">
              {t('withdrawals.pay')}
            </Button>
          </Space>
        )
      }
      data-testid="withdrawal-detail"
    >
      <Row gutter={24}>
        <Col span={13}>
          <Descriptions column={1} size="small" bordered styles={{ label: { whiteSpace: 'nowrap', width: 136 } }}>
            <Descriptions.Item label={t('withdrawals.receives')}>
              <Typography.Text strong data-testid="withdrawal-amount">{`${data.amount} ${data.currency}`}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.fee')}>{`${data.fee} ${data.currency}`}</Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.total')}>{`${data.total} ${data.currency}`}</Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.route')}>{data.network ?? t(`withdrawals.routes.${data.route}`)}</Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.destination')}>
              <Typography.Text copyable code data-testid="withdrawal-destination">
                {data.destination}
              </Typography.Text>
            </Descriptions.Item>
            {data.memo && (
              <Descriptions.Item label={t('withdrawals.memo')}>
                <Typography.Text copyable>{data.memo}</Typography.Text>
              </Descriptions.Item>
            )}
            {PAYEE_FIELDS.filter((field) => data.payee?.[field]).map((field) => (
              <Descriptions.Item key={field} label={t(`withdrawals.payee.${field}`)}>
                <Typography.Text copyable>{data.payee?.[field]}</Typography.Text>
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('withdrawals.btcValue')}>{`${data.btc_value} BTC`}</Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.priceTick')}>{tick(data.price_tick)}</Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.btcTick')}>{tick(data.btc_tick)}</Descriptions.Item>
            <Descriptions.Item label={t('funds.submitted')}>{formatTime(data.submitted_at)}</Descriptions.Item>
            {data.reviewed_at && <Descriptions.Item label={t('funds.reviewed')}>{`${formatTime(data.reviewed_at)} · ${data.reviewed_by ?? ''}`}</Descriptions.Item>}
            {data.tx_ref && (
              <Descriptions.Item label={t('withdrawals.txRef')}>
                {data.explorer_url ? (
                  <Typography.Link href={data.explorer_url} target="_blank" rel="noreferrer">
                    {data.tx_ref}
                  </Typography.Link>
                ) : (
                  data.tx_ref
                )}
              </Descriptions.Item>
            )}
            {data.reason && <Descriptions.Item label={t('funds.reason')}>{data.reason}</Descriptions.Item>}
          </Descriptions>
        </Col>
        <Col span={11}>
          <Descriptions column={1} size="small" bordered styles={{ label: { whiteSpace: 'nowrap', width: 128 } }}>
            {data.user && (
              <>
                <Descriptions.Item label={t('columns.user')}>
                  <Link to={`/users/${data.user.id}`}>{`#${data.user.id} ${data.user.nickname}`}</Link>
                  <Tag style={{ marginLeft: 8 }}>{`Lv${data.user.verification_level}`}</Tag>
                  {data.user.frozen && <Tag color="error">{t('users.frozen')}</Tag>}
                </Descriptions.Item>
                <Descriptions.Item label={t('columns.email')}>{data.user.email ?? '–'}</Descriptions.Item>
                <Descriptions.Item label={t('columns.phone')}>{data.user.phone ? `+${data.user.area_code ?? ''} ${data.user.phone}` : '–'}</Descriptions.Item>
                <Descriptions.Item label={t('users.registered')}>{formatTime(data.user.created_at)}</Descriptions.Item>
              </>
            )}
            <Descriptions.Item label={t('columns.available')}>{`${data.balance.available} ${data.currency}`}</Descriptions.Item>
            <Descriptions.Item label={t('columns.frozen')}>{`${data.balance.frozen} ${data.currency}`}</Descriptions.Item>
            <Descriptions.Item label={t('withdrawals.securityChange')}>{formatTime(data.security_changed_at)}</Descriptions.Item>
          </Descriptions>
          {data.deposits.length > 0 && (
            <>
              <Typography.Title level={5} style={{ marginTop: 16 }}>
                {t('withdrawals.recentDeposits')}
              </Typography.Title>
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={data.deposits}
                columns={[
                  { title: t('funds.amount'), dataIndex: 'amount', render: (amount: string, row) => `${amount} ${row.currency}` },
                  { title: t('columns.status'), dataIndex: 'status', render: (status: string) => t(`deposits.status.${status}`) },
                  { title: t('funds.submitted'), dataIndex: 'created_at', render: (time: number) => formatTime(time) },
                ]}
              />
            </>
          )}
        </Col>
      </Row>

      {data.history.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('withdrawals.history')}
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data.history}
            columns={[
              { title: t('columns.id'), dataIndex: 'id', width: 70 },
              { title: t('funds.amount'), dataIndex: 'amount', render: (amount: string, row) => `${amount} ${row.currency}` },
              { title: t('columns.status'), dataIndex: 'status', render: (status: string) => <Tag color={STATUS_COLOURS[status]}>{t(`withdrawals.status.${status}`)}</Tag> },
              { title: t('funds.reason'), dataIndex: 'reason', render: (reason: string | null) => reason ?? '–' },
              { title: t('funds.submitted'), dataIndex: 'submitted_at', render: (time: number) => formatTime(time) },
            ]}
          />
        </>
      )}

      <Modal
        open={dialog !== null}
        title={dialog === 'pay' ? t('withdrawals.payTitle') : t('withdrawals.rejectTitle')}
        okText={dialog === 'pay' ? t('withdrawals.pay') : t('withdrawals.reject')}
        okButtonProps={{ danger: dialog === 'reject', disabled: text.trim() === '', loading: decide.isPending, 'data-testid': 'withdrawal-decision-confirm' } as ButtonProps}
        cancelText={t('actions.cancel')}
        onOk={() => dialog && decide.mutate(dialog)}
        onCancel={() => setDialog(null)}
      >
        <Typography.Paragraph type="secondary">{dialog === 'pay' ? t('withdrawals.payHint', { amount: `${data.amount} ${data.currency}` }) : t('withdrawals.rejectHint')}</Typography.Paragraph>
        {dialog === 'pay' ? (
          <Input value={text} onChange={(event) => setText(event.target.value)} maxLength={120} placeholder={t('withdrawals.txRefPlaceholder')} data-testid="withdrawal-tx-ref" />
        ) : (
          <Input.TextArea value={text} onChange={(event) => setText(event.target.value)} maxLength={200} showCount rows={3} data-testid="withdrawal-reject-reason" />
        )}
      </Modal>
    </Card>
  );
}
