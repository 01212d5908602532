import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { spotConditionalOrders } from '../../db/schema.ts';
import type { ConditionalRow } from '../../exchange/conditional-orders.ts';
import type { AuthGuards } from '../../platform/auth.ts';
import { currentUser } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import type { ApiScope } from '../../platform/feature.ts';
import { blankToUndefined, id, language, oneOf, optionalId, pageWindow, pagination, toPage } from '../../platform/fields.ts';
import { assertMarketOpen, lotsOf, requireInstrument, ticksOf } from './pairs.ts';

const decimalText = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().trim().min(1).max(40));

const tpslBody = z.object({
  currency_id: id().describe('The traded asset (base) currency id'),
  legal_id: z.preprocess(blankToUndefined, id().default(3)).describe('The quote currency id (USDT, 3)'),
  amount: decimalText.describe('Quantity of the traded asset each leg trades'),
  take_profit_price: z.preprocess(blankToUndefined, decimalText.optional()).describe('Selling: above the price now; buying back: below'),
  stop_loss_price: z.preprocess(blankToUndefined, decimalText.optional()).describe('Selling: below the price now; buying back: above'),
  side: z.preprocess(blankToUndefined, oneOf([1, 2]).default(2)).describe('2 sells holdings (default), 1 buys back'),
  lang: language(),
});

const conditionalListQuery = z.object({
  currency_id: optionalId(),
  legal_id: optionalId(),
  status: z.preprocess(blankToUndefined, oneOf([1, 2]).default(1)).describe('1 waiting, 2 finished (triggered, cancelled or failed)'),
  ...pagination,
});

/** Conditional spot orders: take-profit / stop-loss pairs, the list of stops and pairs, and their cancel (stop-limits are placed by /coin/trade). */
export function registerConditionalRoutes(api: ApiScope, ctx: AppContext, guards: AuthGuards): void {
  const present = (rows: ConditionalRow[]) => rows.map((row) => ctx.conditionalOrders.present(row));

  api.post(
    '/coin/tpsl',
    {
      schema: {
        tags: ['trading'],
        summary:
          'A take-profit / stop-loss pair on spot (one cancels the other): each leg places a market order when the FEED price reaches it. At least one price; funds (the base for a sell, the quote for a buy-back at the higher trigger with the market protection band) are held from placement.',
        body: tpslBody,
      },
      preHandler: guards.requireActiveUser,
    },
    async (request) => {
      const { body } = request;
      const instrument = requireInstrument(ctx, body.currency_id, body.legal_id);
      assertMarketOpen(ctx, instrument);
      const rows = ctx.conditionalOrders.placeTpSl(currentUser(request).id, {
        instrument,
        side: body.side === 1 ? 'buy' : 'sell',
        lots: lotsOf(instrument, body.amount),
        takeProfitTicks: body.take_profit_price === undefined ? undefined : ticksOf(instrument, body.take_profit_price),
        stopLossTicks: body.stop_loss_price === undefined ? undefined : ticksOf(instrument, body.stop_loss_price),
      });
      return ok({ group_id: rows[0]?.groupId, list: present(rows) });
    },
  );

  api.get(
    '/coin/conditional/list',
    {
      schema: { tags: ['trading'], summary: 'Your conditional spot orders (stop-limit, take-profit, stop-loss) with the feed tick that fired each', querystring: conditionalListQuery },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const { query } = request;
      const table = spotConditionalOrders;
      const conditions = [eq(table.userId, currentUser(request).id), query.status === 1 ? eq(table.status, 'waiting') : inArray(table.status, ['triggered', 'cancelled', 'failed'])];
      if (query.currency_id !== undefined) conditions.push(eq(table.symbol, requireInstrument(ctx, query.currency_id, query.legal_id ?? 3).symbol));
      const where = and(...conditions);
      const window = pageWindow(query.page, query.limit);
      const total = ctx.db.select({ total: count() }).from(table).where(where).get()?.total ?? 0;
      const ids = ctx.db.select({ id: table.id }).from(table).where(where).orderBy(desc(table.id)).limit(window.limit).offset(window.offset).all();
      const rows = ids.map(({ id: rowId }) => ctx.conditionalOrders.row(rowId)).filter((row) => row !== undefined);
      return ok(toPage(present(rows), window, total));
    },
  );

  api.post(
    '/coin/conditional/cancel',
    {
      schema: {
        tags: ['trading'],
        summary: 'Cancel one of your waiting conditional orders; what it held is released, and the other leg of a take-profit / stop-loss pair is cancelled with it',
        body: z.object({ id: id(), lang: language() }),
      },
      preHandler: guards.requireUser,
    },
    async (request) => ok({ list: present(ctx.conditionalOrders.cancel(currentUser(request).id, request.body.id)) }),
  );
}
