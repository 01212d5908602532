import { type DecimalInput, dec, formatCompact, formatSignificant as formatSignificantIn, groupThousands, type NumberStyle, numberStyleOf, truncateDecimals } from '@openbourse/core';
import { currentLocale } from './i18n/index.ts';

/**
 * How numbers read everywhere in the app. Money arrives from the server as
 * decimal strings and is never turned into a JS number for display. Each
 * helper writes the number the way the app's language does: "12,345.67" in
 * English, "12.345,67" in Spanish and Vietnamese, "12 345,67" in French, the
 * same convention the amount fields take (shared/trading/numbers.ts).
 */

/** The number style of the language the app shows. */
export function numberStyle(): NumberStyle {
  return numberStyleOf(currentLocale());
}

/** A server decimal exactly as sent (a price on its tick, a quantity on its lot), with thousands separators. */
export function formatDecimal(value: string): string {
  return groupThousands(value, numberStyle());
}

/** Every significant digit the server sent, with at least `minDecimals` ('1001.000000' → '1,001.00'); shared with the server's notification texts. */
export function formatSignificant(value: string, minDecimals = 2): string {
  return formatSignificantIn(value, minDecimals, numberStyle());
}

/** Spec 9: above a million as M, above a thousand as K (one decimal), otherwise four decimals. */
export function formatCompactNumber(value: DecimalInput): string {
  return formatCompact(value, numberStyle());
}

/** A server decimal as a field takes it, without trailing zeros ("0.50000000" → "0.5"): what an "All" button fills in. */
export function plainDecimal(value: string): string {
  return dec(value).toFixed();
}

/** Spec 9: amounts truncated (never rounded up) to the given decimals, with thousands separators. */
export function formatAmount(value: DecimalInput, decimals = 2): string {
  return groupThousands(truncateDecimals(value, decimals), numberStyle());
}

/** "+0.71%", "-9.15%", "0.00%": rises carry a sign too, so a change reads at a glance. */
export function formatChangePercent(percent: string): string {
  return `${dec(percent).greaterThan(0) ? '+' : ''}${formatAmount(percent)}%`;
}

const symbolPlacements = new Map<string, boolean>();

/** Whether the language writes a currency's symbol after the number ("1 234,00 €" in French, Spanish, Vietnamese) rather than before it ("€1,234.00"). */
function symbolGoesAfter(locale: string, code: string): boolean {
  const key = `${locale}|${code}`;
  let after = symbolPlacements.get(key);
  if (after === undefined) {
    try {
      const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: code }).formatToParts(1);
      after = parts.findIndex((part) => part.type === 'currency') > parts.findIndex((part) => part.type === 'integer');
    } catch {
      // A code Intl does not know: the symbol goes first, as most languages write it.
      after = false;
    }
    symbolPlacements.set(key, after);
  }
  return after;
}

/**
 * A fiat amount already written (formatAmount, or the hidden-balance mask)
 * with its symbol where the app's language puts it, the sign in front of
 * both: "-$12.00", "-12,00 €", never "$-12.00".
 */
export function withFiatSymbol(amount: string, fiat: { symbol: string; code: string }): string {
  const negative = amount.startsWith('-');
  const digits = negative ? amount.slice(1) : amount;
  const sign = negative ? '-' : '';
  return symbolGoesAfter(currentLocale(), fiat.code) ? `${sign}${digits}\u00a0${fiat.symbol}` : `${sign}${fiat.symbol}${digits}`;
}
