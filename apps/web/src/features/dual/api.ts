import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../shared/api/page.ts';
import { api } from '../../shared/api/request.ts';
import { useSession } from '../../shared/session.ts';

export type Direction = 'call' | 'put';

export interface Outcome {
  currency: string;
  amount: string;
  interest: string;
}

export interface DualProduct {
  id: number;
  pair: string;
  currency_id: number;
  coin: string;
  icon: string;
  type: Direction;
  linked_price: string;
  /** Annual rate in percent. */
  apr: string;
  days: number;
  maturity_at: number;
  maturity_date: string;
  invest_currency: string;
  share_amount: string;
  total_shares: number;
  sold_shares: number;
  remaining_shares: number;
  progress: string;
  sale_start: number;
  sale_end: number;
  on_sale: boolean;
  feed_price: string | null;
  per_share: { kept: Outcome; converted: Outcome };
}

export type DualOrderStatus = 'purchased' | 'settling' | 'success' | 'fail';

export interface DualOrder {
  id: number;
  product_id: number;
  pair: string;
  coin: string;
  icon: string;
  type: Direction;
  linked_price: string;
  apr: string;
  days: number;
  maturity_at: number;
  shares: number;
  invested: string;
  invest_currency: string;
  status: DualOrderStatus;
  created_at: number;
  outcomes: { kept: Outcome; converted: Outcome };
  settlement: null | {
    tick: { id: number; time: number; price: string } | null;
    converted: boolean;
    payout: string;
    payout_currency: string;
    interest: string;
    settled_at: number;
  };
}

/** A coin with products on sale or coming: one tab of the list. */
export interface DualCoin {
  currency_id: number;
  coin: string;
  icon: string;
}

/** The coins from the server, so a product an operator creates on any coin gets its tab. */
export function useDualCoins() {
  return useQuery({ queryKey: ['dual', 'coins'], queryFn: () => api.get<DualCoin[]>('/dual/coins') });
}

export function useDualProducts(currencyId: number, type: Direction) {
  return useQuery({ queryKey: ['dual', 'products', currencyId, type], queryFn: () => api.get<DualProduct[]>('/dual/index', { currency_id: currencyId, type }) });
}

export function useDualProduct(id: number | null) {
  return useQuery({ queryKey: ['dual', 'product', id], queryFn: () => api.get<DualProduct>('/dual/detail', { id: id ?? undefined }), enabled: id !== null });
}

export function useDualOrders(status: DualOrderStatus | 'all') {
  const { token } = useSession();
  return useQuery({
    queryKey: ['dual', 'orders', status],
    queryFn: () => api.post<Page<DualOrder>>('/dual/dual_list', { status: status === 'all' ? undefined : status, limit: 50 }),
    enabled: Boolean(token),
  });
}

export function useBuyDual() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; shares: number }) => api.post<DualOrder>('/dual/buyDual', { id: input.id, num: input.shares }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['dual'] });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

export const dualPaths = {
  list: '/pages/invest/invest',
  purchase: (id: number) => `/pages/invest/purchase?id=${id}`,
  mine: '/pages/invest/mine',
  help: '/pages/invest/help',
};
