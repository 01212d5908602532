import { toneOf } from '@openbourse/core';
import { Button, Dialog, Skeleton } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { formatChangePercent, formatDecimal, formatSignificant } from '../../shared/format.ts';
import { type Quote, useQuote, useQuotes } from '../../shared/market/quotes.ts';
import { useLiveStale } from '../../shared/realtime/index.ts';
import { useSession } from '../../shared/session.ts';
import { centreInRow } from '../../shared/ui/centre-in-row.ts';
import { Facts, Section } from '../../shared/ui/Facts.tsx';
import { FrozenBanner } from '../../shared/ui/FrozenBanner.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { HeaderLink, PageHeader } from '../../shared/ui/PageHeader.tsx';
import { InputIssue, UnitInput } from '../../shared/ui/UnitInput.tsx';
import { type OptionDirection, type OptionPeriod, optionPaths, type PayableCurrency, type SecondsOption, useOptionPeriods, useOptionResult, usePayableCurrencies, useSubmitOption } from './api.ts';
import { OptionResult } from './OptionResult.tsx';
import { previewTicket } from './preview.ts';
import './options.css';

const DEFAULT_SYMBOL = 'BTC/USDT';
const COUNTDOWN_STEP_MS = 250;
/** After the countdown the result comes over the socket; only if it has not come by then is it asked for, once. */
const RESULT_FALLBACK_MS = 5000;

/** Seconds left, counted on this device from when the server's acceptance arrived, so a device clock that is off does not matter. */
function useSecondsLeft(option: SecondsOption | null, acceptedAt: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!option) return;
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_STEP_MS);
    return () => clearInterval(timer);
  }, [option]);
  if (!option) return 0;
  return Math.max(0, Math.ceil((acceptedAt + option.seconds_left * 1000 - now) / 1000));
}

function PriceHeader({ quote }: { quote: Quote }) {
  const tone = toneOf(quote.change_percent);
  // Greyed while the ticker channel is lost: the price an option would open at is not this one.
  const stale = useLiveStale('tickers');
  return (
    <div className="options-price" data-testid="options-price" data-stale={stale}>
      <span className="options-price__symbol">{quote.symbol}</span>
      <span className={`options-price__last tone-${tone}`} data-live-price>
        {formatDecimal(quote.price)}
      </span>
      <span className={`options-price__change tone-${tone}`} data-live>{formatChangePercent(quote.change_percent)}</span>
    </div>
  );
}

function PeriodPicker({ periods, selected, onSelect }: { periods: OptionPeriod[]; selected: number; onSelect(seconds: number): void }) {
  const { t } = useTranslation('options');
  return (
    <div className="options-periods">
      {periods.map((period) => (
        <button
          key={period.seconds}
          type="button"
          aria-pressed={period.seconds === selected}
          className={`options-period ${period.seconds === selected ? 'options-period--active' : ''}`}
          onClick={() => onSelect(period.seconds)}
          data-testid={`options-period-${period.seconds}`}
        >
          <span className="options-period__time">{t('seconds', { count: period.seconds })}</span>
          <span className="options-period__rate">+{formatDecimal(period.payout_rate)}%</span>
        </button>
      ))}
    </div>
  );
}

/** Options are offered on every pair quoted in USDT, crypto and stocks: the pair under the price, one tap to switch. */
function PairPicker({ symbol, onSelect }: { symbol: string; onSelect(symbol: string): void }) {
  const quotes = useQuotes();
  const pairs = (quotes.data ?? []).filter((quote) => quote.quote === 'USDT');
  const active = useRef<HTMLButtonElement>(null);
  const listed = pairs.length > 0;
  // A pair opened by link (a stock from the stock hub) may sit past the row's right edge: it is scrolled into view.
  useEffect(() => {
    if (listed) centreInRow(active.current);
  }, [listed]);
  if (pairs.length < 2) return null;
  return (
    <div className="options-pairs" data-testid="options-pairs">
      {pairs.map((quote) => (
        <button
          key={quote.symbol}
          ref={quote.symbol === symbol ? active : undefined}
          type="button"
          aria-pressed={quote.symbol === symbol}
          className={`options-chip ${quote.symbol === symbol ? 'options-chip--active' : ''}`}
          onClick={() => onSelect(quote.symbol)}
          data-testid={`options-pair-${quote.symbol}`}
        >
          {quote.base}
        </button>
      ))}
    </div>
  );
}

