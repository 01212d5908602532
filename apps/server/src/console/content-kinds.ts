import { LANGUAGE_CODES, type Language } from '@openbourse/i18n';
import { asc, eq, max } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { consoleContent, type ContentKind, contentPages, faqs, newsArticles, newsTranslations } from '../db/schema.ts';

/**
 * The site content operators edit, one adapter per kind: how a document is
 * validated, read from and written to the tables the public content
 * endpoints serve, and which languages it still lacks. Texts are plain text
 * (the app renders paragraphs and "- " lists, never HTML).
 */

/** News categories of the spec's /news/list: 4 news, 5 banners, 99999 the new-user guide. */
export const ARTICLE_CATEGORIES = { news: 4, banner: 5, guide: 99999 } as const;
export type ArticleCategory = keyof typeof ARTICLE_CATEGORIES;

/** Console-created articles and FAQ entries are numbered from here, clear of the ids data/ uses. */
export const FIRST_CONSOLE_ID = 10_000;

const SAFE_IMAGE = /^(\/static\/(?!.*\.\.)[A-Za-z0-9_./-]+|https:\/\/[^\s"'<>]+)?$/;
const SAFE_LINK = /^(\/(?!\/)[^\s"'<>]*|https:\/\/[^\s"'<>]+)?$/;

const plain = (maxLength: number) => z.string().trim().max(maxLength).default('');

/** Every language optional in a draft; publishing needs them all (see `missingLanguages`). */
function textsOf<T extends z.ZodRawShape>(shape: T) {
  return z.object(Object.fromEntries(LANGUAGE_CODES.map((code) => [code, z.object(shape).optional()])) as Record<Language, z.ZodOptional<z.ZodObject<T>>>);
}

const articleTexts = textsOf({ title: plain(200), summary: plain(500), body: plain(20_000) });
export const articleDoc = z.object({
  category: z.enum(Object.keys(ARTICLE_CATEGORIES) as [ArticleCategory, ...ArticleCategory[]]),
  image: z.string().trim().max(300).regex(SAFE_IMAGE, 'console.content.imageAddress').default(''),
  link: z.string().trim().max(300).regex(SAFE_LINK, 'console.content.linkAddress').default(''),
  /** The home page's pop-up notice: the newest live article with this set. */
  popup: z.boolean().default(false),
  sort: z.number().int().min(0).max(100_000).default(0),
  texts: articleTexts,
});
export const faqDoc = z.object({ sort: z.number().int().min(0).max(100_000).default(0), texts: textsOf({ question: plain(300), answer: plain(5000) }) });
export const pageDoc = z.object({ texts: textsOf({ title: plain(200), body: plain(50_000) }) });

export type ArticleDoc = z.infer<typeof articleDoc>;
export type FaqDoc = z.infer<typeof faqDoc>;
export type PageDoc = z.infer<typeof pageDoc>;
export type ContentDoc = ArticleDoc | FaqDoc | PageDoc;

export interface ContentKindAdapter<Doc extends ContentDoc = ContentDoc> {
  schema: z.ZodType<Doc>;
  /** The text fields each language must fill before the document may be published. */
  requiredFields: readonly string[];
  /** Operators may add new items of this kind and take items down (static pages always exist). */
  creatable: boolean;
  liveKeys(db: Db): string[];
  readLive(db: Db, key: string): Doc | undefined;
  /** Replaces the item on the site; inside the caller's transaction. */
  writeLive(db: Db, key: string, doc: Doc, now: number): void;
  removeLive(db: Db, key: string): void;
  /** The next free key for a new item. */
  nextKey(db: Db): string;
}

function categoryOf(categoryId: number): ArticleCategory {
  return (Object.entries(ARTICLE_CATEGORIES).find(([, value]) => value === categoryId)?.[0] as ArticleCategory | undefined) ?? 'news';
}

/** Next numeric id after both the live rows and the console's own (possibly unpublished) items. */
function nextNumericKey(db: Db, kind: ContentKind, liveMax: number | null | undefined): string {
  const owned = db.select({ key: consoleContent.key }).from(consoleContent).where(eq(consoleContent.kind, kind)).all();
  const highest = Math.max(FIRST_CONSOLE_ID - 1, liveMax ?? 0, ...owned.map((row) => Number(row.key)).filter(Number.isFinite));
  return String(highest + 1);
}

const articles: ContentKindAdapter<ArticleDoc> = {
  schema: articleDoc,
  requiredFields: ['title', 'summary', 'body'],
  creatable: true,
  liveKeys: (db) => db.select({ id: newsArticles.id }).from(newsArticles).orderBy(asc(newsArticles.sort), asc(newsArticles.id)).all().map((row) => String(row.id)),
  readLive(db, key) {
    const article = db.select().from(newsArticles).where(eq(newsArticles.id, Number(key))).get();
    if (!article) return undefined;
    const texts = db.select().from(newsTranslations).where(eq(newsTranslations.articleId, article.id)).all();
    return {
      category: categoryOf(article.categoryId),
      image: article.image,
      link: article.link,
      popup: article.popup,
      sort: article.sort,
      texts: Object.fromEntries(texts.map((row) => [row.lang, { title: row.title, summary: row.summary, body: row.body }])),
    };
  },
  writeLive(db, key, doc, now) {
    const id = Number(key);
    const publishedAt = db.select({ at: newsArticles.publishedAt }).from(newsArticles).where(eq(newsArticles.id, id)).get()?.at ?? now;
    articles.removeLive(db, key);
    db.insert(newsArticles).values({ id, categoryId: ARTICLE_CATEGORIES[doc.category], image: doc.image, link: doc.link, popup: doc.popup, sort: doc.sort, publishedAt }).run();
    for (const [lang, text] of Object.entries(doc.texts)) if (text) db.insert(newsTranslations).values({ articleId: id, lang, ...text }).run();
  },
  removeLive(db, key) {
    db.delete(newsTranslations).where(eq(newsTranslations.articleId, Number(key))).run();
    db.delete(newsArticles).where(eq(newsArticles.id, Number(key))).run();
  },
  nextKey: (db) => nextNumericKey(db, 'article', db.select({ id: max(newsArticles.id) }).from(newsArticles).get()?.id),
};

const faqEntries: ContentKindAdapter<FaqDoc> = {
  schema: faqDoc,
  requiredFields: ['question', 'answer'],
  creatable: true,
  liveKeys: (db) => [...new Set(db.select({ id: faqs.id }).from(faqs).orderBy(asc(faqs.sort), asc(faqs.id)).all().map((row) => String(row.id)))],
  readLive(db, key) {
    const rows = db.select().from(faqs).where(eq(faqs.id, Number(key))).all();
    if (rows.length === 0) return undefined;
    return { sort: rows[0]?.sort ?? 0, texts: Object.fromEntries(rows.map((row) => [row.lang, { question: row.question, answer: row.answer }])) };
  },
  writeLive(db, key, doc) {
    faqEntries.removeLive(db, key);
    for (const [lang, text] of Object.entries(doc.texts)) if (text) db.insert(faqs).values({ id: Number(key), lang, sort: doc.sort, ...text }).run();
  },
  removeLive(db, key) {
    db.delete(faqs).where(eq(faqs.id, Number(key))).run();
  },
  nextKey: (db) => nextNumericKey(db, 'faq', db.select({ id: max(faqs.id) }).from(faqs).get()?.id),
};

const pages: ContentKindAdapter<PageDoc> = {
  schema: pageDoc,
  requiredFields: ['title', 'body'],
  creatable: false,
  liveKeys: (db) => [...new Set(db.select({ slug: contentPages.slug }).from(contentPages).orderBy(asc(contentPages.slug)).all().map((row) => row.slug))],
  readLive(db, key) {
    const rows = db.select().from(contentPages).where(eq(contentPages.slug, key)).all();
    if (rows.length === 0) return undefined;
    return { texts: Object.fromEntries(rows.map((row) => [row.lang, { title: row.title, body: row.body }])) };
  },
  writeLive(db, key, doc) {
    pages.removeLive(db, key);
    for (const [lang, text] of Object.entries(doc.texts)) if (text) db.insert(contentPages).values({ slug: key, lang, ...text }).run();
  },
  removeLive(db, key) {
    db.delete(contentPages).where(eq(contentPages.slug, key)).run();
  },
  nextKey: () => {
    throw new Error('static pages are not created from the console');
  },
};

export const CONTENT_ADAPTERS: Record<ContentKind, ContentKindAdapter> = {
  article: articles as unknown as ContentKindAdapter,
  faq: faqEntries as unknown as ContentKindAdapter,
  page: pages as unknown as ContentKindAdapter,
};

/** Languages whose required texts are not all filled in. */
export function missingLanguages(adapter: ContentKindAdapter, doc: ContentDoc): Language[] {
  const texts = doc.texts as Partial<Record<Language, Record<string, string>>>;
  return LANGUAGE_CODES.filter((code) => adapter.requiredFields.some((field) => !texts[code]?.[field]?.trim()));
}
