import { Button, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Facts } from '../../shared/ui/Facts.tsx';
import { LoadError, MissingItem } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { nftPaths, useArtworks, useBlindSeries, useBuy } from './api.ts';
import { price, ReviewNotice } from './parts.tsx';
import './nft.css';
import { useSpotBalance } from '../../shared/api/spot-balance.ts';

/** Confirming a fixed-price purchase (pages/nft/purchase_one?code=): the artwork, or an unopened box an owner resells, its price and the balance it is paid from. */
export default function PurchaseOnePage() {
  const { t } = useTranslation('nft');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const found = useArtworks({ keyword: code });
  const artwork = found.data?.list.find((item) => item.code === code);
  // An unopened box an owner resells is listed with its series, not among the artworks.
  const series = useBlindSeries();
  const boxSeries = series.data?.find((entry) => entry.resales.some((resale) => resale.code === code));
  const resale = boxSeries?.resales.find((entry) => entry.code === code && !entry.mine);
  const item = artwork?.sale
    ? { cover: artwork.cover, title: artwork.title, subtitle: artwork.creator?.name, price: artwork.sale.price, currency: artwork.currency }
    : resale && boxSeries
      ? { cover: boxSeries.cover, title: `${boxSeries.title} · ${t('blind.box', { number: resale.box_number })}`, subtitle: resale.code, price: resale.price, currency: resale.currency }
      : null;
  const settled = found.isSuccess && series.isSuccess;
  const balance = useSpotBalance('USDT');
  const buy = useBuy();
  const confirm = () =>
    buy
      .mutateAsync(code)
      .then(() => {
        Toast.show(t('sale.bought'));
        navigate(nftPaths.myNft(artwork ? 'artworks' : 'boxes'), { replace: true });
      })
      .catch(() => undefined);
  return (
    <>
      <PageHeader title={t('sale.confirmTitle')} fallback={nftPaths.home} />
      <div className="nft-page" data-testid="nft-purchase-one">
        {item ? (
          <>
            <div className="nft-list-row">
              <img src={item.cover} alt="" />
              <span className="nft-list-row__main">
                {item.title}
                <small>{item.subtitle}</small>
              </span>
            </div>
            <div className="nft-box">
              <Facts
                facts={[
                  { label: t('sale.price'), value: price(item.price, item.currency), strong: true },
                  { label: t('sale.available'), value: price(balance.data?.available, item.currency) },
                ]}
              />
            </div>
            <ReviewNotice />
            <Button block color="primary" style={{ marginTop: 16 }} loading={buy.isPending} onClick={confirm} data-testid="nft-confirm-buy">
              {t('sale.confirmBuy')}
            </Button>
          </>
        ) : code === '' || settled ? (
          // No code, or nothing on sale under it (sold meanwhile): nothing to confirm.
          <MissingItem backTo={nftPaths.home} />
        ) : found.isError || series.isError ? (
          <LoadError
            title={t('error.title')}
            description={t('error.description')}
            onRetry={() => void Promise.all([found.refetch(), series.refetch()])}
            error={found.error ?? series.error}
          />
        ) : (
          <Skeleton.Paragraph lineCount={6} animated />
        )}
      </div>
    </>
  );
}
