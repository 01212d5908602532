import { Col, Descriptions, Flex, Image, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { ApproveButton, RejectWithReason, type RejectReason, ReviewHistory, ReviewPanel, type ReviewUser, userFacts } from '../../shared/ReviewPanel.tsx';

export interface VerificationListItem {
  id: number;
  user_id: number;
  account: string | null;
  level: number;
  id_type: number | null;
  name: string | null;
  status: 'review' | 'verified' | 'failed';
  submitted_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
}

interface VerificationRequest {
  id: number;
  level: number;
  status: 'review' | 'verified' | 'failed';
  id_type: number | null;
  name: string | null;
  card_id: string | null;
  reason: string | null;
  submitted_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
  images: { side: 'front' | 'reverse'; url: string }[];
  user: ReviewUser | null;
  history: (VerificationListItem & { reason: string | null })[];
  reject_reasons: RejectReason[];
}

const STATUS_COLOURS: Record<string, string> = { review: 'processing', verified: 'success', failed: 'error' };

/** One request: what the user entered and the document pictures side by side, the user, earlier requests, and the decision. */
export function VerificationDetail({ id, onDecided }: { id: number; onDecided: () => void }) {
  const { t } = useTranslation();
  return (
    <ReviewPanel<VerificationRequest>
      queueKey="verification"
      id={id}
      onDecided={onDecided}
      testId="verification"
      texts="verification"
      statusColours={STATUS_COLOURS}
      actions={(review) => (
        <>
          <RejectWithReason review={review} />
          <ApproveButton review={review} confirm={t('verification.approveConfirm', { level: t(`common:verification.levels.${review.item.level}`) })} />
        </>
      )}
    >
      {(data) => (
        <>
          <Row gutter={24}>
            <Col span={11}>
              <Descriptions column={1} size="small" bordered styles={{ label: { whiteSpace: 'nowrap', width: 112 } }}>
                <Descriptions.Item label={t('verification.level')}>{t(`common:verification.levels.${data.level}`)}</Descriptions.Item>
                {data.level === 1 && (
                  <>
                    <Descriptions.Item label={t('verification.idType')}>{data.id_type ? t(`common:verification.idTypes.${data.id_type}`) : '–'}</Descriptions.Item>
                    <Descriptions.Item label={t('verification.name')}>
                      <Typography.Text strong data-testid="verification-name">
                        {data.name}
                      </Typography.Text>
                    </Descriptions.Item>
                    <Descriptions.Item label={t('verification.cardId')}>
                      <Typography.Text code>{data.card_id}</Typography.Text>
                    </Descriptions.Item>
                  </>
                )}
                <Descriptions.Item label={t('verification.submitted')}>{formatTime(data.submitted_at)}</Descriptions.Item>
                {data.reviewed_at && <Descriptions.Item label={t('verification.reviewed')}>{`${formatTime(data.reviewed_at)} · ${data.reviewed_by ?? ''}`}</Descriptions.Item>}
                {data.reason && <Descriptions.Item label={t('verification.reason')}>{data.reason}</Descriptions.Item>}
                {data.user && userFacts(data.user, t, { level: false })}
                {data.user && <Descriptions.Item label={t('verification.currentLevel')}>{`Lv${data.user.verification_level}`}</Descriptions.Item>}
                {data.user && <Descriptions.Item label={t('users.registered')}>{formatTime(data.user.created_at)}</Descriptions.Item>}
              </Descriptions>
            </Col>
            <Col span={13}>
              <Image.PreviewGroup>
                <Flex gap={12}>
                  {data.images.map((image) => (
                    <div key={image.side} className="document-picture" style={{ flex: 1 }}>
                      <Typography.Text type="secondary">{t(`verification.picture.${image.side}`)}</Typography.Text>
                      <Image src={image.url} alt={t(`verification.picture.${image.side}`)} data-testid={`verification-image-${image.side}`} />
                    </div>
                  ))}
                </Flex>
              </Image.PreviewGroup>
            </Col>
          </Row>

          <ReviewHistory
            title={t('verification.history')}
            rows={data.history}
            columns={[
              { title: t('columns.id'), dataIndex: 'id', width: 70 },
              { title: t('verification.level'), dataIndex: 'level', width: 70, render: (level: number) => `Lv${level}` },
              { title: t('columns.status'), dataIndex: 'status', render: (status: string) => <Tag color={STATUS_COLOURS[status]}>{t(`verification.status.${status}`)}</Tag> },
              { title: t('verification.reason'), dataIndex: 'reason', render: (reason: string | null) => reason ?? '–' },
              { title: t('verification.submitted'), dataIndex: 'submitted_at', render: (time: number) => formatTime(time) },
            ]}
          />
        </>
      )}
    </ReviewPanel>
  );
}
