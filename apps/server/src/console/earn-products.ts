import { dec, dualSettlementMoment, formatMinor, ieoStatus, millionthsToPercent, percentToMillionths, toMinor } from '@openbourse/core';
import { LANGUAGE_CODES, type Language } from '@openbourse/i18n';
import { and, count, desc, eq, ne, sql, sum } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { dualOrders, dualProducts, ieoOrders, ieoProjects, lockMiningOrders, lockMiningProducts } from '../db/schema.ts';
import { writeAudit } from '../platform/audit.ts';
import type { CurrencyInfo } from '../platform/catalog.ts';
import type { AppContext } from '../platform/context.ts';
import { ok } from '../platform/envelope.ts';
import { AppError } from '../platform/errors.ts';
import { id, language } from '../platform/fields.ts';
import { type ConsoleModule, consoleDoc } from './scope.ts';
import { reviewerOf } from './sessions.ts';

/**
 * Earn products in the console: lock-mining products, IEO projects and dual
 * products, listed with what is sold or held in them, created and edited by
 * an admin, every change audited with before and after. Orders copy the
 * terms they were placed under, so no edit here changes an order already
 * placed; a lock-mining rate range change applies to days not yet committed
 * (each committed day keeps the range it was drawn from). No route here
 * moves money.
 */

