import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Page } from '../../shared/api/page.ts';
import { queryClient } from '../../shared/api/queries.ts';
import { api } from '../../shared/api/request.ts';
import { transferIntoPath } from '../../shared/navigation.ts';
import { refreshOnReconnect, sharedListener, useRefetchOnBalances } from '../../shared/realtime/index.ts';
import { useSession } from '../../shared/session.ts';

export type Side = 'long' | 'short';
export type FuturesStatus = 'entrusted' | 'holding' | 'closed' | 'cancelled';
/** `expiry`: a coupon's position voucher closed at the first tick after its end. */
export type CloseReason = 'manual' | 'batch' | 'take_profit' | 'stop_loss' | 'liquidation' | 'expiry';

/** Contract terms as the server sends them (core `FuturesTerms` in wire names). */
export interface WireTerms {
  tick_size: string;
  lot_size: string;
  quote_scale: number;
  spread_ticks: number;
  fee_rate: string;
  maintenance_margin_ratio: string;
  overnight_rate: string;
}

export interface Contract extends WireTerms {
  symbol: string;
  currency_id: number;
  legal_id: number;
  kind: 'crypto' | 'stock';
  multiples: number[];
  min_lots: number;
  max_lots_per_order: number;
  max_lots_per_user: number;
  spread: string;
  market_open: boolean;
  feed_price: string | null;
}

export interface FuturesOrder {
  id: number;
  symbol: string;
  currency_id: number;
  legal_id: number;
  side: Side;
  order_type: 'market' | 'limit';
  status: FuturesStatus;
  multiple: number;
  lots: number;
  quantity: string;
  limit_price: string | null;
  open_price: string | null;
  open_tick_id: number | null;
  margin: string;
  entrust_hold: string;
  open_fee: string;
  overnight_fees: string;
  take_profit: string | null;
  stop_loss: string | null;
  liquidation_price: string | null;
  feed_price: string | null;
  pnl: string | null;
  risk_rate: string | null;
  pnl_at_take_profit: string | null;
  pnl_at_stop_loss: string | null;
  terms: WireTerms;
  created_at: number;
  opened_at: number | null;
  close: null | {
    reason: CloseReason;
    tick: { id: number; time: number; price: string } | null;
    close_price: string;
    pnl: string;
    fee: string;
    payout: string;
    house_absorbed: string;
    closed_at: number;
  };
  /** Set when the position is a copy of a trader's (copy trading): still linked to their closes, or self-held. */
  copy: null | { trader_user_id: number; trader_nickname: string; linked: boolean; profit_share: string };
}

export interface LeverDeal {
  currency: string;
  available: string;
  frozen: string;
  used_margin: string;
  account_risk_rate: string | null;
  contract: Contract;
  contracts: { symbol: string; currency_id: number; legal_id: number; kind: 'crypto' | 'stock' }[];
  positions: FuturesOrder[];
}

const FUTURES_KEY = 'futures';

/**
 * The engine closes, opens and liquidates on feed ticks; each change reaches
 * the user's private `events` channel as a `futures.*` bus event, and the
 * positions are asked again at once. Live P&L between events comes from the
 * quotes stream; after a lost connection the lists are asked again.
 */
function refreshAfterEvent(data: unknown): void {
  const kind = (data as { kind?: string } | null)?.kind ?? '';
  if (!kind.startsWith('futures.')) return;
  void queryClient.invalidateQueries({ queryKey: [FUTURES_KEY] });
  void queryClient.invalidateQueries({ queryKey: ['wallet'] });
}

const followFuturesEvents = sharedListener('events', refreshAfterEvent);
refreshOnReconnect([FUTURES_KEY]);

function useFollowFuturesEvents(active: boolean): void {
  useEffect(() => (active ? followFuturesEvents() : undefined), [active]);
}

export function useLeverDeal(currencyId: number, legalId = 3) {
  const { token } = useSession();
  useFollowFuturesEvents(Boolean(token));
  // The account's available balance, which a transfer or a settlement elsewhere moves.
  useRefetchOnBalances([FUTURES_KEY, 'deal']);
  return useQuery({
    queryKey: [FUTURES_KEY, 'deal', currencyId, legalId, Boolean(token)],
    queryFn: () => api.post<LeverDeal>('/lever/deal', { currency_id: currencyId, legal_id: legalId }),
    // The pair's ids come from the quotes; until they are known there is nothing to ask.
    enabled: Boolean(token) && currencyId > 0,
  });
}

/** Every order of a status in one answer (at most a page of 50): the account risk over all holding positions. */
export function useFuturesOrders(status: FuturesStatus) {
  const { token } = useSession();
  useFollowFuturesEvents(Boolean(token));
  return useQuery({
    queryKey: [FUTURES_KEY, 'orders', status],
    queryFn: () => api.post<Page<FuturesOrder>>('/lever/my_trade', { status, limit: 50 }),
    enabled: Boolean(token),
  });
}

/** The orders page's lists, a page at a time (a long history reads on as it scrolls). */
export function useFuturesOrderPages(status: FuturesStatus) {
  const { token } = useSession();
  useFollowFuturesEvents(Boolean(token));
  return useInfiniteQuery({
    queryKey: [FUTURES_KEY, 'pages', status],
    queryFn: ({ pageParam }) => api.post<Page<FuturesOrder>>('/lever/my_trade', { status, page: pageParam, limit: 20 }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.has_more ? last.page + 1 : undefined),
    enabled: Boolean(token),
  });
}

function useFuturesMutation<Input>(run: (input: Input) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: [FUTURES_KEY] });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}

export interface SubmitInput {
  currency_id: number;
  legal_id: number;
  type: 1 | 2;
  order_type: 'market' | 'limit';
  lots: number;
  multiple: number;
  target_price?: string;
  target_profit_price?: string;
  stop_loss_price?: string;
}

export const useSubmitFutures = () => useFuturesMutation((input: SubmitInput) => api.post<FuturesOrder>('/lever/submit', { ...input }));
export const useCloseFutures = () => useFuturesMutation((id: number) => api.post<FuturesOrder>('/lever/close', { id }));
export const useBatchClose = () => useFuturesMutation((type: 0 | 1 | 2) => api.post<{ closed: number }>('/lever/batch_close', { type }));
export const useCancelEntrust = () => useFuturesMutation((id: number) => api.post<FuturesOrder>('/lever/cancel', { id }));
export const useSetStops = () =>
  useFuturesMutation((input: { id: number; target_profit_price?: string; stop_loss_price?: string }) => api.post<FuturesOrder>('/lever/setstop', { ...input }));
/** Makes a copied position the follower's own (copy trading's self-holding): the copy lists change too. */
export const useSelfHoldCopy = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<FuturesOrder>('/follow/selfHolding', { transaction_id: id }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: [FUTURES_KEY] });
      void client.invalidateQueries({ queryKey: ['copy'] });
    },
  });
};
export const useAddMargin = () => useFuturesMutation((input: { id: number; amount: string }) => api.post<FuturesOrder>('/lever/add_margin', { ...input }));

export const futuresPaths = {
  contract: (symbol: string) => `/pages/transaction/contract?symbol=${encodeURIComponent(symbol)}`,
  orders: '/pages/transaction/contract_order',
  seconds: '/pages/transaction/seconds',
  transfer: transferIntoPath('lever'),
};
