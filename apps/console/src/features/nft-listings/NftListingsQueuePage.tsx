import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { trimZeros } from '../../shared/format.ts';
import { QueueLayout, submitterColumn } from '../../shared/QueueLayout.tsx';
import { type NftListingItem, NftListingDetail } from './NftListingDetail.tsx';

/** Users' NFT resale listings: waiting ones first (spec: NFT sales need official review). */
export default function NftListingsQueuePage() {
  const { t } = useTranslation();
  const columns: ColumnsType<NftListingItem> = [
    { title: t('columns.id'), dataIndex: 'id', width: 64 },
    submitterColumn<NftListingItem>(t),
    { title: t('nftListings.code'), dataIndex: 'code', className: 'nowrap' },
    { title: t('nftListings.price'), dataIndex: 'price', className: 'nowrap', render: (price: string, row) => `${trimZeros(price)} ${row.currency}` },
  ];
  return (
    <QueueLayout<NftListingItem>
      queueKey="nft-listings"
      title={t('queues.nftListings.title')}
      statuses={['review', 'on_sale', 'awaiting_payment', 'rejected', 'sold', 'unsold'].map((value) => ({ value, label: t(`nftListings.status.${value}`) }))}
      columns={columns}
      renderDetail={(id, onDecided) => <NftListingDetail key={id} id={id} onDecided={onDecided} />}
    />
  );
}
