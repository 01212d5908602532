import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Card, Col, Descriptions, Image, Input, Modal, Popconfirm, Row, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError, get, post } from '../../shared/api.ts';
import { formatTime, trimZeros } from '../../shared/format.ts';
import { useCan } from '../../shared/session.ts';

export interface NftListingItem {
  id: number;
  user_id: number;
  account: string | null;
  code: string;
  item_type: 'artwork' | 'box';
  mode: 'normal' | 'auction';
  price: string;
  increase: string;
  margin: string;
  currency: string;
  start_at: number;
  end_at: number;
  status: string;
  reason: string | null;
  submitted_at: number;
  reviewed_at: number | null;
  reviewed_by: string | null;
}

interface NftListingRequest extends NftListingItem {
  item: { type: string; title: string; cover: string | null; media_type: string | null; media: string | null; rarity: string | null; collection: string | null; royalty_rate: number | null };
  user: { id: number; email: string | null; phone: string | null; nickname: string; frozen: boolean } | null;
  history: NftListingItem[];
}

const STATUS_COLOURS: Record<string, string> = { review: 'processing', on_sale: 'success', rejected: 'error', sold: 'default', unsold: 'warning', awaiting_payment: 'processing' };

/** One resale listing: the item as buyers will see it, the terms, the seller, and the decision. */
export function NftListingDetail({ id, onDecided }: { id: number; onDecided: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const { message } = App.useApp();
  const request = useQuery({ queryKey: ['nft-listing', id], queryFn: () => get<NftListingRequest>(`/queues/nft-listings/${id}`) });
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const decide = useMutation({
    mutationFn: (approve: boolean) => (approve ? post(`/queues/nft-listings/${id}/approve`) : post(`/queues/nft-listings/${id}/reject`, { reason: reason.trim() })),
    onSuccess: (_, approve) => {
      void message.success(approve ? t('nftListings.approved') : t('nftListings.rejected'));
      setRejecting(false);
      onDecided();
    },
    onError: (error) => void message.error(error instanceof ApiError ? error.message : String(error)),
  });
  const data = request.data;
  if (!data) return <Card loading={request.isLoading}>{request.error instanceof ApiError && request.error.message}</Card>;
  const deciding = data.status === 'review' && can('nft-listings.decide');
  const price = `${trimZeros(data.price)} ${data.currency}`;
  return (
    <Card
      title={
        <Space>
          {t('nftListings.request', { id: data.id })}
          <Tag color={STATUS_COLOURS[data.status]}>{t(`nftListings.status.${data.status}`)}</Tag>
        </Space>
      }
      extra={
        deciding && (
          <Space>
            <Button danger onClick={() => setRejecting(true)} data-testid="nft-listing-reject">
              {t('nftListings.reject')}
            </Button>
            <Popconfirm title={t('nftListings.approveConfirm', { code: data.code, price })} onConfirm={() => decide.mutate(true)} okText={t('nftListings.approve')} cancelText={t('actions.cancel')}>
              <Button type="primary" loading={decide.isPending} data-testid="nft-listing-approve">
                {t('nftListings.approve')}
              </Button>
            </Popconfirm>
          </Space>
        )
      }
      data-testid="nft-listing-detail"
    >
      <Row gutter={24}>
        <Col span={12}>
          <Descriptions column={1} size="small" bordered styles={{ label: { whiteSpace: 'nowrap', width: 128 } }}>
            <Descriptions.Item label={t('nftListings.item')}>{data.item.title}</Descriptions.Item>
            <Descriptions.Item label={t('nftListings.code')}>{data.code}</Descriptions.Item>
            <Descriptions.Item label={t('nftListings.mode')}>{t(`nftListings.modes.${data.mode}`)}</Descriptions.Item>
            <Descriptions.Item label={t('nftListings.price')}>
              <Typography.Text strong>{price}</Typography.Text>
            </Descriptions.Item>
            {data.mode === 'auction' && <Descriptions.Item label={t('nftListings.increase')}>{`${trimZeros(data.increase)} ${data.currency}`}</Descriptions.Item>}
            {data.mode === 'auction' && <Descriptions.Item label={t('nftListings.margin')}>{`${trimZeros(data.margin)} ${data.currency}`}</Descriptions.Item>}
            <Descriptions.Item label={t('nftListings.window')}>{`${formatTime(data.start_at)} – ${formatTime(data.end_at)}`}</Descriptions.Item>
            {data.item.collection && <Descriptions.Item label={t('nftListings.collection')}>{data.item.collection}</Descriptions.Item>}
            {data.item.royalty_rate !== null && <Descriptions.Item label={t('nftListings.royalty')}>{`${data.item.royalty_rate}%`}</Descriptions.Item>}
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
        </Col>
        <Col span={12}>{data.item.cover && <Image src={data.item.cover} alt={data.item.title} width={240} />}</Col>
      </Row>
      {data.history.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('nftListings.history')}
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data.history}
            columns={[
              { title: t('columns.id'), dataIndex: 'id', width: 70 },
              { title: t('nftListings.code'), dataIndex: 'code' },
              { title: t('nftListings.price'), dataIndex: 'price', render: (value: string, row) => `${trimZeros(value)} ${row.currency}` },
              { title: t('columns.status'), dataIndex: 'status', render: (status: string) => <Tag color={STATUS_COLOURS[status]}>{t(`nftListings.status.${status}`)}</Tag> },
            ]}
          />
        </>
      )}
      <Modal
        open={rejecting}
        title={t('nftListings.rejectTitle')}
        okText={t('nftListings.reject')}
        okButtonProps={{ danger: true, disabled: reason.trim() === '', loading: decide.isPending, 'data-testid': 'nft-listing-reject-confirm' } as ButtonProps}
        cancelText={t('actions.cancel')}
        onOk={() => decide.mutate(false)}
        onCancel={() => setRejecting(false)}
      >
        <Typography.Paragraph type="secondary">{t('nftListings.rejectHint')}</Typography.Paragraph>
        <Input.TextArea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={200} showCount rows={3} />
      </Modal>
    </Card>
  );
}
