import DecimalJs from 'decimal.js';

/**
 * One Decimal constructor for the whole platform: 40 significant digits is far
 * beyond any amount we hold, and rounding down means a computed payout or
 * conversion never creates value that was not there.
 */
export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_DOWN, toExpNeg: -30, toExpPos: 40 });
export type Decimal = InstanceType<typeof Decimal>;
export type DecimalInput = string | number | Decimal;

export const ZERO = new Decimal(0);

export function dec(value: DecimalInput): Decimal {
  return new Decimal(value);
}

/** Parses user input; returns null for anything that is not a finite plain decimal. */
export function parseDecimal(value: unknown): Decimal | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(text)) return null;
  const parsed = new Decimal(text);
  return parsed.isFinite() ? parsed : null;
}
