import { Decimal, dec } from '../decimal.ts';
import type { MinorUnits } from '../money.ts';

/**
 * Futures (lever contracts) with isolated margin, the house as counterparty
 * (spec sections 3, 7 and 9; issue 11 §1).
 *
 * Units: prices are integer feed ticks of the instrument (`tickSize` quote
 * per tick), quantities whole lots (`lotSize` base per lot), money integer
 * minor units of the quote currency (`quoteScale`). Arithmetic is exact in
 * decimal.js; only a final amount is rounded, always toward the platform by
 * less than one minor unit: what the user pays (margin, fees, overnight fee)
 * rounds up, what the user receives (P&L, signed) rounds down.
 *
 * Prices: a long opens at the feed price plus half the spread and closes at
 * the feed price minus half; a short the reverse. Half a spread of an odd
 * number of ticks rounds up (toward the platform).
 *
 * Liquidation: a position is liquidated when its equity (margin + unrealized
 * P&L at the close price) falls to the maintenance margin (the maintenance
 * ratio × the notional at the open price). That happens exactly when the
 * feed price reaches the liquidation level computed here (long: at or below,
 * short: at or above), so the price the user sees is the price that decides.
 */

export type FuturesSide = 'long' | 'short';

export interface FuturesTerms {
  /** Quote per price tick, e.g. "0.01". */
  tickSize: string;
  /** Base units per lot, e.g. "0.001" BTC. */
  lotSize: string;
  /** Minor-unit scale of the quote currency (USDT: 6). */
  quoteScale: number;
  /** The whole spread in price ticks; half is added on each side. */
  spreadTicks: number;
  /** Fee rate on the notional, charged on open and again on close, e.g. "0.0005". */
  feeRate: string;
  /** Equity at or below this share of the open notional liquidates, e.g. "0.005". */
  maintenanceMarginRatio: string;
  /** Daily overnight fee rate on the open notional, e.g. "0.0002". */
  overnightRate: string;
}

export interface FuturesPosition {
  side: FuturesSide;
  lots: number;
  /** The open price including half the spread, in ticks. */
  openPriceTicks: number;
  /** The margin held for the position now (initial margin + added − overnight fees), minor units. */
  marginMinor: MinorUnits;
}

export type StopRefusal = 'take_profit_wrong_side' | 'stop_loss_wrong_side' | 'stop_loss_beyond_liquidation';

const direction = (side: FuturesSide) => (side === 'long' ? 1 : -1);

function scaleOf(terms: FuturesTerms): Decimal {
  return Decimal.pow(10, terms.quoteScale);
}

type Rounding = typeof Decimal.ROUND_CEIL | typeof Decimal.ROUND_FLOOR;

