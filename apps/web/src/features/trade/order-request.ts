import type { SpotOrder } from '../../shared/market/orders.ts';
import type { Quote } from '../../shared/market/quotes.ts';
import { type OrderDraft, spendsTotal } from './preview.ts';

/** What `/coin/trade` answers: the order, or for a stop-limit the waiting conditional order's id. */
export type PlacedOrder = SpotOrder | { conditional_id: number };

export const isConditional = (placed: PlacedOrder): placed is { conditional_id: number } => 'conditional_id' in placed;

/**
 * The `/coin/trade` body of a checked draft. Every order names its type; a
 * market buy by total sends the quote to spend instead of an amount; time in
 * force and post-only go with the orders that rest in the book.
 */
export function orderRequestBody(draft: OrderDraft, quote: Pick<Quote, 'currency_id' | 'legal_id'>): Record<string, string | number> {
  const body: Record<string, string | number> = {
    amount: spendsTotal(draft) ? '' : draft.amount.trim(),
    target_price: draft.type === 'market' ? '' : draft.price.trim(),
    currency_id: quote.currency_id,
    legal_id: quote.legal_id,
    type: draft.side === 'buy' ? 1 : 2,
    order_type: draft.type,
  };
  if (spendsTotal(draft)) body.quote_amount = draft.total.trim();
  if (draft.type === 'stop_limit') body.stop_price = draft.stopPrice.trim();
  if (draft.type !== 'market') {
    body.time_in_force = draft.timeInForce;
    if (draft.postOnly && draft.timeInForce === 'GTC') body.post_only = 1;
  }
  return body;
}
