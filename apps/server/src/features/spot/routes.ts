import { lotsToQuantity, marketProtectionPrice, notionalMinor, quoteMinorToDecimal, ticksToPrice } from '@openbourse/core';
import { and, asc, count, desc, eq, inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import { spotOrders, spotTrades, ticks } from '../../db/schema.ts';
import type { Instrument } from '../../market/instruments.ts';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { Feature } from '../../platform/feature.ts';
import { blankToUndefined, id, language, oneOf, optionalId, pageWindow, pagination, toPage } from '../../platform/fields.ts';
import { clientOidField, idempotencyKey } from '../../platform/idempotency.ts';
import { presentOrder } from '../../exchange/present.ts';
import { parseUserAmount } from '../../platform/amounts.ts';
import { registerConditionalRoutes } from './conditional-routes.ts';
import { registerFillRoutes } from './fill-routes.ts';
import { assertMarketOpen, lotsOf, requireInstrument, ticksOf } from './pairs.ts';

const decimalText = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().trim().min(1).max(40));

const tradeBody = z.object({
  amount: z.preprocess(blankToUndefined, decimalText.optional()).describe('Quantity of the traded asset, on both sides; may be empty for a market buy given by quote_amount'),
  target_price: z.preprocess(blankToUndefined, decimalText.optional()).describe('Limit price; empty or absent for a market order'),
  currency_id: id().describe('The traded asset (base) currency id'),
  legal_id: z.preprocess(blankToUndefined, id().default(3)).describe('The quote currency id (USDT, 3)'),
  type: oneOf([1, 2]).describe('1 buy, 2 sell'),
  time_in_force: z.preprocess(blankToUndefined, z.enum(['GTC', 'IOC', 'FOK']).default('GTC')).describe('Limit orders only'),
  client_oid: clientOidField(),
  order_type: z
    .preprocess(blankToUndefined, z.enum(['limit', 'market', 'stop_limit']).optional())
    .describe('limit, market or stop_limit; without it: limit when target_price is given, else market'),
  stop_price: z.preprocess(blankToUndefined, decimalText.optional()).describe('stop_limit only: when the FEED price reaches it (a buy above, a sell below the price now), a limit order at target_price is placed'),
  quote_amount: z.preprocess(blankToUndefined, decimalText.optional()).describe('Market buys only: the quote amount to spend, fee included (e.g. 100 USDT); amount may then be empty'),
  post_only: z.preprocess(blankToUndefined, oneOf([0, 1]).default(0)).describe('1: limit GTC only, refused if it would take liquidity'),
  lang: language(),
}).superRefine((body, issues) => {
  if (body.amount === undefined && body.quote_amount === undefined) issues.addIssue({ code: 'custom', path: ['amount'], message: 'validation.required' });
});

const listQuery = z.object({
  status: z.preprocess(blankToUndefined, oneOf([1, 2]).default(1)).describe('1 in progress, 2 complete (filled or cancelled)'),
  currency_id: optionalId(),
  legal_id: optionalId(),
  ...pagination,
});

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
      const orderType = body.order_type ?? (body.target_price === undefined ? 'market' : 'limit');
      const postOnly = body.post_only === 1;
      if (postOnly && (orderType !== 'limit' || body.time_in_force !== 'GTC')) throw new AppError('errors.postOnlyLimitOnly');
      const byTotal = body.quote_amount !== undefined;
      if (byTotal && (orderType !== 'market' || side !== 'buy')) throw new AppError('errors.quoteAmountMarketBuyOnly');
      const lots = byTotal ? 1 : lotsOf(instrument, body.amount);
      const reference = ctx.market.lastTick(instrument.symbol);

      if (orderType === 'stop_limit') {
        if (body.stop_price === undefined || body.target_price === undefined) throw new AppError('errors.stopPriceRequired');
        const stop = ctx.conditionalOrders.placeStopLimit(user.id, { instrument, side, stopTicks: ticksOf(instrument, body.stop_price), limitTicks: ticksOf(instrument, body.target_price), lots });
        return ok({ conditional_id: stop.id, conditional: ctx.conditionalOrders.present(stop) });
      }
      let priceTicks: number;
      if (orderType === 'limit') {
        if (body.target_price === undefined) throw new AppError('errors.limitPriceRequired');
        priceTicks = ticksOf(instrument, body.target_price);
      } else {
        if (!reference) throw new AppError('errors.noMarketPrice');
        if (!byTotal && notionalMinor(instrument.spec, reference.priceTicks, lots) < instrument.spec.minNotional) throw new AppError('errors.belowMinNotional');
        priceTicks = marketProtectionPrice(instrument.def, side, reference.priceTicks);
      }
      const order = await ctx.exchange.place(user.id, {
        symbol: instrument.symbol,
        side,
        type: orderType,
        priceTicks,
        lots,
        timeInForce: orderType === 'market' ? 'IOC' : body.time_in_force,
        referenceTickId: reference?.id ?? null,
        quoteTotal: byTotal ? parseUserAmount(body.quote_amount as string, { scale: instrument.def.quoteScale, symbol: instrument.quote.symbol }) : undefined,
        postOnly,
      }, idempotencyKey(user.id, 'spot.trade', body.client_oid));
      // A repeated key answers the first order, which may be of another pair.
      return ok(presentOrder(order, ctx.instruments.get(order.symbol) as Instrument));
    },
  );

  registerConditionalRoutes(api, ctx, guards);
  registerFillRoutes(api, ctx, guards);

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
      const conditional = ctx.conditionalOrders.placedOrder(order.id);
      const triggerTick = conditional ? ctx.conditionalOrders.tick(conditional.triggerTickId) : undefined;
      return ok({
        order: presentOrder(order, instrument),
        trigger: conditional
          ? { conditional_id: conditional.id, kind: conditional.kind, tick: triggerTick ? { id: triggerTick.id, price: ticksToPrice(def, triggerTick.priceTicks), time: triggerTick.time } : null }
          : null,
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
