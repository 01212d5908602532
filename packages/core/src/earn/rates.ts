import { dec } from '../decimal.ts';

/**
 * Rates (a daily yield, a penalty ratio) are whole millionths: 0.3% is 3000.
 * Integers, so a rate drawn from a seed, stored and shown is the same number
 * everywhere, and percentages with up to four decimals stay exact.
 */
export const MILLIONTHS = 1_000_000;

const PERCENT_PATTERN = /^\d{1,3}(\.\d{1,4})?$/;

/** "0.35" (percent) → 3500; null for anything that is not 0–100% with at most four decimals. */
export function percentToMillionths(percent: string): number | null {
  const text = percent.trim();
  if (!PERCENT_PATTERN.test(text)) return null;
  const value = dec(text).times(MILLIONTHS / 100);
  if (value.greaterThan(MILLIONTHS)) return null;
  return value.toNumber();
}

/** 3500 → "0.35" (percent, trailing zeros dropped). */
export function millionthsToPercent(millionths: number): string {
  return dec(millionths).dividedBy(MILLIONTHS / 100).toFixed();
}
