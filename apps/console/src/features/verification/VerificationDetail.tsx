import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Card, Col, Descriptions, Flex, Image, Input, Modal, Popconfirm, Radio, Row, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError, get, post } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { useCan } from '../../shared/session.ts';

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
  user: { id: number; email: string | null; phone: string | null; area_code: string | null; nickname: string; verification_level: number; frozen: boolean; created_at: number } | null;
  history: (VerificationListItem & { reason: string | null })[];
  reject_reasons: { code: string; text: string }[];
}

const STATUS_COLOURS = { review: 'processing', verified: 'success', failed: 'error' } as const;
const OTHER = 'other';

/** One request: what the user entered and the document pictures side by side, the user, earlier requests, and the decision. */
export function VerificationDetail({ id, onDecided }: { id: number; onDecided: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const request = useQuery({ queryKey: ['verification', id], queryFn: () => get<VerificationRequest>(`/queues/verification/${id}`) });
  const [rejecting, setRejecting] = useState(false);
  const [reasonCode, setReasonCode] = useState<string | null>(null);
  const [written, setWritten] = useState('');

  const decide = useMutation({
    mutationFn: (decision: { approve: true } | { approve: false; reason_code?: string; reason?: string }) =>
      decision.approve ? post(`/queues/verification/${id}/approve`) : post(`/queues/verification/${id}/reject`, { reason_code: decision.reason_code, reason: decision.reason }),
    onSuccess: (_, decision) => {
      void message.success(decision.approve ? t('verification.approved') : t('verification.rejected'));
      setRejecting(false);
      onDecided();
    },
    onError: (error) => void message.error(error instanceof ApiError ? error.message : String(error)),
  });

  const data = request.data;
  if (!data) return <Card loading={request.isLoading}>{request.error instanceof ApiError && request.error.message}</Card>;
  const deciding = data.status === 'review' && can('verification.decide');

  const reject = () => {
    if (reasonCode === OTHER) decide.mutate({ approve: false, reason: written.trim() });
    else if (reasonCode) decide.mutate({ approve: false, reason_code: reasonCode });
  };

  return (
    <Card
      title={
        <Space>
          {t('verification.request', { id: data.id })}
          <Tag color={STATUS_COLOURS[data.status]}>{t(`verification.status.${data.status}`)}</Tag>
        </Space>
      }
      extra={
        deciding && (
          <Space>
            <Button danger onClick={() => setRejecting(true)} data-testid="verification-reject">
              {t('verification.reject')}
            </Button>
            <Popconfirm title={t('verification.approveConfirm', { level: t(`common:verification.levels.${data.level}`) })} onConfirm={() => decide.mutate({ approve: true })} okText={t('verification.approve')} cancelText={t('actions.cancel')}>
              <Button type="primary" loading={decide.isPending} data-testid="verification-approve">
                {t('verification.approve')}
              </Button>
            </Popconfirm>
          </Space>
        )
      }
      data-testid="verification-detail"
    >
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
            {data.user && (
              <>
                <Descriptions.Item label={t('columns.user')}>
                  <Link to={`/users/${data.user.id}`}>{`#${data.user.id} ${data.user.nickname}`}</Link>
                  {data.user.frozen && <Tag color="error" style={{ marginLeft: 8 }}>{t('users.frozen')}</Tag>}
                </Descriptions.Item>
                <Descriptions.Item label={t('columns.email')}>{data.user.email ?? '–'}</Descriptions.Item>
                <Descriptions.Item label={t('columns.phone')}>{data.user.phone ? `+${data.user.area_code ?? ''} ${data.user.phone}` : '–'}</Descriptions.Item>
                <Descriptions.Item label={t('verification.currentLevel')}>{`Lv${data.user.verification_level}`}</Descriptions.Item>
                <Descriptions.Item label={t('users.registered')}>{formatTime(data.user.created_at)}</Descriptions.Item>
              </>
            )}
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

      {data.history.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('verification.history')}
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data.history}
            columns={[
              { title: t('columns.id'), dataIndex: 'id', width: 70 },
              { title: t('verification.level'), dataIndex: 'level', width: 70, render: (level: number) => `Lv${level}` },
              { title: t('columns.status'), dataIndex: 'status', render: (status: VerificationListItem['status']) => <Tag color={STATUS_COLOURS[status]}>{t(`verification.status.${status}`)}</Tag> },
              { title: t('verification.reason'), dataIndex: 'reason', render: (reason: string | null) => reason ?? '–' },
              { title: t('verification.submitted'), dataIndex: 'submitted_at', render: (time: number) => formatTime(time) },
            ]}
          />
        </>
      )}

      <Modal
        open={rejecting}
        title={t('verification.rejectTitle')}
        okText={t('verification.reject')}
        okButtonProps={{ danger: true, disabled: !reasonCode || (reasonCode === OTHER && written.trim() === ''), loading: decide.isPending, 'data-testid': 'verification-reject-confirm' } as ButtonProps}
        cancelText={t('actions.cancel')}
        onOk={reject}
        onCancel={() => setRejecting(false)}
      >
        <Typography.Paragraph type="secondary">{t('verification.rejectHint')}</Typography.Paragraph>
        <Radio.Group value={reasonCode} onChange={(event) => setReasonCode(event.target.value)} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          {data.reject_reasons.map((reason) => (
            <Radio key={reason.code} value={reason.code} data-testid={`reject-reason-${reason.code}`}>
              {reason.text}
            </Radio>
          ))}
          <Radio value={OTHER} data-testid="reject-reason-other">
            {t('verification.otherReason')}
          </Radio>
        </Radio.Group>
        {reasonCode === OTHER && <Input.TextArea value={written} onChange={(event) => setWritten(event.target.value)} maxLength={200} showCount rows={3} style={{ marginTop: 12 }} />}
      </Modal>
    </Card>
  );
}
