import type { Language } from '@openbourse/i18n';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { contentPages, faqs, newsArticles, newsTranslations, settings } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { pageWindow, toPage } from '../../platform/fields.ts';
import { translate } from '../../platform/i18n.ts';

export const NEWS_CATEGORIES = { news: 4, banners: 5, guide: 99999 } as const;
export const PAGE_SLUGS = ['aboutus', 'contactus', 'operational_compliance', 'borrowing', 'user_agreement', 'privacy_policy', 'nft_notice'] as const;
export type PageSlug = (typeof PAGE_SLUGS)[number];

/** Content falls back to English, then Chinese, when a text is missing in the asked language. */
const fallbackChain = (lang: Language): string[] => [...new Set([lang, 'en', 'zh'])];

type ArticleRow = typeof newsArticles.$inferSelect;

export function createContentService(ctx: AppContext) {
  const { db, catalog } = ctx;

  function translationsFor(articleIds: number[], lang: Language) {
    if (articleIds.length === 0) return new Map<number, typeof newsTranslations.$inferSelect>();
    const chain = fallbackChain(lang);
    const rows = db
      .select()
      .from(newsTranslations)
      .where(and(inArray(newsTranslations.articleId, articleIds), inArray(newsTranslations.lang, chain)))
      .all();
    const best = new Map<number, typeof newsTranslations.$inferSelect>();
    for (const row of rows) {
      const current = best.get(row.articleId);
      if (!current || chain.indexOf(row.lang) < chain.indexOf(current.lang)) best.set(row.articleId, row);
    }
    return best;
  }

  function summarize(articles: ArticleRow[], lang: Language, withBody: boolean) {
    const texts = translationsFor(
      articles.map((article) => article.id),
      lang,
    );
    return articles.map((article) => {
      const text = texts.get(article.id);
      return {
        id: article.id,
        c_id: article.categoryId,
        title: text?.title ?? '',
        summary: text?.summary ?? '',
        ...(withBody ? { body: text?.body ?? '' } : {}),
        image: article.image,
        link: article.link,
        published_at: article.publishedAt,
      };
    });
  }

  function articlesIn(categoryId: number, limit: number, offset = 0): ArticleRow[] {
    return db
      .select()
      .from(newsArticles)
      .where(eq(newsArticles.categoryId, categoryId))
      .orderBy(asc(newsArticles.sort), desc(newsArticles.publishedAt))
      .limit(limit)
      .offset(offset)
      .all();
  }

  const publicSettings = () => Object.fromEntries(db.select().from(settings).all().map((row) => [row.key, row.value]));

  const menu = (lang: Language) =>
    catalog.menu.map((entry) => ({ key: entry.key, name: translate(lang, `menu.${entry.key}`), icon: `/static/menu/sprite.svg#${entry.key}`, route: entry.route }));

  return {
    siteConfig() {
      return { settings: publicSettings(), exchangeRate: catalog.fiatRates };
    },

    setting(keyword: string): string {
      const row = db.select().from(settings).where(eq(settings.key, keyword)).get();
      if (!row) throw new AppError('errors.settingNotFound');
      return row.value;
    },

    newsPage(categoryId: number, lang: Language, page: number, limit: number) {
      const window = pageWindow(page, limit);
      const total = db.select({ total: count() }).from(newsArticles).where(eq(newsArticles.categoryId, categoryId)).get()?.total ?? 0;
      return toPage(summarize(articlesIn(categoryId, window.limit, window.offset), lang, false), window, total);
    },

    article(id: number, lang: Language) {
      const article = db.select().from(newsArticles).where(eq(newsArticles.id, id)).get();
      if (!article) throw new AppError('errors.newsNotFound');
      return summarize([article], lang, true)[0];
    },

    popup(lang: Language) {
      const article = db.select().from(newsArticles).where(eq(newsArticles.popup, true)).orderBy(desc(newsArticles.publishedAt)).limit(1).get();
      return article ? (summarize([article], lang, true)[0] ?? null) : null;
    },

    faq(lang: Language) {
      const chain = fallbackChain(lang);
      const rows = db.select().from(faqs).where(inArray(faqs.lang, chain)).orderBy(asc(faqs.sort)).all();
      const best = new Map<number, (typeof rows)[number]>();
      for (const row of rows) {
        const current = best.get(row.id);
        if (!current || chain.indexOf(row.lang) < chain.indexOf(current.lang)) best.set(row.id, row);
      }
      return [...best.values()].map((row) => ({ id: row.id, question: row.question, answer: row.answer }));
    },

    page(slug: PageSlug, lang: Language) {
      for (const candidate of fallbackChain(lang)) {
        const row = db.select().from(contentPages).where(and(eq(contentPages.slug, slug), eq(contentPages.lang, candidate))).get();
        if (row) return { slug, title: row.title, body: row.body };
      }
      throw new AppError('errors.recordNotFound');
    },

    menu,

    home(lang: Language) {
      return {
        site: { name: catalog.site.site_name, logo: catalog.site.site_logo },
        banners: summarize(articlesIn(NEWS_CATEGORIES.banners, 10), lang, false),
        notices: summarize(articlesIn(NEWS_CATEGORIES.news, 5), lang, false),
        guides: summarize(articlesIn(NEWS_CATEGORIES.guide, 4), lang, false),
        menu: menu(lang),
      };
    },
  };
}
