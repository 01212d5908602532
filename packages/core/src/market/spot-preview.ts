import { BPS_PER_UNIT, feeFromBps } from '../matching/fees.ts';
import type { Side } from '../matching/types.ts';
import type { MinorUnits } from '../money.ts';
import { MAX_SAFE } from './exact.ts';
import { baseMinorToDecimal, deriveSpec, type InstrumentDef, quoteMinorToDecimal } from './instrument.ts';

export type SpotOrderType = 'limit' | 'market';

export interface SpotPreviewInput {
  readonly def: InstrumentDef;
  readonly side: Side;
  readonly type: SpotOrderType;
  /** The limit price, or the protection price of a market order (see marketProtectionPrice). */
  readonly priceTicks: number;
  readonly lots: number;
}

export interface PreviewAmount {
  readonly currency: 'base' | 'quote';
  /** The currency's code, e.g. 'USDT'. */
  readonly asset: string;
  /** Minor units (integer). */
  readonly amount: MinorUnits;
  /** The same amount as a decimal string with the currency's scale. */
  readonly amountDecimal: string;
}

export interface SpotPreview {
  readonly side: Side;
  readonly type: SpotOrderType;
  /** priceTicks × lots × quotePerTickLot, quote minor units. */
  readonly notional: MinorUnits;
  readonly notionalDecimal: string;
  /** Taker fee on the whole notional (the most the order can be charged), quote minor units. */
  readonly fee: MinorUnits;
  readonly feeDecimal: string;
  /** What must be held while the order is open: buy notional + fee in quote, sell the base quantity. */
  readonly hold: PreviewAmount;
  /** What the order yields if it fills entirely at priceTicks: buy the base quantity, sell notional − fee in quote. */
  readonly receive: PreviewAmount;
  /** The engine rejects limit orders below minNotional; market orders are checked by the caller. */
  readonly belowMinNotional: boolean;
}

export type SpotPreviewErrorReason = 'invalid_side' | 'invalid_order_type' | 'invalid_price' | 'invalid_quantity' | 'notional_overflow';

/** Thrown by previewSpotOrder; `reason` uses the engine's reject vocabulary. */
export class SpotPreviewError extends Error {
  constructor(readonly reason: SpotPreviewErrorReason) {
    super(`spot order preview: ${reason}`);
  }
}

const isPositiveSafeInteger = (value: number): boolean => Number.isSafeInteger(value) && value > 0;

/** A spot order's costs in minor units only: what the server holds on the order path, where the preview's decimal strings would be wasted. */
export interface SpotOrderAmounts {
  readonly notional: MinorUnits;
  readonly fee: MinorUnits;
  readonly hold: { readonly currency: 'base' | 'quote'; readonly amount: MinorUnits };
  readonly receive: { readonly currency: 'base' | 'quote'; readonly amount: MinorUnits };
  readonly belowMinNotional: boolean;
}

/**
 * Costs of a spot order, shared by the server (funds to hold) and the web
 * client (preview, below). The fee is the taker fee on the full notional: the
 * engine charges floor(fill notional × bps) per fill, whose sum never exceeds
 * it, and a buy never fills above priceTicks, so `hold` always covers the order.
 */
export function spotOrderAmounts(input: SpotPreviewInput): SpotOrderAmounts {
  const { def, side, type, priceTicks, lots } = input;
  if (side !== 'buy' && side !== 'sell') throw new SpotPreviewError('invalid_side');
  if (type !== 'limit' && type !== 'market') throw new SpotPreviewError('invalid_order_type');
  if (!isPositiveSafeInteger(priceTicks)) throw new SpotPreviewError('invalid_price');
  if (!isPositiveSafeInteger(lots)) throw new SpotPreviewError('invalid_quantity');
  const spec = deriveSpec(def);
  const notional = priceTicks * lots * spec.quotePerTickLot;
  const baseUnits = lots * spec.baseUnitsPerLot;
  if (!Number.isSafeInteger(notional) || !Number.isSafeInteger(baseUnits)) throw new SpotPreviewError('notional_overflow');
  const fee = feeFromBps(notional, spec.takerFeeBps);
  const belowMinNotional = notional < spec.minNotional;
  if (side === 'sell') return { notional, fee, hold: { currency: 'base', amount: baseUnits }, receive: { currency: 'quote', amount: notional - fee }, belowMinNotional };
  const total = notional + fee;
  if (!Number.isSafeInteger(total)) throw new SpotPreviewError('notional_overflow');
  return { notional, fee, hold: { currency: 'quote', amount: total }, receive: { currency: 'base', amount: baseUnits }, belowMinNotional };
}

