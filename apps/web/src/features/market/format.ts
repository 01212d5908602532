import { dec, groupThousands, truncateDecimals } from '@openbourse/core';

/** A price exactly as the server sends it (the instrument's own decimals), with thousands separators. */
export function formatPrice(price: string): string {
  return groupThousands(price);
}

/** "+0.71%", "-9.15%", "0.00%": a sign on rises as well, so the badge reads at a glance. */
export function formatChangePercent(percent: string): string {
  return `${dec(percent).greaterThan(0) ? '+' : ''}${truncateDecimals(percent, 2)}%`;
}
