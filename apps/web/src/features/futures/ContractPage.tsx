import { toneOf } from '@openbourse/core';
import { Button, Dialog, Segmented, Skeleton } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../shared/api/request.ts';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';
import { currentLocale } from '../../shared/i18n/index.ts';
import { type Quote, useQuote, useQuotes } from '../../shared/market/quotes.ts';
import { ROUTES } from '../../shared/navigation.ts';
import { useSession } from '../../shared/session.ts';
import { formatDateTime } from '../../shared/time.ts';
import { ChartPanel } from '../../shared/trading/ChartPanel.tsx';
import { DecimalField } from '../../shared/trading/DecimalField.tsx';
import { KlineChart } from '../../shared/trading/KlineChart.tsx';
import { useStableDef } from '../../shared/trading/market-data.ts';
import { shownDecimal, typedDecimal } from '../../shared/trading/numbers.ts';
import { QuoteSummary } from '../../shared/trading/QuoteSummary.tsx';
import { DepthPanel, OrderBook } from '../../shared/trading/PairOrderBook.tsx';
import { TradingLayout } from '../../shared/trading/TradingLayout.tsx';
import '../../shared/trading/trading.css';
import { centreInRow } from '../../shared/ui/centre-in-row.ts';
import { Facts, Section } from '../../shared/ui/Facts.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { HeaderLink, PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type Contract, type FuturesOrder, futuresPaths, type LeverDeal, type Side, useBatchClose, useFuturesOrders, useLeverDeal, useSubmitFutures } from './api.ts';
import { PositionCard } from './PositionCard.tsx';
import { liveAccountRisk, previewTicket, priceTicks, ratePercent, termsOf } from './preview.ts';
import './futures.css';

type OrderType = 'market' | 'limit';

/** The limit price and order type live above the ticket: a tap on the book switches to limit at that price. */
interface PriceChoice {
  orderType: OrderType;
  limit: string;
  setOrderType(orderType: OrderType): void;
  setLimit(limit: string): void;
}

/** A preview figure as the app shows numbers (thousands, no ledger padding); '--' while there is none. */
const shown = (value: string | undefined, format: (value: string) => string) => (value === undefined || value === '--' ? '--' : format(value));

