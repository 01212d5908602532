import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api, toast } from '../../shared/api/request.ts';
import type { Quote } from '../../shared/market/quotes.ts';
import { useSession } from '../../shared/session.ts';

/** `/market/search`: matches for a keyword; with no keyword only `hot` and, signed in, `recent` (newest first). */
export interface MarketSearch {
  results: Quote[];
  hot: string[];
  recent: string[];
}

const SEARCH_KEY = 'marketSearch';

/** Matches for a keyword, or (empty keyword) the hot and recently viewed symbols. */
export function useMarketSearch(keyword: string) {
  const { token } = useSession();
  return useQuery({
    queryKey: [SEARCH_KEY, keyword, token !== null],
    queryFn: () => api.get<MarketSearch>('/market/search', { keyword }, { silent: true }),
    // While the next keyword is on its way the previous matches stay, instead of the list blinking empty.
    placeholderData: keepPreviousData,
  });
}

/** The spot trading page of a pair; its symbol contains a slash, hence the encoding. */
const tradePath = (symbol: string) => `/pages/transaction/currency?symbol=${encodeURIComponent(symbol)}`;

/** Opens a pair's trading page and, signed in, records it for "recently viewed" in search. */
export function useOpenInstrument(): (symbol: string) => void {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { token } = useSession();
  const viewed = useMutation({
    mutationFn: (symbol: string) => api.post<boolean>('/market/viewed', { symbol }, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: [SEARCH_KEY, ''] }),
  });
  return (symbol) => {
    if (token) viewed.mutate(symbol);
    navigate(tradePath(symbol));
  };
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
