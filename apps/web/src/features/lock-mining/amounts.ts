import { type DayRateRange, dec, formatMinor, lockRateDays, millionthsToPercent, parseDecimal, toMinor, yieldRangeByDay } from '@openbourse/core';
import type { LockProduct } from './api.ts';

/** The decimals of a currency, read from an amount the server formatted with all of them ("100.000000" → 6). */
export const scaleOf = (formatted: string) => formatted.split('.')[1]?.length ?? 0;

export type AmountIssue = 'invalid' | 'belowMinimum' | 'aboveRemaining' | 'aboveAvailable';

/** What is wrong with an amount typed on the buy page, before anything is sent (the server checks the same). */
export function amountIssue(text: string, limits: { min: string; remaining: string | null; available: string | undefined }): AmountIssue | null {
  const value = parseDecimal(text);
  const scale = scaleOf(limits.min);
  if (!value?.greaterThan(0) || value.decimalPlaces() > scale) return 'invalid';
  if (value.lessThan(limits.min)) return 'belowMinimum';
  if (limits.remaining !== null && value.greaterThan(limits.remaining)) return 'aboveRemaining';
  if (limits.available !== undefined && value.greaterThan(limits.available)) return 'aboveAvailable';
  return null;
}

/**
 * The range each payout day of a lock placed now is drawn from: the range
 * committed for that date, or the product's own for a date not committed yet
 * (the server commits it before it accepts the lock). After a range edit the
 * dates committed earlier keep the old range.
 */
export function lockDayRanges(product: LockProduct): DayRateRange[] {
  const committed = new Map(product.commitments.map((entry) => [entry.day, entry]));
  return lockRateDays(product.value_at, product.lock_days).map((day) => {
    const entry = committed.get(day);
    return entry ? { minRate: entry.min_rate_millionths, maxRate: entry.max_rate_millionths } : { minRate: product.min_rate_millionths, maxRate: product.max_rate_millionths };
  });
}

/** The lowest and highest daily rate over those days, in percent. */
export function effectiveRange(days: readonly DayRateRange[]): { min: string; max: string } {
  return { min: millionthsToPercent(Math.min(...days.map((day) => day.minRate))), max: millionthsToPercent(Math.max(...days.map((day) => day.maxRate))) };
}

/** Daily and total yield at both ends of each day's range, with the server's own rounding (packages/core). */
export function previewYield(text: string, scale: number, days: readonly DayRateRange[]) {
  const range = yieldRangeByDay(toMinor(dec(text), scale), days);
  return {
    dailyMin: formatMinor(range.dailyMin, scale),
    dailyMax: formatMinor(range.dailyMax, scale),
    totalMin: formatMinor(range.totalMin, scale),
    totalMax: formatMinor(range.totalMax, scale),
  };
}
