import { dec, type InstrumentDef, TIMING } from '@openbourse/core';
import { Button, Toast } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { newClientOid } from '../../../shared/api/money-calls.ts';
import { toast } from '../../../shared/api/request.ts';
import type { SpotOrder } from '../../../shared/market/orders.ts';
import { type PlacedOrder, isConditional } from '../order-request.ts';
import type { Quote } from '../../../shared/market/quotes.ts';
import { ROUTES } from '../../../shared/navigation.ts';
import { useSession } from '../../../shared/session.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { usePairBalances, usePlaceOrder } from '../api.ts';
import {
  amountForShare,
  type DraftIssue,
  type DraftMarket,
  evaluateDraft,
  type OrderDraft,
  shareOfAvailable,
  spendsTotal,
  THROUGH_MARKET_WARNING_PERCENT,
  throughMarketPercent,
} from '../preview.ts';
import { DecimalField, ExecutionOptions, MarketPriceField, OrderTypeSwitch, ShareSlider, SideSwitch } from './OrderFields.tsx';
import { isLiveIssue, OrderPreview } from './OrderPreview.tsx';
import { formatDecimal, formatSignificant } from '../../../shared/format.ts';
import { confirmOnce } from '../../../shared/ui/confirm.ts';

function issueMessage(t: TFunction<'trade'>, issue: DraftIssue, def: InstrumentDef): string {
  return t(`issues.${issue}`, { tick: def.tickSize, lot: def.lotSize, min: def.minNotional, currency: def.quote });
}

/** What happened to a submitted order: filled, partially filled or placed (or, for a market order that met no liquidity, cancelled). */
function resultMessage(t: TFunction<'trade'>, placed: PlacedOrder, def: InstrumentDef): string {
  if (isConditional(placed)) return t('result.conditional');
  const order: SpotOrder = placed;
  if (order.status === 'filled') return t('result.filled', { price: formatDecimal(order.average_price ?? order.price) });
  if (dec(order.filled_amount).isZero()) return order.status === 'open' ? t('result.placed') : t('result.unfilled');
  return t('result.partial', { filled: formatDecimal(order.filled_amount), amount: formatDecimal(order.amount), base: def.base });
}

function showResult(message: string): void {
  // The toast breaks anywhere by default, which can split a price in two; this content breaks only between words.
  Toast.show({
    content: (
      <span className="trade-result" data-testid="trade-result">
        {message}
      </span>
    ),
    duration: TIMING.toastMs,
  });
}

function VisitorActions() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <div className="trade-form__visitor">
      <Button block color="primary" onClick={() => navigate(`${ROUTES.login}?redirect=${redirect}`)} data-testid="trade-login">
        {t('actions.login')}
      </Button>
      <Button block fill="outline" color="primary" onClick={() => navigate(ROUTES.register)} data-testid="trade-register">
        {t('actions.register')}
      </Button>
    </div>
  );
}

interface Props {
  quote: Quote;
  def: InstrumentDef;
  draft: OrderDraft;
  onChange(patch: Partial<OrderDraft>): void;
  /** Book prices picked so far: the price field flashes on each. */
  pricePicks?: number;
}

/** The limit price is far through the market (a buy well above the last price, a sell well below): ask before sending. */
async function confirmThroughMarket(t: TFunction<'trade'>, draft: OrderDraft, lastPrice: string): Promise<boolean> {
  const percent = throughMarketPercent(draft, lastPrice);
  if (percent <= THROUGH_MARKET_WARNING_PERCENT) return true;
  return confirmOnce({
    title: t('warning.title'),
    content: <span data-testid="trade-through-warning">{t(draft.side === 'buy' ? 'warning.buyAbove' : 'warning.sellBelow', { percent, price: formatDecimal(lastPrice) })}</span>,
    confirmText: t('warning.confirm'),
    cancelText: t('warning.cancel'),
  });
}

/**
 * Buy or sell; limit, market or stop-limit: the draft is checked and
 * previewed on every keystroke with the server's own arithmetic, and problems
 * are shown before anything is sent. Amount and total follow each other.
 */
