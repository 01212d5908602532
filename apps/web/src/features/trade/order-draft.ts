import { dec } from '@openbourse/core';
import { useCallback, useState } from 'react';
import type { OrderDraft } from './preview.ts';

/**
 * The order form's state, kept by the page so the order book can hand it a
 * price. A new limit order starts at the last price, as exchange apps do,
 * unless there is none yet (a ticker reports 0 before its first trade).
 */
export function useOrderDraft(lastPrice: string) {
  const [draft, setDraft] = useState<OrderDraft>(() => ({ side: 'buy', type: 'limit', price: dec(lastPrice).greaterThan(0) ? lastPrice : '', amount: '' }));
  const update = useCallback((patch: Partial<OrderDraft>) => setDraft((current) => ({ ...current, ...patch })), []);
  /** A tapped book level becomes the limit price. */
  const pickPrice = useCallback((price: string) => setDraft((current) => ({ ...current, type: 'limit', price })), []);
  return { draft, update, pickPrice };
}
