import { QueryClient, useQuery } from '@tanstack/react-query';
import { type FiatRate, session, useSession } from '../session.ts';
import { api } from './request.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
  },
});

export interface SiteConfig {
  settings: Record<string, string> & { site_name: string; site_logo: string };
  exchangeRate: FiatRate[];
}

/**
 * Fetched once at launch: the site's name and logo and the fiat rates. Queries
 * carry the language in their key, so switching language refetches texts.
 */
export function useSiteConfig() {
  const { lang } = useSession();
  return useQuery({
    queryKey: ['siteConfig', lang],
    queryFn: async () => {
      const config = await api.get<SiteConfig>('/getSiteConfig', {}, { silent: true });
      session.setFiatList(config.exchangeRate);
      document.title = config.settings.site_name;
      return config;
    },
    staleTime: 5 * 60_000,
  });
}
