import { Decimal, type DecimalInput, dec } from './decimal.ts';

/** Spec 9: above a million as M, above a thousand as K (one decimal), otherwise four decimals; always truncated. */
export function formatCompact(value: DecimalInput, style: NumberStyle = POINT_STYLE): string {
  const amount = dec(value);
  const magnitude = amount.abs();
  // Past a thousand million the millions are grouped too: 1,996.6M, never 1996.6M.
  if (magnitude.greaterThan(1e6)) return `${groupThousands(amount.dividedBy(1e6).toFixed(1, Decimal.ROUND_DOWN), style)}M`;
  if (magnitude.greaterThan(1e3)) return `${withDecimalSign(amount.dividedBy(1e3).toFixed(1, Decimal.ROUND_DOWN), style)}K`;
  return withDecimalSign(amount.toFixed(4, Decimal.ROUND_DOWN), style);
}

/** Spec 9: other displays truncate (never round up) to two decimals. */
export function truncateDecimals(value: DecimalInput, decimals = 2): string {
  return dec(value).toFixed(decimals, Decimal.ROUND_DOWN);
}

/**
 * How a language writes a number: its thousands separator and its decimal
 * sign. English "12,345.67", Spanish and Vietnamese "12.345,67", French
 * "12 345,67" (a narrow no-break space, so a number never wraps).
 */
export interface NumberStyle {
  group: string;
  decimal: string;
}

/** The style of the languages that write a decimal point (and of every decimal the API sends). */
export const POINT_STYLE: NumberStyle = { group: ',', decimal: '.' };

const stylesByLocale = new Map<string, NumberStyle>();

/** A locale's number style, as the platform's Intl writes it (Node and the browser share ICU's data). */
export function numberStyleOf(locale: string): NumberStyle {
  let style = stylesByLocale.get(locale);
  if (!style) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    style = { group: parts.find((part) => part.type === 'group')?.value ?? ',', decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.' };
    stylesByLocale.set(locale, style);
  }
  return style;
}

function withDecimalSign(formatted: string, style: NumberStyle): string {
  return style.decimal === '.' ? formatted : formatted.replace('.', style.decimal);
}

/** Groups thousands of an already formatted decimal string: 12345.67 -> 12,345.67 (12.345,67 in Spanish). */
export function groupThousands(formatted: string, style: NumberStyle = POINT_STYLE): string {
  const [whole = '', fraction] = formatted.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, style.group);
  return fraction === undefined ? grouped : `${grouped}${style.decimal}${fraction}`;
}

/**
 * Every significant digit of a decimal string, with at least `minDecimals`, so
 * a fee of 0.000962 never reads 0.00: '1001.000000' → '1,001.00'.
 */
export function formatSignificant(value: string, minDecimals = 2, style: NumberStyle = POINT_STYLE): string {
  const [whole = '0', fraction = ''] = value.split('.');
  const digits = fraction.replace(/0+$/, '').padEnd(minDecimals, '0');
  // With no decimals asked for, a whole amount reads without a trailing point: '5000000.0000' → '5,000,000'.
  return groupThousands(digits ? `${whole}.${digits}` : whole, style);
}

export type Tone = 'up' | 'down' | 'flat';

/** Spec 9: positive amounts take the up colour, negative the down colour, zero grey. */
export function toneOf(value: DecimalInput): Tone {
  const amount = dec(value);
  if (amount.isZero()) return 'flat';
  return amount.isPositive() ? 'up' : 'down';
}

export type RelativeTime =
  | { unit: 'justNow' }
  | { unit: 'minutes' | 'hours' | 'days'; count: number }
  | { unit: 'date'; timestamp: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Spec 9: under five minutes 'just now', then minutes, hours and days up to thirty days, then the date. */
export function relativeTime(timestampMs: number, nowMs: number): RelativeTime {
  const elapsed = Math.max(0, nowMs - timestampMs);
  if (elapsed < 5 * MINUTE) return { unit: 'justNow' };
  if (elapsed < HOUR) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', count: Math.floor(elapsed / HOUR) };
  if (elapsed < 30 * DAY) return { unit: 'days', count: Math.floor(elapsed / DAY) };
  return { unit: 'date', timestamp: timestampMs };
}
