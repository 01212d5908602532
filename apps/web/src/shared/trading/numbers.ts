import { Decimal, dec, groupThousands, numberStyleOf } from '@openbourse/core';
import { numberStyle } from '../format.ts';

/**
 * Numbers on the trading screens. A quantity always shows the decimals of its
 * lot grid (form, book, trades, orders alike), and a typed decimal accepts the
 * language's own decimal separator.
 */

/** A quantity with exactly `decimals` places (truncated, never rounded up), with thousands separators. */
export function formatQuantity(value: string, decimals: number): string {
  return groupThousands(dec(value).toFixed(decimals, Decimal.ROUND_DOWN), numberStyle());
}

/** The decimal separator of a locale: ',' in French, Spanish or Vietnamese, '.' elsewhere. */
export function decimalSeparatorOf(locale: string): string {
  return numberStyleOf(locale).decimal;
}

/**
 * What the user typed, as the decimal the form keeps ('0,5' → '0.5' where the
 * language writes a decimal comma). Elsewhere a comma is left in place, so the
 * form says the number is invalid instead of guessing it was a thousands separator.
 */
export function typedDecimal(text: string, locale: string): string {
  const trimmed = text.replace(/\s/g, '');
  return decimalSeparatorOf(locale) === ',' ? trimmed.replace(',', '.') : trimmed;
}

/** A kept decimal as the user's language writes it in a field. */
export function shownDecimal(value: string, locale: string): string {
  return decimalSeparatorOf(locale) === ',' ? value.replace('.', ',') : value;
}

/** `value` ± `step` on the grid, never below zero; '' stays '' until a step is taken. */
export function stepDecimal(value: string, step: string, direction: 1 | -1): string {
  let current: Decimal;
  try {
    current = dec(value === '' ? '0' : value);
  } catch {
    return value;
  }
  const next = current.plus(dec(step).times(direction));
  return next.isNegative() ? '0' : next.toFixed();
}
