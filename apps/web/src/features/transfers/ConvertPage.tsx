import { type ConversionPreview, dec, formatMinor, previewConversion } from '@openbourse/core';
import { Button, Skeleton } from 'antd-mobile';
import { CheckCircleFill, ClockCircleOutline } from 'antd-mobile-icons';
import { SwapIcon } from '../../shared/ui/SwapIcon.tsx';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatDecimal, formatSignificant, plainDecimal } from '../../shared/format.ts';
import { FrozenBanner } from '../../shared/ui/FrozenBanner.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { AllButton, InputIssue } from '../../shared/ui/UnitInput.tsx';
import { DecimalInput } from '../../shared/ui/DecimalInput.tsx';
import { type Conversion, type ConversionQuote, type ConvertCurrency, type ConvertList, useConversionQuote, useConvert, useConvertList } from './api.ts';
import { checkAmount, initialPair, readableRate } from './amounts.ts';
import { CoinIcon, SheetPicker } from './SheetPicker.tsx';
import { TickFacts } from './TickFacts.tsx';
import { useNow } from '../../shared/use-now.ts';
import './transfers.css';

/** A quote is fetched again this long before it runs out, so the one on screen can always still be accepted. */
const REFRESH_MARGIN_MS = 1500;

/** Coin-to-coin conversion in the spot account at a quote from the feed. Query: from, to (currency ids). */
export default function ConvertPage() {
  const { t } = useTranslation(['funds', 'common']);
  const navigate = useNavigate();
  const list = useConvertList();
  return (
    <div className="transfers-page">
      <PageHeader
        title={t('common:menu.exchange')}
        fallback="/pages/fund/assets"
        right={
          <button type="button" className="transfers-header-link" onClick={() => navigate('/pages/fund/transfer_history?tab=conversions')} aria-label={t('history.title')} data-testid="convert-history">
            <ClockCircleOutline />
          </button>
        }
      />
      <FrozenBanner />
      {list.data ? (
        <ConvertForm list={list.data} />
      ) : list.isError ? (
        <LoadError title={t('error.title')} description={t('error.description')} onRetry={list.refetch} />
      ) : (
        <Skeleton.Paragraph lineCount={8} animated className="transfers-skeleton" />
      )}
    </div>
  );
}

function ConvertForm({ list }: { list: ConvertList }) {
  const { t } = useTranslation('funds');
  const [params] = useSearchParams();
  const [initial] = useState(() => initialPair(list, params.get('from'), params.get('to')));
  const [fromId, setFromId] = useState(initial.fromId);
  const [toId, setToId] = useState(initial.toId);
  const [amount, setAmount] = useState('');
  const [done, setDone] = useState<Conversion | null>(null);
  const from = list.currencies.find((currency) => currency.id === fromId);
  const to = list.currencies.find((currency) => currency.id === toId);
  const quote = useConversionQuote(fromId, toId, list.quote_ttl_ms - REFRESH_MARGIN_MS);
  const convert = useConvert();
  const checked = checkAmount(amount, from?.scale ?? 0, from?.available);

  const pickFrom = (id: number) => {
    if (id === toId) setToId(fromId);
    setFromId(id);
  };
  const pickTo = (id: number) => {
    if (id === fromId) setFromId(toId);
    setToId(id);
  };
  const swap = () => {
    setFromId(toId);
    setToId(fromId);
    setAmount('');
  };

  const current = quote.data && quote.data.quote.from_currency_id === fromId && quote.data.quote.to_currency_id === toId ? quote.data : undefined;
  const preview = current && checked.minor !== null ? previewOf(current.quote, checked.minor) : null;

  const submit = () => {
    if (!current || checked.minor === null) return;
    setDone(null);
    convert.mutate(
      { quote: current.quote, amount: amount.trim() },
      {
        onSuccess: (conversion) => {
          setDone(conversion);
          setAmount('');
        },
        // An expired or used quote is refused (and said so): a fresh one replaces it.
        onError: () => void quote.refetch(),
      },
    );
  };

  return (
    <div className="transfers-form">
      {done ? <ConversionDone conversion={done} /> : null}
      <section className="transfers-card">
        <div className="transfers-card__row">
          <span className="transfers-label">{t('convert.from')}</span>
          <span className="transfers-available" data-testid="convert-available">
            {t('convert.available', { amount: from ? formatSignificant(from.available) : '--', currency: from?.currency ?? '' })}
          </span>
        </div>
        <div className="transfers-convert-line">
          <CurrencyPicker title={t('convert.fromTitle')} currencies={list.currencies} value={fromId} onChange={pickFrom} testId="convert-from" />
          <DecimalInput className="transfers-convert-line__input" placeholder={t('convert.amountPlaceholder')} value={amount} onChange={setAmount} data-testid="convert-amount" />
          <AllButton label={t('convert.max')} onClick={() => from && setAmount(plainDecimal(from.available))} testId="convert-max" />
        </div>
        {checked.issue ? (
          <InputIssue testId="convert-issue">{t(`issues.${checked.issue}`, { decimals: from?.scale ?? 0 })}</InputIssue>
        ) : null}
      </section>

      <button type="button" className="transfers-swap transfers-swap--between" onClick={swap} aria-label={t('convert.swap')} data-testid="convert-swap">
        <SwapIcon />
      </button>

      <section className="transfers-card">
        <span className="transfers-label">{t('convert.to')}</span>
        <div className="transfers-convert-line">
          <CurrencyPicker title={t('convert.toTitle')} currencies={list.currencies} value={toId} onChange={pickTo} testId="convert-to" />
          <span className="transfers-convert-line__receive" data-testid="convert-receive">
            {preview && to ? formatSignificant(formatMinor(preview.receive, to.scale)) : '0'}
          </span>
        </div>
      </section>

      <QuoteFacts quote={current?.quote} receivedAt={current?.receivedAt} validMs={list.quote_ttl_ms - REFRESH_MARGIN_MS} preview={preview} failed={quote.isError} from={from} to={to} />

      <Button block color="primary" size="large" disabled={!current || checked.minor === null || preview?.receive === 0} loading={convert.isPending} onClick={submit} data-testid="convert-submit">
        {t('convert.submit')}
      </Button>
      <p className="transfers-note muted">{t('convert.note', { fee: percent(list.fee_rate) })}</p>
    </div>
  );
}

