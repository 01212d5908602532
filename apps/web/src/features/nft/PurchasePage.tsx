import { verifyBlindBoxes } from '@openbourse/core';
import { Button, Dialog, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../shared/session.ts';
import { formatDateTime } from '../../shared/time.ts';
import { Facts } from '../../shared/ui/Facts.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type BlindSeries, nftPaths, useBlindSeries, useBuy } from './api.ts';
import { price, StateTag } from './parts.tsx';
import { formatDecimal } from '../../shared/format.ts';
import './nft.css';
import { confirmOnce } from '../../shared/ui/confirm.ts';

/**
 * A revealed series, checked in the browser with the core functions the
 * server drew the boxes with: the seed hashes to the commitment published
 * before the sale, and every opened box holds the artwork its place in the
 * seed's order gives. The recipe says how to check it without this page.
 */
function SeriesProof({ series, seed }: { series: BlindSeries; seed: string }) {
  const { t } = useTranslation('nft');
  const verdict = verifyBlindBoxes(
    { commitment: series.commitment, artworkIds: series.possible.map((artwork) => artwork.id) },
    seed,
    series.opened.map((box) => ({ boxNumber: box.box_number, artworkId: box.artwork_id })),
  );
  const titles = new Map(series.possible.map((artwork) => [artwork.id, artwork.title]));
  return (
    <>
      <p className="nft-muted">{t('blind.seed')}</p>
      <p className="nft-hash" data-testid="nft-seed">
        {seed}
      </p>
      <p className={`nft-proof nft-proof--${verdict.valid ? 'verified' : 'mismatch'}`} data-testid="nft-series-proof" data-valid={verdict.valid}>
        {t(verdict.valid ? 'blind.proofVerified' : 'blind.proofMismatch')}
      </p>
      {series.opened.length > 0 ? (
        <>
          <p className="nft-muted">{t('blind.boxes')}</p>
          <Facts facts={series.opened.map((box) => ({ label: `${t('blind.box', { number: box.box_number })} · ${box.code}`, value: titles.get(box.artwork_id) ?? `#${box.artwork_id}`, testId: `nft-opened-${box.box_number}` }))} />
        </>
      ) : null}
      <p className="nft-muted">{t('blind.recipe')}</p>
    </>
  );
}

function SeriesCard({ series }: { series: BlindSeries }) {
  const { t } = useTranslation('nft');
  const navigate = useNavigate();
  const { token } = useSession();
  const buy = useBuy();
  const buyBox = async () => {
    const confirmed = await confirmOnce({ content: t('blind.confirm', { price: price(series.price, series.currency) }), confirmText: t('actions.confirm'), cancelText: t('actions.cancel') });
    if (!confirmed) return;
    const bought = await buy.mutateAsync(series.code);
    await Dialog.alert({ content: t('blind.bought', { code: bought.code }), confirmText: t('actions.confirm') });
    navigate(nftPaths.myNft('boxes'));
  };
  return (
    <div className="nft-box" data-testid={`nft-series-${series.code}`}>
      <div className="nft-banner" style={{ marginTop: 0 }}>
        <img src={series.cover} alt="" />
        <span>{series.title}</span>
      </div>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginTop: 10 }}>
        <span className="nft-price-big">{price(series.price, series.currency)}</span>
        <StateTag state={series.state} />
      </div>
      <Facts
        facts={[
          // Under its "Remaining" label the count stands alone ("7 / 8", not "Remaining 7/8" again).
          { label: t('blind.remaining'), value: `${series.total - series.sold} / ${series.total}` },
          { label: t('sale.end'), value: formatDateTime(series.end_time) },
          ...series.odds.map((odds) => ({ label: t(`rarity.${odds.rarity}`), value: `${formatDecimal(odds.percent)}% (${odds.count})` })),
        ]}
      />
      <p className="nft-muted">{t('blind.commitmentText')}</p>
      <p className="nft-hash" data-testid="nft-commitment">
        {series.commitment}
      </p>
      {series.seed ? <SeriesProof series={series} seed={series.seed} /> : null}
      {series.resales.length > 0 ? (
        <>
          <p className="nft-muted">{t('blind.resales')}</p>
          {series.resales.map((resale) => (
            <div key={resale.code} className="nft-list-row" data-testid={`nft-box-resale-${resale.code}`}>
              <span className="nft-list-row__main">
                {t('blind.box', { number: resale.box_number })} · {resale.code}
                <small>{resale.mine ? t('blind.yourListing') : `${t('sale.end')} ${formatDateTime(resale.end_time)}`}</small>
              </span>
              {token && !resale.mine ? (
                <Button size="small" color="primary" onClick={() => navigate(nftPaths.purchaseOne(resale.code))}>
                  {price(resale.price, resale.currency)}
                </Button>
              ) : (
                <strong>{price(resale.price, resale.currency)}</strong>
              )}
            </div>
          ))}
        </>
      ) : null}
      {token && series.state === 'on_sale' ? (
        <Button block color="primary" loading={buy.isPending} onClick={() => void buyBox().catch(() => undefined)} data-testid={`nft-buy-box-${series.code}`}>
          {t('blind.buy')}
        </Button>
      ) : null}
    </div>
  );
}

/** Blind boxes (pages/nft/purchase): each series with its price, odds, the commitment of its hidden order and, once revealed, the seed. */
export default function PurchasePage() {
  const { t } = useTranslation('nft');
  const series = useBlindSeries();
  return (
    <>
      <PageHeader title={t('home.blindBoxes')} fallback={nftPaths.home} />
      <div className="nft-page" data-testid="nft-purchase">
        {series.data ? series.data.map((item) => <SeriesCard key={item.id} series={item} />) : <Skeleton.Paragraph lineCount={8} animated />}
      </div>
    </>
  );
}
