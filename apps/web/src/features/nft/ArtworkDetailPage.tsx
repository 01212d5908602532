import { Button, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatSignificant } from '../../shared/format.ts';
import { useSession } from '../../shared/session.ts';
import { formatDateTime } from '../../shared/time.ts';
import { Facts } from '../../shared/ui/Facts.tsx';
import { LoadError, MissingItem } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type Artwork, nftPaths, useArtwork, useBid, useBidLog, useCollect, useMargin } from './api.ts';
import { Countdown, MediaPlayer, price, StateTag } from './parts.tsx';
import './nft.css';
import { DecimalInput } from '../../shared/ui/DecimalInput.tsx';
import { confirmOnce } from '../../shared/ui/confirm.ts';

function AuctionActions({ artwork }: { artwork: Artwork }) {
  const { t } = useTranslation('nft');
  const sale = artwork.sale;
  const margin = useMargin();
  const bid = useBid();
  const [amount, setAmount] = useState('');
  if (!sale) return null;
  if (!sale.margin_paid) {
    const payMargin = async () => {
      const confirmed = await confirmOnce({ content: t('auction.marginConfirm', { margin: price(sale.margin, artwork.currency) }), confirmText: t('actions.confirm'), cancelText: t('actions.cancel') });
      if (confirmed) await margin.mutateAsync(artwork.code).then(() => Toast.show(t('auction.marginPaid')));
    };
    return (
      <Button block color="primary" loading={margin.isPending} onClick={() => void payMargin().catch(() => undefined)} data-testid="nft-pay-margin">
        {t('auction.payMargin', { margin: price(sale.margin, artwork.currency) })}
      </Button>
    );
  }
  const placeBid = () =>
    bid
      .mutateAsync({ code: artwork.code, price: amount || (sale.min_bid ?? '') })
      .then((result) => {
        setAmount('');
        Toast.show(result.extended ? t('auction.extended') : t('auction.bidPlaced'));
      })
      .catch(() => undefined);
  return (
    <div className="nft-actions">
      <DecimalInput className="nft-bid-input" placeholder={t('auction.minBid', { min: price(sale.min_bid, artwork.currency) })} value={amount} onChange={setAmount} data-testid="nft-bid-input" />
      <Button color="primary" loading={bid.isPending} onClick={placeBid} disabled={sale.is_highest} data-testid="nft-bid">
        {sale.is_highest ? t('auction.highest') : t('auction.bid')}
      </Button>
    </div>
  );
}

function SaleBox({ artwork }: { artwork: Artwork }) {
  const { t } = useTranslation('nft');
  const navigate = useNavigate();
  const { token } = useSession();
  const sale = artwork.sale;
  if (!sale) {
    return artwork.is_mine ? (
      <div className="nft-box">
        <Button block color="primary" onClick={() => navigate(nftPaths.resell(artwork.code))} data-testid="nft-resell">
          {t('resell.title')}
        </Button>
      </div>
    ) : null;
  }
  const auction = sale.sale_mode === 2;
  const countdownTo = sale.state === 'not_started' ? sale.start_time : sale.state === 'on_sale' ? sale.end_time : sale.status === 'awaiting_payment' ? sale.payment_deadline : null;
  const canResell = artwork.is_mine && ['sold', 'unsold'].includes(sale.state);
  return (
    <div className="nft-box" data-testid="nft-sale">
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <span className="nft-muted">{auction ? (sale.current_bid ? t('auction.currentBid') : t('auction.startPrice')) : t('sale.price')}</span>
        <StateTag state={sale.state} />
      </div>
      <div className="nft-price-big" data-testid="nft-price">
        {price(auction ? (sale.current_bid ?? sale.price) : (sale.sold_price ?? sale.price), artwork.currency)}
      </div>
      {countdownTo ? (
        <div className="nft-muted">
          {t(sale.state === 'not_started' ? 'sale.startsIn' : sale.state === 'on_sale' ? 'sale.endsIn' : 'sale.payWithin')} <Countdown to={countdownTo} />
        </div>
      ) : null}
      <Facts
        facts={[
          { label: t('sale.mode'), value: t(auction ? 'sale.auction' : 'sale.fixed') },
          { label: t('sale.start'), value: formatDateTime(sale.start_time) },
          { label: t('sale.end'), value: formatDateTime(sale.end_time) },
          ...(auction
            ? [
                { label: t('auction.increase'), value: price(sale.increase, artwork.currency) },
                { label: t('auction.margin'), value: price(sale.margin, artwork.currency) },
                { label: t('auction.bids'), value: String(sale.bid_count) },
              ]
            : []),
        ]}
      />
      {!token ? null : sale.is_winner && sale.status === 'awaiting_payment' ? (
        <Button block color="primary" onClick={() => navigate(nftPaths.mine)} data-testid="nft-go-pay">
          {t('mine.pay')}
        </Button>
      ) : sale.state === 'on_sale' && !sale.is_seller ? (
        auction ? (
          <AuctionActions artwork={artwork} />
        ) : (
          <Button block color="primary" onClick={() => navigate(nftPaths.purchaseOne(artwork.code))} data-testid="nft-buy">
            {t('sale.buy')}
          </Button>
        )
      ) : canResell ? (
        <Button block color="primary" onClick={() => navigate(nftPaths.resell(artwork.code))} data-testid="nft-resell">
          {t('resell.title')}
        </Button>
      ) : null}
    </div>
  );
}

