import { z } from 'zod';
import { type Decimal, type DecimalInput, dec, parseDecimal } from '../decimal.ts';
import { MAX_FEE_BPS } from '../matching/fees.ts';
import type { InstrumentSpec } from '../matching/types.ts';
import { AmountRangeError, formatMinor, type MinorUnits, toMinor } from '../money.ts';
import {
  divRound,
  formatScaled,
  MAX_SAFE,
  type Rounding,
  ratio,
  readScaled,
  type Scaled,
  shiftToInteger,
  toScaled,
} from './exact.ts';

export type InstrumentKind = 'crypto' | 'stock';

/** One entry of data/instruments.json. Sizes are decimal strings in whole currency units. */
export interface InstrumentDef {
  readonly symbol: string;
  readonly base: string;
  readonly quote: string;
  readonly kind: InstrumentKind;
  /** Price increment, in quote per 1 base. */
  readonly tickSize: string;
  /** Quantity increment, in base. */
  readonly lotSize: string;
  /** Smallest order value, in quote. */
  readonly minNotional: string;
  readonly makerFeeBps: number;
  readonly takerFeeBps: number;
  /** Decimals of the base currency's minor unit. */
  readonly baseScale: number;
  /** Decimals of the quote currency's minor unit. */
  readonly quoteScale: number;
}

/** The engine's spec plus what the conversions need. */
export interface DerivedSpec extends InstrumentSpec {
  /** Base minor units in one lot: lotSize × 10^baseScale. */
  readonly baseUnitsPerLot: number;
  /** Decimals of a price written on the tick grid (those of tickSize). */
  readonly priceDecimals: number;
  /** Decimals of a quantity written on the lot grid (those of lotSize). */
  readonly quantityDecimals: number;
}

const MAX_SCALE = 18;

/** Structural check for the JSON file; deriveSpec does the arithmetic checks. */
export const instrumentDefSchema = z.strictObject({
  symbol: z.string().min(1),
  base: z.string().min(1),
  quote: z.string().min(1),
  kind: z.enum(['crypto', 'stock']),
  tickSize: z.string(),
  lotSize: z.string(),
  minNotional: z.string(),
  makerFeeBps: z.int().min(0).max(MAX_FEE_BPS),
  takerFeeBps: z.int().min(0).max(MAX_FEE_BPS),
  baseScale: z.int().min(0).max(MAX_SCALE),
  quoteScale: z.int().min(0).max(MAX_SCALE),
});

export class InstrumentDefinitionError extends Error {
  constructor(
    readonly symbol: string,
    readonly field: keyof InstrumentDef | 'quotePerTickLot' | 'baseUnitsPerLot',
    detail: string,
  ) {
    super(`instrument ${symbol}: ${field} ${detail}`);
  }
}

interface Compiled {
  readonly spec: DerivedSpec;
  readonly tick: Scaled;
  readonly lot: Scaled;
}

const compiledDefs = new WeakMap<InstrumentDef, Compiled>();

function positiveSafe(value: bigint | null): number | null {
  return value !== null && value > 0n && value <= MAX_SAFE ? Number(value) : null;
}

