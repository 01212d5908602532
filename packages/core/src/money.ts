import { Decimal, type DecimalInput, dec } from './decimal.ts';

/**
 * Amounts are stored and moved as integers of a currency's minor unit
 * (10^-scale). JS numbers hold integers exactly up to 2^53, which at scale 8
 * is ~90 million whole units and at scale 6 ~9 billion: every write asserts it.
 */
export type MinorUnits = number;

export class AmountPrecisionError extends Error {
  constructor(
    readonly amount: string,
    readonly scale: number,
  ) {
    super(`amount ${amount} has more than ${scale} decimal places`);
  }
}

export class AmountRangeError extends Error {
  constructor(readonly amount: string) {
    super(`amount ${amount} is outside the representable range`);
  }
}

export function assertSafeMinor(units: number): MinorUnits {
  if (!Number.isSafeInteger(units)) throw new AmountRangeError(String(units));
  return units;
}

/** Exact conversion: throws when the amount has more decimals than the currency allows. */
export function toMinor(amount: DecimalInput, scale: number): MinorUnits {
  const scaled = dec(amount).times(Decimal.pow(10, scale));
  if (!scaled.isInteger()) throw new AmountPrecisionError(dec(amount).toFixed(), scale);
  if (scaled.abs().greaterThan(Number.MAX_SAFE_INTEGER)) throw new AmountRangeError(dec(amount).toFixed());
  return scaled.toNumber();
}

/** Conversion that truncates extra decimals toward zero (for computed, not user-entered, amounts). */
export function toMinorTruncated(amount: DecimalInput, scale: number): MinorUnits {
  const scaled = dec(amount).times(Decimal.pow(10, scale)).truncated();
  if (scaled.abs().greaterThan(Number.MAX_SAFE_INTEGER)) throw new AmountRangeError(dec(amount).toFixed());
  return scaled.toNumber();
}

export function fromMinor(units: MinorUnits, scale: number): Decimal {
  return dec(units).dividedBy(Decimal.pow(10, scale));
}

/**
 * Plain decimal string with exactly `scale` decimals, as the API returns amounts.
 * A safe integer is only its digits with a point placed: done on the string, as
 * every order answer formats several amounts and decimal.js costs far more.
 */
export function formatMinor(units: MinorUnits, scale: number): string {
  if (!Number.isSafeInteger(units) || !Number.isInteger(scale) || scale < 0 || scale > 20) return fromMinor(units, scale).toFixed(scale);
  const digits = String(Math.abs(units)).padStart(scale + 1, '0');
  const sign = units < 0 ? '-' : '';
  return scale === 0 ? `${sign}${digits}` : `${sign}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
}
