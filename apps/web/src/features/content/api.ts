import { useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/request.ts';
import { useSession } from '../../shared/session.ts';

export interface Article {
  id: number;
  c_id: number;
  title: string;
  summary: string;
  body?: string;
  image: string;
  link: string;
  published_at: number;
}

export interface StaticPage {
  slug: string;
  title: string;
  body: string;
}

export type PageSlug = 'aboutus' | 'contactus' | 'operational_compliance' | 'borrowing';

export function useStaticPage(slug: PageSlug) {
  const { lang } = useSession();
  return useQuery({ queryKey: ['page', slug, lang], queryFn: () => api.get<StaticPage>(`/${slug}`) });
}

/** Article ids are positive integers; anything else in the address names no article. */
export const isArticleId = (id: number) => Number.isSafeInteger(id) && id > 0;

export function useArticle(id: number) {
  const { lang } = useSession();
  return useQuery({ queryKey: ['article', id, lang], queryFn: () => api.post<Article>('/news/detail', { id }), enabled: isArticleId(id) });
}

export function useFaq() {
  const { lang } = useSession();
  return useQuery({ queryKey: ['faq', lang], queryFn: () => api.get<{ id: number; question: string; answer: string }[]>('/faq') });
}
