import type { Language } from '@openbourse/i18n';
import { type DefaultOptions, QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { type FiatRate, session, useSession } from '../session.ts';
import { api } from './request.ts';

/**
 * Mutations run when called, online or not (`networkMode: 'always'`): the
 * default 'online' pauses a mutation while offline and sends it when the
 * connection returns, which filled orders late at a price nobody saw. The
 * request layer refuses money calls at once while offline instead, and
 * nothing is retried without a new tap.
 */
export const QUERY_DEFAULTS = {
  queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
  mutations: { retry: false, networkMode: 'always' },
} satisfies DefaultOptions;

export const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });

export interface SiteConfig {
  settings: Record<string, string> & { site_name: string; site_logo: string };
  exchangeRate: FiatRate[];
}

const siteConfigQuery = (lang: Language) =>
  queryOptions({
    queryKey: ['siteConfig', lang],
    queryFn: async () => {
      const config = await api.get<SiteConfig>('/getSiteConfig', {}, { silent: true });
      session.setFiatList(config.exchangeRate);
      document.title = config.settings.site_name;
      return config;
    },
    staleTime: 5 * 60_000,
  });

/**
 * Fetched once at launch: the site's name and logo and the fiat rates. Queries
 * carry the language in their key, so switching language refetches texts.
 */
export function useSiteConfig() {
  const { lang } = useSession();
  return useQuery(siteConfigQuery(lang));
}

/** Sends the launch request for the site config with the opening page's own (app/start-page.ts), not after the first render. */
export function prefetchSiteConfig(): void {
  void queryClient.prefetchQuery(siteConfigQuery(session.get().lang));
}
