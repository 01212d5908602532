import { queryOptions } from '@tanstack/react-query';
import { queryClient } from '../api/queries.ts';
import { api } from '../api/request.ts';
import { session } from '../session.ts';
import type { Quote } from './quotes.ts';

/** `/market/search`: matches for a keyword; with no keyword only `hot` and, signed in, `recent` (newest first). */
export interface MarketSearch {
  results: Quote[];
  hot: string[];
  recent: string[];
}

export const marketSearchQuery = (keyword: string, signedIn: boolean) =>
  queryOptions({ queryKey: ['marketSearch', keyword, signedIn], queryFn: () => api.get<MarketSearch>('/market/search', { keyword }, { silent: true }) });

/** Starts fetching the trending pairs (an empty search) before the page showing them has rendered. */
export function prefetchTrending(): void {
  void queryClient.prefetchQuery(marketSearchQuery('', session.get().token !== null));
}
