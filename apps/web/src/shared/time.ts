import { relativeTime } from '@openbourse/core';
import { currentLocale, t } from './i18n/index.ts';

/** Spec 9: just now under five minutes, then minutes, hours and days up to thirty days, then the date. */
export function formatRelativeTime(timestampMs: number, nowMs = Date.now()): string {
  const relative = relativeTime(timestampMs, nowMs);
  switch (relative.unit) {
    case 'justNow':
      return t('shell:time.justNow');
    case 'minutes':
      return t('shell:time.minutesAgo', { count: relative.count });
    case 'hours':
      return t('shell:time.hoursAgo', { count: relative.count });
    case 'days':
      return t('shell:time.daysAgo', { count: relative.count });
    case 'date':
      return formatDate(relative.timestamp);
  }
}

export function formatDate(timestampMs: number): string {
  return new Intl.DateTimeFormat(currentLocale(), { year: 'numeric', month: '2-digit', day: '2-digit' }).format(timestampMs);
}

/**
 * A calendar day the server names as YYYY-MM-DD (a day's rate, a maturity
 * date), in the language's date order and calendar, the same as formatDate
 * writes: it is that day wherever the reader is, so it is read in UTC.
 */
export function formatCalendarDay(day: string): string {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(midnight)) return day;
  return new Intl.DateTimeFormat(currentLocale(), { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' }).format(midnight);
}

/**
 * The one way the app writes a moment: when a market opens (the closed-market
 * banner and toast), when an order was placed or filled. In the device's time
 * zone, named, so an exchange's opening time is never ambiguous; the
 * language's date order; a 24-hour clock.
 */
export function formatDateTime(timestampMs: number): string {
  return new Intl.DateTimeFormat(currentLocale(), {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).format(timestampMs);
}

/** A time of day (an option's expiry): the app's language, a 24-hour clock, the device's time zone. */
export function formatClockTime(timestampMs: number): string {
  return new Intl.DateTimeFormat(currentLocale(), { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(timestampMs);
}
