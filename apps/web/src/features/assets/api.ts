import { useMutation, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../shared/api/queries.ts';
import { useCallback, useState } from 'react';
import { api } from '../../shared/api/request.ts';
import { useRefetchOnBalances } from '../../shared/realtime/index.ts';
import { useSession } from '../../shared/session.ts';
import type { WalletAccount } from '../../shared/api/wallet.ts';

export type { WalletAccount, WalletBalance } from '../../shared/api/wallet.ts';

export interface WalletList {
  fiat: { code: string; symbol: string; rate: string };
  total_usdt: string;
  total_fiat: string;
  accounts: WalletAccount[];
}

export interface UserInfo {
  id: number;
  account: string;
  nickname: string;
  head_portrait: string;
  verification: { level: number; state: 'none' | 'review' | 'verified' | 'failed'; pending_level: number | null };
}

/** Every account valued in USDT and in the fiat the user chose. */
export function useWalletList() {
  const { fiat, lang } = useSession();
  useRefetchOnBalances(['wallet', 'list']);
  return useQuery({
    queryKey: ['wallet', 'list', fiat.currency_code, lang],
    queryFn: () => api.post<WalletList>('/wallet/list', { fiat: fiat.currency_code }),
  });
}

export function useUserInfo() {
  return useQuery({ queryKey: ['user', 'info'], queryFn: () => api.get<UserInfo>('/user/info') });
}

const HIDE_KEY = 'ob.hideAssets';

function readHidden(): boolean {
  try {
    return localStorage.getItem(HIDE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Whether amounts are masked; the choice survives reloads. */
export function useHideAmounts(): [boolean, () => void] {
  const [hidden, setHidden] = useState(readHidden);
  const toggle = useCallback(() => {
    const next = !hidden;
    try {
      localStorage.setItem(HIDE_KEY, next ? '1' : '0');
    } catch {
      // Not persisted; the toggle still works for this visit.
    }
    setHidden(next);
  }, [hidden]);
  return [hidden, toggle];
}

/** A coin worth under 1 USDT that the sweep would turn into USDT of the same account. */
export interface SmallBalance {
  account: { type: number; code: string; name: string };
  currency_id: number;
  currency: string;
  icon: string;
  amount: string;
  usdt_value: string;
  /** USDT it becomes, after the fee. */
  receive: string;
}

export interface SmallBalances {
  threshold_usdt: string;
  fee_bps: number;
  /** When the next sweep is allowed, or null when now. */
  next_allowed_at: number | null;
  items: SmallBalance[];
  total_receive: string;
}

export function useSmallBalances(enabled: boolean) {
  return useQuery({ queryKey: ['wallet', 'smallBalances'], queryFn: () => api.post<SmallBalances>('/wallet/small_balances', {}, { silent: true }), enabled, staleTime: 0 });
}

/** Sweeps every small balance into USDT at feed prices; balances everywhere are stale afterwards. */
export function useSweepSmallBalances() {
  return useMutation({
    mutationFn: () => api.post<{ total_receive: string; next_allowed_at: number }>('/wallet/small_balances/convert'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['wallet'] }),
  });
}
