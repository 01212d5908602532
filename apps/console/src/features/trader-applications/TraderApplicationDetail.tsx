import { Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime, trimZeros } from '../../shared/format.ts';
import { ApproveButton, RejectWithReason, type RejectReason, ReviewHistory, ReviewPanel, type ReviewUser, UserLink } from '../../shared/ReviewPanel.tsx';

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
  user: (ReviewUser & { verification_level: number }) | null;
  /** The lever account's available USDT: what the application rule measures. */
  lever_balance: string;
  history: TraderApplicationItem[];
  reject_reasons: RejectReason[];
}

const STATUS_COLOURS: Record<string, string> = { pending: 'processing', approved: 'success', rejected: 'error' };

/** One application: the public profile applied for, the user's level and available lever balance, earlier applications, and the decision. */
export function TraderApplicationDetail({ id, onDecided }: { id: number; onDecided: () => void }) {
  const { t } = useTranslation();
  return (
    <ReviewPanel<TraderApplicationRequest>
      queueKey="trader-applications"
      id={id}
      onDecided={onDecided}
      testId="trader-application"
      texts="traderApplications"
      statusColours={STATUS_COLOURS}
      waitingStatus="pending"
      actions={(review) => (
        <>
          <RejectWithReason review={review} />
          <ApproveButton review={review} confirm={t('traderApplications.approveConfirm', { nickname: review.item.nickname, rate: review.item.share_rate })} />
        </>
      )}
    >
      {(data) => (
        <>
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
                <UserLink user={data.user} level={false} />
              </Descriptions.Item>
            )}
          </Descriptions>
          <ReviewHistory
            title={t('traderApplications.history')}
            rows={data.history}
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
    </ReviewPanel>
  );
}
