import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { LoadError, MissingItem } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { nftPaths, useArtist } from './api.ts';
import { ArtworkGrid } from './parts.tsx';
import './nft.css';

/** One artist (pages/nft/artistDetail?uid=): avatar, biography in the reader's language, works. */
export default function ArtistDetailPage() {
  const { t } = useTranslation('nft');
  const [params] = useSearchParams();
  const uid = params.get('uid') || null;
  const artist = useArtist(uid);
  return (
    <>
      <PageHeader title={artist.data?.name ?? t('home.artists')} fallback={nftPaths.home} />
      <div className="nft-page" data-testid="nft-artist">
        {artist.data ? (
          <>
            <div className="nft-artist-head">
              <img src={artist.data.avatar} alt="" />
              <div>
                <div className="nft-title">{artist.data.name}</div>
                <div className="nft-muted">{artist.data.uid}</div>
              </div>
            </div>
            <p className="nft-muted">{artist.data.biography}</p>
            <h2 className="nft-section-title">{t('artist.worksTitle')}</h2>
            <ArtworkGrid artworks={artist.data.works} />
          </>
        ) : uid === null ? (
          <MissingItem backTo={nftPaths.home} />
        ) : artist.isError ? (
          <LoadError title={t('error.title')} description={t('error.description')} onRetry={artist.refetch} error={artist.error} />
        ) : (
          <Skeleton.Paragraph lineCount={6} animated />
        )}
      </div>
    </>
  );
}