const percent = (rate: string) => `${formatDecimal(dec(rate).times(100).toFixed())}%`;

function previewOf(quote: ConversionQuote, amountMinor: number): ConversionPreview | null {
  try {
    return previewConversion({ fromPrice: quote.from_price, toPrice: quote.to_price, feeBps: quote.fee_bps, fromScale: quote.from_scale, toScale: quote.to_scale }, amountMinor);
  } catch {
    return null;
  }
}

function CurrencyPicker({ title, currencies, value, onChange, testId }: { title: string; currencies: ConvertCurrency[]; value: number; onChange(id: number): void; testId: string }) {
  const { t } = useTranslation('funds');
  const chosen = currencies.find((currency) => currency.id === value);
  return (
    <SheetPicker
      title={title}
      value={String(value)}
      options={currencies.map((currency) => ({
        value: String(currency.id),
        label: currency.currency,
        prefix: <CoinIcon icon={currency.icon} />,
        description: t('transfer.availableShort', { amount: formatSignificant(currency.available) }),
      }))}
      onChange={(id) => onChange(Number(id))}
      testId={testId}
      className="transfers-picker--coin"
    >
      <CoinIcon icon={chosen?.icon} size={22} /> {chosen?.currency}
    </SheetPicker>
  );
}

interface QuoteFactsProps {
  quote: ConversionQuote | undefined;
  receivedAt: number | undefined;
  validMs: number;
  preview: ConversionPreview | null;
  failed: boolean;
  from: ConvertCurrency | undefined;
  to: ConvertCurrency | undefined;
}

/** The rate, the fee, the feed ticks behind the price, and how long the quote lasts. */
function QuoteFacts({ quote, receivedAt, validMs, preview, failed, from, to }: QuoteFactsProps) {
  const { t } = useTranslation('funds');
  const now = useNow(250);
  if (!quote || receivedAt === undefined || !from || !to) {
    return (
      <section className="transfers-card transfers-quote" data-testid="convert-quote-pending">
        <span className="muted">{failed ? t('convert.quoteFailed') : t('convert.quoting')}</span>
      </section>
    );
  }
  const seconds = Math.max(0, Math.ceil((receivedAt + validMs - now) / 1000));
  return (
    <section className="transfers-card transfers-quote" data-testid="convert-quote">
      <div className="transfers-fact">
        <span className="transfers-fact__label">{t('convert.rate')}</span>
        <span className="transfers-fact__value" data-testid="convert-rate">
          {readableRate(quote.rate, quote.from_currency, quote.to_currency)}
        </span>
      </div>
      <div className="transfers-fact">
        <span className="transfers-fact__label">{t('convert.fee', { rate: percent(quote.fee_rate) })}</span>
        <span className="transfers-fact__value" data-testid="convert-fee">
          {preview ? `${formatSignificant(formatMinor(preview.fee, to.scale))} ${to.currency}` : '--'}
        </span>
      </div>
      <div className="transfers-fact">
        <span className="transfers-fact__label">{t('convert.receive')}</span>
        <span className="transfers-fact__value transfers-fact__value--strong" data-testid="convert-receive-fact">
          {preview ? `${formatSignificant(formatMinor(preview.receive, to.scale))} ${to.currency}` : '--'}
        </span>
      </div>
      <div className="transfers-quote__source">
        <span className="transfers-fact__label">{t('convert.priceSource')}</span>
        <TickFacts ticks={quote.ticks} testId="convert-ticks" />
      </div>
      <div className="transfers-quote__timer" data-testid="convert-countdown">
        {seconds > 0 ? t('convert.refreshIn', { seconds }) : t('convert.quoting')}
      </div>
    </section>
  );
}

function ConversionDone({ conversion }: { conversion: Conversion }) {
  const { t } = useTranslation('funds');
  return (
    <section className="transfers-card transfers-done" data-testid="convert-result">
      <div className="transfers-done__head">
        <CheckCircleFill className="transfers-done__icon" />
        {t('convert.done')}
      </div>
      <div className="transfers-done__amounts">
        −{formatSignificant(conversion.amount_in)} {conversion.from_currency} → +{formatSignificant(conversion.amount_out)} {conversion.to_currency}
      </div>
      <div className="transfers-fact">
        <span className="transfers-fact__label">{t('convert.rate')}</span>
        <span className="transfers-fact__value">
          {readableRate(conversion.rate, conversion.from_currency, conversion.to_currency)}
        </span>
      </div>
      <div className="transfers-fact">
        <span className="transfers-fact__label">{t('convert.feePaid')}</span>
        <span className="transfers-fact__value">
          {formatSignificant(conversion.fee)} {conversion.fee_currency}
        </span>
      </div>
      <TickFacts ticks={conversion.ticks} testId="convert-result-ticks" />
    </section>
  );
}
