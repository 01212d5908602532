import type { InstrumentDef } from '@openbourse/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../api/request.ts';
import { queryClient } from '../api/queries.ts';
import { realtime } from '../realtime/index.ts';
import { useSession } from '../session.ts';

/** A live price picture of one instrument, as `tickers` and `ticker:<symbol>` push it. */
export interface Ticker {
  symbol: string;
  price: string;
  open_24h: string;
  change: string;
  change_percent: string;
  high: string;
  low: string;
  volume: string;
  turnover: string;
  time: number;
  tick_id: number | null;
  /** Always true for crypto; stocks trade only in their exchange's sessions. */
  market_open: boolean;
  /** When a closed market opens next (Unix ms), otherwise null. */
  next_open: number | null;
}

/** An instrument as `/currency/quotation_new` lists it: its ticker plus what trading it needs. */
export interface Quote extends Ticker {
  currency_id: number;
  legal_id: number;
  base: string;
  quote: string;
  name: string;
  icon: string;
  kind: 'crypto' | 'stock';
  tick_size: string;
  lot_size: string;
  min_notional: string;
  maker_fee_bps: number;
  taker_fee_bps: number;
  base_scale: number;
  quote_scale: number;
  favourite?: boolean;
}

/** The definition `packages/core` needs to preview an order exactly as the server will hold it. */
export function instrumentDef(quote: Quote): InstrumentDef {
  return {
    symbol: quote.symbol,
    base: quote.base,
    quote: quote.quote,
    kind: quote.kind,
    tickSize: quote.tick_size,
    lotSize: quote.lot_size,
    minNotional: quote.min_notional,
    makerFeeBps: quote.maker_fee_bps,
    takerFeeBps: quote.taker_fee_bps,
    baseScale: quote.base_scale,
    quoteScale: quote.quote_scale,
  };
}

export function mergeTickers(quotes: Quote[] | undefined, update: Ticker | Ticker[]): Quote[] | undefined {
  if (!quotes) return quotes;
  const bySymbol = new Map((Array.isArray(update) ? update : [update]).map((ticker) => [ticker.symbol, ticker]));
  return quotes.map((quote) => {
    const ticker = bySymbol.get(quote.symbol);
    return ticker ? { ...quote, ...ticker } : quote;
  });
}

export const quotesKey = (signedIn: boolean) => ['quotes', signedIn] as const;

/** However many components show quotes, one `tickers` listener keeps the cached lists current. */
let liveUsers = 0;
let stopLive: (() => void) | null = null;

function startLiveQuotes(): () => void {
  liveUsers += 1;
  stopLive ??= realtime.listen('tickers', (data) => {
    for (const signedIn of [true, false]) queryClient.setQueryData<Quote[]>(quotesKey(signedIn), (quotes) => mergeTickers(quotes, data as Ticker | Ticker[]));
  });
  return () => {
    liveUsers -= 1;
    if (liveUsers === 0) {
      stopLive?.();
      stopLive = null;
    }
  };
}

/** Every instrument with live prices; `favourite` is set when signed in. */
export function useQuotes() {
  const { token } = useSession();
  const query = useQuery({
    queryKey: quotesKey(token !== null),
    queryFn: () => api.get<Quote[]>('/currency/quotation_new', {}, { silent: true }),
    staleTime: 60_000,
  });
  useEffect(startLiveQuotes, []);
  return query;
}

/** One instrument's quote by symbol (e.g. `BTC/USDT`), live. */
export function useQuote(symbol: string) {
  const quotes = useQuotes();
  return { ...quotes, data: quotes.data?.find((quote) => quote.symbol === symbol) };
}