/** The running option: its countdown, then its result in a dialog with both ticks. */
function ActiveOption({ placed, acceptedAt, onClose }: { placed: SecondsOption; acceptedAt: number; onClose(): void }) {
  const { t } = useTranslation('options');
  const left = useSecondsLeft(placed, acceptedAt);
  const result = useOptionResult(placed.id);
  const option = result.data ?? placed;
  const settled = option.status !== 'open';
  // The realtime event settles it on screen (and a reconnect asks again); should the event be missed, one request after a grace period, not a poll.
  const { refetch } = result;
  const due = left === 0;
  useEffect(() => {
    if (settled || !due) return;
    const timer = setTimeout(() => void refetch(), RESULT_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [settled, due, refetch]);
  return (
    <>
      <Section title={t('active.title')} testId="options-active">
        <div className="options-countdown" data-testid="options-countdown">
          {settled ? t('active.settled') : left > 0 ? t('active.left', { count: left }) : t('active.settling')}
        </div>
        <OptionResult option={option} />
      </Section>
      <Dialog
        visible={settled}
        title={t('result.title')}
        content={<OptionResult option={option} />}
        closeOnAction
        onClose={onClose}
        actions={[{ key: 'ok', text: t('result.ok'), bold: true }]}
      />
    </>
  );
}

function Ticket({ quote, periods, currencies }: { quote: Quote; periods: OptionPeriod[]; currencies: PayableCurrency[] }) {
  const { t } = useTranslation('options');
  const [seconds, setSeconds] = useState(periods[0]?.seconds ?? 30);
  const [currencyId, setCurrencyId] = useState(currencies[0]?.currency_id ?? 0);
  const [stake, setStake] = useState('');
  const [active, setActive] = useState<{ option: SecondsOption; acceptedAt: number } | null>(null);
  const submit = useSubmitOption();
  const period = periods.find((candidate) => candidate.seconds === seconds) ?? periods[0];
  const currency = currencies.find((candidate) => candidate.currency_id === currencyId) ?? currencies[0];
  if (!period || !currency) return null;
  const limits = period.stakes.find((entry) => entry.currency_id === currency.currency_id);
  const preview = previewTicket(period, currency, stake);
  const ready = preview.winPayout !== null && preview.problem === null && quote.market_open;

  const place = async (type: OptionDirection) => {
    try {
      const option = await submit.mutateAsync({ matchId: quote.currency_id, currencyId: currency.currency_id, type, seconds: period.seconds, number: stake.trim() });
      setActive({ option, acceptedAt: Date.now() });
    } catch {
      // The request layer has shown why.
    }
  };

  return (
    <>
      <Section title={t('ticket.period')} testId="options-ticket">
        <PeriodPicker periods={periods} selected={period.seconds} onSelect={setSeconds} />
        <div className="options-currencies">
          {currencies.map((entry) => (
            <button
              key={entry.currency_id}
              type="button"
              className={`options-chip ${entry.currency_id === currency.currency_id ? 'options-chip--active' : ''}`}
              onClick={() => setCurrencyId(entry.currency_id)}
              data-testid={`options-currency-${entry.currency}`}
            >
              {entry.currency}
            </button>
          ))}
        </div>
        <UnitInput value={stake} onChange={setStake} unit={currency.currency} placeholder={limits ? t('ticket.range', { min: limits.min, max: limits.max, currency: currency.currency }) : ''} testId="options-stake" />
        <p className="options-available" data-testid="options-available">
          {t('ticket.available', { amount: formatSignificant(currency.available), currency: currency.currency })} ·{' '}
          <Link to={optionPaths.transfer} data-testid="options-transfer">{t('ticket.transfer')}</Link>
        </p>
        {preview.problem ? (
          <InputIssue testId="options-issue">{t(`ticket.problem.${preview.problem}`, { min: limits?.min, max: limits?.max, currency: currency.currency })}</InputIssue>
        ) : null}
        <Facts
          facts={[
            { label: t('ticket.payoutRate'), value: `${formatDecimal(period.payout_rate)}%`, testId: 'options-payout-rate' },
            { label: t('ticket.fee', { rate: formatDecimal(period.fee_rate) }), value: preview.fee ? `${formatSignificant(preview.fee)} ${currency.currency}` : '--', testId: 'options-fee' },
            { label: t('fields.winPayout'), value: preview.winPayout ? `${formatSignificant(preview.winPayout)} ${currency.currency}` : '--', strong: true, testId: 'options-win-payout' },
            { label: t('ticket.breakEven'), value: `${formatDecimal(preview.breakEven)}%`, testId: 'options-break-even' },
          ]}
        />
        <p className="options-note">{t('ticket.rules')}</p>
        <div className="options-actions">
          <Button className="options-up" block size="large" disabled={!ready} loading={submit.isPending} onClick={() => void place('up')} data-testid="options-up">
            {t('direction.up')}
          </Button>
          <Button className="options-down" block size="large" disabled={!ready} loading={submit.isPending} onClick={() => void place('down')} data-testid="options-down">
            {t('direction.down')}
          </Button>
        </div>
      </Section>
      {active ? <ActiveOption key={active.option.id} placed={active.option} acceptedAt={active.acceptedAt} onClose={() => setActive(null)} /> : null}
    </>
  );
}

function SignedInTicket({ quote }: { quote: Quote }) {
  const { t } = useTranslation('options');
  const periods = useOptionPeriods(quote.currency_id);
  const currencies = usePayableCurrencies();
  if (periods.data && currencies.data) return <Ticket quote={quote} periods={periods.data.periods} currencies={currencies.data} />;
  if (periods.isError || currencies.isError) return <LoadError title={t('error.title')} description={t('error.description')} onRetry={() => void Promise.all([periods.refetch(), currencies.refetch()])} />;
  return <Skeleton.Paragraph lineCount={8} animated className="options-skeleton" />;
}

/** Seconds options on one pair (`pages/transaction/seconds?symbol=BTC%2FUSDT`): period, stake, up or down, the countdown and the result. */
export default function SecondsPage() {
  const { t } = useTranslation('options');
  const navigate = useNavigate();
  const { token } = useSession();
  const [params, setParams] = useSearchParams();
  const symbol = params.get('symbol') ?? DEFAULT_SYMBOL;
  const quote = useQuote(symbol);
  const here = optionPaths.screen(symbol);
  return (
    <>
      <PageHeader
        title={t('title')}
        fallback="/pages/market/market"
        right={<HeaderLink to={optionPaths.orders} label={t('orders.title')} icon={<FileOutline />} testId="options-orders-link" />}
      />
      <div className="options-page" data-testid="options-page">
        {quote.data ? <PriceHeader quote={quote.data} /> : null}
        <PairPicker symbol={symbol} onSelect={(picked) => setParams({ symbol: picked }, { replace: true })} />
        <FrozenBanner />
        {quote.data && !quote.data.market_open ? <p className="options-issue">{t('marketClosed')}</p> : null}
        <p className="options-risk" role="note" data-testid="options-risk">
          {t('risk')}
        </p>
        {!quote.data ? (
          quote.isError ? (
            <LoadError title={t('error.title')} description={t('error.description')} onRetry={quote.refetch} />
          ) : (
            <Skeleton.Paragraph lineCount={8} animated className="options-skeleton" />
          )
        ) : token ? (
          <SignedInTicket key={symbol} quote={quote.data} />
        ) : (
          <div className="options-actions">
            <Button block color="primary" onClick={() => navigate(`/pages/common/login?redirect=${encodeURIComponent(here)}`)}>
              {t('shell:actions.login')}
            </Button>
          </div>
        )}
      </div>
    </>
  );
}
