import { Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { nftPaths, useArtists } from './api.ts';
import './nft.css';

/** Every artist (pages/nft/components/artist) with a biography and the number of works. */
export default function ArtistsPage() {
  const { t } = useTranslation('nft');
  const navigate = useNavigate();
  const artists = useArtists();
  return (
    <>
      <PageHeader title={t('home.artists')} fallback={nftPaths.home} />
      <div className="nft-page" data-testid="nft-artists">
        {artists.data ? (
          artists.data.map((artist) => (
            <button type="button" key={artist.uid} className="nft-list-row" style={{ width: '100%', background: 'none', border: 0, textAlign: 'left', font: 'inherit' }} onClick={() => navigate(nftPaths.artist(artist.uid))}>
              <img src={artist.avatar} alt="" />
              <span className="nft-list-row__main">
                {artist.name}
                <small>{artist.biography}</small>
              </span>
              <span className="nft-muted">{t('artist.works', { count: artist.works })}</span>
            </button>
          ))
        ) : (
          <Skeleton.Paragraph lineCount={6} animated />
        )}
      </div>
    </>
  );
}
