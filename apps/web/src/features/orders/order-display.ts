import { dec, truncateDecimals } from '@openbourse/core';
import type { SpotOrder } from '../../shared/market/orders.ts';

export type OrderStatusKey = 'open' | 'partial' | 'filled' | 'cancelled' | 'partialCancelled';

const hasFills = (order: Pick<SpotOrder, 'filled_amount'>) => !dec(order.filled_amount).isZero();

/** The user-facing status: the server's open/filled/cancelled, refined by whether anything traded. */
export function orderStatusKey(order: Pick<SpotOrder, 'status' | 'filled_amount'>): OrderStatusKey {
  if (order.status === 'filled') return 'filled';
  if (order.status === 'open') return hasFills(order) ? 'partial' : 'open';
  return hasFills(order) ? 'partialCancelled' : 'cancelled';
}

/**
 * Key (under `orders:reason.`) of a short human reason for a cancellation, or null when the
 * order was not cancelled. A limit order stopped at its own price is always IOC, since GTC rests.
 */
export function cancelReasonKey(order: Pick<SpotOrder, 'status' | 'cancel_reason' | 'order_type'>): string | null {
  if (order.status !== 'cancelled') return null;
  switch (order.cancel_reason) {
    case 'user':
      return 'user';
    case 'self_trade_prevented':
      return 'selfTrade';
    case 'no_liquidity':
      return 'noLiquidity';
    case 'price_limit':
      return order.order_type === 'market' ? 'priceLimitMarket' : 'priceLimitIoc';
    case 'quote_budget_exhausted':
      return 'budgetExhausted';
    case 'fok_not_fillable':
      return 'fokUnfillable';
    default:
      return 'other';
  }
}

/** Share of the amount already filled, in percent, truncated to two decimals ("66.66"). */
export function fillPercent(filled: string, amount: string): string {
  const total = dec(amount);
  if (total.isZero()) return '0.00';
  return truncateDecimals(dec(filled).dividedBy(total).times(100), 2);
}

/** How far a fill's price was from the market tick it settled against: "+19.25" and "+0.02" (%). */
export function tickDeviation(fillPrice: string, tickPrice: string): { difference: string; percent: string } {
  const decimals = Math.max(decimalPlaces(fillPrice), decimalPlaces(tickPrice));
  const difference = dec(fillPrice).minus(tickPrice);
  const reference = dec(tickPrice);
  const percent = reference.isZero() ? dec(0) : difference.dividedBy(reference).times(100);
  return { difference: signed(difference.toFixed(decimals)), percent: signed(truncateDecimals(percent, 2)) };
}

function decimalPlaces(value: string): number {
  const point = value.indexOf('.');
  return point === -1 ? 0 : value.length - point - 1;
}

/** "+1.5", "-1.5", and a plain "0.00" for a zero that truncation left as "-0.00". */
function signed(value: string): string {
  if (dec(value).isZero()) return value.replace('-', '');
  return value.startsWith('-') ? value : `+${value}`;
}
