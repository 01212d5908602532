import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Facts } from '../../shared/ui/Facts.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { nftPaths, useArtworks, useCollections } from './api.ts';
import { ArtworkGrid, price } from './parts.tsx';
import { formatDecimal } from '../../shared/format.ts';
import './nft.css';

/** One collection (pages/nft/collection?id=): cover, creator, items, floor price, volume, royalty, its artworks. */
export default function CollectionPage() {
  const { t } = useTranslation('nft');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const collections = useCollections();
  const collection = collections.data?.find((item) => item.id === id) ?? collections.data?.[0];
  const artworks = useArtworks({ collection_id: collection?.id }, Boolean(collection));
  return (
    <>
      <PageHeader title={collection?.name ?? t('home.collections')} fallback={nftPaths.home} />
      <div className="nft-page" data-testid="nft-collection">
        {collection ? (
          <>
            <div className="nft-banner">
              <img src={collection.cover} alt="" />
              <span>{collection.name}</span>
            </div>
            <p className="nft-muted">{collection.description}</p>
            <div className="nft-box">
              <Facts
                facts={[
                  { label: t('collection.creator'), value: collection.creator ? <button type="button" className="header-link" onClick={() => navigate(nftPaths.artist(collection.creator?.uid ?? ''))}>{collection.creator.name}</button> : '--' },
                  { label: t('collection.items'), value: String(collection.items) },
                  { label: t('collection.floor'), value: price(collection.floor_price, collection.currency) },
                  { label: t('collection.volume'), value: price(collection.volume, collection.currency) },
                  { label: t('collection.royalty'), value: `${formatDecimal(collection.royalty_rate)}%` },
                ]}
              />
            </div>
            <div style={{ marginTop: 12 }}>{artworks.data ? <ArtworkGrid artworks={artworks.data.list} /> : <Skeleton.Paragraph lineCount={6} animated />}</div>
          </>
        ) : (
          <Skeleton.Paragraph lineCount={6} animated />
        )}
      </div>
    </>
  );
}