/** The order's costs with each amount also as a decimal string in its currency's scale: what the order form shows. */
export function previewSpotOrder(input: SpotPreviewInput): SpotPreview {
  const { def, side, type } = input;
  const amounts = spotOrderAmounts(input);
  const withDecimal = ({ currency, amount }: { currency: 'base' | 'quote'; amount: MinorUnits }): PreviewAmount =>
    currency === 'base'
      ? { currency, asset: def.base, amount, amountDecimal: baseMinorToDecimal(def, amount) }
      : { currency, asset: def.quote, amount, amountDecimal: quoteMinorToDecimal(def, amount) };
  return {
    side,
    type,
    notional: amounts.notional,
    notionalDecimal: quoteMinorToDecimal(def, amounts.notional),
    fee: amounts.fee,
    feeDecimal: quoteMinorToDecimal(def, amounts.fee),
    hold: withDecimal(amounts.hold),
    receive: withDecimal(amounts.receive),
    belowMinNotional: amounts.belowMinNotional,
  };
}

export const DEFAULT_PROTECTION_BAND_BPS = 500;

/**
 * Protection price of a market order around a reference price (last trade or
 * mid), in ticks: a buy accepts up to reference × (1 + band) rounded up to a
 * tick, a sell down to reference × (1 − band) rounded down, never below 1
 * tick. A buy limit past the safe-integer range is clamped to it. `def` is
 * accepted for symmetry with the other helpers; the arithmetic is in ticks.
 */
export function marketProtectionPrice(
  def: InstrumentDef,
  side: Side,
  referencePriceTicks: number,
  bandBps: number = DEFAULT_PROTECTION_BAND_BPS,
): number {
  deriveSpec(def);
  if (side !== 'buy' && side !== 'sell') throw new RangeError(`invalid side ${String(side)}`);
  if (!isPositiveSafeInteger(referencePriceTicks)) {
    throw new RangeError(`referencePriceTicks must be a positive safe integer, got ${referencePriceTicks}`);
  }
  if (!Number.isInteger(bandBps) || bandBps < 0 || bandBps >= BPS_PER_UNIT) {
    throw new RangeError(`bandBps must be an integer in [0, ${BPS_PER_UNIT}), got ${bandBps}`);
  }
  const reference = BigInt(referencePriceTicks);
  const unit = BigInt(BPS_PER_UNIT);
  if (side === 'buy') {
    const scaled = reference * (unit + BigInt(bandBps));
    const ticks = (scaled + unit - 1n) / unit;
    return ticks > MAX_SAFE ? Number.MAX_SAFE_INTEGER : Number(ticks);
  }
  const ticks = (reference * (unit - BigInt(bandBps))) / unit;
  return ticks < 1n ? 1 : Number(ticks);
}

export interface MarketBuyByTotal {
  /** The engine's quote budget (fees excluded): the largest notional whose taker fee still fits in the total. */
  readonly budget: MinorUnits;
  /** What is held: the total itself, so notional + fee never exceeds what the user typed. */
  readonly hold: MinorUnits;
  readonly belowMinNotional: boolean;
}

/**
 * A market buy given as the quote amount to spend, fee included ("spend 100
 * USDT"). With budget = floor(total × 10000 / (10000 + takerBps)), every
 * notional n ≤ budget pays a fee floor(n × bps / 10000) ≤ budget × bps / 10000,
 * so n + fee ≤ total.
 */
export function marketBuyByTotal(def: InstrumentDef, totalMinor: MinorUnits): MarketBuyByTotal {
  if (!isPositiveSafeInteger(totalMinor)) throw new SpotPreviewError('invalid_quantity');
  const spec = deriveSpec(def);
  const unit = BigInt(BPS_PER_UNIT);
  const budget = Number((BigInt(totalMinor) * unit) / (unit + BigInt(spec.takerFeeBps)));
  return { budget, hold: totalMinor, belowMinNotional: budget < spec.minNotional };
}

/**
 * What a take-profit / stop-loss pair holds from placement: a sell holds
 * the base quantity; a buy (buying back) holds a market buy's preview at the
 * protection price of the higher trigger, the most either leg can cost.
 */
export function tpSlHold(def: InstrumentDef, side: Side, lots: number, triggerTicks: readonly number[]): PreviewAmount {
  if (triggerTicks.length === 0) throw new SpotPreviewError('invalid_price');
  const worst = side === 'buy' ? Math.max(...triggerTicks) : Math.min(...triggerTicks);
  const priceTicks = side === 'buy' ? marketProtectionPrice(def, 'buy', worst) : worst;
  return previewSpotOrder({ def, side, type: 'market', priceTicks, lots }).hold;
}
