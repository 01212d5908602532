import { lotsToQuantity, marketProtectionPrice, notionalMinor, priceToTicks, quantityToLots, quoteMinorToDecimal, ticksToPrice } from '@openbourse/core';
import { and, asc, count, desc, eq, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import { spotOrders, spotTrades, ticks } from '../../db/schema.ts';
import type { Instrument } from '../../market/instruments.ts';
import { currentUser } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { Feature } from '../../platform/feature.ts';
import { id, language, oneOf, optionalId, pageWindow, pagination, toPage } from '../../platform/fields.ts';
import { clientOidField, idempotencyKey } from '../../platform/idempotency.ts';
import { presentOrder } from '../../exchange/present.ts';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const decimalText = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().trim().min(1).max(40));

const tradeBody = z.object({
  amount: decimalText.describe('Quantity of the traded asset, on both sides'),
  target_price: z.preprocess(blankToUndefined, decimalText.optional()).describe('Limit price; empty or absent for a market order'),
  currency_id: id().describe('The traded asset (base) currency id'),
  legal_id: z.preprocess(blankToUndefined, id().default(3)).describe('The quote currency id (USDT, 3)'),
  type: oneOf([1, 2]).describe('1 buy, 2 sell'),
  time_in_force: z.preprocess(blankToUndefined, z.enum(['GTC', 'IOC', 'FOK']).default('GTC')).describe('Limit orders only'),
  client_oid: clientOidField(),
  lang: language(),
});

const listQuery = z.object({
  status: z.preprocess(blankToUndefined, oneOf([1, 2]).default(1)).describe('1 in progress, 2 complete (filled or cancelled)'),
  currency_id: optionalId(),
  legal_id: optionalId(),
  ...pagination,
});

function requireInstrument(ctx: AppContext, currencyId: number, legalId: number): Instrument {
  const instrument = ctx.instruments.byCurrencies(currencyId, legalId);
  if (!instrument) throw new AppError('errors.pairNotFound');
  return instrument;
}

/** Stocks trade only while their exchange is open; the refusal says when it opens next. */
function assertMarketOpen(ctx: AppContext, instrument: Instrument): void {
  const now = ctx.now();
  if (ctx.market.isOpen(instrument, now)) return;
  throw new AppError('errors.marketClosed', { opens: { dateTime: ctx.market.nextOpen(instrument, now), timeZone: 'America/New_York' } });
}