function BidHistory({ artwork }: { artwork: Artwork }) {
  const { t } = useTranslation('nft');
  const log = useBidLog(artwork.code, artwork.sale?.sale_mode === 2);
  if (artwork.sale?.sale_mode !== 2) return null;
  return (
    <div className="nft-box" data-testid="nft-bid-history">
      <div className="nft-section-title" style={{ margin: 0 }}>
        {t('auction.history')}
      </div>
      {(log.data ?? []).length === 0 ? <p className="nft-muted">{t('auction.noBids')}</p> : null}
      {(log.data ?? []).map((entry) => (
        <div key={entry.id} className="nft-list-row">
          <span className="nft-list-row__main">
            {t('auction.bidder', { id: entry.bidder })}
            <small>{formatDateTime(entry.time)}</small>
          </span>
          <strong>
            {formatSignificant(entry.price)} {entry.currency}
          </strong>
        </div>
      ))}
    </div>
  );
}

/** An artwork (pages/nft/artworkDetail, and artworkDetail_video for sounds and videos): media, facts, price or current bid, countdown, bids, buying and bidding. */
export default function ArtworkDetailPage() {
  const { t } = useTranslation('nft');
  const navigate = useNavigate();
  const { token } = useSession();
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const artwork = useArtwork(id);
  const collect = useCollect();
  const data = artwork.data;
  return (
    <>
      <PageHeader
        title={t('detail.title')}
        fallback={nftPaths.home}
        right={
          data && token ? (
            <button
              type="button"
              className="header-action nft-collect"
              aria-label={data.collected ? t('detail.uncollect') : t('detail.collect')}
              title={data.collected ? t('detail.uncollect') : t('detail.collect')}
              aria-pressed={data.collected}
              onClick={() => void collect.mutateAsync(data.code).catch(() => undefined)}
              data-testid="nft-collect"
            >
              <span aria-hidden="true">{data.collected ? '★' : '☆'}</span>
            </button>
          ) : null
        }
      />
      <div className="nft-page" data-testid="nft-artwork">
        {data ? (
          <>
            <MediaPlayer artwork={data} />
            <h1 className="nft-title">{data.title}</h1>
            <p className="nft-muted">{data.description}</p>
            <SaleBox artwork={data} />
            <div className="nft-box">
              <Facts
                facts={[
                  { label: t('detail.code'), value: data.code },
                  { label: t('detail.creator'), value: data.creator ? <button type="button" className="header-link" onClick={() => navigate(nftPaths.artist(data.creator?.uid ?? ''))}>{data.creator.name}</button> : '--' },
                  { label: t('detail.collection'), value: data.collection ? <button type="button" className="header-link" onClick={() => navigate(nftPaths.collection(data.collection?.id ?? 0))}>{data.collection.name}</button> : '--' },
                  { label: t('detail.rarity'), value: t(`rarity.${data.rarity}`) },
                  { label: t('detail.edition'), value: data.edition },
                  { label: t('detail.type'), value: t(`type.${data.type}`) },
                  { label: t('detail.owner'), value: data.is_mine ? t('detail.you') : t(`detail.${data.owner}`) },
                ]}
              />
            </div>
            <BidHistory artwork={data} />
          </>
        ) : id === null ? (
          <MissingItem backTo={nftPaths.home} />
        ) : artwork.isError ? (
          <LoadError title={t('error.title')} description={t('error.description')} onRetry={artwork.refetch} error={artwork.error} />
        ) : (
          <Skeleton.Paragraph lineCount={8} animated />
        )}
      </div>
    </>
  );
}
