import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryClient } from '../../shared/api/queries.ts';
import { api } from '../../shared/api/request.ts';
import { transferIntoPath } from '../../shared/navigation.ts';
import { refreshOnReconnect, sharedListener, useRefetchOnBalances } from '../../shared/realtime/index.ts';
import { useSession } from '../../shared/session.ts';

/** How the trader list is ordered (`/follow/index` `sort`). */
export type TraderSort = 'profit' | 'accuracy' | 'followers';
/** 1: a fixed multiple of the trader's lots; 2: a fixed number of lots. */
export type FollowType = 1 | 2;
export type Side = 'long' | 'short';

/** A trader as the list and the profile show them; rates and amounts are decimal strings, `accuracy` a fraction ("0.6250"). */
export interface Trader {
  trader_user_id: number;
  nickname: string;
  avatar: string;
  introduction: string;
  strategy: string;
  share_rate: string;
  follower_count: number;
  max_followers: number;
  slots_left: number;
  accuracy: string;
  total_profit: string;
  profitable_orders: number;
  closed_orders: number;
  follow_amount: string;
  follower_earnings: string;
  computed_at: number;
  following: boolean;
}

export interface TraderPage {
  list: Trader[];
  page: number;
  total: number;
  computed_at: number;
}

export interface FollowHistoryEntry {
  action: 'following' | 'edited' | 'cancelled';
  type: FollowType;
  number: string;
  at: number;
}

export interface Follow {
  id: number;
  trader_user_id: number;
  trader_nickname: string;
  type: FollowType;
  number: string;
  /** Spec 4: `edited` is still following, the last change having been an edit. */
  status: 'following' | 'edited' | 'cancelled';
  created_at: number;
  updated_at: number;
  history?: FollowHistoryEntry[];
}

/** The follow while it copies (following or edited), null once cancelled or never made. */
export const activeFollow = (follow: Follow | null | undefined): Follow | null => (follow && follow.status !== 'cancelled' ? follow : null);

export interface TraderOpenPosition {
  symbol: string;
  side: Side;
  lots: number;
  multiple: number;
  open_price: string;
  open_tick_id: number;
  opened_at: number;
}

export interface TraderDetail extends Trader {
  curve: { day: string; profit: string }[];
  open_positions: TraderOpenPosition[];
  my_follow: Follow | null;
}

export interface TraderTrade {
  id: number;
  symbol: string;
  side: Side;
  lots: number;
  multiple: number;
  open_price: string;
  open_tick_id: number;
  close_price: string;
  close_tick_id: number;
  close_reason: string;
  profit: string;
  opened_at: number;
  closed_at: number;
}

/** Contract terms in wire names, as `/lever/my_trade` and `/lever/deal` send them. */
export interface WireTerms {
  tick_size: string;
  lot_size: string;
  quote_scale: number;
  spread_ticks: number;
  fee_rate: string;
  maintenance_margin_ratio: string;
  overnight_rate: string;
}

/** A copied futures position: the futures order as `/lever/my_trade` presents it, plus where it came from. */
export interface CopiedPosition {
  id: number;
  symbol: string;
  side: Side;
  status: 'entrusted' | 'holding' | 'closed' | 'cancelled';
  multiple: number;
  lots: number;
  open_price: string | null;
  open_tick_id: number | null;
  margin: string;
  pnl: string | null;
  /** The feed price `pnl` was valued at when the list was answered. */
  feed_price: string | null;
  terms: WireTerms;
  opened_at: number | null;
  close: null | { reason: string; tick: { id: number; time: number; price: string } | null; close_price: string; pnl: string; closed_at: number };
  trader_user_id: number;
  trader_nickname: string;
  trader_order_id: number;
  linked: boolean;
  profit_share: string;
}

export interface SkippedCopy {
  trader_user_id: number;
  trader_nickname: string;
  symbol: string;
  reason_key: string;
  reason: string;
  at: number;
}

export interface MyCopies {
  follows: Follow[];
  current: CopiedPosition[];
  history: CopiedPosition[];
  history_total: number;
  history_has_more: boolean;
  skipped: SkippedCopy[];
  earnings: { total_profit: string; shares_paid: string };
}

export interface TraderApplication {
  status: 'pending' | 'approved' | 'rejected';
  nickname: string;
  introduction: string;
  share_rate: string;
  reason?: string | null;
  created_at: number;
}

export interface TraderMe {
  application: TraderApplication | null;
  trader: Trader | null;
  eligibility: { level_ok: boolean; lever_balance: string; min_lever_balance: string; share_range: [string, string]; default_share_rate: string };
  followers: { nickname: string; type: FollowType; number: string; since: number }[];
  shares_received: string;
}

/** The part of `/lever/deal` the follow form reads: the lever balance and one contract's terms and lot limits. */
export interface LeverDeal {
  available: string;
  contract: WireTerms & { symbol: string; min_lots: number; max_lots_per_order: number };
}

const PAGE_SIZE = 10;
const COPY_KEY = 'copy';

/**
 * A mirrored open or close, a skip, a share or a new follower reaches the
 * user's private `events` channel as a `copy.*` event (and the copied
 * position's `futures.*` one): the user's copies, trader dashboard and lever
 * balance are asked again at once, as the futures pages do; nothing polls.
 * After a lost connection they are asked again.
 */
