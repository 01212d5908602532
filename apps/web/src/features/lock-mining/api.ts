import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/request.ts';
import type { Page } from '../../shared/api/page.ts';
import { useSession } from '../../shared/session.ts';

/** A lock-mining product as /lh/deposit/config lists it; rates are percent strings. */
export interface LockProduct {
  id: number;
  currency_id: number;
  currency: string;
  icon: string;
  lock_days: number;
  daily_rate_min: string;
  daily_rate_max: string;
  min_rate_millionths: number;
  max_rate_millionths: number;
  min_amount: string;
  max_per_user: string;
  penalty_rate: string;
  penalty_rate_millionths: number;
  /** UTC time of day, "00:00". */
  dividend_time: string;
  value_at: number;
  first_dividend_at: number;
  expires_at: number;
  user_locked: string | null;
  user_remaining: string | null;
  /** Published commitments of the coming dates, each with the range its rate is drawn from. */
  commitments: { day: string; commitment: string; committed_at: number; min_rate_millionths: number; max_rate_millionths: number }[];
}

/** One day of an order: its commitment always, its seed and rate once the day's dividend is paid. */
export interface LockDay {
  day: number;
  payout_at: number;
  rate_day: string;
  commitment: string | null;
  committed_at: number | null;
  seed: string | null;
  rate: string | null;
  rate_millionths: number | null;
  range_min_millionths: number | null;
  range_max_millionths: number | null;
  late: boolean;
  amount: string | null;
  paid_at: number | null;
}

export interface LockOrder {
  id: number;
  product_id: number;
  currency: string;
  icon: string;
  amount: string;
  lock_days: number;
  daily_rate_min: string;
  daily_rate_max: string;
  penalty_rate: string;
  /** 1 in progress, 2 redeemed. */
  status: 1 | 2;
  state: 'running' | 'matured' | 'redeemed';
  locked_at: number;
  value_at: number;
  expires_at: number;
  next_dividend_at: number | null;
  days_paid: number;
  yield_paid: string;
  penalty: string | null;
  refund: string | null;
  closed_at: number | null;
  redeem_preview: { remaining_days: number; penalty: string; refund: string } | null;
  days: LockDay[];
}

export function useLockProducts() {
  const { token, lang } = useSession();
  return useQuery({ queryKey: ['lockMining', 'products', Boolean(token), lang], queryFn: () => api.get<LockProduct[]>('/lh/deposit/config') });
}

export function useLockOrders(status: 1 | 2) {
  return useQuery({ queryKey: ['lockMining', 'orders', status], queryFn: () => api.get<Page<LockOrder>>('/lh/deposit/order', { status, limit: 50 }) });
}

export function useLockOrder(id: number | null) {
  return useQuery({ queryKey: ['lockMining', 'order', id], queryFn: () => api.get<LockOrder>('/lh/deposit/order/detail', { id: id ?? undefined }), enabled: id !== null });
}

export function useLock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { productId: number; amount: string }) => api.post<LockOrder>('/lh/deposit', { config_id: input.productId, amount: input.amount }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['lockMining'] });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

export function useRedeem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<LockOrder>('/lh/deposit/order/cancel', { id }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['lockMining'] });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

export const lockPaths = {
  list: '/pages/lockming/lockming',
  welcome: '/pages/lockming/welcome',
  buy: (id: number) => `/pages/lockming/buy?id=${id}`,
  orders: '/pages/lockming/order',
  order: (id: number) => `/pages/lockming/order?id=${id}`,
};
