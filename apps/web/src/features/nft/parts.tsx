import { Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { formatSignificant } from '../../shared/format.ts';
import { supportChatPath } from '../../shared/navigation.ts';
import { useNow } from '../../shared/use-now.ts';
import { type Artwork, nftPaths, type SaleStateName } from './api.ts';

/** Milliseconds until `time`, ticking every second. */
export function useRemaining(time: number | null | undefined): number {
  const now = useNow(1000);
  return time ? Math.max(0, time - now) : 0;
}

export function Countdown({ to }: { to: number }) {
  const { t } = useTranslation('nft');
  const left = useRemaining(to);
  const days = Math.floor(left / 86_400_000);
  const hours = Math.floor((left % 86_400_000) / 3_600_000);
  const minutes = Math.floor((left % 3_600_000) / 60_000);
  const seconds = Math.floor((left % 60_000) / 1000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return (
    <span className="nft-countdown" data-testid="nft-countdown">
      {days > 0 ? `${t('countdown.days', { count: days })} ` : ''}
      {pad(hours)}:{pad(minutes)}:{pad(seconds)}
    </span>
  );
}

const STATE_COLOURS: Record<SaleStateName, string> = { not_started: 'default', on_sale: 'success', ended: 'warning', sold: 'primary', unsold: 'default', in_review: 'warning' };

export function StateTag({ state }: { state: SaleStateName }) {
  const { t } = useTranslation('nft');
  return (
    <Tag color={STATE_COLOURS[state]} fill="outline" className="nft-state" data-testid="nft-state">
      {t(`state.${state}`)}
    </Tag>
  );
}

export function price(value: string | null | undefined, currency: string): string {
  return value ? `${formatSignificant(value)} ${currency}` : '--';
}

export function ArtworkCard({ artwork }: { artwork: Artwork }) {
  const { t } = useTranslation('nft');
  const navigate = useNavigate();
  const sale = artwork.sale;
  const shownPrice = sale ? (sale.sale_mode === 2 ? (sale.current_bid ?? sale.price) : sale.price) : null;
  return (
    <button type="button" className="nft-card" onClick={() => navigate(nftPaths.artwork(artwork))} data-testid={`nft-card-${artwork.code}`}>
      <span className="nft-card__media">
        <img src={artwork.cover} alt="" loading="lazy" />
        <span className="nft-card__type">{t(`type.${artwork.type}`)}</span>
      </span>
      <span className="nft-card__title">{artwork.title}</span>
      <span className="nft-card__creator">{artwork.creator?.name}</span>
      <span className="nft-card__foot">
        <span className="nft-card__price">{price(shownPrice, artwork.currency)}</span>
        {sale ? <StateTag state={sale.state} /> : null}
      </span>
    </button>
  );
}

export function ArtworkGrid({ artworks }: { artworks: Artwork[] }) {
  const { t } = useTranslation('nft');
  if (artworks.length === 0) return <p className="nft-empty">{t('empty')}</p>;
  return (
    <div className="nft-grid">
      {artworks.map((artwork) => (
        <ArtworkCard key={artwork.id} artwork={artwork} />
      ))}
    </div>
  );
}

/** The artwork itself: a picture, or a player for sounds and videos that says so when the file cannot play (spec: "audio file error"). */
export function MediaPlayer({ artwork }: { artwork: Artwork }) {
  const { t } = useTranslation('nft');
  const [failed, setFailed] = useState(false);
  if (artwork.type === 'image' || artwork.type === 'gif') return <img className="nft-media" src={artwork.media} alt={artwork.title} data-testid="nft-media-image" />;
  if (failed) {
    return (
      <div className="nft-media nft-media--error" role="alert" data-testid="nft-media-error">
        {t('audioFileError')}
      </div>
    );
  }
  if (artwork.type === 'audio') {
    return (
      <div className="nft-media nft-media--audio">
        <img src={artwork.cover} alt="" />
        {/* biome-ignore lint/a11y/useMediaCaption: generated tones without words */}
        <audio controls src={artwork.media} onError={() => setFailed(true)} data-testid="nft-audio" />
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: generated animations without sound or words
    <video className="nft-media" controls loop playsInline poster={artwork.cover} src={artwork.media} onError={() => setFailed(true)} data-testid="nft-video" />
  );
}

/** The spec's gate for NFT sales: reviewed by customer service, whose chat opens with the topic filled in. */
export function ReviewNotice() {
  const { t } = useTranslation('nft');
  return (
    <p className="nft-notice" data-testid="nft-review-notice">
      {t('reviewNotice')}{' '}
      <Link to={supportChatPath('nft_sale')} className="nft-notice__link" data-testid="nft-review-kefu">
        {t('contactSupport')}
      </Link>
    </p>
  );
}
