import { Decimal, dec } from '../decimal.ts';
import { MAX_SAFE, pow10, toScaled } from '../market/exact.ts';
import { BPS_PER_UNIT } from '../matching/fees.ts';
import { AmountRangeError, fromMinor, type MinorUnits } from '../money.ts';

/** Coin-to-coin conversion and the small-balance sweep: the terms every user gets. */
export const CONVERSION = {
  /** What the platform keeps of a conversion, in basis points of its value, taken in the currency received. */
  feeBps: 20,
  /** How long a quote can be used: the price is the feed's, and the feed moves. */
  quoteTtlMs: 10_000,
  /** A feed tick older than this does not price a conversion: a stalled feed must not set anyone's rate. */
  maxTickAgeMs: 5 * 60_000,
  /** A balance worth less than this many USDT is "small": hidden on request, and swept into USDT. */
  smallBalanceUsdt: '1',
  /** The small-balance sweep runs at most once per this interval per user. */
  smallBalanceIntervalMs: 6 * 3_600_000,
  /** Significant digits of the rate shown to people; the conversion itself uses the two feed prices exactly. */
  rateDigits: 12,
} as const;

/** What prices a conversion: two feed prices in USDT, the fee, and the two currencies' minor units. */
export interface ConversionTerms {
  /** USDT for one unit of the currency given, as the feed quoted it ("1" for USDT itself). */
  readonly fromPrice: string;
  /** USDT for one unit of the currency received. */
  readonly toPrice: string;
  readonly feeBps: number;
  /** Decimals of the currency given. */
  readonly fromScale: number;
  /** Decimals of the currency received. */
  readonly toScale: number;
}

/** A conversion in minor units of the currency received. */
export interface ConversionPreview {
  /** The amount's value at the quoted prices, rounded down. */
  readonly gross: MinorUnits;
  /** gross − receive: the fee, plus the rounding of at most one minor unit. */
  readonly fee: MinorUnits;
  /** What the user receives: the value less the fee, rounded down once. */
  readonly receive: MinorUnits;
}

export class ConversionTermsError extends Error {}

function positive(text: string, what: string): Decimal {
  const value = dec(text);
  if (!value.isFinite() || value.lte(0)) throw new ConversionTermsError(`${what} must be a positive decimal, got ${text}`);
  return value;
}

function checkTerms(terms: ConversionTerms): void {
  positive(terms.fromPrice, 'fromPrice');
  positive(terms.toPrice, 'toPrice');
  if (!Number.isInteger(terms.feeBps) || terms.feeBps < 0 || terms.feeBps >= BPS_PER_UNIT) throw new ConversionTermsError(`feeBps out of range: ${terms.feeBps}`);
  for (const scale of [terms.fromScale, terms.toScale]) if (!Number.isInteger(scale) || scale < 0 || scale > 18) throw new ConversionTermsError(`scale out of range: ${scale}`);
}

function safe(value: bigint, amountMinor: number): number {
  if (value > MAX_SAFE) throw new AmountRangeError(String(amountMinor));
  return Number(value);
}

/**
 * What converting `amountMinor` of one currency yields in another at two feed
 * prices, computed exactly on integers: value = amount × fromPrice ÷ toPrice,
 * receive = ⌊value × (1 − fee)⌋. The only rounding is that one floor, so the
 * user never gets less than the exact amount by a full minor unit. The server
 * settles with this function and the web app previews with it.
 */
export function previewConversion(terms: ConversionTerms, amountMinor: MinorUnits): ConversionPreview {
  checkTerms(terms);
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new AmountRangeError(String(amountMinor));
  const from = toScaled(dec(terms.fromPrice));
  const to = toScaled(dec(terms.toPrice));
  // value in received minor units = amount / 10^fromScale × from / to × 10^toScale
  const numerator = BigInt(amountMinor) * from.units * pow10(to.scale + terms.toScale);
  const denominator = to.units * pow10(from.scale + terms.fromScale);
  const unit = BigInt(BPS_PER_UNIT);
  const gross = numerator / denominator;
  const receive = (numerator * (unit - BigInt(terms.feeBps))) / (denominator * unit);
  return { gross: safe(gross, amountMinor), fee: safe(gross - receive, amountMinor), receive: safe(receive, amountMinor) };
}

/** Units of the received currency per unit given, for display: fromPrice ÷ toPrice to a few significant digits, rounded down. */
export function conversionRate(fromPrice: string, toPrice: string): string {
  return positive(fromPrice, 'fromPrice').dividedBy(positive(toPrice, 'toPrice')).toSignificantDigits(CONVERSION.rateDigits, Decimal.ROUND_DOWN).toFixed();
}

/** A holding's value in USDT at a feed price. */
export function usdtValueOf(amountMinor: MinorUnits, scale: number, usdtPrice: string): Decimal {
  return fromMinor(amountMinor, scale).times(dec(usdtPrice));
}

/** Worth less than the small-balance threshold (zero included). */
export function isSmallBalance(amountMinor: MinorUnits, scale: number, usdtPrice: string): boolean {
  return usdtValueOf(amountMinor, scale, usdtPrice).lessThan(CONVERSION.smallBalanceUsdt);
}
