import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Page } from '../../shared/api/page.ts';
import { queryClient } from '../../shared/api/queries.ts';
import { api } from '../../shared/api/request.ts';
import { transferIntoPath } from '../../shared/navigation.ts';
import { refreshOnReconnect, sharedListener, useRefetchOnBalances } from '../../shared/realtime/index.ts';
import { useSession } from '../../shared/session.ts';

export type OptionDirection = 'up' | 'down';
export type OptionStatus = 'open' | 'won' | 'lost' | 'tied';

export interface StakeLimits {
  currency_id: number;
  currency: string;
  min: string;
  max: string;
}

export interface OptionPeriod {
  seconds: number;
  /** Percent of the stake a win adds. */
  payout_rate: string;
  /** Percent of the stake charged as the trading fee when the option is placed. */
  fee_rate: string;
  break_even_win_rate: string;
  stakes: StakeLimits[];
}

export interface OptionPeriods {
  match_id: number;
  symbol: string;
  market_open: boolean;
  periods: OptionPeriod[];
}

export interface PayableCurrency {
  currency_id: number;
  currency: string;
  /** Decimals of the currency's minor unit: stakes are previewed in minor units as the server pays them. */
  scale: number;
  icon: string;
  available: string;
  frozen: string;
}

export interface FeedTick {
  id: number;
  time: number;
  price: string;
}

export interface SecondsOption {
  id: number;
  match_id: number;
  symbol: string;
  currency_id: number;
  currency: string;
  type: OptionDirection;
  seconds: number;
  number: string;
  /** The trading fee paid at placement, on top of the stake. */
  fee: string;
  payout_rate: string;
  break_even_win_rate: string;
  win_payout: string;
  status: OptionStatus;
  created_at: number;
  expires_at: number;
  /** Seconds to expiry when the server answered: counted down from the answer's arrival, so the device's clock does not matter. */
  seconds_left: number;
  open_tick: FeedTick;
  settle_tick: FeedTick | null;
  payout: string | null;
  profit: string | null;
  settled_at: number | null;
}

export interface SubmitOption {
  matchId: number;
  currencyId: number;
  type: OptionDirection;
  seconds: number;
  number: string;
}

const OPTIONS_KEY = 'secondsOptions';

/** A settled option changes its row, the lists and the options account's balances: all are asked again. */
function refreshAfterEvent(data: unknown): void {
  const kind = (data as { kind?: string } | null)?.kind ?? '';
  if (!kind.startsWith('option.')) return;
  void queryClient.invalidateQueries({ queryKey: [OPTIONS_KEY] });
}

const followOptionEvents = sharedListener('events', refreshAfterEvent);
refreshOnReconnect([OPTIONS_KEY]);

function useFollowOptionEvents(active: boolean): void {
  useEffect(() => (active ? followOptionEvents() : undefined), [active]);
}

export function useOptionPeriods(matchId: number | undefined) {
  return useQuery({
    queryKey: [OPTIONS_KEY, 'periods', matchId],
    queryFn: () => api.get<OptionPeriods>('/microtrade/seconds', { match_id: matchId }),
    enabled: matchId !== undefined,
  });
}

export function usePayableCurrencies() {
  const { token } = useSession();
  useFollowOptionEvents(token !== null);
  // Each currency's balance in the options account, which a transfer elsewhere moves.
  useRefetchOnBalances([OPTIONS_KEY, 'payable']);
  return useQuery({ queryKey: [OPTIONS_KEY, 'payable'], queryFn: () => api.get<PayableCurrency[]>('/microtrade/payable_currencies'), enabled: token !== null });
}

export function useSubmitOption() {
  return useMutation({
    mutationFn: (input: SubmitOption) =>
      api.post<SecondsOption>('/microtrade/submit', { match_id: input.matchId, currency_id: input.currencyId, type: input.type, seconds: input.seconds, number: input.number }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [OPTIONS_KEY] }),
  });
}

/** One option, asked again whenever an option event arrives (its settlement shows at once). */
export function useOptionResult(id: number | null) {
  const { token } = useSession();
  useFollowOptionEvents(token !== null);
  return useQuery({ queryKey: [OPTIONS_KEY, 'result', id], queryFn: () => api.get<SecondsOption>('/microtrade/get_result', { id: id ?? undefined }, { silent: true }), enabled: token !== null && id !== null });
}

/** A listed option with the moment it expires on this device's clock (its `seconds_left` counted from the answer's arrival), for countdowns. */
export type ListedOption = SecondsOption & { expiresHere: number };

export function useOptionList(status: 'open' | 'settled', matchId?: number) {
  const { token } = useSession();
  useFollowOptionEvents(token !== null);
  return useInfiniteQuery({
    queryKey: [OPTIONS_KEY, 'list', status, matchId ?? null],
    queryFn: async ({ pageParam }): Promise<Page<ListedOption>> => {
      const page = await api.get<Page<SecondsOption>>('/microtrade/lists', { status, match_id: matchId, page: pageParam, limit: 10 }, { silent: true });
      const arrived = Date.now();
      return { ...page, list: page.list.map((option) => ({ ...option, expiresHere: arrived + option.seconds_left * 1000 })) };
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: token !== null,
  });
}

export const optionPaths = {
  screen: (symbol: string) => `/pages/transaction/seconds?symbol=${encodeURIComponent(symbol)}`,
  orders: '/pages/transaction/seconds_order',
  transfer: transferIntoPath('micro'),
};
