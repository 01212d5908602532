import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { marketSearchQuery } from '../../shared/market/search.ts';
import { tradePagePath } from '../../shared/navigation.ts';
import { useSession } from '../../shared/session.ts';

export type { MarketSearch } from '../../shared/market/search.ts';

/** Matches for a keyword, or (empty keyword) the hot and recently viewed symbols. */
export function useMarketSearch(keyword: string) {
  const { token } = useSession();
  return useQuery({
    ...marketSearchQuery(keyword, token !== null),
    // While the next keyword is on its way the previous matches stay, instead of the list blinking empty.
    placeholderData: keepPreviousData,
    // "Recently viewed" changes whenever a trading page opens, so it is asked for again on every visit.
    staleTime: 0,
  });
}

/** The trending pairs (the hot list of an empty search); they change slowly, so a fetch from the last minute is kept. */
export function useTrending() {
  const { token } = useSession();
  return useQuery({ ...marketSearchQuery('', token !== null), staleTime: 60_000 });
}

/** Opens a pair's trading page, which records the visit for "recently viewed". */
export function useOpenInstrument(): (symbol: string) => void {
  const navigate = useNavigate();
  return (symbol) => navigate(tradePagePath(symbol));
}
