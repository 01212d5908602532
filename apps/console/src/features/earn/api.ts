import type { Language } from '@openbourse/i18n';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from '../../shared/api.ts';

export type EarnKind = 'lock-mining' | 'ieo' | 'dual';

export interface LockMiningProduct {
  id: number;
  seed_key: string | null;
  currency: string;
  lock_days: number;
  rate_min_percent: string;
  rate_max_percent: string;
  min_amount: string;
  max_per_user: string;
  penalty_percent: string;
  dividend_time: string;
  enabled: boolean;
  sort: number;
  running_orders: number;
  locked: string;
  updated_at: number;
}

export interface IeoProject {
  id: number;
  seed_key: string | null;
  token_id: number;
  token_symbol: string;
  token_name: string;
  token_scale: number;
  texts: Record<Language, { name: string; description: string }>;
  prices: { currency: string; price: string }[];
  total_issuance: string;
  min_per_user: string;
  max_per_user: string;
  subscribe_start: number;
  subscribe_end: number;
  lock_days: number;
  whitepaper: string;
  website: string;
  sort: number;
  orders: number;
  total_committed: string;
  allocated_at: number | null;
  updated_at: number;
  /** At the server's clock, so an operator's computer clock never shows a sale in the wrong state. */
  status: 'warmup' | 'in_progress' | 'finished';
  terms_locked: boolean;
}

export interface DualProduct {
  id: number;
  seed_key: string | null;
  coin: string;
  direction: 'call' | 'put';
  linked_price: string;
  apr_percent: string;
  days: number;
  maturity_date: string;
  maturity_at: number;
  invest_currency: string;
  share: string;
  total_shares: number;
  sold_shares: number;
  sale_start: number;
  sale_end: number;
  enabled: boolean;
  sort: number;
  open_orders: number;
  updated_at: number;
}

export function useEarnList<T>(kind: EarnKind) {
  return useQuery({ queryKey: ['earn', kind], queryFn: () => get<T[]>(`/earn/${kind}`) });
}

/** Creates (id null) or edits one product; the list refetches after. */
export function useSaveEarn<T>(kind: EarnKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, doc }: { id: number | null; doc: object }) => post<T>(id === null ? `/earn/${kind}` : `/earn/${kind}/${id}`, { doc }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['earn', kind] }),
  });
}

/** `<input type="datetime-local">` works in the operator's local time; the API in Unix ms. */
export function toLocalInput(ms: number): string {
  const date = new Date(ms);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export const fromLocalInput = (value: string): number => new Date(value).getTime();