export const spotFeature: Feature = (api, { ctx, guards }) => {
  api.post(
    '/coin/trade',
    {
      schema: {
        tags: ['trading'],
        summary: 'Place a spot or stock order: type 1 buys, 2 sells; a limit order with target_price, a market order without. Funds are held on submit. A repeated client_oid answers the first order.',
        body: tradeBody,
      },
      preHandler: guards.requireActiveUser,
      // An order's answer is far below the compression threshold: skipping the hook saves its per-request checks on the hottest route.
      compress: false,
    },
    async (request) => {
      const { body } = request;
      const user = currentUser(request);
      const instrument = requireInstrument(ctx, body.currency_id, body.legal_id);
      assertMarketOpen(ctx, instrument);
      const side = body.type === 1 ? 'buy' : 'sell';
      const lots = quantityToLots(instrument.def, body.amount);
      if (!lots.ok) throw new AppError('validation.quantity');
      const reference = ctx.market.lastTick(instrument.symbol);

      let priceTicks: number;
      if (body.target_price !== undefined) {
        const price = priceToTicks(instrument.def, body.target_price);
        if (!price.ok) throw new AppError(price.reason === 'off_tick' ? 'errors.offTickPrice' : 'validation.price', { tick: instrument.def.tickSize });
        priceTicks = price.ticks;
      } else {
        if (!reference) throw new AppError('errors.noMarketPrice');
        if (notionalMinor(instrument.spec, reference.priceTicks, lots.lots) < instrument.spec.minNotional) throw new AppError('errors.belowMinNotional');
        priceTicks = marketProtectionPrice(instrument.def, side, reference.priceTicks);
      }
      const order = await ctx.exchange.place(user.id, {
        symbol: instrument.symbol,
        side,
        type: body.target_price === undefined ? 'market' : 'limit',
        priceTicks,
        lots: lots.lots,
        timeInForce: body.target_price === undefined ? 'IOC' : body.time_in_force,
        referenceTickId: reference?.id ?? null,
      }, idempotencyKey(user.id, 'spot.trade', body.client_oid));
      // A repeated key answers the first order, which may be of another pair.
      return ok(presentOrder(order, ctx.instruments.get(order.symbol) as Instrument));
    },
  );

  api.post(
    '/coin/cancel',
    { schema: { tags: ['trading'], summary: 'Cancel one of your open spot or stock orders; what it still holds is released', body: z.object({ id: id(), lang: language() }) }, preHandler: guards.requireUser },
    async (request) => {
      const order = await ctx.exchange.cancel(currentUser(request).id, request.body.id);
      return ok(presentOrder(order, ctx.instruments.get(order.symbol) as Instrument));
    },
  );

  api.post(
    '/coin/cancel_all',
    {
      schema: {
        tags: ['trading'],
        summary: 'Cancel all your open spot and stock orders, or only those of one pair (currency_id with legal_id); answers how many were cancelled',
        body: z.object({ currency_id: optionalId(), legal_id: z.preprocess(blankToUndefined, id().default(3)), lang: language() }),
      },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const { body } = request;
      const symbol = body.currency_id === undefined ? undefined : requireInstrument(ctx, body.currency_id, body.legal_id).symbol;
      return ok({ cancelled: await ctx.exchange.cancelAll(currentUser(request).id, symbol) });
    },
  );

  api.get(
    '/coin/list',
    { schema: { tags: ['trading'], summary: 'Your spot and stock orders: status 1 in progress, 2 complete; optionally one pair', querystring: listQuery }, preHandler: guards.requireUser },
    async (request) => {
      const { query } = request;
      const user = currentUser(request);
      const conditions = [eq(spotOrders.userId, user.id), query.status === 1 ? eq(spotOrders.status, 'open') : inArray(spotOrders.status, ['filled', 'cancelled'])];
      if (query.currency_id !== undefined) conditions.push(eq(spotOrders.symbol, requireInstrument(ctx, query.currency_id, query.legal_id ?? 3).symbol));
      const where = and(...conditions);
      const window = pageWindow(query.page, query.limit);
      const total = ctx.db.select({ total: count() }).from(spotOrders).where(where).get()?.total ?? 0;
      const rows = ctx.db.select({ id: spotOrders.id }).from(spotOrders).where(where).orderBy(desc(spotOrders.id)).limit(window.limit).offset(window.offset).all();
      const list = rows.map(({ id: orderId }) => {
        const order = ctx.exchange.order(orderId);
        if (!order) throw new AppError('errors.orderNotFound');
        return presentOrder(order, ctx.instruments.get(order.symbol) as Instrument);
      });
      return ok(toPage(list, window, total));
    },
  );

  api.get(
    '/coin/detail',
    {
      schema: { tags: ['trading'], summary: 'One of your orders with the feed tick current when it was accepted, and its fills, each with the feed tick (id, price, time, source) current when it settled', querystring: z.object({ id: id(), lang: language() }) },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const order = ctx.exchange.order(request.query.id);
      if (!order || order.userId !== currentUser(request).id) throw new AppError('errors.orderNotFound');
      const instrument = ctx.instruments.get(order.symbol) as Instrument;
      const { def } = instrument;
      const fills = ctx.db
        .select({ trade: spotTrades, tick: ticks })
        .from(spotTrades)
        .leftJoin(ticks, eq(ticks.id, spotTrades.referenceTickId))
        .where(or(eq(spotTrades.makerOrderId, order.id), eq(spotTrades.takerOrderId, order.id)))
        .orderBy(asc(spotTrades.id))
        .all();
      const placementTick = order.referenceTickId === null ? undefined : ctx.db.select().from(ticks).where(eq(ticks.id, order.referenceTickId)).get();
      const presentTick = (tick: typeof ticks.$inferSelect | null | undefined) =>
        tick ? { id: tick.id, price: ticksToPrice(def, tick.priceTicks), time: tick.time, source: tick.source } : null;
      return ok({
        order: presentOrder(order, instrument),
        reference_tick: presentTick(placementTick),
        fills: fills.map(({ trade, tick }) => {
          const asTaker = trade.takerOrderId === order.id;
          return {
            id: trade.id,
            price: ticksToPrice(def, trade.priceTicks),
            amount: lotsToQuantity(def, trade.qtyLots),
            role: asTaker ? 'taker' : 'maker',
            turnover: quoteMinorToDecimal(def, trade.notional),
            fee: quoteMinorToDecimal(def, asTaker ? trade.takerFee : trade.makerFee),
            fee_currency: instrument.quote.symbol,
            time: trade.createdAt,
            reference_tick: presentTick(tick),
          };
        }),
      });
    },
  );
};
