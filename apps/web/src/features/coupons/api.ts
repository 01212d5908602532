import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../shared/api/request.ts';
import type { Page } from '../../shared/api/page.ts';

export type CouponStatus = 'available' | 'used' | 'expired';
export type CouponTask = 'verify' | 'first_deposit' | 'first_trade';

export interface Coupon {
  id: number;
  kind: 'fee' | 'voucher';
  status: CouponStatus;
  currency: string;
  face_value: string;
  remaining: string;
  valid_from: number;
  valid_until: number;
  futures_order_id: number | null;
  voucher_multiple: number | null;
}

export interface TaskEntry {
  task: CouponTask;
  done: boolean;
  claimed: boolean;
  grants: { kind: Coupon['kind']; face_value: string; currency: string; valid_days: number };
}

export interface FuturesPair {
  symbol: string;
  currency_id: number;
  legal_id: number;
}

export const useCoupons = (status: CouponStatus) => useQuery({ queryKey: ['coupons', status], queryFn: () => api.get<Page<Coupon>>('/coupon/list', { status, limit: 50 }) });

export const useCouponTasks = () => useQuery({ queryKey: ['coupons', 'tasks'], queryFn: () => api.get<TaskEntry[]>('/coupon/tasks') });

/** The futures pairs a voucher can open (from `/lever/deal`, which lists every contract). */
export const useFuturesPairs = (enabled: boolean) =>
  useQuery({ queryKey: ['coupons', 'pairs'], enabled, queryFn: async () => (await api.post<{ contracts: FuturesPair[] }>('/lever/deal', { currency_id: 1, legal_id: 3 })).contracts });

export function useClaimTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: CouponTask) => api.post<Coupon>('/coupon/claim', { task }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['coupons'] }),
  });
}

export function useVoucher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (use: { coupon_id: number; currency_id: number; legal_id: number; type: 'long' | 'short' }) => api.post<{ order_id: number }>('/coupon/use_voucher', use),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['coupons'] }),
  });
}
