import { dec } from '@openbourse/core';

/**
 * Profit-share rates travel as fractions with at most two decimals ("0.10",
 * all the server accepts); people type whole percents ("10").
 */
export const percentText = (fraction: string): string => dec(fraction).times(100).toFixed();

/** A typed percent as the fraction the server takes ("10" → "0.10"); null unless it is a whole percent, since a fraction keeps two decimals. */
export function shareRateFromPercent(percent: string): string | null {
  const text = percent.trim();
  if (!/^\d{1,3}$/.test(text)) return null;
  return dec(text).dividedBy(100).toFixed(2);
}
