import {
  accountRiskRate,
  checkStops,
  dec,
  entrustOpenPriceTicks,
  entrustReachedAt,
  type FuturesPosition,
  type FuturesSide,
  type FuturesTerms,
  formatMinor,
  liquidationPriceTicks,
  parseDecimal,
  pnlAtFeedLevel,
  positionEquity,
  positionRiskRate,
  previewOpen,
  toMinor,
  unrealizedPnl,
} from '@openbourse/core';
import type { FuturesOrder, LeverDeal, WireTerms } from './api.ts';

/** The core terms from the wire: the page previews with the functions the server holds and settles with. */
export function termsOf(wire: WireTerms): FuturesTerms {
  return {
    tickSize: wire.tick_size,
    lotSize: wire.lot_size,
    quoteScale: wire.quote_scale,
    spreadTicks: wire.spread_ticks,
    feeRate: wire.fee_rate,
    maintenanceMarginRatio: wire.maintenance_margin_ratio,
    overnightRate: wire.overnight_rate,
  };
}

/** A typed price in whole ticks, or null when it is not a positive multiple of the tick. */
export function priceTicks(terms: FuturesTerms, text: string | undefined): number | null {
  const value = parseDecimal(text?.trim() ?? '');
  if (!value?.greaterThan(0)) return null;
  const ticks = value.dividedBy(terms.tickSize);
  return ticks.isInteger() && ticks.lessThanOrEqualTo(Number.MAX_SAFE_INTEGER) ? ticks.toNumber() : null;
}

/** A typed amount in minor units of the quote currency, or null when it is not a positive amount with at most the currency's decimals. */
export function amountMinor(terms: FuturesTerms, text: string | undefined): number | null {
  const value = parseDecimal(text?.trim() ?? '');
  if (!value?.greaterThan(0) || value.decimalPlaces() > terms.quoteScale) return null;
  const units = value.times(dec(10).pow(terms.quoteScale));
  return units.lessThanOrEqualTo(Number.MAX_SAFE_INTEGER) ? units.toNumber() : null;
}

export const ticksText = (terms: FuturesTerms, ticks: number) => dec(ticks).times(terms.tickSize).toFixed(dec(terms.tickSize).decimalPlaces());
const moneyText = (terms: FuturesTerms, minor: number) => formatMinor(minor, terms.quoteScale);
/** A percentage of a rate as the contract notes show it, in decimal arithmetic (0.0007 → 0.07, never 0.06999999999999999). */
export const ratePercent = (rate: string) => dec(rate).times(100).toFixed();

export type TicketIssue = 'price' | 'takeProfit' | 'stopLoss' | 'beyondLiquidation' | null;

export interface TicketPreview {
  margin: string;
  fee: string;
  /** What must be available: margin and fee at the limit for a limit order (the server holds that first). */
  total: string;
  liquidation: string;
  issue: TicketIssue;
  /** The liquidation price a refused stop-loss meets. */
  liquidationForIssue?: string;
  /** The P&L when the feed reaches the typed take-profit or stop-loss (core pnlAtFeedLevel), once the stops are acceptable. */
  pnlAtTakeProfit?: string;
  pnlAtStopLoss?: string;
}

/**
 * What the ticket shows before submitting: margin, fee, liquidation price,
 * whether the stops are acceptable and the P&L at each. As on the server, a
 * limit the price already reaches opens at once at the feed (never worse
 * than the limit) and its stops are judged there.
 */
