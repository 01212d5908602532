import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/request.ts';
import { useSession } from '../../shared/session.ts';

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

export function useHome() {
  const { lang } = useSession();
  return useQuery({ queryKey: ['home', lang], queryFn: () => api.post<HomeData>('/index/home') });
}

/** The pop-up notice of the home page, or null when there is none. */
export function useHomePopup() {
  const { lang } = useSession();
  return useQuery({ queryKey: ['home', 'popup', lang], queryFn: () => api.get<PopupArticle | null>('/news/index_pop', {}, { silent: true }) });
}

export const articlePath = (id: number) => `/pages/common/article?id=${id}`;

/** Banners open their own in-app route when they have one, otherwise their article. */
export function bannerTarget(banner: HomeArticle): string {
  return banner.link.startsWith('/pages/') ? banner.link : articlePath(banner.id);
}
