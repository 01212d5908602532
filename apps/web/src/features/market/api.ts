import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api } from '../../shared/api/request.ts';
import { tradePagePath } from '../../shared/navigation.ts';
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
    // "Recently viewed" changes whenever a trading page opens, so it is asked for again on every visit.
    staleTime: 0,
  });
}

/** Opens a pair's trading page, which records the visit for "recently viewed". */
export function useOpenInstrument(): (symbol: string) => void {
  const navigate = useNavigate();
  return (symbol) => navigate(tradePagePath(symbol));
}
