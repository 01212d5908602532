import type { CandleBar, CandlePeriod, InstrumentDef } from '@openbourse/core';
import { instrumentDefOf, PERIOD_SECONDS } from '@openbourse/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '../api/request.ts';
import type { Quote } from '../market/quotes.ts';
import { refreshOnReconnect, useChannel } from '../realtime/index.ts';

/** A pair's live market data every trading screen shows (spot, futures): the book and the candle history. */

// The candle history follows the candles channel; after a lost connection it is fetched again.
refreshOnReconnect(['trading']);

/** Best first: `[price, quantity]`. */
export type DepthLevel = [string, string];

export interface Depth {
  bids: DepthLevel[];
  asks: DepthLevel[];
  time: number;
}

/** How far back the chart starts, in candles; enough to scroll through without a heavy first load. */
const HISTORY_CANDLES = 300;

/** Seconds of one candle of each period, to ask for a bounded history (a month is taken as 31 days). */
const PERIOD_LENGTH_SECONDS: Record<CandlePeriod, number> = { ...PERIOD_SECONDS, '1mon': 31 * 86_400 };

/** Candle history oldest first; the chart keeps it current from the candles channel itself. */
export function useCandleHistory(symbol: string, period: CandlePeriod) {
  return useQuery({
    queryKey: ['trading', 'candles', symbol, period],
    queryFn: () => {
      const to = Math.floor(Date.now() / 1000);
      return api.get<CandleBar[]>('/currency/new_timeshar', { symbol, period, from: to - HISTORY_CANDLES * PERIOD_LENGTH_SECONDS[period], to }, { silent: true });
    },
    // The channel moves the chart on, so a drawn history never needs refetching; one left
    // behind by a period switch is dropped, as it would have a gap when shown again.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/**
 * The last book each symbol's channel sent: the channel's snapshot goes only to
 * its first listener, so a second view of the same book (the depth chart beside
 * the list) starts from here instead of waiting for the book to change.
 */
const lastDepth = new Map<string, Depth>();

/** The order book as the depth channel pushes it (its first frame is the current book). */
export function useDepth(symbol: string): Depth | undefined {
  const [depth, setDepth] = useState<Depth | undefined>(() => lastDepth.get(symbol));
  useChannel<Depth>(`depth:${symbol}`, (next) => {
    lastDepth.set(symbol, next);
    setDepth(next);
  });
  return depth;
}

/**
 * Every live tick brings a new quote object; the definition only changes with
 * the instrument's sizes, so the chart and core's per-definition caches keep theirs.
 */
export function useStableDef(quote: Quote): InstrumentDef {
  const key = JSON.stringify(instrumentDefOf(quote));
  return useMemo(() => JSON.parse(key) as InstrumentDef, [key]);
}
