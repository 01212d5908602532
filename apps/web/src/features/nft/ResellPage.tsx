import { saleSplit, toMinor, formatMinor } from '@openbourse/core';
import { Button, Selector, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatSignificant } from '../../shared/format.ts';
import { Facts } from '../../shared/ui/Facts.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { DecimalInput } from '../../shared/ui/DecimalInput.tsx';
import { nftPaths, useMyNfts, useResell } from './api.ts';
import { ReviewNotice } from './parts.tsx';
import './nft.css';

const HOUR = 3_600_000;
const DURATIONS = [24, 72, 168];
const USDT_SCALE = 6;

/** What the seller receives, previewed with the same split the server books (fee up, royalty down). */
function preview(priceText: string, feeMillionths: number, royaltyMillionths: number) {
  try {
    const split = saleSplit(toMinor(priceText, USDT_SCALE), feeMillionths, royaltyMillionths, true);
    return { fee: formatMinor(split.fee, USDT_SCALE), royalty: formatMinor(split.royalty, USDT_SCALE), seller: formatMinor(split.seller, USDT_SCALE) };
  } catch {
    return null;
  }
}

/** Reselling (pages/nft/resell?code=): fixed price or auction, window, and the royalty and fee shown before confirming; the listing waits for review and cannot be withdrawn. */
export default function ResellPage() {
  const { t } = useTranslation('nft');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('code') ?? '';
  const mine = useMyNfts();
  const artwork = mine.data?.artworks.find((item) => item.code === code);
  const box = mine.data?.boxes.find((item) => item.code === code);
  // The rates the server books for this item: an artwork's collection royalty, or a box's series royalty.
  const rates = artwork
    ? { fee: artwork.fee_rate, feeMillionths: artwork.fee_millionths, royalty: artwork.collection?.royalty_rate ?? '0', royaltyMillionths: artwork.collection?.royalty_millionths ?? 0 }
    : box
      ? { fee: box.fee_rate, feeMillionths: box.fee_millionths, royalty: box.royalty_rate, royaltyMillionths: box.royalty_millionths }
      : null;
  const [mode, setMode] = useState<1 | 2>(1);
  const [price, setPrice] = useState('');
  const [increase, setIncrease] = useState('');
  const [hours, setHours] = useState(72);
  const resell = useResell();
  const split = price && rates ? preview(price, rates.feeMillionths, rates.royaltyMillionths) : null;
  const submit = () => {
    const now = Date.now();
    resell
      .mutateAsync({ code, mode, price, ...(mode === 2 ? { increase } : {}), start_time: now, end_time: now + hours * HOUR })
      .then(() => {
        Toast.show(t('resell.submitted'));
        navigate(nftPaths.myNft('listings'), { replace: true });
      })
      .catch(() => undefined);
  };
  return (
    <>
      <PageHeader title={t('resell.title')} fallback={nftPaths.myNft()} />
      <div className="nft-page" data-testid="nft-resell-page">
        <p className="nft-muted">{artwork?.title ?? box?.title ?? code}</p>
        {/* An unopened box resells at a fixed price only (the server refuses an auction of one). */}
        {box ? null : (
          <Selector
            style={{ marginTop: 10 }}
            options={[
              { label: t('sale.fixed'), value: 1 },
              { label: t('sale.auction'), value: 2 },
            ]}
            value={[mode]}
            onChange={(values) => setMode((values[0] as 1 | 2 | undefined) ?? 1)}
          />
        )}
        <div className="nft-box">
          <DecimalInput placeholder={mode === 2 ? t('auction.startPrice') : t('sale.price')} value={price} onChange={setPrice} data-testid="nft-resell-price" />
        </div>
        {mode === 2 ? (
          <div className="nft-box">
            <DecimalInput placeholder={t('auction.increase')} value={increase} onChange={setIncrease} />
          </div>
        ) : null}
        <Selector style={{ marginTop: 10 }} options={DURATIONS.map((value) => ({ label: t('resell.hours', { count: value }), value }))} value={[hours]} onChange={(values) => setHours(values[0] ?? 72)} />
        {split ? (
          <div className="nft-box" data-testid="nft-resell-preview">
            <Facts
              facts={[
                { label: t('resell.fee', { rate: rates?.fee }), value: formatSignificant(split.fee) },
                { label: t('resell.royalty', { rate: rates?.royalty }), value: formatSignificant(split.royalty) },
                { label: t('resell.youReceive'), value: `${formatSignificant(split.seller)} USDT`, strong: true },
              ]}
            />
          </div>
        ) : null}
        <ReviewNotice />
        <p className="nft-muted">{t('resell.noWithdraw')}</p>
        <Button block color="primary" style={{ marginTop: 12 }} loading={resell.isPending} onClick={submit} data-testid="nft-resell-submit">
          {t('resell.submit')}
        </Button>
      </div>
    </>
  );
}
