import { type Decimal, parseDecimal } from '../decimal.ts';

/**
 * Exact decimal arithmetic on BigInt for the few places where the 40-digit
 * Decimal context could round (products and quotients of user-supplied
 * strings). A value is `units / 10^scale` with `scale >= 0`. Internal.
 */
export interface Scaled {
  readonly units: bigint;
  readonly scale: number;
}

const TEN = 10n;
const POW10_CACHE: bigint[] = [];

export function pow10(exponent: number): bigint {
  const cached = POW10_CACHE[exponent];
  if (cached !== undefined) return cached;
  const value = TEN ** BigInt(exponent);
  if (exponent < 64) POW10_CACHE[exponent] = value;
  return value;
}

export const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Exact: a finite Decimal printed in normal notation carries every digit. */
export function toScaled(value: Decimal): Scaled {
  const text = value.toFixed();
  const negative = text.startsWith('-');
  const body = negative ? text.slice(1) : text;
  const dot = body.indexOf('.');
  const whole = dot < 0 ? body : body.slice(0, dot);
  const fraction = dot < 0 ? '' : body.slice(dot + 1);
  const units = BigInt(whole + fraction);
  return { units: negative ? -units : units, scale: fraction.length };
}

/** Digits with an optional fraction ('96250.01', '0.0005'): how nearly every user amount arrives. */
const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/**
 * The exact value of a user's decimal text, or null where parseDecimal
 * refuses it. Plain digits, the usual input, are read straight into BigInt:
 * the same value as through Decimal, on the order path's every price and
 * quantity, without building one.
 */
export function readScaled(text: string): Scaled | null {
  const plain = PLAIN_DECIMAL.exec(text);
  if (plain) {
    const fraction = plain[2] ?? '';
    return { units: BigInt(`${plain[1]}${fraction}`), scale: fraction.length };
  }
  const parsed = parseDecimal(text);
  return parsed === null ? null : toScaled(parsed);
}

export type Rounding = 'down' | 'up' | 'nearest';

/** numerator / denominator for a positive denominator, rounded toward -∞, +∞ or half up. */
export function divRound(numerator: bigint, denominator: bigint, mode: Rounding): bigint {
  let quotient = numerator / denominator;
  const remainder = numerator % denominator;
  if (remainder === 0n) return quotient;
  // BigInt division truncates toward zero: fix up to floor first.
  if (remainder < 0n) quotient -= 1n;
  const floorRemainder = remainder < 0n ? remainder + denominator : remainder;
  if (mode === 'up') return quotient + 1n;
  if (mode === 'nearest' && floorRemainder * 2n >= denominator) return quotient + 1n;
  return quotient;
}

/** a / b as an exact fraction numerator/denominator of BigInts (b > 0). */
export function ratio(a: Scaled, b: Scaled): { numerator: bigint; denominator: bigint } {
  // (aU / 10^aS) / (bU / 10^bS) = aU·10^bS / (bU·10^aS)
  return { numerator: a.units * pow10(b.scale), denominator: b.units * pow10(a.scale) };
}

/** value × 10^exponent when that is an integer, else null. */
export function shiftToInteger(value: Scaled, exponent: number): bigint | null {
  const net = exponent - value.scale;
  if (net >= 0) return value.units * pow10(net);
  const divisor = pow10(-net);
  return value.units % divisor === 0n ? value.units / divisor : null;
}

/** units / 10^scale as a plain decimal string with exactly `scale` decimals. */
export function formatScaled(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  const sign = negative ? '-' : '';
  return scale === 0 ? `${sign}${whole}` : `${sign}${whole}.${fraction}`;
}
