import type { Quote, Ticker } from '@openbourse/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, toast } from '../api/request.ts';
import { queryClient } from '../api/queries.ts';
import { refreshOnReconnect, sharedListener } from '../realtime/index.ts';
import { session, useSession } from '../session.ts';

export type { Quote, Ticker } from '@openbourse/core';

export function mergeTickers(quotes: Quote[] | undefined, update: Ticker | Ticker[]): Quote[] | undefined {
  if (!quotes) return quotes;
  const bySymbol = new Map((Array.isArray(update) ? update : [update]).map((ticker) => [ticker.symbol, ticker]));
  return quotes.map((quote) => {
    const ticker = bySymbol.get(quote.symbol);
    return ticker ? { ...quote, ...ticker } : quote;
  });
}

export const quotesKey = (signedIn: boolean) => ['quotes', signedIn] as const;

refreshOnReconnect(['quotes']);

/** However many components show quotes, one `tickers` listener keeps the cached lists current. */
const followTickers = sharedListener('tickers', (data) => {
  for (const signedIn of [true, false]) queryClient.setQueryData<Quote[]>(quotesKey(signedIn), (quotes) => mergeTickers(quotes, data as Ticker | Ticker[]));
});

const quotesQuery = (signedIn: boolean) =>
  queryOptions({ queryKey: quotesKey(signedIn), queryFn: () => api.get<Quote[]>('/currency/quotation_new', {}, { silent: true }), staleTime: 60_000 });

/** Every instrument with live prices; `favourite` is set when signed in. */
export function useQuotes() {
  const { token } = useSession();
  const query = useQuery(quotesQuery(token !== null));
  useEffect(followTickers, []);
  return query;
}

/** Starts fetching the quotes before any page that shows them has rendered. */
export function prefetchQuotes(): void {
  void queryClient.prefetchQuery(quotesQuery(session.get().token !== null));
}

/** One instrument's quote by symbol (e.g. `BTC/USDT`), live. */
export function useQuote(symbol: string) {
  const quotes = useQuotes();
  return { ...quotes, data: quotes.data?.find((quote) => quote.symbol === symbol) };
}

function markFavourite(quotes: Quote[] | undefined, symbol: string, favourite: boolean): Quote[] | undefined {
  return quotes?.map((quote) => (quote.symbol === symbol ? { ...quote, favourite } : quote));
}

/**
 * Adds a pair to the watchlist or removes it. The star changes at once in every
 * cached quote list; if the server refuses, the lists are fetched again so they
 * show the truth. The server's confirmation ("Added to favourites") is toasted.
 */
export function useToggleFavourite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ symbol, favourite }: { symbol: string; favourite: boolean }) => api.post<string>(favourite ? '/optional/add' : '/optional/del', { symbol }),
    onMutate: async ({ symbol, favourite }) => {
      // A refetch already under way would otherwise land after the change and undo the star.
      await client.cancelQueries({ queryKey: ['quotes'] });
      client.setQueriesData<Quote[]>({ queryKey: ['quotes'] }, (quotes) => markFavourite(quotes, symbol, favourite));
    },
    onSuccess: (message) => toast(message),
    onError: () => client.invalidateQueries({ queryKey: ['quotes'] }),
  });
}
