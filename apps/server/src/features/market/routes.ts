import { isCandlePeriod, lotsToQuantity, PERIODS, type Quote, ticksToPrice } from '@openbourse/core';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { recentViews, spotTrades, ticks, watchlist } from '../../db/schema.ts';

/** How many prints /currency/trades answers. */
const RECENT_TRADES = 50;
import type { Instrument } from '../../market/instruments.ts';
import { currentUser, optionalUser } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { Feature } from '../../platform/feature.ts';
import { blankToUndefined, id, integer, language } from '../../platform/fields.ts';
import { translate } from '../../platform/i18n.ts';

const RECENT_LIMIT = 10;
const symbolField = z.string().trim().toUpperCase().max(20);

function instrumentOf(ctx: AppContext, symbol: string): Instrument {
  const instrument = ctx.instruments.get(symbol);
  if (!instrument) throw new AppError('errors.pairNotFound');
  return instrument;
}

/** Watchlist calls name an instrument by its symbol, or by currency_id (+ legal_id, USDT by default) as the trade call does. */
const instrumentRef = z.object({
  symbol: z.preprocess(blankToUndefined, symbolField.optional()),
  currency_id: z.preprocess(blankToUndefined, id().optional()),
  legal_id: z.preprocess(blankToUndefined, id().default(3)),
  lang: language(),
});

function resolveRef(ctx: AppContext, ref: z.infer<typeof instrumentRef>): Instrument {
  if (ref.symbol) return instrumentOf(ctx, ref.symbol);
  if (ref.currency_id !== undefined) {
    const instrument = ctx.instruments.byCurrencies(ref.currency_id, ref.legal_id);
    if (instrument) return instrument;
  }
  throw new AppError('errors.pairNotFound');
}