function toMinorRounded(amount: Decimal, terms: FuturesTerms, rounding: Rounding): MinorUnits {
  const units = amount.times(scaleOf(terms)).toDecimalPlaces(0, rounding);
  if (units.abs().greaterThan(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount beyond the representable range');
  return units.toNumber();
}

/** What the user pays: rounded up. */
const charged = (amount: Decimal, terms: FuturesTerms) => toMinorRounded(amount, terms, Decimal.ROUND_CEIL);
/** What the user receives, signed: rounded down (a loss to the larger loss). */
const credited = (amount: Decimal, terms: FuturesTerms) => toMinorRounded(amount, terms, Decimal.ROUND_FLOOR);

export function halfSpreadTicks(terms: FuturesTerms): number {
  return Math.ceil(terms.spreadTicks / 2);
}

/** The price a position opens at from a feed price: long pays half the spread above, short half below (never below one tick). */
export function openPriceTicks(terms: FuturesTerms, side: FuturesSide, feedTicks: number): number {
  return Math.max(1, feedTicks + direction(side) * halfSpreadTicks(terms));
}

/** The price a position closes at from a feed price: long half the spread below, short half above. */
export function closePriceTicks(terms: FuturesTerms, side: FuturesSide, feedTicks: number): number {
  return Math.max(1, feedTicks - direction(side) * halfSpreadTicks(terms));
}

/** Base quantity of a number of lots. */
export function contractQuantity(terms: FuturesTerms, lots: number): Decimal {
  return dec(lots).times(terms.lotSize);
}

/** Exact notional in quote units: price × quantity. */
export function notionalAt(terms: FuturesTerms, priceTicks: number, lots: number): Decimal {
  return dec(priceTicks).times(terms.tickSize).times(contractQuantity(terms, lots));
}

/** Initial margin: open price × quantity / multiple, rounded up. */
export function initialMargin(terms: FuturesTerms, priceTicks: number, lots: number, multiple: number): MinorUnits {
  return charged(notionalAt(terms, priceTicks, lots).dividedBy(multiple), terms);
}

/** The fee charged on open and again on close: notional × fee rate, rounded up. */
export function tradeFee(terms: FuturesTerms, priceTicks: number, lots: number): MinorUnits {
  return charged(notionalAt(terms, priceTicks, lots).times(terms.feeRate), terms);
}

export interface OpenPreview {
  openPriceTicks: number;
  marginMinor: MinorUnits;
  feeMinor: MinorUnits;
  /** Margin + open fee: what leaves the lever account's available balance. */
  totalMinor: MinorUnits;
  liquidationTicks: number;
}

/** What opening costs at a feed price (market) or at a limit price (the worst open price of a limit entrust). */
export function previewOpen(terms: FuturesTerms, side: FuturesSide, lots: number, multiple: number, price: { feedTicks: number } | { limitTicks: number }): OpenPreview {
  const open = 'feedTicks' in price ? openPriceTicks(terms, side, price.feedTicks) : price.limitTicks;
  const marginMinor = initialMargin(terms, open, lots, multiple);
  const feeMinor = tradeFee(terms, open, lots);
  const liquidationTicks = liquidationPriceTicks(terms, { side, lots, openPriceTicks: open, marginMinor });
  return { openPriceTicks: open, marginMinor, feeMinor, totalMinor: marginMinor + feeMinor, liquidationTicks };
}

/** P&L of closing at a close price (spread already applied), rounded down. */
export function pnlAtClosePrice(terms: FuturesTerms, position: Pick<FuturesPosition, 'side' | 'lots' | 'openPriceTicks'>, closeTicks: number): MinorUnits {
  const move = dec(closeTicks - position.openPriceTicks).times(direction(position.side));
  return credited(move.times(terms.tickSize).times(contractQuantity(terms, position.lots)), terms);
}

/** Unrealized P&L at a feed price: what closing now would realize before the close fee. */
export function unrealizedPnl(terms: FuturesTerms, position: FuturesPosition, feedTicks: number): MinorUnits {
  return pnlAtClosePrice(terms, position, closePriceTicks(terms, position.side, feedTicks));
}

/** The P&L expected when the feed reaches a level (a take-profit or stop-loss): closed at that level less half the spread. */
export function pnlAtFeedLevel(terms: FuturesTerms, position: FuturesPosition, levelTicks: number): MinorUnits {
  return unrealizedPnl(terms, position, levelTicks);
}

/** Margin + unrealized P&L. */
export function positionEquity(terms: FuturesTerms, position: FuturesPosition, feedTicks: number): MinorUnits {
  return position.marginMinor + unrealizedPnl(terms, position, feedTicks);
}

/** Ratio as a percentage with two decimals, rounded down; null without a denominator. */
function percent(numerator: number, denominator: number): string | null {
  if (denominator <= 0) return null;
  return dec(numerator).times(100).dividedBy(denominator).toDecimalPlaces(2, Decimal.ROUND_FLOOR).toFixed(2);
}

/** Position risk rate: equity / margin, in percent (100 at the open price without spread, falling with losses). */
export function positionRiskRate(terms: FuturesTerms, position: FuturesPosition, feedTicks: number): string | null {
  return percent(positionEquity(terms, position, feedTicks), position.marginMinor);
}

/** Account risk rate: (available balance + every position's equity) / used margin, in percent; null without positions. */
export function accountRiskRate(availableMinor: MinorUnits, positions: { equityMinor: MinorUnits; marginMinor: MinorUnits }[]): string | null {
  const used = positions.reduce((sum, position) => sum + position.marginMinor, 0);
  const equity = positions.reduce((sum, position) => sum + position.equityMinor, availableMinor);
  return percent(equity, used);
}

/** Maintenance margin, exact: ratio × notional at the open price. */
export function maintenanceMargin(terms: FuturesTerms, position: Pick<FuturesPosition, 'lots' | 'openPriceTicks'>): Decimal {
  return notionalAt(terms, position.openPriceTicks, position.lots).times(terms.maintenanceMarginRatio);
}

/**
 * The liquidation level in feed ticks. Equity at close price c is
 * margin + dir × (c − open) × quantity; it reaches the maintenance margin at
 * c* = open + dir × (maintenance − margin) / quantity. The close price is the
 * feed ∓ half the spread, so the feed level is c* ± half the spread. A long
 * liquidates at a feed at or below the level (rounded down to a whole tick:
 * the first tick at which equity ≤ maintenance), a short at or above
 * (rounded up). A long whose level is below one tick cannot be liquidated (0).
 */
export function liquidationPriceTicks(terms: FuturesTerms, position: FuturesPosition): number {
  const dir = direction(position.side);
  const cushion = maintenanceMargin(terms, position).minus(dec(position.marginMinor).dividedBy(scaleOf(terms)));
  const cushionTicks = cushion.dividedBy(contractQuantity(terms, position.lots)).dividedBy(terms.tickSize);
  const level = dec(position.openPriceTicks).plus(cushionTicks.times(dir)).plus(dir * halfSpreadTicks(terms));
  const ticks = (position.side === 'long' ? level.floor() : level.ceil()).toNumber();
  return Math.max(0, ticks);
}

/** Whether a feed price has reached the liquidation level. */
export function isLiquidatedAt(terms: FuturesTerms, position: FuturesPosition, feedTicks: number): boolean {
  const level = liquidationPriceTicks(terms, position);
  return position.side === 'long' ? feedTicks <= level : feedTicks >= level;
}

export interface CloseSettlement {
  closePriceTicks: number;
  /** Realized P&L at the close price, before the fee. */
  pnlMinor: MinorUnits;
  /** The close fee actually charged (never more than what is left of the position). */
  feeMinor: MinorUnits;
  /** What returns to the user's lever balance: margin + P&L − fee, never below zero. */
  payoutMinor: MinorUnits;
  /** What the house absorbs beyond the margin when a gap passed the liquidation price (≥ 0). */
  deficitMinor: MinorUnits;
}

/**
 * Closing at a feed price. The user never owes more than the margin: when
 * margin + P&L is negative (a gap past the liquidation level) the payout is
 * zero, no fee is charged and the house absorbs the rest.
 */
export function settleClose(terms: FuturesTerms, position: FuturesPosition, feedTicks: number): CloseSettlement {
  const close = closePriceTicks(terms, position.side, feedTicks);
  const pnlMinor = pnlAtClosePrice(terms, position, close);
  const left = position.marginMinor + pnlMinor;
  const feeMinor = Math.min(tradeFee(terms, close, position.lots), Math.max(0, left));
  return { closePriceTicks: close, pnlMinor, feeMinor, payoutMinor: Math.max(0, left - feeMinor), deficitMinor: Math.max(0, -left) };
}

/** The daily overnight fee: open notional × overnight rate, rounded up. */
export function overnightFee(terms: FuturesTerms, position: Pick<FuturesPosition, 'lots' | 'openPriceTicks'>): MinorUnits {
  return charged(notionalAt(terms, position.openPriceTicks, position.lots).times(terms.overnightRate), terms);
}

/**
 * Take-profit and stop-loss levels (feed ticks) against a reference feed
 * price: a long takes profit above and stops below, a short the reverse; a
 * stop-loss the liquidation would reach first is refused with that reason.
 */
export function checkStops(terms: FuturesTerms, position: FuturesPosition, referenceFeedTicks: number, stops: { takeProfitTicks?: number; stopLossTicks?: number }): StopRefusal | null {
  const dir = direction(position.side);
  const { takeProfitTicks: tp, stopLossTicks: sl } = stops;
  if (tp !== undefined && (tp - referenceFeedTicks) * dir <= 0) return 'take_profit_wrong_side';
  if (sl !== undefined) {
    if ((referenceFeedTicks - sl) * dir <= 0) return 'stop_loss_wrong_side';
    if ((sl - liquidationPriceTicks(terms, position)) * dir <= 0) return 'stop_loss_beyond_liquidation';
  }
  return null;
}

export type LevelDirection = 'rise' | 'fall';

/** Which way the feed moves to reach each of a position's levels. */
export function levelDirections(side: FuturesSide): { takeProfit: LevelDirection; stopLoss: LevelDirection; liquidation: LevelDirection } {
  return side === 'long' ? { takeProfit: 'rise', stopLoss: 'fall', liquidation: 'fall' } : { takeProfit: 'fall', stopLoss: 'rise', liquidation: 'rise' };
}

/**
 * A limit entrust opens when its open price (feed ± half the spread) is at
 * its limit or better: a long when the feed falls to limit − half the spread,
 * a short when it rises to limit + half. It opens at that tick's open price,
 * never worse than the limit.
 */
export function entrustTrigger(terms: FuturesTerms, side: FuturesSide, limitTicks: number): { level: number; direction: LevelDirection } {
  const half = halfSpreadTicks(terms);
  return side === 'long' ? { level: limitTicks - half, direction: 'fall' } : { level: limitTicks + half, direction: 'rise' };
}

/** Whether a feed price reaches an entrust's trigger: a limit already reached when it is placed opens at once. */
export function entrustReachedAt(terms: FuturesTerms, side: FuturesSide, limitTicks: number, feedTicks: number): boolean {
  const { level, direction } = entrustTrigger(terms, side, limitTicks);
  return direction === 'rise' ? feedTicks >= level : feedTicks <= level;
}

/** Where an entrust opens at a feed price that reaches it: that price's open price, never worse than the limit. */
export function entrustOpenPriceTicks(terms: FuturesTerms, side: FuturesSide, limitTicks: number, feedTicks: number): number {
  const atFeed = openPriceTicks(terms, side, feedTicks);
  return side === 'long' ? Math.min(atFeed, limitTicks) : Math.max(atFeed, limitTicks);
}
