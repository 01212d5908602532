import { formatAmount } from '../../shared/format.ts';

/** What a hidden amount shows instead of digits. */
export const MASK = '******';

/** Balances keep the precision the server sends (at most eight decimals), truncated, never rounded. */
export function formatBalance(value: string): string {
  const point = value.indexOf('.');
  const decimals = point === -1 ? 0 : Math.min(value.length - point - 1, 8);
  return formatAmount(value, decimals);
}
