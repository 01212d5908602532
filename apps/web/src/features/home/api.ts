import type { Language } from '@openbourse/i18n';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../shared/api/queries.ts';
import { api } from '../../shared/api/request.ts';
import { prefetchQuotes } from '../../shared/market/quotes.ts';
import { prefetchTrending } from '../../shared/market/search.ts';
import { session, useSession } from '../../shared/session.ts';

/** A banner, notice or guide as the home call lists it (texts already in the requested language). */
export interface HomeArticle {
  id: number;
  c_id?: number;
  title: string;
  summary: string;
  image: string;
  link: string;
  published_at?: number;
}

export interface MenuEntry {
  key: string;
  name: string;
  /** A gold SVG served by the server. */
  icon: string;
  /** An in-app route, e.g. `/pages/fund/select?action=recharge`. */
  route: string;
}

export interface HomeData {
  site: { name: string; logo: string };
  banners: HomeArticle[];
  notices: HomeArticle[];
  guides: HomeArticle[];
  menu: MenuEntry[];
}

export interface PopupArticle extends HomeArticle {
  body?: string;
}

const homeQuery = (lang: Language) => queryOptions({ queryKey: ['home', lang], queryFn: () => api.post<HomeData>('/index/home') });

const homePopupQuery = (lang: Language) =>
  queryOptions({ queryKey: ['home', 'popup', lang], queryFn: () => api.get<PopupArticle | null>('/news/index_pop', {}, { silent: true }) });

export function useHome() {
  const { lang } = useSession();
  return useQuery(homeQuery(lang));
}

/** The pop-up notice of the home page, or null when there is none. */
export function useHomePopup() {
  const { lang } = useSession();
  return useQuery(homePopupQuery(lang));
}

/**
 * Sends the home page's requests as the app starts (app/routes.ts), while the
 * page's code and texts are still being run: a phone's CPU would otherwise
 * keep them waiting for seconds.
 */
export function prefetchHomePage(): void {
  const { lang } = session.get();
  void queryClient.prefetchQuery(homeQuery(lang));
  void queryClient.prefetchQuery(homePopupQuery(lang));
  // The quote board's data (features/market/HomeQuoteBoard.tsx).
  prefetchQuotes();
  prefetchTrending();
}

export const articlePath = (id: number) => `/pages/common/article?id=${id}`;

/** Banners open their own in-app route when they have one, otherwise their article. */
export function bannerTarget(banner: HomeArticle): string {
  return banner.link.startsWith('/pages/') ? banner.link : articlePath(banner.id);
}