function compile(def: InstrumentDef): Compiled {
  const cached = compiledDefs.get(def);
  if (cached) return cached;
  const symbol = typeof def.symbol === 'string' && def.symbol !== '' ? def.symbol : String(def.symbol);
  const fail = (field: InstrumentDefinitionError['field'], detail: string) =>
    new InstrumentDefinitionError(symbol, field, detail);
  if (typeof def.symbol !== 'string' || def.symbol === '') throw fail('symbol', 'must be a non-empty string');
  if (typeof def.base !== 'string' || def.base === '') throw fail('base', 'must be a non-empty string');
  if (typeof def.quote !== 'string' || def.quote === '') throw fail('quote', 'must be a non-empty string');
  if (def.kind !== 'crypto' && def.kind !== 'stock') throw fail('kind', "must be 'crypto' or 'stock'");
  for (const field of ['baseScale', 'quoteScale'] as const) {
    const scale = def[field];
    if (!Number.isInteger(scale) || scale < 0 || scale > MAX_SCALE) throw fail(field, `must be an integer in [0, ${MAX_SCALE}]`);
  }
  for (const field of ['makerFeeBps', 'takerFeeBps'] as const) {
    const bps = def[field];
    if (!Number.isInteger(bps) || bps < 0 || bps > MAX_FEE_BPS) throw fail(field, `must be an integer in [0, ${MAX_FEE_BPS}]`);
  }
  const decimalField = (field: 'tickSize' | 'lotSize' | 'minNotional'): Scaled => {
    const parsed = typeof def[field] === 'string' ? parseDecimal(def[field]) : null;
    if (parsed === null) throw fail(field, `must be a decimal string, got ${JSON.stringify(def[field])}`);
    return toScaled(parsed);
  };
  const tick = decimalField('tickSize');
  const lot = decimalField('lotSize');
  const min = decimalField('minNotional');
  if (tick.units <= 0n) throw fail('tickSize', 'must be positive');
  if (lot.units <= 0n) throw fail('lotSize', 'must be positive');
  if (min.units < 0n) throw fail('minNotional', 'must not be negative');

  const tickLot: Scaled = { units: tick.units * lot.units, scale: tick.scale + lot.scale };
  const quotePerTickLot = positiveSafe(shiftToInteger(tickLot, def.quoteScale));
  if (quotePerTickLot === null) {
    throw fail(
      'quotePerTickLot',
      `tickSize × lotSize × 10^quoteScale (${def.tickSize} × ${def.lotSize} × 10^${def.quoteScale}) must be a positive safe integer`,
    );
  }
  const baseUnitsPerLot = positiveSafe(shiftToInteger(lot, def.baseScale));
  if (baseUnitsPerLot === null) {
    throw fail('baseUnitsPerLot', `lotSize × 10^baseScale (${def.lotSize} × 10^${def.baseScale}) must be a positive safe integer`);
  }
  const minNotional = shiftToInteger(min, def.quoteScale);
  if (minNotional === null || minNotional > MAX_SAFE) {
    throw fail('minNotional', `× 10^quoteScale (${def.minNotional} × 10^${def.quoteScale}) must be a safe integer`);
  }
  const spec: DerivedSpec = Object.freeze({
    symbol: def.symbol,
    quotePerTickLot,
    minNotional: Number(minNotional),
    makerFeeBps: def.makerFeeBps,
    takerFeeBps: def.takerFeeBps,
    baseUnitsPerLot,
    priceDecimals: tick.scale,
    quantityDecimals: lot.scale,
  });
  const compiled: Compiled = { spec, tick, lot };
  compiledDefs.set(def, compiled);
  return compiled;
}

/**
 * The engine's InstrumentSpec (plus baseUnitsPerLot and display decimals) of a
 * definition. Throws InstrumentDefinitionError when the definition's sizes do
 * not fit the integer grid. Results are memoised per definition object.
 */
export function deriveSpec(def: InstrumentDef): DerivedSpec {
  return compile(def).spec;
}

export type PriceConversionFailure = 'invalid' | 'off_tick' | 'not_positive' | 'too_large';
export type QuantityConversionFailure = 'invalid' | 'off_lot' | 'not_positive' | 'too_large';
export type PriceConversion =
  | { readonly ok: true; readonly ticks: number }
  | { readonly ok: false; readonly reason: PriceConversionFailure };
export type QuantityConversion =
  | { readonly ok: true; readonly lots: number }
  | { readonly ok: false; readonly reason: QuantityConversionFailure };

type GridResult = { ok: true; count: number } | { ok: false; reason: 'invalid' | 'off_grid' | 'not_positive' | 'too_large' };

/** How many whole steps of `step` make `input`, exactly; checks in the order invalid, not_positive, too_large, off_grid. */
function toGrid(input: unknown, step: Scaled): GridResult {
  const value = typeof input === 'string' ? readScaled(input) : null;
  if (value === null) return { ok: false, reason: 'invalid' };
  if (value.units <= 0n) return { ok: false, reason: 'not_positive' };
  const { numerator, denominator } = ratio(value, step);
  const quotient = numerator / denominator;
  if (quotient > MAX_SAFE) return { ok: false, reason: 'too_large' };
  if (numerator % denominator !== 0n) return { ok: false, reason: 'off_grid' };
  return { ok: true, count: Number(quotient) };
}

/** Exact user-input conversion of a price ('96250.01') into ticks. */
export function priceToTicks(def: InstrumentDef, price: string): PriceConversion {
  const result = toGrid(price, compile(def).tick);
  if (result.ok) return { ok: true, ticks: result.count };
  return { ok: false, reason: result.reason === 'off_grid' ? 'off_tick' : result.reason };
}

/** Exact user-input conversion of a quantity in base ('0.0123') into lots. */
export function quantityToLots(def: InstrumentDef, quantity: string): QuantityConversion {
  const result = toGrid(quantity, compile(def).lot);
  if (result.ok) return { ok: true, lots: result.count };
  return { ok: false, reason: result.reason === 'off_grid' ? 'off_lot' : result.reason };
}

function assertSafeInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer, got ${value}`);
}

/** Price of `ticks` as a decimal string with the tick size's decimals (tick 0.01: 9625001 → '96250.01'). */
export function ticksToPrice(def: InstrumentDef, ticks: number): string {
  assertSafeInteger('ticks', ticks);
  const { tick } = compile(def);
  return formatScaled(BigInt(ticks) * tick.units, tick.scale);
}

/** Quantity of `lots` in base as a decimal string with the lot size's decimals. */
export function lotsToQuantity(def: InstrumentDef, lots: number): string {
  assertSafeInteger('lots', lots);
  const { lot } = compile(def);
  return formatScaled(BigInt(lots) * lot.units, lot.scale);
}

export type PriceRounding = Rounding;

/**
 * Ticks of an arbitrary price (a feed price, a computed protection price),
 * rounded down, up or to the nearest tick (halves up). Exact for any finite
 * input. May return 0 or less for prices below one tick: callers that need a
 * valid order price clamp to 1. Throws RangeError for non-finite input or a
 * result beyond the safe-integer range.
 */
export function roundPriceToTick(def: InstrumentDef, price: DecimalInput, mode: PriceRounding): number {
  const value: Decimal = dec(price);
  if (!value.isFinite()) throw new RangeError(`price must be finite, got ${value.toString()}`);
  const { numerator, denominator } = ratio(toScaled(value), compile(def).tick);
  const ticks = divRound(numerator, denominator, mode);
  if (ticks > MAX_SAFE || ticks < -MAX_SAFE) throw new RangeError(`price ${value.toFixed()} is out of the tick range`);
  return Number(ticks);
}

/**
 * Lots of an arbitrary base quantity (a simulated or recorded volume),
 * rounded down, up or to the nearest lot. Same rules as roundPriceToTick.
 */
export function roundQuantityToLots(def: InstrumentDef, quantity: DecimalInput, mode: PriceRounding): number {
  const value: Decimal = dec(quantity);
  if (!value.isFinite()) throw new RangeError(`quantity must be finite, got ${value.toString()}`);
  const { numerator, denominator } = ratio(toScaled(value), compile(def).lot);
  const lots = divRound(numerator, denominator, mode);
  if (lots > MAX_SAFE || lots < -MAX_SAFE) throw new RangeError(`quantity ${value.toFixed()} is out of the lot range`);
  return Number(lots);
}

/**
 * priceTicks × lots × quotePerTickLot in quote minor units. Throws
 * AmountRangeError when it is not a safe integer (the engine rejects such
 * orders as notional_overflow).
 */
export function notionalMinor(spec: InstrumentSpec, priceTicks: number, lots: number): MinorUnits {
  assertSafeInteger('priceTicks', priceTicks);
  assertSafeInteger('lots', lots);
  const notional = priceTicks * lots * spec.quotePerTickLot;
  // A product past 2^53 - 1 may be rounded, but never down to a safe integer.
  if (!Number.isSafeInteger(notional)) throw new AmountRangeError(`${priceTicks} ticks × ${lots} lots`);
  return notional;
}

/** Base minor units in `lots` lots. Throws AmountRangeError past the safe-integer range. */
export function lotsToBaseMinor(spec: DerivedSpec, lots: number): MinorUnits {
  assertSafeInteger('lots', lots);
  const units = lots * spec.baseUnitsPerLot;
  if (!Number.isSafeInteger(units)) throw new AmountRangeError(`${lots} lots`);
  return units;
}

/** Base minor units as a decimal string with baseScale decimals. */
export function baseMinorToDecimal(def: InstrumentDef, units: MinorUnits): string {
  return formatMinor(units, def.baseScale);
}

/** Quote minor units as a decimal string with quoteScale decimals. */
export function quoteMinorToDecimal(def: InstrumentDef, units: MinorUnits): string {
  return formatMinor(units, def.quoteScale);
}

/** Exact; throws AmountPrecisionError / AmountRangeError (money.ts) like toMinor. */
export function baseDecimalToMinor(def: InstrumentDef, amount: DecimalInput): MinorUnits {
  return toMinor(amount, def.baseScale);
}

/** Exact; throws AmountPrecisionError / AmountRangeError (money.ts) like toMinor. */
export function quoteDecimalToMinor(def: InstrumentDef, amount: DecimalInput): MinorUnits {
  return toMinor(amount, def.quoteScale);
}
