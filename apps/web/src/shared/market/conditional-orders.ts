import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryClient } from '../api/queries.ts';
import { api } from '../api/request.ts';
import { refreshOnReconnect, sharedListener } from '../realtime/index.ts';
import { useSession } from '../session.ts';

/** The feed tick that fired a trigger. */
export interface TriggerTick {
  id: number;
  price: string;
  time: number;
}

/** A stop-limit, take-profit or stop-loss held by the server until the feed price reaches its trigger (`/coin/conditional/list`). */
export interface ConditionalOrder {
  id: number;
  symbol: string;
  currency_id: number;
  legal_id: number;
  /** 1 buy, 2 sell */
  side: 1 | 2;
  kind: 'stop_limit' | 'take_profit' | 'stop_loss';
  trigger_price: string;
  limit_price: string | null;
  amount: string;
  /** What placing it froze, released when it is cancelled. */
  held: string;
  status: 'waiting' | 'triggered' | 'cancelled' | 'failed';
  fail_reason: string | null;
  /** The two legs of a take-profit / stop-loss pair share it. */
  group_id: number | null;
  /** The order the trigger placed. */
  order_id: number | null;
  trigger_tick: TriggerTick | null;
  created_at: number;
}

export interface ConditionalPage {
  list: ConditionalOrder[];
  page: number;
  total: number;
  has_more: boolean;
}

export interface ConditionalFilter {
  /** 1 waiting, 2 finished */
  status: 1 | 2;
  currencyId?: number;
  legalId?: number;
}

const CONDITIONAL_KEY = 'conditionalOrders';

function refreshConditionalLists(): void {
  void queryClient.invalidateQueries({ queryKey: [CONDITIONAL_KEY] });
}

// The private `orders` channel carries conditional-order changes too.
const followConditionalChanges = sharedListener('orders', refreshConditionalLists);
refreshOnReconnect([CONDITIONAL_KEY]);

/** The user's conditional orders, paged, refreshed live. */
export function useConditionalOrders(filter: ConditionalFilter, enabled = true) {
  const { token } = useSession();
  const active = enabled && token !== null;
  useEffect(() => (active ? followConditionalChanges() : undefined), [active]);
  return useInfiniteQuery({
    queryKey: [CONDITIONAL_KEY, filter.status, filter.currencyId ?? null, filter.legalId ?? null],
    queryFn: ({ pageParam }) =>
      api.get<ConditionalPage>('/coin/conditional/list', { status: filter.status, currency_id: filter.currencyId, legal_id: filter.legalId, page: pageParam }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: active,
  });
}

/** Cancels a waiting conditional order (and the other leg of its TP/SL pair), releasing what it held. */
export function useCancelConditional() {
  return useMutation({
    mutationFn: (id: number) => api.post<unknown>('/coin/conditional/cancel', { id }),
    onSuccess: refreshConditionalLists,
  });
}
