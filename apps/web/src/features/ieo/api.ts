import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../shared/api/page.ts';
import { api } from '../../shared/api/request.ts';
import { useSession } from '../../shared/session.ts';

export type IeoStatus = 'warmup' | 'in_progress' | 'finished';

export interface IeoAllocation {
  total_committed: string;
  total_issuance: string;
  oversubscribed: boolean;
  pro_rata: string;
  cap: string;
  capped: boolean;
  /** What decided the share: the whole commitment, the per-user cap, plain pro rata, or the pool the caps left shared pro rata. */
  basis: 'commitment' | 'cap' | 'pro_rata' | 'redistributed';
  redistribution: { pool: string; uncapped_committed: string } | null;
  allocated: string;
  paid: string;
  refunded: string;
}

export interface IeoOrder {
  id: number;
  project_id: number;
  name: string;
  token: string;
  icon: string;
  pay_currency: string;
  price: string;
  committed: string;
  held: string;
  status: 'pending' | 'allocated' | 'unlocked';
  subscribe_end: number;
  unlocks_at: number;
  created_at: number;
  allocated_at: number | null;
  unlocked_at: number | null;
  allocation: IeoAllocation | null;
}

export interface IeoProject {
  id: number;
  name: string;
  description: string;
  token: string;
  token_name: string;
  icon: string;
  price: string;
  price_currency: string;
  prices: { currency_id: number; currency: string; price: string }[];
  pay_currencies: string[];
  total_issuance: string;
  min_per_user: string;
  max_per_user: string;
  subscribe_start: number;
  subscribe_end: number;
  lock_days: number;
  unlock_at: number;
  whitepaper: string;
  website: string;
  status: IeoStatus;
  status_code: number;
  total_committed: string;
  subscribers: number;
  progress: string;
  allocated: boolean;
  my_order?: IeoOrder | null;
}

export function useIeoProjects(status: IeoStatus | 'all') {
  const { lang } = useSession();
  return useQuery({
    queryKey: ['ieo', 'projects', status, lang],
    queryFn: () => api.get<Page<IeoProject>>('/project', { status: status === 'all' ? undefined : status, limit: 50 }),
  });
}

export function useIeoProject(id: number | null) {
  const { lang, token } = useSession();
  return useQuery({ queryKey: ['ieo', 'project', id, lang, Boolean(token)], queryFn: () => api.get<IeoProject>('/project/detail', { project_id: id ?? undefined }), enabled: id !== null });
}

export function useIeoOrders() {
  const { lang } = useSession();
  return useQuery({ queryKey: ['ieo', 'orders', lang], queryFn: () => api.get<Page<IeoOrder>>('/user/project/order', { limit: 50 }) });
}

export function useSubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { projectId: number; amount: string; payCurrency: string; price: string }) =>
      api.post<IeoOrder>('/project/order', { project_id: input.projectId, amount: input.amount, pay_currency: input.payCurrency, price: input.price }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['ieo'] });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

export const ieoPaths = {
  list: '/pages/ieo/ieo',
  subscribe: (id: number) => `/pages/ieo/subscribe?id=${id}`,
  orders: '/pages/ieo/order',
};