const idParams = z.object({ id: id() });
const listQuery = z.object({ lang: language() });
const decimal = z.string().trim().regex(/^\d{1,15}(\.\d{1,10})?$/, 'validation.amount');
const percent = z.string().trim().refine((value) => percentToMillionths(value) !== null, 'validation.invalid');
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.invalid');
const moment = z.number().int().min(0).max(8_640_000_000_000);
const https = z.string().trim().max(300).regex(/^(https:\/\/[^\s"'<>]+)?$/, 'validation.invalid');

const lockMiningDoc = z.object({
  currency: z.string().trim().min(1).max(10),
  lock_days: z.number().int().min(1).max(3650),
  rate_min_percent: percent,
  rate_max_percent: percent,
  min_amount: decimal,
  max_per_user: decimal,
  penalty_percent: percent,
  dividend_time: clock,
  enabled: z.boolean(),
  sort: z.number().int().min(0).max(100_000),
});

const ieoText = z.object({ name: z.string().trim().min(1).max(80), description: z.string().trim().min(1).max(2000) });
const ieoDoc = z.object({
  token_symbol: z.string().trim().regex(/^[A-Z0-9]{2,10}$/, 'validation.invalid'),
  token_name: z.string().trim().min(1).max(60),
  token_scale: z.number().int().min(0).max(8),
  /** Every language is required: the project page shows its description in the reader's language. */
  texts: z.object(Object.fromEntries(LANGUAGE_CODES.map((code) => [code, ieoText])) as Record<Language, typeof ieoText>),
  prices: z.array(z.object({ currency: z.string().trim().min(1).max(10), price: decimal })).min(1).max(5),
  total_issuance: decimal,
  min_per_user: decimal,
  max_per_user: decimal,
  subscribe_start: moment,
  subscribe_end: moment,
  lock_days: z.number().int().min(0).max(3650),
  whitepaper: https,
  website: https,
  sort: z.number().int().min(0).max(100_000),
});

const dualDoc = z.object({
  coin: z.string().trim().min(1).max(10),
  direction: z.enum(['call', 'put']),
  linked_price: decimal,
  apr_percent: decimal,
  days: z.number().int().min(1).max(365),
  maturity_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid'),
  share: decimal,
  total_shares: z.number().int().min(1).max(10_000_000),
  sale_start: moment,
  sale_end: moment,
  enabled: z.boolean(),
  sort: z.number().int().min(0).max(100_000),
});

type LockMiningDoc = z.infer<typeof lockMiningDoc>;
type IeoDoc = z.infer<typeof ieoDoc>;
type DualDoc = z.infer<typeof dualDoc>;

const minuteText = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

function currencyNamed(ctx: AppContext, symbol: string): CurrencyInfo {
  const currency = ctx.catalog.currencyBySymbol(symbol);
  if (!currency) throw new AppError('errors.currencyNotFound');
  return currency;
}

function percentOf(text: string): number {
  return percentToMillionths(text) as number;
}

/** One audited change of one product, in one transaction; answers the product as it is after. */
function audited<T>(ctx: AppContext, request: FastifyRequest, action: string, targetType: string, apply: (tx: Db, now: number) => { id: number; before: T | null; after: () => T }) {
  const now = ctx.now();
  const reviewer = reviewerOf(request);
  return ctx.db.transaction((tx) => {
    const change = apply(tx, now);
    const after = change.after();
    writeAudit(tx, { ...reviewer, action, targetType, targetId: change.id, before: change.before, after }, now);
    return after;
  });
}

export const consoleEarnProducts: ConsoleModule = (api, { ctx, guards }) => {
  const { db, catalog } = ctx;
  const view = guards.permit('earn.view');
  const edit = guards.permit('earn.edit');

  // Lock mining ------------------------------------------------------------

  function presentLockMining(tx: Db, productId: number) {
    const row = tx.select().from(lockMiningProducts).where(eq(lockMiningProducts.id, productId)).get();
    if (!row) throw new AppError('earn.productNotFound');
    const currency = catalog.currency(row.currencyId) as CurrencyInfo;
    const held = tx
      .select({ orders: count(), locked: sum(lockMiningOrders.amount) })
      .from(lockMiningOrders)
      .where(and(eq(lockMiningOrders.productId, row.id), eq(lockMiningOrders.status, 'running')))
      .get();
    return {
      id: row.id,
      seed_key: row.seedKey,
      currency: currency.symbol,
      lock_days: row.lockDays,
      rate_min_percent: millionthsToPercent(row.minRate),
      rate_max_percent: millionthsToPercent(row.maxRate),
      min_amount: formatMinor(row.minAmount, currency.scale),
      max_per_user: formatMinor(row.maxPerUser, currency.scale),
      penalty_percent: millionthsToPercent(row.penaltyRate),
      dividend_time: minuteText(row.dividendMinute),
      enabled: row.enabled,
      sort: row.sort,
      running_orders: held?.orders ?? 0,
      locked: formatMinor(Number(held?.locked ?? 0), currency.scale),
      updated_at: row.updatedAt,
    };
  }

  function lockMiningValues(doc: LockMiningDoc) {
    const currency = currencyNamed(ctx, doc.currency);
    if (!catalog.accountTypeByCode('mining')?.currencyIds.includes(currency.id)) throw new AppError('earn.currencyNotAllowed');
    const minRate = percentOf(doc.rate_min_percent);
    const maxRate = percentOf(doc.rate_max_percent);
    if (minRate > maxRate) throw new AppError('earn.rateRangeInvalid');
    const minAmount = toMinor(doc.min_amount, currency.scale);
    const maxPerUser = toMinor(doc.max_per_user, currency.scale);
    if (minAmount <= 0 || maxPerUser < minAmount) throw new AppError('validation.outOfRange', { field: { key: 'fields.amount' } });
    return {
      currencyId: currency.id,
      lockDays: doc.lock_days,
      minRate,
      maxRate,
      minAmount,
      maxPerUser,
      penaltyRate: percentOf(doc.penalty_percent),
      dividendMinute: Number(doc.dividend_time.slice(0, 2)) * 60 + Number(doc.dividend_time.slice(3, 5)),
      enabled: doc.enabled,
      sort: doc.sort,
    };
  }

  api.get('/earn/lock-mining', { schema: consoleDoc('Lock-mining products with their running orders and locked amounts', { querystring: listQuery }), preValidation: view }, async () =>
    ok(db.select({ id: lockMiningProducts.id }).from(lockMiningProducts).orderBy(lockMiningProducts.sort, lockMiningProducts.id).all().map((row) => presentLockMining(db, row.id))),
  );

  api.post('/earn/lock-mining', { schema: consoleDoc('Create a lock-mining product', { body: z.object({ doc: lockMiningDoc, lang: language() }) }), preValidation: edit }, async (request) =>
    ok(
      audited(ctx, request, 'earn.lock_mining.create', 'earn.lock_mining', (tx, now) => {
        const created = tx
          .insert(lockMiningProducts)
          .values({ ...lockMiningValues(request.body.doc), createdAt: now, updatedAt: now })
          .returning({ id: lockMiningProducts.id })
          .get();
        return { id: created.id, before: null, after: () => presentLockMining(tx, created.id) };
      }),
    ),
  );

  api.post(
    '/earn/lock-mining/:id',
    { schema: consoleDoc('Edit a lock-mining product: orders keep their terms; a new rate range applies to days not yet committed', { params: idParams, body: z.object({ doc: lockMiningDoc, lang: language() }) }), preValidation: edit },
    async (request) =>
      ok(
        audited(ctx, request, 'earn.lock_mining.update', 'earn.lock_mining', (tx, now) => {
          const before = presentLockMining(tx, request.params.id);
          tx.update(lockMiningProducts)
            .set({ ...lockMiningValues(request.body.doc), updatedAt: now })
            .where(eq(lockMiningProducts.id, request.params.id))
            .run();
          return { id: request.params.id, before, after: () => presentLockMining(tx, request.params.id) };
        }),
      ),
  );

  // IEO ----------------------------------------------------------------------

  function presentIeo(tx: Db, projectId: number) {
    const row = tx.select().from(ieoProjects).where(eq(ieoProjects.id, projectId)).get();
    if (!row) throw new AppError('earn.productNotFound');
    const totals = tx.select({ orders: count(), committed: sum(ieoOrders.committed) }).from(ieoOrders).where(eq(ieoOrders.projectId, row.id)).get();
    return {
      id: row.id,
      seed_key: row.seedKey,
      token_id: row.tokenCurrencyId,
      token_symbol: row.tokenSymbol,
      token_name: row.tokenName,
      token_scale: row.tokenScale,
      texts: row.texts,
      prices: row.prices.map((entry) => ({ currency: (catalog.currency(entry.currency_id) as CurrencyInfo).symbol, price: entry.price })),
      total_issuance: formatMinor(row.totalIssuance, row.tokenScale),
      min_per_user: formatMinor(row.minPerUser, row.tokenScale),
      max_per_user: formatMinor(row.maxPerUser, row.tokenScale),
      subscribe_start: row.subscribeStart,
      subscribe_end: row.subscribeEnd,
      lock_days: row.lockDays,
      whitepaper: row.whitepaper,
      website: row.website,
      sort: row.sort,
      orders: totals?.orders ?? 0,
      total_committed: formatMinor(Number(totals?.committed ?? 0), row.tokenScale),
      allocated_at: row.allocatedAt,
      updated_at: row.updatedAt,
    };
  }

  function ieoTerms(doc: IeoDoc) {
    if (doc.subscribe_end <= doc.subscribe_start) throw new AppError('earn.invalidSchedule');
    const prices = doc.prices.map((entry) => {
      const currency = currencyNamed(ctx, entry.currency);
      if (dec(entry.price).lessThanOrEqualTo(0)) throw new AppError('validation.price');
      return { currency_id: currency.id, price: dec(entry.price).toFixed() };
    });
    const totalIssuance = toMinor(doc.total_issuance, doc.token_scale);
    const minPerUser = toMinor(doc.min_per_user, doc.token_scale);
    const maxPerUser = toMinor(doc.max_per_user, doc.token_scale);
    if (totalIssuance <= 0 || minPerUser <= 0 || maxPerUser < minPerUser) throw new AppError('validation.outOfRange', { field: { key: 'fields.amount' } });
    return {
      tokenSymbol: doc.token_symbol,
      tokenName: doc.token_name,
      tokenScale: doc.token_scale,
      prices,
      totalIssuance,
      minPerUser,
      maxPerUser,
      subscribeStart: doc.subscribe_start,
      subscribeEnd: doc.subscribe_end,
      lockDays: doc.lock_days,
    };
  }

  /**
   * A token symbol is a currency's: no currency of data/ and no project of
   * another token may have it (the demo's repeated rounds of one seeded IEO
   * share their token).
   */
  function assertTokenFree(tx: Db, symbol: string, projectId: number | null) {
    const ownToken = projectId === null ? undefined : tx.select({ tokenId: ieoProjects.tokenCurrencyId }).from(ieoProjects).where(eq(ieoProjects.id, projectId)).get()?.tokenId;
    const taken = tx
      .select({ id: ieoProjects.id })
      .from(ieoProjects)
      .where(and(eq(ieoProjects.tokenSymbol, symbol), ne(ieoProjects.tokenCurrencyId, ownToken ?? -1)))
      .get();
    const listed = catalog.currencyBySymbol(symbol);
    if (taken || (listed && listed.id !== ownToken)) throw new AppError('earn.tokenTaken');
  }

  /** The list adds what depends on the server's clock, never the operator's: the status, and whether the terms are locked. */
  function listedIeo(projectId: number, now: number) {
    const project = presentIeo(db, projectId);
    const status = ieoStatus(now, project.subscribe_start, project.subscribe_end);
    return { ...project, status, terms_locked: status !== 'warmup' || project.orders > 0 };
  }

  api.get('/earn/ieo', { schema: consoleDoc('IEO projects with their subscriptions, status at the server\'s clock', { querystring: listQuery }), preValidation: view }, async () => {
    const now = ctx.now();
    return ok(db.select({ id: ieoProjects.id }).from(ieoProjects).orderBy(ieoProjects.sort, desc(ieoProjects.id)).all().map((row) => listedIeo(row.id, now)));
  });

  api.post('/earn/ieo', { schema: consoleDoc('Create an IEO project; its token becomes a platform currency when the subscription ends', { body: z.object({ doc: ieoDoc, lang: language() }) }), preValidation: edit }, async (request) =>
    ok(
      audited(ctx, request, 'earn.ieo.create', 'earn.ieo', (tx, now) => {
        const { doc } = request.body;
        assertTokenFree(tx, doc.token_symbol, null);
        // Clear of data/'s currencies and of every token before it.
        const highest = Math.max(200, ...catalog.currencies.map((currency) => currency.id), tx.select({ top: sql<number>`MAX(${ieoProjects.tokenCurrencyId})` }).from(ieoProjects).get()?.top ?? 0);
        const created = tx
          .insert(ieoProjects)
          .values({
            ...ieoTerms(doc),
            tokenCurrencyId: highest + 1,
            tokenIcon: `/static/coins/${doc.token_symbol.toLowerCase()}.svg`,
            texts: doc.texts,
            whitepaper: doc.whitepaper,
            website: doc.website,
            sort: doc.sort,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: ieoProjects.id })
          .get();
        return { id: created.id, before: null, after: () => presentIeo(tx, created.id) };
      }),
    ),
  );

  api.post(
    '/earn/ieo/:id',
    {
      schema: consoleDoc('Edit an IEO project: once its subscription has started or it has orders, only the texts, whitepaper, website and order can change', {
        params: idParams,
        body: z.object({ doc: ieoDoc, lang: language() }),
      }),
      preValidation: edit,
    },
    async (request) =>
      ok(
        audited(ctx, request, 'earn.ieo.update', 'earn.ieo', (tx, now) => {
          const { doc } = request.body;
          const before = presentIeo(tx, request.params.id);
          const row = tx.select().from(ieoProjects).where(eq(ieoProjects.id, request.params.id)).get() as typeof ieoProjects.$inferSelect;
          const terms = ieoTerms(doc);
          const started = now >= row.subscribeStart || before.orders > 0;
          const current = { ...terms, ...Object.fromEntries(Object.keys(terms).map((key) => [key, row[key as keyof typeof terms]])) };
          if (started && JSON.stringify(terms) !== JSON.stringify(current)) throw new AppError('earn.termsLocked');
          // A token already listed (an earlier round of it ended) keeps its symbol, name and decimals: balances are held in it.
          const token = catalog.currency(row.tokenCurrencyId);
          if (token && (doc.token_symbol !== token.symbol || doc.token_name !== row.tokenName || doc.token_scale !== token.scale)) throw new AppError('earn.tokenListed');
          if (!started) assertTokenFree(tx, doc.token_symbol, row.id);
          tx.update(ieoProjects)
            .set({ ...(started ? {} : terms), texts: doc.texts, whitepaper: doc.whitepaper, website: doc.website, sort: doc.sort, updatedAt: now })
            .where(eq(ieoProjects.id, row.id))
            .run();
          return { id: row.id, before, after: () => presentIeo(tx, row.id) };
        }),
      ),
  );

  // Dual investment ------------------------------------------------------------

  function presentDual(tx: Db, productId: number) {
    const row = tx.select().from(dualProducts).where(eq(dualProducts.id, productId)).get();
    if (!row) throw new AppError('earn.productNotFound');
    const coin = catalog.currency(row.coinCurrencyId) as CurrencyInfo;
    const invest = row.direction === 'call' ? coin : (catalog.currencyBySymbol('USDT') as CurrencyInfo);
    const open = tx
      .select({ orders: count() })
      .from(dualOrders)
      .where(and(eq(dualOrders.productId, row.id), eq(dualOrders.status, 'purchased')))
      .get();
    return {
      id: row.id,
      seed_key: row.seedKey,
      coin: coin.symbol,
      direction: row.direction,
      linked_price: row.linkedPrice,
      apr_percent: row.aprPercent,
      days: row.days,
      maturity_date: new Date(row.maturityAt).toISOString().slice(0, 10),
      maturity_at: row.maturityAt,
      invest_currency: invest.symbol,
      share: formatMinor(row.shareAmount, invest.scale),
      total_shares: row.totalShares,
      sold_shares: row.soldShares,
      sale_start: row.saleStart,
      sale_end: row.saleEnd,
      enabled: row.enabled,
      sort: row.sort,
      open_orders: open?.orders ?? 0,
      updated_at: row.updatedAt,
    };
  }

  function dualValues(doc: DualDoc, soldShares: number) {
    const coin = currencyNamed(ctx, doc.coin);
    const usdt = catalog.currencyBySymbol('USDT') as CurrencyInfo;
    if (!ctx.instruments.byCurrencies(coin.id, usdt.id)) throw new AppError('earn.currencyNotAllowed');
    const maturityAt = dualSettlementMoment(doc.maturity_date);
    if (!Number.isFinite(maturityAt) || doc.sale_end <= doc.sale_start || doc.sale_end > maturityAt) throw new AppError('earn.invalidSchedule');
    if (doc.total_shares < soldShares) throw new AppError('earn.sharesBelowSold', { sold: soldShares });
    if (dec(doc.linked_price).lessThanOrEqualTo(0)) throw new AppError('validation.price');
    const shareAmount = toMinor(doc.share, doc.direction === 'call' ? coin.scale : usdt.scale);
    if (shareAmount <= 0) throw new AppError('validation.amount');
    return {
      coinCurrencyId: coin.id,
      direction: doc.direction,
      linkedPrice: dec(doc.linked_price).toFixed(),
      aprPercent: dec(doc.apr_percent).toFixed(),
      days: doc.days,
      maturityAt,
      shareAmount,
      totalShares: doc.total_shares,
      saleStart: doc.sale_start,
      saleEnd: doc.sale_end,
      enabled: doc.enabled,
      sort: doc.sort,
    };
  }

  api.get('/earn/dual', { schema: consoleDoc('Dual products with their sold shares and open orders', { querystring: listQuery }), preValidation: view }, async () =>
    ok(db.select({ id: dualProducts.id }).from(dualProducts).orderBy(desc(dualProducts.maturityAt), dualProducts.sort).all().map((row) => presentDual(db, row.id))),
  );

  api.post('/earn/dual', { schema: consoleDoc('Create a dual product (maturity at 08:00 UTC on the maturity date)', { body: z.object({ doc: dualDoc, lang: language() }) }), preValidation: edit }, async (request) =>
    ok(
      audited(ctx, request, 'earn.dual.create', 'earn.dual', (tx, now) => {
        const created = tx
          .insert(dualProducts)
          .values({ ...dualValues(request.body.doc, 0), createdAt: now, updatedAt: now })
          .returning({ id: dualProducts.id })
          .get();
        return { id: created.id, before: null, after: () => presentDual(tx, created.id) };
      }),
    ),
  );

  api.post(
    '/earn/dual/:id',
    { schema: consoleDoc('Edit a dual product: orders already bought keep their terms', { params: idParams, body: z.object({ doc: dualDoc, lang: language() }) }), preValidation: edit },
    async (request) =>
      ok(
        audited(ctx, request, 'earn.dual.update', 'earn.dual', (tx, now) => {
          const before = presentDual(tx, request.params.id);
          tx.update(dualProducts)
            .set({ ...dualValues(request.body.doc, before.sold_shares), updatedAt: now })
            .where(eq(dualProducts.id, request.params.id))
            .run();
          return { id: request.params.id, before, after: () => presentDual(tx, request.params.id) };
        }),
      ),
  );
};
