import { dec, formatMinor, parseDecimal, toMinor, yieldRange } from '@openbourse/core';

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

/** Daily and total yield at both ends of the range, with the server's own rounding (packages/core). */
export function previewYield(text: string, scale: number, minRate: number, maxRate: number, days: number) {
  const range = yieldRange(toMinor(dec(text), scale), minRate, maxRate, days);
  return {
    dailyMin: formatMinor(range.dailyMin, scale),
    dailyMax: formatMinor(range.dailyMax, scale),
    totalMin: formatMinor(range.totalMin, scale),
    totalMax: formatMinor(range.totalMax, scale),
  };
}
