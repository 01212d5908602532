import {
  checkStops,
  dec,
  type FuturesPosition,
  type FuturesSide,
  type FuturesTerms,
  formatMinor,
  liquidationPriceTicks,
  parseDecimal,
  positionRiskRate,
  previewOpen,
  unrealizedPnl,
} from '@openbourse/core';
import type { FuturesOrder, WireTerms } from './api.ts';

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

export const ticksText = (terms: FuturesTerms, ticks: number) => dec(ticks).times(terms.tickSize).toFixed(dec(terms.tickSize).decimalPlaces());
const moneyText = (terms: FuturesTerms, minor: number) => formatMinor(minor, terms.quoteScale);

export type TicketIssue = 'price' | 'takeProfit' | 'stopLoss' | 'beyondLiquidation' | null;

export interface TicketPreview {
  margin: string;
  fee: string;
  total: string;
  liquidation: string;
  issue: TicketIssue;
  /** The liquidation price a refused stop-loss meets. */
  liquidationForIssue?: string;
}

/** What the ticket shows before submitting: margin, fee, liquidation price, and whether the stops are acceptable. */
export function previewTicket(
  terms: FuturesTerms,
  input: { side: FuturesSide; lots: number; multiple: number; feedTicks: number; limit?: string; takeProfit?: string; stopLoss?: string },
): TicketPreview | null {
  const limitTicks = input.limit === undefined ? undefined : priceTicks(terms, input.limit);
  if (limitTicks === null) return { margin: '--', fee: '--', total: '--', liquidation: '--', issue: 'price' };
  const preview = previewOpen(terms, input.side, input.lots, input.multiple, limitTicks === undefined ? { feedTicks: input.feedTicks } : { limitTicks });
  const result: TicketPreview = {
    margin: moneyText(terms, preview.marginMinor),
    fee: moneyText(terms, preview.feeMinor),
    total: moneyText(terms, preview.totalMinor),
    liquidation: ticksText(terms, preview.liquidationTicks),
    issue: null,
  };
  const tp = input.takeProfit ? priceTicks(terms, input.takeProfit) : undefined;
  const sl = input.stopLoss ? priceTicks(terms, input.stopLoss) : undefined;
  if (tp === null || sl === null) return { ...result, issue: 'price' };
  const position: FuturesPosition = { side: input.side, lots: input.lots, openPriceTicks: preview.openPriceTicks, marginMinor: preview.marginMinor };
  const refusal = checkStops(terms, position, limitTicks ?? input.feedTicks, { takeProfitTicks: tp, stopLossTicks: sl });
  if (refusal === 'take_profit_wrong_side') return { ...result, issue: 'takeProfit' };
  if (refusal === 'stop_loss_wrong_side') return { ...result, issue: 'stopLoss' };
  if (refusal === 'stop_loss_beyond_liquidation') return { ...result, issue: 'beyondLiquidation', liquidationForIssue: result.liquidation };
  return result;
}

/** A holding position valued at the live feed price: P&L, risk rate and liquidation price, with core's functions. */
export function livePosition(order: FuturesOrder, feedPrice: string | undefined) {
  const terms = termsOf(order.terms);
  const feed = feedPrice === undefined ? null : priceTicks(terms, feedPrice);
  const open = order.open_price === null ? null : priceTicks(terms, order.open_price);
  if (feed === null || open === null) return { pnl: order.pnl, riskRate: order.risk_rate, liquidation: order.liquidation_price };
  const position: FuturesPosition = { side: order.side, lots: order.lots, openPriceTicks: open, marginMinor: Number(dec(order.margin).times(dec(10).pow(terms.quoteScale)).toFixed(0)) };
  return {
    pnl: moneyText(terms, unrealizedPnl(terms, position, feed)),
    riskRate: positionRiskRate(terms, position, feed),
    liquidation: ticksText(terms, liquidationPriceTicks(terms, position)),
  };
}
