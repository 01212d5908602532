import { Col, Descriptions, Input, Row, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime, trimZeros } from '../../shared/format.ts';
import { DialogDecision, RejectWithReason, type RejectReason, ReviewHistory, ReviewPanel, type ReviewUser, userFacts } from '../../shared/ReviewPanel.tsx';

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
  user: ReviewUser | null;
  history: (WithdrawalListItem & { reason: string | null; tx_ref: string | null })[];
  deposits: { id: number; route: string; currency: string; amount: string; status: string; created_at: number }[];
  reject_reasons: RejectReason[];
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
  const [txRef, setTxRef] = useState('');
  const tick = (ref: TickRef | null) => (ref ? `#${ref.id} ${ref.symbol} · ${formatTime(ref.time)}` : t('withdrawals.noTick'));
  return (
    <ReviewPanel<WithdrawalRequest>
      queueKey="withdrawals"
      id={id}
      onDecided={onDecided}
      testId="withdrawal"
      texts="withdrawals"
      statusColours={STATUS_COLOURS}
      actions={(review) => (
        <>
          <RejectWithReason review={review} />
          <DialogDecision
            label={t('withdrawals.pay')}
            title={t('withdrawals.payTitle')}
            hint={t('withdrawals.payHint', { amount: `${trimZeros(review.item.amount)} ${review.item.currency}` })}
            testId="withdrawal-pay"
            confirmTestId="withdrawal-pay-confirm"
            ready={txRef.trim() !== ''}
            pending={review.pending}
            onConfirm={() => review.decide({ path: 'approve', body: { tx_ref: txRef.trim() }, done: t('withdrawals.paid') })}
          >
            <Input value={txRef} onChange={(event) => setTxRef(event.target.value)} maxLength={120} placeholder={t('withdrawals.txRefPlaceholder')} data-testid="withdrawal-tx-ref" />
          </DialogDecision>
        </>
      )}
    >
      {(data) => (
        <>
          <Row gutter={24}>
            <Col span={13}>
              <Descriptions column={1} size="small" bordered styles={{ label: { whiteSpace: 'nowrap', width: 136 } }}>
                <Descriptions.Item label={t('withdrawals.receives')}>
                  <Typography.Text strong data-testid="withdrawal-amount">{`${trimZeros(data.amount)} ${data.currency}`}</Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={t('withdrawals.fee')}>{`${trimZeros(data.fee)} ${data.currency}`}</Descriptions.Item>
                <Descriptions.Item label={t('withdrawals.total')}>{`${trimZeros(data.total)} ${data.currency}`}</Descriptions.Item>
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
                <Descriptions.Item label={t('withdrawals.btcValue')}>{`${trimZeros(data.btc_value)} BTC`}</Descriptions.Item>
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
                {data.user && userFacts(data.user, t, { registered: true })}
                <Descriptions.Item label={t('columns.available')}>{`${trimZeros(data.balance.available)} ${data.currency}`}</Descriptions.Item>
                <Descriptions.Item label={t('columns.frozen')}>{`${trimZeros(data.balance.frozen)} ${data.currency}`}</Descriptions.Item>
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
                      { title: t('funds.amount'), dataIndex: 'amount', render: (amount: string, row) => `${trimZeros(amount)} ${row.currency}` },
                      { title: t('columns.status'), dataIndex: 'status', render: (status: string) => t(`deposits.status.${status}`) },
                      { title: t('funds.submitted'), dataIndex: 'created_at', render: (time: number) => formatTime(time) },
                    ]}
                  />
                </>
              )}
            </Col>
          </Row>

          <ReviewHistory
            title={t('withdrawals.history')}
            rows={data.history}
            columns={[
              { title: t('columns.id'), dataIndex: 'id', width: 70 },
              { title: t('funds.amount'), dataIndex: 'amount', render: (amount: string, row) => `${trimZeros(amount)} ${row.currency}` },
              { title: t('columns.status'), dataIndex: 'status', render: (status: string) => <Tag color={STATUS_COLOURS[status]}>{t(`withdrawals.status.${status}`)}</Tag> },
              { title: t('funds.reason'), dataIndex: 'reason', render: (reason: string | null) => reason ?? '–' },
              { title: t('funds.submitted'), dataIndex: 'submitted_at', render: (time: number) => formatTime(time) },
            ]}
          />
        </>
      )}
    </ReviewPanel>
  );
}
