import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryClient } from '../api/queries.ts';
import { api } from '../api/request.ts';
import { refreshOnReconnect, sharedListener } from '../realtime/index.ts';
import { useSession } from '../session.ts';

/** A spot or stock order as the server presents it (`/coin/list`, `/coin/trade`, the `orders` channel). */
export interface SpotOrder {
  id: number;
  symbol: string;
  currency_id: number;
  legal_id: number;
  account_type: number;
  /** 1 buy, 2 sell */
  type: 1 | 2;
  side: 'buy' | 'sell';
  order_type: 'limit' | 'market';
  time_in_force: 'GTC' | 'IOC' | 'FOK';
  price: string;
  amount: string;
  filled_amount: string;
  remaining_amount: string;
  average_price: string | null;
  turnover: string;
  fee: string;
  fee_currency: string;
  held: string;
  held_currency: string;
  status: 'open' | 'filled' | 'cancelled';
  /** 1 in progress, 2 complete */
  status_code: 1 | 2;
  cancel_reason: string | null;
  reference_tick_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface OrderPage {
  list: SpotOrder[];
  page: number;
  limit: number;
  total: number;
  has_more: boolean;
}

export type OrderStatusFilter = 1 | 2;

export interface OrderListFilter {
  status: OrderStatusFilter;
  /** One pair only, e.g. on the trading page. */
  currencyId?: number;
  legalId?: number;
}

const ORDERS_KEY = 'spotOrders';

/** Any order change makes every cached order list stale; the `orders` channel tells us when. */
function refreshOrderLists(): void {
  void queryClient.invalidateQueries({ queryKey: [ORDERS_KEY] });
}

const followOrderChanges = sharedListener('orders', refreshOrderLists);
refreshOnReconnect([ORDERS_KEY]);

/** The signed-in user's orders, paged (load more), refreshed live as orders change. */
export function useSpotOrders(filter: OrderListFilter, enabled = true) {
  const { token } = useSession();
  const active = enabled && token !== null;
  useEffect(() => (active ? followOrderChanges() : undefined), [active]);
  return useInfiniteQuery({
    queryKey: [ORDERS_KEY, filter.status, filter.currencyId ?? null, filter.legalId ?? null],
    queryFn: ({ pageParam }) =>
      api.get<OrderPage>('/coin/list', { status: filter.status, currency_id: filter.currencyId, legal_id: filter.legalId, page: pageParam, limit: 10 }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: active,
  });
}

/** Cancels an open order; errors are toasted by the request layer. */
export function useCancelOrder() {
  return useMutation({
    mutationFn: (id: number) => api.post<SpotOrder>('/coin/cancel', { id }),
    onSuccess: refreshOrderLists,
  });
}

/** Cancels every open order, or only one pair's, in one call; answers how many were cancelled. */
export function useCancelAllOrders() {
  return useMutation({
    mutationFn: (pair: { currencyId: number; legalId: number } | null) =>
      api.post<{ cancelled: number }>('/coin/cancel_all', pair ? { currency_id: pair.currencyId, legal_id: pair.legalId } : {}),
    onSuccess: refreshOrderLists,
  });
}
