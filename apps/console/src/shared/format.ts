import { groupThousands } from '@openbourse/core';
import { currentLocale } from './i18n.ts';

/** A moment in the operator's locale, to the second. */
export function formatTime(ms: number | null | undefined): string {
  if (!ms) return '–';
  return new Intl.DateTimeFormat(currentLocale(), { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(ms);
}

/** How long ago, in the largest whole unit: "12 seconds ago", "3 hours ago". */
export function formatAge(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '–';
  const format = new Intl.RelativeTimeFormat(currentLocale(), { numeric: 'auto', style: 'short' });
  // A moment a little ahead of this computer's clock (the server's clock runs ahead of it) is "now", never "in 90 seconds".
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return format.format(-seconds, 'second');
  if (seconds < 3600) return format.format(-Math.floor(seconds / 60), 'minute');
  if (seconds < 86_400) return format.format(-Math.floor(seconds / 3600), 'hour');
  return format.format(-Math.floor(seconds / 86_400), 'day');
}

/** The time of day alone, for figures from the last minutes (a feed's last tick). */
export function formatClock(ms: number | null | undefined): string {
  if (!ms) return '–';
  return new Intl.DateTimeFormat(currentLocale(), { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(ms);
}

/** An exact decimal without the zeros its currency's scale pads it with, for narrow columns: '200.000000' → '200', '0.25000000' → '0.25'. */
export function trimZeros(amount: string): string {
  return amount.includes('.') ? amount.replace(/\.?0+$/, '') : amount;
}

/** An exact decimal with its whole part grouped by thousands, digits kept as sent (never through a float): '-1847290.640394' → '-1,847,290.640394'. */
export const formatAmount = (amount: string): string => groupThousands(amount);

/** True for '0', '0.000000' and the like. */
export const isZeroAmount = (amount: string): boolean => /^-?0(\.0+)?$/.test(amount);
