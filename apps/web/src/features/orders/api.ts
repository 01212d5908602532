import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/request.ts';
import type { SpotOrder } from '../../shared/market/orders.ts';
import { refreshOnReconnect, useChannel } from '../../shared/realtime/index.ts';
import { useSession } from '../../shared/session.ts';

/** The market price the platform held when a fill settled; every settlement records one. */
export interface ReferenceTick {
  id: number;
  price: string;
  time: number;
  source: 'simulator' | 'replay' | 'live';
}

/** One fill of an order, seen from that order's side. */
export interface OrderFill {
  id: number;
  price: string;
  amount: string;
  role: 'maker' | 'taker';
  /** Price × amount, in the quote currency. */
  turnover: string;
  fee: string;
  fee_currency: string;
  time: number;
  reference_tick: ReferenceTick | null;
}

/** What placed an order that came from a stop-limit, take-profit or stop-loss: the feed tick that fired it. */
export interface OrderTrigger {
  conditional_id: number;
  kind: 'stop_limit' | 'take_profit' | 'stop_loss';
  tick: { id: number; price: string; time: number };
}

export interface OrderDetail {
  order: SpotOrder;
  /** The stop that placed this order and the feed tick that fired it; null for an order the user placed directly. */
  trigger: OrderTrigger | null;
  /** The market tick current when the order was accepted. */
  reference_tick: ReferenceTick | null;
  fills: OrderFill[];
}

refreshOnReconnect(['spotOrderDetail']);

/** One order with its fills; refreshed live while it can still change. */
export function useOrderDetail(id: number | null) {
  const { token } = useSession();
  const query = useQuery({
    queryKey: ['spotOrderDetail', id],
    queryFn: () => api.get<OrderDetail>('/coin/detail', { id: id ?? undefined }, { silent: true }),
    enabled: id !== null && token !== null,
  });
  const open = query.data?.order.status === 'open';
  // The `orders` channel announces every change to the user's orders; only an open order can still change.
  useChannel(open ? 'orders' : null, () => void query.refetch());
  return query;
}

/** One of the user's fills across orders (`/coin/fills`). */
export interface UserFill {
  id: number;
  order_id: number;
  symbol: string;
  side: 'buy' | 'sell';
  price: string;
  amount: string;
  total: string;
  fee: string;
  fee_currency: string;
  role: 'maker' | 'taker';
  tick_id: number | null;
  time: number;
}

export interface FillPage {
  list: UserFill[];
  page: number;
  total: number;
  has_more: boolean;
}

export interface FillFilter {
  currencyId?: number;
  legalId?: number;
  side?: 1 | 2;
  /** Unix ms, inclusive. */
  from?: number;
  /** Unix ms, exclusive. */
  to?: number;
}

const FILLS_KEY = 'userFills';
refreshOnReconnect([FILLS_KEY]);

/** The user's trade history, paged and filtered; a change to the user's orders may mean new fills. */
export function useUserFills(filter: FillFilter, enabled: boolean) {
  const { token } = useSession();
  const client = useQueryClient();
  const active = enabled && token !== null;
  useChannel(active ? 'orders' : null, () => void client.invalidateQueries({ queryKey: [FILLS_KEY] }));
  return useInfiniteQuery({
    queryKey: [FILLS_KEY, filter],
    queryFn: ({ pageParam }) =>
      api.get<FillPage>('/coin/fills', { currency_id: filter.currencyId, legal_id: filter.legalId, side: filter.side, from: filter.from, to: filter.to, page: pageParam }, { silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: active,
  });
}
