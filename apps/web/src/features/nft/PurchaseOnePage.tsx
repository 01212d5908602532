import { Button, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Facts } from '../../shared/ui/Facts.tsx';
import { LoadError, MissingItem } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { nftPaths, useArtworks, useBuy } from './api.ts';
import { price, ReviewNotice } from './parts.tsx';
import './nft.css';
import { useSpotBalance } from '../../shared/api/spot-balance.ts';

/** Confirming a fixed-price purchase (pages/nft/purchase_one?code=): the artwork, its price and the balance it is paid from. */
export default function PurchaseOnePage() {
  const { t } = useTranslation('nft');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const found = useArtworks({ keyword: code });
  const artwork = found.data?.list.find((item) => item.code === code);
  const balance = useSpotBalance('USDT');
  const buy = useBuy();
  const confirm = () =>
    buy
      .mutateAsync(code)
      .then(() => {
        Toast.show(t('sale.bought'));
        navigate(nftPaths.myNft, { replace: true });
      })
      .catch(() => undefined);
  return (
    <>
      <PageHeader title={t('sale.confirmTitle')} fallback={nftPaths.home} />
      <div className="nft-page" data-testid="nft-purchase-one">
        {artwork?.sale ? (
          <>
            <div className="nft-list-row">
              <img src={artwork.cover} alt="" />
              <span className="nft-list-row__main">
                {artwork.title}
                <small>{artwork.creator?.name}</small>
              </span>
            </div>
            <div className="nft-box">
              <Facts
                facts={[
                  { label: t('sale.price'), value: price(artwork.sale.price, artwork.currency), strong: true },
                  { label: t('sale.available'), value: price(balance.data?.available, artwork.currency) },
                ]}
              />
            </div>
            <ReviewNotice />
            <Button block color="primary" style={{ marginTop: 16 }} loading={buy.isPending} onClick={confirm} data-testid="nft-confirm-buy">
              {t('sale.confirmBuy')}
            </Button>
          </>
        ) : code === '' || (found.isSuccess && !artwork?.sale) ? (
          // No code, or nothing on sale under it (sold meanwhile): nothing to confirm.
          <MissingItem backTo={nftPaths.home} />
        ) : found.isError ? (
          <LoadError title={t('error.title')} description={t('error.description')} onRetry={found.refetch} error={found.error} />
        ) : (
          <Skeleton.Paragraph lineCount={6} animated />
        )}
      </div>
    </>
  );
}
