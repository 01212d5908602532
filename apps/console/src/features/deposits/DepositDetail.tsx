import { Col, Descriptions, Image, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime, trimZeros } from '../../shared/format.ts';
import { ApproveButton, RejectWithReason, type RejectReason, ReviewHistory, ReviewPanel, type ReviewUser, userFacts } from '../../shared/ReviewPanel.tsx';

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
  user: ReviewUser | null;
  history: (DepositListItem & { route: 'chain' | 'voucher'; txid: string | null; confirmations: number; reason: string | null; status: string })[];
  reject_reasons: RejectReason[];
}

const STATUS_COLOURS: Record<string, string> = { review: 'processing', credited: 'success', rejected: 'error', confirming: 'processing', below_minimum: 'warning' };

/** One voucher deposit: what the user says they paid and from where, the voucher picture, the user, and the decision. */
export function DepositDetail({ id, onDecided }: { id: number; onDecided: () => void }) {
  const { t } = useTranslation();
  return (
    <ReviewPanel<DepositRequest>
      queueKey="deposits"
      id={id}
      onDecided={onDecided}
      testId="deposit"
      texts="deposits"
      statusColours={STATUS_COLOURS}
      actions={(review) => (
        <>
          <RejectWithReason review={review} />
          <ApproveButton review={review} confirm={t('deposits.approveConfirm', { amount: `${trimZeros(review.item.amount)} ${review.item.currency}` })} />
        </>
      )}
    >
      {(data) => (
        <>
          <Row gutter={24}>
            <Col span={12}>
              <Descriptions column={1} size="small" bordered styles={{ label: { whiteSpace: 'nowrap', width: 128 } }}>
                <Descriptions.Item label={t('funds.amount')}>
                  <Typography.Text strong data-testid="deposit-amount">{`${trimZeros(data.amount)} ${data.currency}`}</Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={t('deposits.type')}>{t(`deposits.types.${data.type ?? 0}`)}</Descriptions.Item>
                <Descriptions.Item label={t('funds.network')}>{data.network ?? '–'}</Descriptions.Item>
                <Descriptions.Item label={t('deposits.payerAccount')}>
                  <Typography.Text copyable={Boolean(data.payer_account)}>{data.payer_account ?? '–'}</Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={t('deposits.minimum')}>{`${trimZeros(data.min_deposit)} ${data.currency}`}</Descriptions.Item>
                <Descriptions.Item label={t('funds.submitted')}>{formatTime(data.submitted_at)}</Descriptions.Item>
                {data.reviewed_at && <Descriptions.Item label={t('funds.reviewed')}>{`${formatTime(data.reviewed_at)} · ${data.reviewed_by ?? ''}`}</Descriptions.Item>}
                {data.reason && <Descriptions.Item label={t('funds.reason')}>{data.reason}</Descriptions.Item>}
                {data.user && userFacts(data.user, t)}
              </Descriptions>
            </Col>
            <Col span={12}>
              <Typography.Text type="secondary">{t('deposits.voucher')}</Typography.Text>
              <div className="document-picture">
                <Image src={data.voucher_url} alt={t('deposits.voucher')} data-testid="deposit-voucher" />
              </div>
            </Col>
          </Row>
          <ReviewHistory
            title={t('deposits.history')}
            rows={data.history}
            columns={[
              { title: t('columns.id'), dataIndex: 'id', width: 70 },
              { title: t('deposits.route'), dataIndex: 'route', render: (route: string) => t(`deposits.routes.${route}`) },
              { title: t('funds.amount'), dataIndex: 'amount', render: (amount: string, row) => `${trimZeros(amount)} ${row.currency}` },
              { title: t('columns.status'), dataIndex: 'status', render: (status: string) => <Tag color={STATUS_COLOURS[status]}>{t(`deposits.status.${status}`)}</Tag> },
              { title: t('funds.submitted'), dataIndex: 'submitted_at', render: (time: number) => formatTime(time) },
            ]}
          />
        </>
      )}
    </ReviewPanel>
  );
}
