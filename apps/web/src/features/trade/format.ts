import { dec, groupThousands } from '@openbourse/core';

/**
 * Prices and quantities arrive as decimal strings already on their grid
 * (tick or lot); they are shown as they are, with thousands separators.
 */
export const formatOnGrid = (value: string): string => groupThousands(value);

/**
 * An exact amount (a preview figure in minor-unit precision) without the
 * trailing zeros of its scale, but with at least `minDecimals` decimals:
 * '1001.000000' → '1,001.00', '0.00370300' → '0.003703'.
 */
export function formatExact(value: string, minDecimals = 2): string {
  const amount = dec(value);
  const decimals = Math.max(amount.decimalPlaces(), minDecimals);
  return groupThousands(amount.toFixed(decimals));
}

/** '1.23' → '+1.23%', '-0.40' → '-0.40%'. */
export function formatChangePercent(changePercent: string): string {
  return `${dec(changePercent).greaterThan(0) ? '+' : ''}${changePercent}%`;
}

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

/** A trade's local wall-clock time, HH:mm:ss. */
export const formatClock = (timeMs: number): string => clock.format(timeMs);
