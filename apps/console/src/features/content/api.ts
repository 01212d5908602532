import type { Language } from '@openbourse/i18n';

export type ContentKind = 'article' | 'faq' | 'page';
export type ArticleCategory = 'news' | 'banner' | 'guide';

export interface ContentListItem {
  key: string;
  title: string;
  category: ArticleCategory | null;
  popup: boolean;
  sort: number | null;
  on_site: boolean;
  has_draft: boolean;
  missing: number;
}

export type Texts = Partial<Record<Language, Record<string, string>>>;

export interface ContentDoc {
  category?: ArticleCategory;
  image?: string;
  link?: string;
  popup?: boolean;
  sort?: number;
  texts: Texts;
}

export interface ContentItem {
  key: string;
  kind: ContentKind;
  live: ContentDoc | null;
  draft: ContentDoc | null;
  missing_live: Language[];
  missing_draft: Language[];
  draft_updated_at: number | null;
  published_at: number | null;
  creatable: boolean;
}

/** The text fields of each kind, in form order; `rows` makes a multi-line field. */
export const TEXT_FIELDS: Record<ContentKind, { name: string; max: number; rows?: number }[]> = {
  article: [
    { name: 'title', max: 200 },
    { name: 'summary', max: 500, rows: 2 },
    { name: 'body', max: 20_000, rows: 12 },
  ],
  faq: [
    { name: 'question', max: 300 },
    { name: 'answer', max: 5000, rows: 8 },
  ],
  page: [
    { name: 'title', max: 200 },
    { name: 'body', max: 50_000, rows: 16 },
  ],
};

/** The content page's tabs: article categories, the pop-up notice, the FAQ, the static pages. */
export const CONTENT_TABS = ['news', 'banner', 'popup', 'guide', 'faq', 'page'] as const;
export type ContentTab = (typeof CONTENT_TABS)[number];

export function kindOfTab(tab: ContentTab): ContentKind {
  return tab === 'faq' ? 'faq' : tab === 'page' ? 'page' : 'article';
}