export const marketFeature: Feature = (api, { ctx, guards }) => {
  const { db } = ctx;
  const tags = ['market'];

  const quote = (instrument: Instrument, favourites?: Set<string>): Quote => ({
    ...ctx.market.ticker(instrument.symbol),
    currency_id: instrument.base.id,
    legal_id: instrument.quote.id,
    base: instrument.base.symbol,
    quote: instrument.quote.symbol,
    name: instrument.base.name,
    icon: instrument.base.icon,
    kind: instrument.kind,
    tick_size: instrument.def.tickSize,
    lot_size: instrument.def.lotSize,
    min_notional: instrument.def.minNotional,
    maker_fee_bps: instrument.def.makerFeeBps,
    taker_fee_bps: instrument.def.takerFeeBps,
    base_scale: instrument.def.baseScale,
    quote_scale: instrument.def.quoteScale,
    ...(favourites ? { favourite: favourites.has(instrument.symbol) } : {}),
  });

  const favouritesOf = (userId: number | undefined) =>
    new Set(userId === undefined ? [] : db.select({ symbol: watchlist.symbol }).from(watchlist).where(eq(watchlist.userId, userId)).all().map((row) => row.symbol));

  api.get(
    '/currency/quotation_new',
    {
      schema: {
        tags,
        summary: 'Every instrument with last price, 24 h change, high, low and volume; kind crypto or stock; favourite when signed in',
        querystring: z.object({ kind: z.preprocess(blankToUndefined, z.enum(['crypto', 'stock']).optional()), lang: language() }),
      },
    },
    async (request) => {
      const favourites = favouritesOf(optionalUser(ctx, request)?.id);
      const instruments = ctx.instruments.all.filter((instrument) => !request.query.kind || instrument.kind === request.query.kind);
      return ok(instruments.map((instrument) => quote(instrument, favourites)));
    },
  );

  api.get(
    '/currency/new_timeshar',
    {
      schema: {
        tags,
        summary: `Candles oldest first: symbol like BTC/USDT, period one of ${PERIODS.join(', ')}, from and to in Unix seconds`,
        querystring: z.object({
          symbol: symbolField,
          period: z.string().refine(isCandlePeriod, { message: 'validation.invalid' }),
          from: z.preprocess(blankToUndefined, integer().optional()),
          to: z.preprocess(blankToUndefined, integer().optional()),
          lang: language(),
        }),
      },
    },
    async (request) => {
      const { query } = request;
      const instrument = instrumentOf(ctx, query.symbol);
      const to = query.to ?? Math.floor(ctx.now() / 1000);
      if (query.from !== undefined && query.from > to) throw new AppError('validation.invalid', { field: { key: 'fields.from' } });
      return ok(ctx.market.candles(instrument, query.period as (typeof PERIODS)[number], query.from, to));
    },
  );

  api.get(
    '/currency/depth',
    { schema: { tags, summary: 'Order book depth: bids and asks as [price, quantity] best first', querystring: z.object({ symbol: symbolField, levels: z.preprocess(blankToUndefined, integer().default(20)), lang: language() }) } },
    async (request) => {
      const instrument = instrumentOf(ctx, request.query.symbol);
      return ok(ctx.exchange.depth(instrument, Math.min(Math.max(request.query.levels, 1), 100)));
    },
  );

  api.get(
    '/currency/trades',
    {
      schema: {
        tags,
        summary:
          "Recent trades of an instrument, newest first: this platform's fills (source platform) and the market's prints from the feed (source feed, the stored ticks with a volume; side up or down from the print before)",
        querystring: z.object({ symbol: symbolField, lang: language() }),
      },
    },
    async (request) => {
      const instrument = instrumentOf(ctx, request.query.symbol);
      const { def } = instrument;
      const rows = db.select().from(spotTrades).where(eq(spotTrades.symbol, instrument.symbol)).orderBy(desc(spotTrades.id)).limit(RECENT_TRADES).all();
      const platform = rows.map((row) => ({
        id: row.id,
        price: ticksToPrice(def, row.priceTicks),
        amount: lotsToQuantity(def, row.qtyLots),
        side: row.takerSide,
        time: row.createdAt,
        source: 'platform' as const,
      }));
      // One more print than shown: the oldest shown one needs the print before it for its side.
      const prints = db
        .select()
        .from(ticks)
        .where(and(eq(ticks.symbol, instrument.symbol), gt(ticks.volumeLots, 0)))
        .orderBy(desc(ticks.id))
        .limit(RECENT_TRADES + 1)
        .all();
      const feed = prints.slice(0, RECENT_TRADES).map((tick, index) => ({
        id: tick.id,
        price: ticksToPrice(def, tick.priceTicks),
        amount: lotsToQuantity(def, tick.volumeLots),
        side: tick.priceTicks >= (prints[index + 1]?.priceTicks ?? tick.priceTicks) ? ('buy' as const) : ('sell' as const),
        time: tick.time,
        source: 'feed' as const,
      }));
      return ok([...platform, ...feed].sort((a, b) => b.time - a.time).slice(0, RECENT_TRADES));
    },
  );

  api.post('/optional/add', { schema: { tags, summary: 'Add an instrument to your watchlist', body: instrumentRef }, preHandler: guards.requireUser }, async (request) => {
    const instrument = resolveRef(ctx, request.body);
    db.insert(watchlist).values({ userId: currentUser(request).id, symbol: instrument.symbol, createdAt: ctx.now() }).onConflictDoNothing().run();
    return ok(translate(request.lang, 'success.favouriteAdded'));
  });

  api.post('/optional/del', { schema: { tags, summary: 'Remove an instrument from your watchlist', body: instrumentRef }, preHandler: guards.requireUser }, async (request) => {
    const instrument = resolveRef(ctx, request.body);
    db.delete(watchlist).where(and(eq(watchlist.userId, currentUser(request).id), eq(watchlist.symbol, instrument.symbol))).run();
    return ok(translate(request.lang, 'success.favouriteRemoved'));
  });

  api.get('/optional/list', { schema: { tags, summary: 'Your watchlist with live quotes', querystring: z.object({ lang: language() }) }, preHandler: guards.requireUser }, async (request) => {
    const rows = db.select().from(watchlist).where(eq(watchlist.userId, currentUser(request).id)).orderBy(watchlist.createdAt).all();
    return ok(rows.map((row) => ctx.instruments.get(row.symbol)).filter((instrument) => instrument !== undefined).map((instrument) => quote(instrument, new Set([instrument.symbol]))));
  });

  api.get(
    '/market/search',
    {
      schema: {
        tags,
        summary: 'Search instruments by symbol or name; with an empty keyword answers hot searches and, when signed in, your recently viewed',
        querystring: z.object({ keyword: z.preprocess(blankToUndefined, z.string().trim().max(20).optional()), lang: language() }),
      },
    },
    async (request) => {
      const userId = optionalUser(ctx, request)?.id;
      const keyword = request.query.keyword?.toUpperCase();
      const matches = keyword
        ? ctx.instruments.all.filter((instrument) => instrument.symbol.includes(keyword) || instrument.base.name.toUpperCase().includes(keyword)).map((instrument) => quote(instrument))
        : [];
      const recent =
        userId === undefined
          ? []
          : db.select().from(recentViews).where(eq(recentViews.userId, userId)).orderBy(desc(recentViews.viewedAt)).limit(RECENT_LIMIT).all().map((row) => row.symbol);
      return ok({ results: matches, hot: ctx.instruments.all.filter((instrument) => instrument.hot).map((instrument) => instrument.symbol), recent });
    },
  );

  api.post(
    '/market/viewed',
    { schema: { tags, summary: 'Remember that you opened an instrument (recently viewed in search)', body: z.object({ symbol: symbolField, lang: language() }) }, preHandler: guards.requireUser },
    async (request) => {
      const instrument = instrumentOf(ctx, request.body.symbol);
      const userId = currentUser(request).id;
      db.insert(recentViews)
        .values({ userId, symbol: instrument.symbol, viewedAt: ctx.now() })
        .onConflictDoUpdate({ target: [recentViews.userId, recentViews.symbol], set: { viewedAt: ctx.now() } })
        .run();
      db.run(sql`DELETE FROM recent_views WHERE user_id = ${userId} AND symbol NOT IN (SELECT symbol FROM recent_views WHERE user_id = ${userId} ORDER BY viewed_at DESC LIMIT ${RECENT_LIMIT})`);
      return ok(true);
    },
  );
};