/** The ticket in the form column: side, market or limit, multiple, lots, optional TP/SL, and margin, fee and liquidation price from core before submitting. */
function Ticket({ deal, contract, feedPrice, price }: { deal: LeverDeal; contract: Contract; feedPrice: string; price: PriceChoice }) {
  const { t } = useTranslation('futures');
  const [side, setSide] = useState<Side>('long');
  const [multiple, setMultiple] = useState(contract.multiples.includes(10) ? 10 : (contract.multiples[0] as number));
  const [lotsText, setLotsText] = useState(String(contract.min_lots));
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  // The take-profit and stop-loss fields take and show the language's decimal comma, as every amount field does.
  const locale = currentLocale();
  const submit = useSubmitFutures();
  const terms = useMemo(() => termsOf(contract), [contract]);
  const feedTicks = priceTicks(terms, feedPrice) ?? 0;
  const { orderType, limit } = price;
  const lots = /^\d+$/.test(lotsText) ? Number(lotsText) : 0;
  const lotsValid = lots >= contract.min_lots && lots <= contract.max_lots_per_order;
  const preview = lotsValid ? previewTicket(terms, { side, lots, multiple, feedTicks, limit: orderType === 'limit' ? limit : undefined, takeProfit, stopLoss }) : null;
  const base = contract.symbol.split('/')[0];
  const tooMuch = preview !== null && preview.total !== '--' && Number(preview.total) > Number(deal.available);
  const issue = !lotsValid
    ? t('issue.lots', { min: contract.min_lots, max: contract.max_lots_per_order })
    : tooMuch
      ? t('issue.balance')
      : preview?.issue
        ? t(`issue.${preview.issue}`, { price: preview.liquidationForIssue === undefined ? undefined : formatDecimal(preview.liquidationForIssue) })
        : null;

  const send = async () => {
    try {
      const order = await submit.mutateAsync({
        currency_id: contract.currency_id,
        legal_id: contract.legal_id,
        type: side === 'long' ? 1 : 2,
        order_type: orderType,
        lots,
        multiple,
        target_price: orderType === 'limit' ? limit : undefined,
        target_profit_price: takeProfit || undefined,
        stop_loss_price: stopLoss || undefined,
      });
      toast((order as FuturesOrder).status === 'holding' ? t('done.opened') : t('done.entrusted'));
      setTakeProfit('');
      setStopLoss('');
    } catch {
      // The request layer has shown why.
    }
  };

  return (
    <section className={`futures-ticket futures-ticket--${side}`} data-testid="futures-ticket">
      <Segmented
        block
        className={`futures-side futures-side--${side}`}
        value={side}
        onChange={(value) => setSide(value as Side)}
        options={[
          { label: t('side.long'), value: 'long' },
          { label: t('side.short'), value: 'short' },
        ]}
        data-testid="futures-side"
      />
      <Segmented
        block
        className="futures-type"
        value={orderType}
        onChange={(value) => price.setOrderType(value as OrderType)}
        options={[
          { label: t('type.market'), value: 'market' },
          { label: t('type.limit'), value: 'limit' },
        ]}
        data-testid="futures-type"
      />
      {orderType === 'limit' ? (
        <DecimalField label={t('field.price')} value={limit} step={contract.tick_size} onChange={price.setLimit} testId="futures-limit" />
      ) : null}
      <label className="futures-select">
        <span>{t('field.multiple')}</span>
        <select value={multiple} onChange={(event) => setMultiple(Number(event.target.value))} data-testid="futures-multiple">
          {contract.multiples.map((value) => (
            <option key={value} value={value}>
              ×{value}
            </option>
          ))}
        </select>
      </label>
      <DecimalField label={`${t('field.lots')} · ${t('field.lotSize', { size: formatDecimal(contract.lot_size), base })}`} value={lotsText} step="1" onChange={setLotsText} testId="futures-lots" />
      <div className="futures-stops">
        <label className="futures-stop" data-testid="futures-tp">
          <span>{t('field.takeProfitShort')}</span>
          <input inputMode="decimal" autoComplete="off" value={shownDecimal(takeProfit, locale)} onChange={(event) => setTakeProfit(typedDecimal(event.target.value, locale))} />
        </label>
        <label className="futures-stop" data-testid="futures-sl">
          <span>{t('field.stopLossShort')}</span>
          <input inputMode="decimal" autoComplete="off" value={shownDecimal(stopLoss, locale)} onChange={(event) => setStopLoss(typedDecimal(event.target.value, locale))} />
        </label>
      </div>
      <dl className="futures-preview">
        <div>
          <dt>{t('field.margin')}</dt>
          <dd data-testid="futures-margin">{shown(preview?.margin, formatSignificant)}</dd>
        </div>
        <div>
          <dt>{t('field.fee')}</dt>
          <dd data-testid="futures-fee">{shown(preview?.fee, formatSignificant)}</dd>
        </div>
        <div>
          <dt>{t('field.liquidation')}</dt>
          <dd data-testid="futures-liquidation">{shown(preview?.liquidation, formatDecimal)}</dd>
        </div>
        {preview?.pnlAtTakeProfit !== undefined ? (
          <div>
            <dt>{t('field.pnlAtTp')}</dt>
            <dd data-testid="futures-pnl-at-tp">
              <span className={`futures-tone--${toneOf(preview.pnlAtTakeProfit)}`}>{formatSignificant(preview.pnlAtTakeProfit)} USDT</span>
            </dd>
          </div>
        ) : null}
        {preview?.pnlAtStopLoss !== undefined ? (
          <div>
            <dt>{t('field.pnlAtSl')}</dt>
            <dd data-testid="futures-pnl-at-sl">
              <span className={`futures-tone--${toneOf(preview.pnlAtStopLoss)}`}>{formatSignificant(preview.pnlAtStopLoss)} USDT</span>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('field.available')}</dt>
          <dd data-testid="futures-available">{formatSignificant(deal.available)} USDT</dd>
        </div>
      </dl>
      {issue ? (
        <p className="futures-issue" role="alert" data-testid="futures-issue">
          {issue}
        </p>
      ) : null}
      <Button
        block
        className={`futures-submit futures-submit--${side}`}
        disabled={Boolean(issue) || !contract.market_open || (orderType === 'limit' && !limit)}
        loading={submit.isPending}
        onClick={send}
        data-testid="futures-submit"
      >
        {t('action.open', { side: t(`side.${side}`), count: lots })}
      </Button>
    </section>
  );
}

function Visitor() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="futures-actions">
      <Button block color="primary" onClick={() => navigate(`${ROUTES.login}?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`)}>
        {t('actions.login')}
      </Button>
    </div>
  );
}

