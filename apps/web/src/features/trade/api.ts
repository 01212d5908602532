import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../shared/api/request.ts';
import type { Quote } from '../../shared/market/quotes.ts';
import { refreshOnReconnect, useChannel, useRefetchOnBalances } from '../../shared/realtime/index.ts';
import { useSession } from '../../shared/session.ts';
import { orderRequestBody, type PlacedOrder } from './order-request.ts';
import type { OrderDraft } from './preview.ts';
import type { TpslDraft } from './tpsl.ts';

export interface MarketTrade {
  id: number;
  price: string;
  amount: string;
  /** The taker's side. */
  side: 'buy' | 'sell';
  /** Unix ms. */
  time: number;
  /** A fill on this platform, or a print of the market the feed follows (stored feed ticks). */
  source?: 'platform' | 'feed';
}

// Candles, recent trades and balances all follow channels; after a lost connection each is fetched again.
refreshOnReconnect(['trade']);

const RECENT_TRADES = 40;

/** Recent trades newest first: the stored ones, then each new one from the trades channel. */
export function useRecentTrades(symbol: string) {
  const client = useQueryClient();
  const queryKey = ['trade', 'trades', symbol];
  const query = useQuery({
    queryKey,
    queryFn: async () => (await api.get<MarketTrade[]>('/currency/trades', { symbol }, { silent: true })).slice(0, RECENT_TRADES),
  });
  useChannel<MarketTrade>(`trades:${symbol}`, (trade) => {
    const sameTrade = (known: MarketTrade) => known.id === trade.id && (known.source ?? 'platform') === (trade.source ?? 'platform');
    client.setQueryData<MarketTrade[]>(queryKey, (trades) => (trades && !trades.some(sameTrade) ? [trade, ...trades].slice(0, RECENT_TRADES) : trades));
  });
  return query;
}

export interface Balance {
  currency: string;
  available: string;
  frozen: string;
}

/** Both sides of a pair, in the account the server trades it in (change for crypto pairs, stock for stocks). */
export interface PairBalances {
  account_code: string;
  base: Balance;
  quote: Balance;
}

const WALLET_KEY = ['trade', 'wallet'] as const;

/**
 * The pair's base and quote balances in one call, so switching between buy
 * and sell shows the right one at once; refetched whenever the server says
 * the user's balances changed.
 */
export function usePairBalances(quote: Pick<Quote, 'currency_id' | 'legal_id'>) {
  const { token } = useSession();
  useRefetchOnBalances(WALLET_KEY);
  return useQuery({
    queryKey: [...WALLET_KEY, quote.currency_id, quote.legal_id, token],
    queryFn: () => api.post<PairBalances>('/wallet/detail', { currency_id: quote.currency_id, legal_id: quote.legal_id }, { silent: true }),
    enabled: token !== null,
  });
}

/** One tap on buy or sell: the checked draft and the tap's idempotency key. */
export interface OrderTap {
  draft: OrderDraft;
  clientOid: string;
}

/**
 * Places an order from a checked draft (the body is built in
 * `order-request.ts`). The tap's client_oid makes a resend of it answer the
 * first order instead of placing a second.
 */
export function usePlaceOrder(quote: Pick<Quote, 'currency_id' | 'legal_id'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, clientOid }: OrderTap) => api.post<PlacedOrder>('/coin/trade', { ...orderRequestBody(draft, quote), client_oid: clientOid }),
    onSuccess: () => void client.invalidateQueries({ queryKey: WALLET_KEY }),
  });
}

/** Places a take-profit / stop-loss pair on the pair's holdings (sells; one cancels the other). */
export function usePlaceTpsl(quote: Pick<Quote, 'currency_id' | 'legal_id'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: TpslDraft) =>
      api.post<unknown>('/coin/tpsl', {
        currency_id: quote.currency_id,
        legal_id: quote.legal_id,
        amount: draft.amount.trim(),
        take_profit_price: draft.takeProfit.trim() || undefined,
        stop_loss_price: draft.stopLoss.trim() || undefined,
        side: 2,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: WALLET_KEY }),
  });
}

/** Records the visit for "recently viewed" in search; a failure is nothing the user needs to hear about. */
export function useRecordView(symbol: string) {
  const { token } = useSession();
  useEffect(() => {
    if (token) api.post('/market/viewed', { symbol }, { silent: true }).catch(() => undefined);
  }, [symbol, token]);
}