function refreshAfterEvent(data: unknown): void {
  const kind = (data as { kind?: string } | null)?.kind ?? '';
  if (!kind.startsWith('copy.') && !kind.startsWith('futures.')) return;
  for (const part of ['my', 'me', 'lever']) void queryClient.invalidateQueries({ queryKey: [COPY_KEY, part] });
}

const followCopyEvents = sharedListener('events', refreshAfterEvent);
refreshOnReconnect([COPY_KEY]);

function useFollowCopyEvents(active: boolean): void {
  useEffect(() => (active ? followCopyEvents() : undefined), [active]);
}

export function useTraders(sort: TraderSort) {
  const { token } = useSession();
  return useInfiniteQuery({
    queryKey: ['copy', 'traders', sort, Boolean(token)],
    queryFn: ({ pageParam }) => api.get<TraderPage>('/follow/index', { page: pageParam, limit: PAGE_SIZE, sort }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * PAGE_SIZE < last.total ? last.page + 1 : undefined),
  });
}

export function useTraderDetail(traderUserId: number) {
  const { token } = useSession();
  return useQuery({
    queryKey: ['copy', 'trader', traderUserId, Boolean(token)],
    queryFn: () => api.get<TraderDetail>('/follow/traderDetail', { trader_user_id: traderUserId }),
    enabled: traderUserId > 0,
  });
}

export function useTraderTrades(traderUserId: number) {
  return useInfiniteQuery({
    queryKey: ['copy', 'trades', traderUserId],
    queryFn: ({ pageParam }) => api.get<{ list: TraderTrade[]; page: number; total: number }>('/follow/historyTrade', { trader_user_id: traderUserId, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.reduce((sum, page) => sum + page.list.length, 0) < last.total && last.list.length > 0 ? last.page + 1 : undefined),
    enabled: traderUserId > 0,
  });
}

export function useAgreement() {
  const { token } = useSession();
  return useQuery({
    queryKey: ['copy', 'agreement'],
    queryFn: () => api.get<{ agreed_at: number | null }>('/follow/agreement'),
    enabled: Boolean(token),
  });
}

export function useMyCopies() {
  const { token } = useSession();
  useFollowCopyEvents(Boolean(token));
  return useQuery({
    queryKey: ['copy', 'my'],
    queryFn: () => api.get<MyCopies>('/follow/my', { page: 1 }),
    enabled: Boolean(token),
  });
}

/** Older closed copies, page 2 on (page 1 comes with `/follow/my`); fetched once the user asks for them. */
export function useOlderCopies(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['copy', 'my', 'older'],
    queryFn: ({ pageParam }) => api.get<MyCopies>('/follow/my', { page: pageParam }),
    initialPageParam: 2,
    getNextPageParam: (last, pages) => (last.history_has_more ? pages.length + 2 : undefined),
    enabled,
  });
}

export function useTraderMe() {
  const { token } = useSession();
  useFollowCopyEvents(Boolean(token));
  return useQuery({
    queryKey: ['copy', 'me'],
    queryFn: () => api.get<TraderMe>('/follow/trader/me'),
    enabled: Boolean(token),
  });
}

export function useLeverDeal(currencyId: number | undefined, legalId: number | undefined) {
  const { token } = useSession();
  useRefetchOnBalances(['copy', 'lever']);
  return useQuery({
    queryKey: ['copy', 'lever', currencyId, legalId],
    queryFn: () => api.post<LeverDeal>('/lever/deal', { currency_id: currencyId, legal_id: legalId }),
    enabled: Boolean(token) && Boolean(currencyId) && Boolean(legalId),
  });
}

/** Every copy-trading answer may change after an action (lists, follows, positions, balances), so all of them refresh. */
function useCopyMutation<Input, Output>(run: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['copy'] });
      void client.invalidateQueries({ queryKey: ['futures'] });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

export const useAgree = () => useCopyMutation(() => api.post<{ agreed_at: number }>('/follow/agree'));
export const useFollow = () => useCopyMutation((input: { trader_user_id: number; type: FollowType; number: string }) => api.post<Follow>('/follow/follow', { ...input }));
export const useCancelFollow = () => useCopyMutation((traderUserId: number) => api.post<{ ok: true }>('/follow/cancel', { follow_user_id: traderUserId }));
export const useSelfHold = () => useCopyMutation((orderId: number) => api.post<CopiedPosition>('/follow/selfHolding', { transaction_id: orderId }));
export const useApply = () =>
  useCopyMutation((input: { nickname: string; introduction: string; share_rate: string }) => api.post<TraderApplication>('/follow/trader/apply', { ...input }));

export const copyPaths = {
  list: '/pages/copytrade/copy',
  my: '/pages/copytrade/my',
  dashboard: '/pages/copytrade/trader',
  trader: (id: number) => `/pages/follow/trader?trader_user_id=${id}`,
  follow: (id: number) => `/pages/follow/follow?trader_user_id=${id}`,
  agreement: (language: 'zh' | 'en') => `/pages/follow/agreement_${language}`,
  // Copies open in the follower's futures account.
  transfer: transferIntoPath('lever'),
  verification: '/pages/setting/real',
  futuresOrders: '/pages/transaction/contract_order',
};
