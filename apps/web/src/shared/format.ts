import { type DecimalInput, dec, groupThousands, truncateDecimals } from '@openbourse/core';

/**
 * How numbers read everywhere in the app. Money arrives from the server as
 * decimal strings and is never turned into a JS number for display;
 * `formatCompact` (M/K) comes from `@openbourse/core` as it is.
 */

/** A server decimal exactly as sent (a price on its tick, a quantity on its lot), with thousands separators. */
export function formatDecimal(value: string): string {
  return groupThousands(value);
}

/** Every significant digit the server sent, with at least `minDecimals` ('1001.000000' → '1,001.00'); shared with the server's notification texts. */
export { formatSignificant } from '@openbourse/core';

/** A server decimal as a field takes it, without trailing zeros ("0.50000000" → "0.5"): what an "All" button fills in. */
export function plainDecimal(value: string): string {
  return dec(value).toFixed();
}

/** Spec 9: amounts truncated (never rounded up) to the given decimals, with thousands separators. */
export function formatAmount(value: DecimalInput, decimals = 2): string {
  return groupThousands(truncateDecimals(value, decimals));
}

/** "+0.71%", "-9.15%", "0.00%": rises carry a sign too, so a change reads at a glance. */
export function formatChangePercent(percent: string): string {
  return `${dec(percent).greaterThan(0) ? '+' : ''}${truncateDecimals(percent, 2)}%`;
}
