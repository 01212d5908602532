import { useQuery } from '@tanstack/react-query';
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

export interface OrderDetail {
  order: SpotOrder;
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