export function previewTicket(
  terms: FuturesTerms,
  input: { side: FuturesSide; lots: number; multiple: number; feedTicks: number; limit?: string; takeProfit?: string; stopLoss?: string },
): TicketPreview | null {
  const limitTicks = input.limit === undefined ? undefined : priceTicks(terms, input.limit);
  if (limitTicks === null) return { margin: '--', fee: '--', total: '--', liquidation: '--', issue: 'price' };
  const held = previewOpen(terms, input.side, input.lots, input.multiple, limitTicks === undefined ? { feedTicks: input.feedTicks } : { limitTicks });
  const opensNow = limitTicks === undefined || (input.feedTicks > 0 && entrustReachedAt(terms, input.side, limitTicks, input.feedTicks));
  const opened = limitTicks !== undefined && opensNow ? previewOpen(terms, input.side, input.lots, input.multiple, { limitTicks: entrustOpenPriceTicks(terms, input.side, limitTicks, input.feedTicks) }) : held;
  const result: TicketPreview = {
    margin: moneyText(terms, opened.marginMinor),
    fee: moneyText(terms, opened.feeMinor),
    total: moneyText(terms, held.totalMinor),
    liquidation: ticksText(terms, opened.liquidationTicks),
    issue: null,
  };
  const tp = input.takeProfit ? priceTicks(terms, input.takeProfit) : undefined;
  const sl = input.stopLoss ? priceTicks(terms, input.stopLoss) : undefined;
  if (tp === null || sl === null) return { ...result, issue: 'price' };
  const position: FuturesPosition = { side: input.side, lots: input.lots, openPriceTicks: opened.openPriceTicks, marginMinor: opened.marginMinor };
  const refusal = checkStops(terms, position, opensNow ? input.feedTicks : (limitTicks as number), { takeProfitTicks: tp, stopLossTicks: sl });
  if (refusal === 'take_profit_wrong_side') return { ...result, issue: 'takeProfit' };
  if (refusal === 'stop_loss_wrong_side') return { ...result, issue: 'stopLoss' };
  if (refusal === 'stop_loss_beyond_liquidation') return { ...result, issue: 'beyondLiquidation', liquidationForIssue: result.liquidation };
  return {
    ...result,
    pnlAtTakeProfit: tp === undefined ? undefined : moneyText(terms, pnlAtFeedLevel(terms, position, tp)),
    pnlAtStopLoss: sl === undefined ? undefined : moneyText(terms, pnlAtFeedLevel(terms, position, sl)),
  };
}

/** An order's position in core's terms, or null before it has opened. */
function positionOf(order: FuturesOrder): { terms: FuturesTerms; position: FuturesPosition } | null {
  const terms = termsOf(order.terms);
  const open = order.open_price === null ? null : priceTicks(terms, order.open_price);
  if (open === null) return null;
  return { terms, position: { side: order.side, lots: order.lots, openPriceTicks: open, marginMinor: toMinor(order.margin, terms.quoteScale) } };
}

/** A holding position valued at the live feed price: P&L, risk rate and liquidation price, with core's functions. */
export function livePosition(order: FuturesOrder, feedPrice: string | undefined) {
  const held = positionOf(order);
  const feed = held === null || feedPrice === undefined ? null : priceTicks(held.terms, feedPrice);
  if (held === null || feed === null) return { pnl: order.pnl, riskRate: order.risk_rate, liquidation: order.liquidation_price };
  const { terms, position } = held;
  return {
    pnl: moneyText(terms, unrealizedPnl(terms, position, feed)),
    riskRate: positionRiskRate(terms, position, feed),
    liquidation: ticksText(terms, liquidationPriceTicks(terms, position)),
  };
}

/** The liquidation price after adding a typed amount of margin (what /lever/add_margin will answer), or null while the amount is not one. */
export function liquidationAfterMargin(order: FuturesOrder, amount: string): string | null {
  const held = positionOf(order);
  const added = held === null ? null : amountMinor(held.terms, amount);
  if (held === null || added === null) return null;
  return ticksText(held.terms, liquidationPriceTicks(held.terms, { ...held.position, marginMinor: held.position.marginMinor + added }));
}

/**
 * The account risk rate at live prices (core accountRiskRate, as /lever/deal
 * computes it at the last ticks): equity = available + what entrusts hold
 * (the frozen bucket beyond the positions' margin) + every holding
 * position's margin and P&L at its live quote, over the margin in use.
 */
export function liveAccountRisk(deal: Pick<LeverDeal, 'available' | 'frozen'>, holdings: FuturesOrder[], priceOf: (symbol: string) => string | undefined): string | null {
  const valued = holdings.flatMap((order) => {
    const held = positionOf(order);
    if (held === null) return [];
    const feed = priceOf(order.symbol);
    const feedTicks = feed === undefined ? null : priceTicks(held.terms, feed);
    const equityMinor = feedTicks === null ? held.position.marginMinor + toMinor(order.pnl ?? '0', held.terms.quoteScale) : positionEquity(held.terms, held.position, feedTicks);
    return [{ scale: held.terms.quoteScale, equityMinor, marginMinor: held.position.marginMinor }];
  });
  const scale = valued[0]?.scale;
  if (scale === undefined) return null;
  const used = valued.reduce((sum, entry) => sum + entry.marginMinor, 0);
  return accountRiskRate(toMinor(deal.available, scale) + toMinor(deal.frozen, scale) - used, valued);
}