/** The user's positions and entrusts of this pair under the form and book, with close all. */
function Positions({ positions, quote }: { positions: FuturesOrder[]; quote: Quote }) {
  const { t } = useTranslation('futures');
  const [confirmClose, setConfirmClose] = useState(false);
  return (
    <Section
      title={t('tabs.holding')}
      extra={
        <span className="futures-positions__actions">
          {positions.some((row) => row.status === 'holding') ? (
            <Button size="mini" fill="outline" onClick={() => setConfirmClose(true)}>
              {t('action.closeAll')}
            </Button>
          ) : null}
        </span>
      }
      testId="futures-positions"
    >
      {positions.length === 0 ? (
        <p className="futures-empty">{t('empty')}</p>
      ) : (
        positions.map((order) => <PositionCard key={order.id} order={order} feedPrice={quote.price} marketOpen={quote.market_open} />)
      )}
      <BatchCloseDialog type={confirmClose ? 0 : null} onClose={() => setConfirmClose(false)} />
    </Section>
  );
}

/**
 * Margin in use and the account risk rate, kept live: every holding position
 * of every pair (not only this one) valued at its live quote with core, as
 * the server values them at the last ticks.
 */
function AccountFacts({ deal }: { deal: LeverDeal }) {
  const { t } = useTranslation('futures');
  const holdings = useFuturesOrders('holding');
  const quotes = useQuotes();
  const priceOf = (symbol: string) => quotes.data?.find((entry) => entry.symbol === symbol)?.price;
  const risk = holdings.data ? liveAccountRisk(deal, holdings.data.list, priceOf) : deal.account_risk_rate;
  return (
    <Facts
      className="futures-account"
      facts={[
        { label: t('field.usedMargin'), value: `${formatSignificant(deal.used_margin)} USDT` },
        { label: t('field.accountRisk'), value: risk ? `${formatDecimal(risk)}%` : '--', testId: 'futures-account-risk' },
      ]}
    />
  );
}

/** The contracts of this pair's kind, one tap to switch; a pair opened by link that sits past the row's edge is scrolled into view. */
function PairChips({ contracts, symbol, onSelect }: { contracts: LeverDeal['contracts']; symbol: string; onSelect(symbol: string): void }) {
  const active = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    centreInRow(active.current);
  }, []);
  return (
    <div className="futures-pairs">
      {contracts.map((entry) => (
        <button
          type="button"
          key={entry.symbol}
          ref={entry.symbol === symbol ? active : undefined}
          className={`futures-pair ${entry.symbol === symbol ? 'futures-pair--active' : ''}`}
          onClick={() => onSelect(entry.symbol)}
        >
          {entry.symbol.split('/')[0]}
        </button>
      ))}
    </div>
  );
}