export function OrderForm({ quote, def, draft, onChange, pricePicks = 0 }: Props) {
  const { t } = useTranslation('trade');
  const { token } = useSession();
  const balances = usePairBalances(quote);
  const place = usePlaceOrder(quote);
  /** The slider position the user dragged to; typing an amount hands the thumb back to the amount. */
  const [draggedShare, setDraggedShare] = useState<number | null>(null);

  const heldCurrency = draft.side === 'buy' ? quote.quote : quote.base;
  const heldBalance = draft.side === 'buy' ? balances.data?.quote : balances.data?.base;
  const market: DraftMarket = { def, lastPrice: quote.price, available: heldBalance?.available };
  const { preview, issue } = evaluateDraft(draft, market);
  const share = draggedShare ?? shareOfAvailable(draft, market);
  const spending = spendsTotal(draft);

  const change = (patch: Partial<OrderDraft>) => {
    setDraggedShare(null);
    onChange(patch);
  };
  const pickShare = (percent: number) => {
    setDraggedShare(percent);
    if (spending) onChange({ total: market.available === undefined || percent <= 0 ? '' : dec(market.available).times(percent).dividedBy(100).toDecimalPlaces(def.quoteScale).toFixed() });
    else onChange({ amount: amountForShare(draft, market, percent) });
  };
  const submit = async () => {
    // The server would refuse it too, but in its exchange's time zone; this says when it opens in the user's.
    if (!quote.market_open) {
      toast(quote.next_open === null ? t('closed.unknownOpen') : t('closed.nextOpen', { time: formatDateTime(quote.next_open) }));
      return;
    }
    if (issue) {
      toast(issueMessage(t, issue, def));
      return;
    }
    if (!(await confirmThroughMarket(t, draft, quote.price))) return;
    place.mutate(
      { draft, clientOid: newClientOid() },
      {
        onSuccess: (placed) => {
          showResult(resultMessage(t, placed, def));
          change({ amount: '', total: '' });
        },
      },
    );
  };

  const priceLabel = t('form.price', { currency: quote.quote });
  return (
    <section className={`trade-form trade-form--${draft.side}`} data-testid="trade-form">
      <SideSwitch side={draft.side} onChange={(side) => change({ side, amount: '', total: '' })} />
      <OrderTypeSwitch type={draft.type} onChange={(type) => change({ type })} />
      {draft.type === 'stop_limit' ? (
        <DecimalField label={t('form.stopPrice', { currency: quote.quote })} value={draft.stopPrice} step={def.tickSize} onChange={(stopPrice) => change({ stopPrice })} testId="trade-stop-price" />
      ) : null}
      {draft.type === 'market' ? (
        <MarketPriceField label={priceLabel} />
      ) : (
        <DecimalField label={priceLabel} value={draft.price} step={def.tickSize} onChange={(price) => change({ price })} testId="trade-price" filledFrom={pricePicks} />
      )}
      <DecimalField label={t('form.amount', { currency: quote.base })} value={draft.amount} step={def.lotSize} onChange={(amount) => change({ amount })} testId="trade-amount" />
      <ShareSlider value={share} disabled={!token || market.available === undefined} onChange={pickShare} />
      <DecimalField
        label={t(draft.type === 'market' && draft.side === 'buy' ? 'form.spend' : 'form.total', { currency: quote.quote })}
        value={draft.total}
        step={def.minNotional}
        onChange={(total) => change({ total })}
        testId="trade-total"
      />
      {draft.type === 'market' ? null : <ExecutionOptions draft={draft} onChange={change} />}
      <div className="trade-form__available">
        <span className="muted">{t('form.available')}</span>
        <span data-testid="trade-available">{token ? `${market.available === undefined ? '--' : formatSignificant(market.available)} ${heldCurrency}` : '--'}</span>
      </div>
      <OrderPreview draft={draft} preview={preview} quoteCurrency={quote.quote} lastPrice={quote.price} />
      {isLiveIssue(issue) ? (
        <p className="trade-form__issue" role="alert" data-testid="trade-issue">
          {issueMessage(t, issue, def)}
        </p>
      ) : null}
      {token ? (
        <Button block className={`trade-submit trade-submit--${draft.side}`} loading={place.isPending} onClick={() => void submit()} data-testid="trade-submit">
          {draft.side === 'buy' ? t('form.submitBuy', { base: quote.base }) : t('form.submitSell', { base: quote.base })}
        </Button>
      ) : (
        <VisitorActions />
      )}
    </section>
  );
}
