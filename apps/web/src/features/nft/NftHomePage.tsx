import { Skeleton } from 'antd-mobile';
import { SearchOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../shared/session.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { HeaderLink, PageHeader } from '../../shared/ui/PageHeader.tsx';
import { nftPaths, useArtworks, useBlindSeries, useCollections } from './api.ts';
import { ArtworkGrid, Countdown, price, ReviewNotice } from './parts.tsx';
import './nft.css';

/** The NFT home (pages/nft/nft): banner, collections, auctions ending soon, blind boxes, everything on sale, the review notice. */
export default function NftHomePage() {
  const { t } = useTranslation('nft');
  const navigate = useNavigate();
  const { token } = useSession();
  const collections = useCollections();
  const artworks = useArtworks({});
  const series = useBlindSeries();
  const auctions = (artworks.data?.list ?? []).filter((artwork) => artwork.sale?.sale_mode === 2 && artwork.sale.state === 'on_sale').sort((a, b) => (a.sale?.end_time ?? 0) - (b.sale?.end_time ?? 0));
  const first = collections.data?.[0];
  return (
    <>
      <PageHeader
        title={t('title')}
        right={
          <>
            <HeaderLink to={nftPaths.search} label={t('search.title')} icon={<SearchOutline />} testId="nft-search-link" />
            {token ? <HeaderLink to={nftPaths.mine} label={t('mine.title')} icon={<UserOutline />} testId="nft-mine-link" /> : null}
          </>
        }
      />
      <div className="nft-page" data-testid="nft-home">
        {first ? (
          <button type="button" className="nft-banner" onClick={() => navigate(nftPaths.collection(first.id))} data-testid="nft-banner">
            <img src={first.cover} alt="" />
            <span>{first.name}</span>
          </button>
        ) : null}
        <ReviewNotice />
        <h2 className="nft-section-title">
          {t('home.collections')}
          <button type="button" onClick={() => navigate(nftPaths.artists)}>
            {t('home.artists')} ›
          </button>
        </h2>
        <div className="nft-row">
          {(collections.data ?? []).map((collection) => (
            <button type="button" key={collection.id} className="nft-chip" onClick={() => navigate(nftPaths.collection(collection.id))} data-testid={`nft-collection-${collection.id}`}>
              <img src={collection.cover} alt="" />
              <strong>{collection.name}</strong>
              <small>
                {t('collection.floor')} {price(collection.floor_price, collection.currency)}
              </small>
            </button>
          ))}
        </div>
        <h2 className="nft-section-title">{t('home.endingSoon')}</h2>
        <div className="nft-row">
          {auctions.slice(0, 6).map((artwork) => (
            <button type="button" key={artwork.id} className="nft-chip" onClick={() => navigate(nftPaths.artwork(artwork))} data-testid={`nft-auction-${artwork.code}`}>
              <img src={artwork.cover} alt="" />
              <strong>{artwork.title}</strong>
              <small>{artwork.sale ? <Countdown to={artwork.sale.end_time} /> : null}</small>
            </button>
          ))}
        </div>
        <h2 className="nft-section-title">
          {t('home.blindBoxes')}
          <button type="button" onClick={() => navigate(nftPaths.purchase)} data-testid="nft-blind-link">
            {t('home.more')} ›
          </button>
        </h2>
        <div className="nft-row">
          {(series.data ?? []).map((item) => (
            <button type="button" key={item.id} className="nft-chip" onClick={() => navigate(nftPaths.purchase)}>
              <img src={item.cover} alt="" />
              <strong>{item.title}</strong>
              <small>
                {price(item.price, item.currency)} · {t('blind.left', { left: item.total - item.sold, total: item.total })}
              </small>
            </button>
          ))}
        </div>
        <h2 className="nft-section-title">
          {t('home.artworks')}
          <button type="button" onClick={() => navigate(nftPaths.artworks)}>
            {t('home.more')} ›
          </button>
        </h2>
        {artworks.data ? (
          <ArtworkGrid artworks={artworks.data.list.slice(0, 8)} />
        ) : artworks.isError ? (
          <LoadError title={t('error.title')} description={t('error.description')} onRetry={artworks.refetch} />
        ) : (
          <Skeleton.Paragraph lineCount={6} animated />
        )}
      </div>
    </>
  );
}
