import { Col, Descriptions, Image, Row, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime, trimZeros } from '../../shared/format.ts';
import { ApproveButton, RejectWithReason, type RejectReason, ReviewHistory, ReviewPanel, type ReviewUser, UserLink } from '../../shared/ReviewPanel.tsx';

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
  user: ReviewUser | null;
  history: NftListingItem[];
  reject_reasons: RejectReason[];
}

const STATUS_COLOURS: Record<string, string> = { review: 'processing', on_sale: 'success', rejected: 'error', sold: 'default', unsold: 'warning', awaiting_payment: 'processing' };

/** One resale listing: the item as buyers will see it, the terms, the seller, and the decision. */
export function NftListingDetail({ id, onDecided }: { id: number; onDecided: () => void }) {
  const { t } = useTranslation();
  const priceOf = (data: NftListingRequest) => `${trimZeros(data.price)} ${data.currency}`;
  return (
    <ReviewPanel<NftListingRequest>
      queueKey="nft-listings"
      id={id}
      onDecided={onDecided}
      testId="nft-listing"
      texts="nftListings"
      statusColours={STATUS_COLOURS}
      actions={(review) => (
        <>
          <RejectWithReason review={review} />
          <ApproveButton review={review} confirm={t('nftListings.approveConfirm', { code: review.item.code, price: priceOf(review.item) })} />
        </>
      )}
    >
      {(data) => (
        <>
          <Row gutter={24}>
            <Col span={12}>
              <Descriptions column={1} size="small" bordered styles={{ label: { whiteSpace: 'nowrap', width: 128 } }}>
                <Descriptions.Item label={t('nftListings.item')}>{data.item.title}</Descriptions.Item>
                <Descriptions.Item label={t('nftListings.code')}>{data.code}</Descriptions.Item>
                <Descriptions.Item label={t('nftListings.mode')}>{t(`nftListings.modes.${data.mode}`)}</Descriptions.Item>
                <Descriptions.Item label={t('nftListings.price')}>
                  <Typography.Text strong>{priceOf(data)}</Typography.Text>
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
                    <UserLink user={data.user} level={false} />
                  </Descriptions.Item>
                )}
              </Descriptions>
            </Col>
            <Col span={12}>{data.item.cover && <Image src={data.item.cover} alt={data.item.title} width={240} />}</Col>
          </Row>
          <ReviewHistory
            title={t('nftListings.history')}
            rows={data.history}
            columns={[
              { title: t('columns.id'), dataIndex: 'id', width: 70 },
              { title: t('nftListings.code'), dataIndex: 'code' },
              { title: t('nftListings.price'), dataIndex: 'price', render: (value: string, row) => `${trimZeros(value)} ${row.currency}` },
              { title: t('columns.status'), dataIndex: 'status', render: (status: string) => <Tag color={STATUS_COLOURS[status]}>{t(`nftListings.status.${status}`)}</Tag> },
            ]}
          />
        </>
      )}
    </ReviewPanel>
  );
}
