import { lotsToQuantity, quoteMinorToDecimal, ticksToPrice } from '@openbourse/core';
import { and, count, desc, eq, gte, lte, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { spotTrades } from '../../db/schema.ts';
import { SIDE_CODES } from '../../exchange/present.ts';
import type { Instrument } from '../../market/instruments.ts';
import type { AuthGuards } from '../../platform/auth.ts';
import { currentUser } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import type { ApiScope } from '../../platform/feature.ts';
import { blankToUndefined, integer, oneOf, optionalId, pageWindow, pagination, toPage } from '../../platform/fields.ts';
import { requireInstrument } from './pairs.ts';

const time = () => z.preprocess(blankToUndefined, integer().pipe(z.number().min(0).max(Number.MAX_SAFE_INTEGER)).optional());

const fillsQuery = z.object({
  currency_id: optionalId(),
  legal_id: optionalId(),
  side: z.preprocess(blankToUndefined, oneOf([1, 2]).optional()).describe('1 your buys, 2 your sells'),
  from: time().describe('Unix milliseconds, inclusive'),
  to: time().describe('Unix milliseconds, inclusive'),
  ...pagination,
});

/** The user's trade history: every fill of their spot and stock orders, as maker or taker. */
export function registerFillRoutes(api: ApiScope, ctx: AppContext, guards: AuthGuards): void {
  api.get(
    '/coin/fills',
    {
      schema: { tags: ['trading'], summary: 'Your fills (trade history), newest first, filterable by pair, side and time; each with the feed tick current when it settled', querystring: fillsQuery },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const { query } = request;
      const userId = currentUser(request).id;
      const asTaker: SQL[] = [eq(spotTrades.takerUserId, userId)];
      const asMaker: SQL[] = [eq(spotTrades.makerUserId, userId)];
      if (query.side !== undefined) {
        // A maker's side is the opposite of the taker's.
        asTaker.push(eq(spotTrades.takerSide, query.side === 1 ? 'buy' : 'sell'));
        asMaker.push(eq(spotTrades.takerSide, query.side === 1 ? 'sell' : 'buy'));
      }
      const conditions = [or(and(...asTaker), and(...asMaker)) as SQL];
      if (query.currency_id !== undefined) conditions.push(eq(spotTrades.symbol, requireInstrument(ctx, query.currency_id, query.legal_id ?? 3).symbol));
      if (query.from !== undefined) conditions.push(gte(spotTrades.createdAt, query.from));
      if (query.to !== undefined) conditions.push(lte(spotTrades.createdAt, query.to));
      const where = and(...conditions);
      const window = pageWindow(query.page, query.limit);
      const total = ctx.db.select({ total: count() }).from(spotTrades).where(where).get()?.total ?? 0;
      const rows = ctx.db.select().from(spotTrades).where(where).orderBy(desc(spotTrades.id)).limit(window.limit).offset(window.offset).all();
      const list = rows.map((trade) => {
        const instrument = ctx.instruments.get(trade.symbol) as Instrument;
        const { def } = instrument;
        const taker = trade.takerUserId === userId;
        const side = taker ? trade.takerSide : trade.takerSide === 'buy' ? 'sell' : 'buy';
        return {
          id: trade.id,
          order_id: taker ? trade.takerOrderId : trade.makerOrderId,
          symbol: trade.symbol,
          side,
          type: SIDE_CODES[side],
          price: ticksToPrice(def, trade.priceTicks),
          amount: lotsToQuantity(def, trade.qtyLots),
          total: quoteMinorToDecimal(def, trade.notional),
          fee: quoteMinorToDecimal(def, taker ? trade.takerFee : trade.makerFee),
          fee_currency: instrument.quote.symbol,
          role: taker ? 'taker' : 'maker',
          tick_id: trade.referenceTickId,
          time: trade.createdAt,
        };
      });
      return ok(toPage(list, window, total));
    },
  );
}
