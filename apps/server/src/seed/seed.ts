import { toMinor } from '@openbourse/core';
import { eq, notInArray } from 'drizzle-orm';
import type { DatabaseHandle, Db } from '../db/client.ts';
import { accountTypes, consoleContent, type ContentKind, contentPages, currencies, faqs, fiatRates, identityVerifications, newsArticles, newsTranslations, settings, users } from '../db/schema.ts';
import { SYSTEM_ACCOUNTS, type SystemAccountCode } from '../ledger/accounts.ts';
import { creditDemoFunds } from '../ledger/demo-funds.ts';
import { resolveAccountId } from '../ledger/ledger.ts';
import type { Catalog } from '../platform/catalog.ts';
import type { AppContext } from '../platform/context.ts';
import { hashPassword } from '../platform/passwords.ts';
import { insertUser } from '../platform/users.ts';
import type { SeedFiles } from './reference-data.ts';

/** Writes data/ into the database on every start, so a deploy's data files are the truth. */
export function seedReferenceData({ db, sqlite }: DatabaseHandle, files: SeedFiles, catalog: Catalog): void {
  db.transaction((tx) => {
    for (const currency of catalog.currencies) {
      const values = { ...currency, enabled: true };
      tx.insert(currencies).values(values).onConflictDoUpdate({ target: currencies.id, set: values }).run();
    }
    for (const type of files.accountTypes) {
      const values = { id: type.id, code: type.code, currencySymbols: type.currencies, sort: type.sort };
      tx.insert(accountTypes).values(values).onConflictDoUpdate({ target: accountTypes.id, set: values }).run();
    }
    for (const rate of files.fiatRates) {
      tx.insert(fiatRates).values(rate).onConflictDoUpdate({ target: fiatRates.code, set: rate }).run();
    }
    const siteSettings = { site_name: files.site.site_name, site_logo: files.site.site_logo, ...files.site.settings };
    for (const [key, value] of Object.entries(siteSettings)) {
      tx.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } }).run();
    }
    seedContent(tx, files);
    for (const code of Object.keys(SYSTEM_ACCOUNTS) as SystemAccountCode[]) {
      for (const currency of catalog.currencies) resolveAccountId(sqlite, { system: code, currencyId: currency.id });
    }
  });
}

/**
 * Content from data/, except items an operator edited, created or took down
 * in the console (console_content): those are the console's now, so a restart
 * keeps the operator's version.
 */
function seedContent(db: Db, files: SeedFiles): void {
  const owned = (kind: ContentKind) => db.select({ key: consoleContent.key }).from(consoleContent).where(eq(consoleContent.kind, kind)).all().map((row) => row.key);
  const ownedArticles = owned('article').map(Number);
  const ownedFaqs = owned('faq').map(Number);
  const ownedPages = owned('page');

  db.delete(newsTranslations).where(notInArray(newsTranslations.articleId, ownedArticles)).run();
  db.delete(newsArticles).where(notInArray(newsArticles.id, ownedArticles)).run();
  for (const article of files.news) {
    if (ownedArticles.includes(article.id)) continue;
    db.insert(newsArticles)
      .values({ id: article.id, categoryId: article.c_id, image: article.image, link: article.link, popup: article.popup, sort: article.sort, publishedAt: Date.parse(article.published_at) })
      .run();
    for (const [lang, text] of Object.entries(article.i18n)) db.insert(newsTranslations).values({ articleId: article.id, lang, ...text }).run();
  }
  db.delete(faqs).where(notInArray(faqs.id, ownedFaqs)).run();
  for (const entry of files.faq) {
    if (ownedFaqs.includes(entry.id)) continue;
    for (const [lang, text] of Object.entries(entry.i18n)) db.insert(faqs).values({ id: entry.id, lang, sort: entry.sort, ...text }).run();
  }
  db.delete(contentPages).where(notInArray(contentPages.slug, ownedPages)).run();
  for (const [slug, byLanguage] of Object.entries(files.pages)) {
    if (ownedPages.includes(slug)) continue;
    for (const [lang, text] of Object.entries(byLanguage)) db.insert(contentPages).values({ slug, lang, ...text }).run();
  }
}

export const DEMO_USER = {
  email: 'demo@openbourse.test',
  password: 'Demo12345',
  phone: '13800000000',
  areaCode: '86',
  balances: { USDT: '10000', BTC: '1', ETH: '10' },
  /** Stocks settle in the stock account, so the demo user can try them without a transfer first. */
  stockBalances: { USDT: '5000' },
} as const;

const CHANGE_ACCOUNT_TYPE = 2;
const STOCK_ACCOUNT_TYPE = 8;

/** Demo mode only: a verified user holding funds, credited through the ledger like any other money. */
export async function seedDemoUser(ctx: AppContext): Promise<boolean> {
  const { db, catalog } = ctx;
  if (db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USER.email)).get()) return false;
  const passwordHash = await hashPassword(DEMO_USER.password);
  const now = ctx.now();
  db.transaction((tx) => {
    const user = insertUser(tx, { email: DEMO_USER.email, phone: DEMO_USER.phone, areaCode: DEMO_USER.areaCode, passwordHash }, now);
    tx.update(users).set({ verificationLevel: 2, nickname: 'Demo' }).where(eq(users.id, user.id)).run();
    const verified = { userId: user.id, status: 'verified' as const, reviewedBy: 'seed', reviewedAt: now, createdAt: now };
    tx.insert(identityVerifications).values({ ...verified, level: 1, idType: 2, name: 'Demo Trader', cardId: 'DEMO00001', frontPic: '/static/logo.svg' }).run();
    tx.insert(identityVerifications).values({ ...verified, level: 2, frontPic: '/static/logo.svg', reversePic: '/static/logo.svg' }).run();
    const grants = [
      ...Object.entries(DEMO_USER.balances).map(([symbol, amount]) => ({ symbol, amount, accountTypeId: CHANGE_ACCOUNT_TYPE })),
      ...Object.entries(DEMO_USER.stockBalances).map(([symbol, amount]) => ({ symbol, amount, accountTypeId: STOCK_ACCOUNT_TYPE })),
    ];
    for (const { symbol, amount, accountTypeId } of grants) {
      const currency = catalog.currencyBySymbol(symbol);
      if (!currency) throw new Error(`demo balance names unknown currency ${symbol}`);
      creditDemoFunds(ctx, { userId: user.id, currency, accountTypeId, units: toMinor(amount, currency.scale), actor: 'seed' });
    }
  });
  return true;
}
