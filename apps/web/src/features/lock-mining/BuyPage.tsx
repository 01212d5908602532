import { dec, millionthsToPercent } from '@openbourse/core';
import { Button, Dialog, Result, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../shared/api/request.ts';
import { formatDecimal, formatSignificant, plainDecimal } from '../../shared/format.ts';
import { formatCalendarDay, formatDateTime } from '../../shared/time.ts';
import { Facts, Section } from '../../shared/ui/Facts.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { InputIssue, UnitInput } from '../../shared/ui/UnitInput.tsx';
import { amountIssue, effectiveRange, lockDayRanges, previewYield, scaleOf } from './amounts.ts';
import { type LockProduct, lockPaths, useLock, useLockProducts } from './api.ts';
import './lock-mining.css';
import { useSpotBalance } from '../../shared/api/spot-balance.ts';

function LockForm({ product }: { product: LockProduct }) {
  const { t } = useTranslation('lockMining');
  const navigate = useNavigate();
  const balance = useSpotBalance(product.currency);
  const lock = useLock();
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const scale = scaleOf(product.min_amount);
  const available = balance.data?.available;
  const issue = amount === '' ? null : amountIssue(amount, { min: product.min_amount, remaining: product.user_remaining, available });
  const preview = amount !== '' && issue !== 'invalid' ? previewYield(amount, scale, lockDayRanges(product)) : null;
  const unit = product.currency;

  const fillAll = () => {
    if (available === undefined) return;
    const remaining = product.user_remaining ?? available;
    setAmount(plainDecimal(dec(remaining).lessThan(available) ? remaining : available));
  };

  const submit = async () => {
    try {
      const order = await lock.mutateAsync({ productId: product.id, amount });
      toast(t('buy.done'));
      navigate(lockPaths.order(order.id), { replace: true });
    } catch {
      // The request layer has shown the server's reason.
    }
  };

  return (
    <>
      <Section title={t('buy.amountTitle')} testId="lock-form">
        <UnitInput
          value={amount}
          onChange={setAmount}
          unit={unit}
          placeholder={t('buy.placeholder', { min: formatSignificant(product.min_amount) })}
          clearable
          testId="lock-amount"
          onAll={fillAll}
          allLabel={t('buy.all')}
          allTestId="lock-all"
        />
        <Facts
          facts={[
            { label: t('buy.available'), value: available === undefined ? '--' : `${formatSignificant(available)} ${unit}`, testId: 'lock-available' },
            product.user_remaining !== null && { label: t('buy.remaining'), value: `${formatSignificant(product.user_remaining)} ${unit}` },
          ]}
        />
        {issue ? (
          <InputIssue testId="lock-issue">
            {t(`issues.${issue}`, { min: formatSignificant(product.min_amount), remaining: formatSignificant(product.user_remaining ?? '0'), currency: unit })}
          </InputIssue>
        ) : null}
      </Section>
      <Section title={t('buy.previewTitle')} testId="lock-preview">
        <Facts
          facts={[
            { label: t('buy.dailyYield'), value: preview ? `${formatSignificant(preview.dailyMin)} – ${formatSignificant(preview.dailyMax)} ${unit}` : '--', testId: 'lock-preview-daily' },
            { label: t('buy.totalYield', { days: product.lock_days }), value: preview ? `${formatSignificant(preview.totalMin)} – ${formatSignificant(preview.totalMax)} ${unit}` : '--', strong: true, testId: 'lock-preview-total' },
            { label: t('buy.valueAt'), value: formatDateTime(product.value_at) },
            { label: t('buy.firstDividend'), value: formatDateTime(product.first_dividend_at) },
            { label: t('buy.expiresAt'), value: formatDateTime(product.expires_at) },
          ]}
        />
        <p className="lock-note">{t('buy.penaltyRule', { rate: formatDecimal(product.penalty_rate) })}</p>
      </Section>
      <div className="lock-actions">
        <Button block color="primary" size="large" disabled={amount === '' || issue !== null} loading={lock.isPending} onClick={() => setConfirming(true)} data-testid="lock-submit">
          {t('actions.lock')}
        </Button>
      </div>
      <Dialog
        visible={confirming}
        title={t('buy.confirmTitle')}
        content={
          <div data-testid="lock-confirm">
            <Facts
              facts={[
                { label: t('buy.confirmAmount'), value: `${formatSignificant(amount || '0')} ${unit}`, strong: true },
                { label: t('product.lockDays'), value: t('days', { count: product.lock_days }) },
                preview && { label: t('buy.totalYield', { days: product.lock_days }), value: `${formatSignificant(preview.totalMin)} – ${formatSignificant(preview.totalMax)} ${unit}` },
                { label: t('buy.expiresAt'), value: formatDateTime(product.expires_at) },
              ]}
            />
            <p className="lock-note">{t('buy.penaltyRule', { rate: formatDecimal(product.penalty_rate) })}</p>
          </div>
        }
        closeOnAction
        onClose={() => setConfirming(false)}
        actions={[
          [
            { key: 'cancel', text: t('shell:actions.cancel') },
            { key: 'confirm', text: t('actions.confirmLock'), bold: true, onClick: submit },
          ],
        ]}
      />
    </>
  );
}

/** The upcoming days' rate commitments: published before each day, so the rate cannot be chosen later. */
function Commitments({ product }: { product: LockProduct }) {
  const { t } = useTranslation('lockMining');
  if (product.commitments.length === 0) return null;
  return (
    <Section title={t('fair.upcomingTitle')} testId="lock-commitments">
      <p className="lock-note">{t('fair.upcomingText')}</p>
      <ul className="lock-hashes">
        {product.commitments.map((entry) => (
          <li key={entry.day} className="lock-hashes__item" data-testid={`lock-commitment-${entry.day}`}>
            <span className="lock-hashes__day">
              {formatCalendarDay(entry.day)} · {formatDecimal(millionthsToPercent(entry.min_rate_millionths))}% – {formatDecimal(millionthsToPercent(entry.max_rate_millionths))}%
            </span>
            <code className="lock-hashes__hash">{entry.commitment}</code>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** A product that is not (or no longer) offered: say so and lead back to the list. */
function Missing() {
  const { t } = useTranslation('lockMining');
  const navigate = useNavigate();
  return (
    <div className="load-error" data-testid="lock-missing">
      <Result status="warning" title={t('error.missing')} description={t('error.missingText')} />
      <Button color="primary" fill="outline" onClick={() => navigate(lockPaths.list, { replace: true })}>
        {t('actions.allProducts')}
      </Button>
    </div>
  );
}

/** Locking an amount into one product (pages/lockming/buy?id=): the terms, the yield range and dates before confirming. */
export default function BuyPage() {
  const { t } = useTranslation('lockMining');
  const [params] = useSearchParams();
  const products = useLockProducts();
  const product = products.data?.find((entry) => entry.id === Number(params.get('id')));
  const range = product ? effectiveRange(lockDayRanges(product)) : null;
  return (
    <>
      <PageHeader title={t('buy.title')} fallback={lockPaths.list} />
      <div className="lock-page" data-testid="lock-buy-page">
        {product ? (
          <>
            <Section
              title={
                <span className="lock-product__head">
                  <img src={product.icon} alt="" className="lock-product__icon" />
                  <span className="lock-product__currency">{product.currency}</span>
                  <span className="lock-product__days">{t('days', { count: product.lock_days })}</span>
                </span>
              }
              testId="lock-terms"
            >
              <Facts
                facts={[
                  { label: t('product.dailyRate'), value: range ? `${formatDecimal(range.min)}% – ${formatDecimal(range.max)}%` : '--', strong: true, testId: 'lock-rate-range' },
                  { label: t('product.minAmount'), value: `${formatSignificant(product.min_amount)} ${product.currency}` },
                  { label: t('product.maxPerUser'), value: `${formatSignificant(product.max_per_user)} ${product.currency}` },
                  { label: t('product.dividendTime'), value: t('product.dividendAt', { time: product.dividend_time }) },
                  { label: t('product.penalty'), value: t('product.penaltyPerDay', { rate: formatDecimal(product.penalty_rate) }) },
                ]}
              />
            </Section>
            <LockForm product={product} />
            <Commitments product={product} />
          </>
        ) : products.isError ? (
          <LoadError title={t('error.title')} description={t('error.description')} onRetry={products.refetch} />
        ) : products.data ? (
          <Missing />
        ) : (
          <Skeleton.Paragraph lineCount={10} animated className="lock-skeleton" />
        )}
      </div>
    </>
  );
}
