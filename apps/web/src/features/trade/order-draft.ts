import { dec, type InstrumentDef } from '@openbourse/core';
import { useCallback, useRef, useState } from 'react';
import { amountForTotal, EMPTY_DRAFT, type OrderDraft, totalForAmount } from './preview.ts';

/**
 * A patch applied with amount and total kept linked: whichever the user typed
 * last leads, the other follows it at the price (the last price for a market order).
 */
export function linkDraft(current: OrderDraft, patch: Partial<OrderDraft>, def: InstrumentDef, lastPrice: string | undefined): OrderDraft {
  const next = { ...current, ...patch };
  if (patch.total !== undefined && patch.amount === undefined) return { ...next, basis: 'total', amount: amountForTotal(next, def, lastPrice) };
  if (patch.amount !== undefined && patch.total === undefined) return { ...next, basis: 'amount', total: totalForAmount(next, def, lastPrice) };
  if (patch.price !== undefined || patch.type !== undefined) {
    return next.basis === 'total' ? { ...next, amount: amountForTotal(next, def, lastPrice) } : { ...next, total: totalForAmount(next, def, lastPrice) };
  }
  return next;
}

/**
 * The order form's state, kept by the page so the order book can hand it a
 * price. A new limit order starts at the last price, as exchange apps do,
 * unless there is none yet (a ticker reports 0 before its first trade).
 */
export function useOrderDraft(lastPrice: string, def: InstrumentDef) {
  const [draft, setDraft] = useState<OrderDraft>(() => ({ ...EMPTY_DRAFT, price: dec(lastPrice).greaterThan(0) ? lastPrice : '' }));
  const market = useRef({ def, lastPrice });
  market.current = { def, lastPrice };
  /** How many book prices were picked: the price field flashes on each. */
  const [picks, setPicks] = useState(0);
  const update = useCallback((patch: Partial<OrderDraft>) => setDraft((current) => linkDraft(current, patch, market.current.def, market.current.lastPrice)), []);
  /** A tapped book level becomes the limit price (a market draft turns into a limit one). */
  const pickPrice = useCallback((price: string) => {
    setDraft((current) => linkDraft(current, { price, type: current.type === 'market' ? 'limit' : current.type }, market.current.def, market.current.lastPrice));
    setPicks((count) => count + 1);
  }, []);
  return { draft, update, pickPrice, picks };
}