function ContractScreen({ quote }: { quote: Quote }) {
  const { t } = useTranslation('futures');
  const [params, setParams] = useSearchParams();
  const { token } = useSession();
  const def = useStableDef(quote);
  const deal = useLeverDeal(quote.currency_id, quote.legal_id);
  const contract = deal.data?.contract;
  const [chartOpen, setChartOpen] = useState(false);
  const [orderType, setOrderType] = useState<OrderType>('market');
  const [limit, setLimit] = useState('');
  const price: PriceChoice = { orderType, limit, setOrderType, setLimit };
  const pickPrice = (picked: string) => {
    setOrderType('limit');
    setLimit(picked);
  };
  const symbol = params.get('symbol') ?? quote.symbol;

  const form = !token ? (
    <Visitor />
  ) : deal.isError ? (
    <LoadError title={t('error.title')} description={t('error.description')} onRetry={() => void deal.refetch()} />
  ) : deal.data && contract ? (
    <Ticket deal={deal.data} contract={contract} feedPrice={quote.price} price={price} />
  ) : (
    <Skeleton.Paragraph lineCount={8} animated className="futures-skeleton" />
  );

  return (
    <div className="futures-page" data-testid="futures-contract-page">
      <TradingLayout
        top={
          <>
            {deal.data ? <PairChips contracts={deal.data.contracts.filter((entry) => entry.kind === contract?.kind)} symbol={symbol} onSelect={(picked) => setParams({ symbol: picked }, { replace: true })} /> : null}
            {contract && !contract.market_open ? (
              <p className="futures-note futures-note--closed" data-testid="futures-market-closed">
                {t('note.closed')}
                {quote.next_open === null ? null : ` · ${t('note.nextOpen', { time: formatDateTime(quote.next_open) })}`}
              </p>
            ) : null}
            <QuoteSummary quote={quote} chartOpen={chartOpen} onToggleChart={() => setChartOpen((open) => !open)} chartToggleTestId="futures-chart-toggle" />
            <ChartPanel open={chartOpen} render={(tab, fullScreen) => (tab === 'kline' ? <KlineChart def={def} fullScreen={fullScreen} /> : <DepthPanel quote={quote} />)} />
          </>
        }
        form={form}
        book={<OrderBook quote={quote} def={def} onPick={pickPrice} />}
        bottom={
          token && deal.data ? (
            <>
              <AccountFacts deal={deal.data} />
              <Positions positions={deal.data.positions} quote={quote} />
              {contract ? <p className="futures-note futures-note--terms">{t('note.spread', { spread: formatDecimal(contract.spread), fee: formatDecimal(ratePercent(contract.fee_rate)), overnight: formatDecimal(ratePercent(contract.overnight_rate)) })}</p> : null}
              <p className="futures-note futures-note--risk">{t('note.risk')}</p>
            </>
          ) : null
        }
      />
    </div>
  );
}

/**
 * pages/transaction/contract?symbol=: futures in the shared trading layout:
 * the pair header with the K-line one tap away, the ticket (previewed with
 * core) beside the pair's book, and the user's positions below.
 */
export default function ContractPage() {
  const { t } = useTranslation('futures');
  const [params] = useSearchParams();
  const symbol = params.get('symbol') ?? 'BTC/USDT';
  const quote = useQuote(symbol);
  return (
    <>
      <PageHeader
        title={`${symbol} · ${t('title')}`}
        fallback="/pages/transaction/index"
        right={<HeaderLink to={futuresPaths.orders} label={t('action.myOrders')} icon={<FileOutline />} testId="futures-orders-link" />}
      />
      {quote.data ? (
        // Keyed by symbol: another pair starts with a fresh ticket and subscriptions.
        <ContractScreen key={symbol} quote={quote.data} />
      ) : quote.isError ? (
        <LoadError title={t('error.title')} description={t('error.description')} onRetry={() => void quote.refetch()} />
      ) : (
        <Skeleton.Paragraph lineCount={8} animated className="futures-skeleton" />
      )}
    </>
  );
}

/** Batch close reaches every pair, whichever page it is tapped on: the question says so. */
const BATCH_CONFIRM = { 0: 'confirm.batchAll', 1: 'confirm.batchLongs', 2: 'confirm.batchShorts' } as const;

/** Confirms and closes the user's positions: all, longs only or shorts only (`type` as /lever/batch_close takes it). */
export function BatchCloseDialog({ type, onClose }: { type: 0 | 1 | 2 | null; onClose: () => void }) {
  const { t } = useTranslation('futures');
  const batch = useBatchClose();
  const run = async () => {
    if (type === null) return;
    try {
      await batch.mutateAsync(type);
      toast(t('done.closed'));
    } catch {
      // The request layer has shown why.
    }
  };
  return (
    <Dialog
      visible={type !== null}
      content={t(BATCH_CONFIRM[type ?? 0])}
      closeOnAction
      onClose={onClose}
      actions={[[{ key: 'cancel', text: t('shell:actions.cancel') }, { key: 'close', text: t('action.close'), bold: true, onClick: run }]]}
    />
  );
}
