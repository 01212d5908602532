import { z } from 'zod';
import { decimalText, parseUserAmount } from '../../platform/amounts.ts';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { blankToUndefined, id, language, oneOf, pagination } from '../../platform/fields.ts';
import { clientOidField, idempotencyKey } from '../../platform/idempotency.ts';
import { loadFuturesConfig } from './config.ts';
import { createFuturesService } from './service.ts';

const tags = ['futures'];
const optionalPrice = () => z.preprocess(blankToUndefined, decimalText().optional());
const wholeNumber = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value),
    z.number({ error: (issue) => (issue.code === 'invalid_type' ? 'validation.mustBeInteger' : undefined) }).int({ message: 'validation.mustBeInteger' }).min(1).max(max),
  );
const pair = {
  currency_id: id().describe('The contract\'s base currency id (1 BTC, 2 ETH, ...)'),
  legal_id: z.preprocess(blankToUndefined, id().default(3)).describe('The quote currency id (USDT, 3)'),
};

const submitBody = z.object({
  ...pair,
  type: oneOf([1, 2]).describe('1 long (buy), 2 short (sell)'),
  order_type: z.preprocess(blankToUndefined, z.enum(['market', 'limit']).default('market')).describe('market opens at the latest feed tick ± half the spread; limit waits until the feed reaches target_price'),
  lots: wholeNumber(1_000_000).describe('Whole lots; see lot_size, min_lots and max_lots_per_order in /lever/deal'),
  multiple: wholeNumber(1000).describe('One of the contract\'s multiples (leverage)'),
  target_price: optionalPrice().describe('The limit price (required for a limit order, ignored for a market order): the entrust opens when the open price (feed ± half the spread) reaches it, never worse'),
  target_profit_price: optionalPrice().describe('Optional take-profit, a feed price: above the reference for a long, below for a short (the reference is the latest feed price for a market order, the limit price for a limit order)'),
  stop_loss_price: optionalPrice().describe('Optional stop-loss, a feed price: below the reference for a long, above for a short, and short of the liquidation price (refused naming it otherwise)'),
  client_oid: clientOidField(),
  lang: language(),
});

const statusFilter = z
  .preprocess(blankToUndefined, z.enum(['entrusted', 'holding', 'closed', 'cancelled']).optional())
  .describe('entrusted: limit orders waiting for the feed; holding: open positions; closed: with the closing tick and reason; cancelled: entrusts cancelled before they opened. All when absent');
const orderId = (what: string) => id().describe(`The order id (from /lever/submit, /lever/my_trade or /lever/dealall): ${what}`);
const pageFields = {
  page: pagination.page.describe('Page number, from 1'),
  limit: pagination.limit.describe('Orders per page (default 10, at most 100)'),
  lang: pagination.lang,
};

export const futuresFeature: Feature = (api, { ctx, guards }) => {
  const usdt = ctx.catalog.currencyBySymbol('USDT');
  if (!usdt) throw new Error('futures settle in USDT');
  const service = createFuturesService(ctx, loadFuturesConfig(ctx.config.seedDataDir, ctx.instruments));
  service.rebuild();
  // Until the engine has caught up with the ticks stored while it was stopped, a new tick only waits in the table: the catch-up takes it in order.
  let caughtUp = false;
  ctx.bus.on('tick', (tick) => {
    if (caughtUp) service.onTick(tick);
  });
  // Once every feature is registered, so what the catch-up closes reaches the listeners (notifications, copy trading) as a live tick's would.
  api.addHook('onReady', async () => {
    service.catchUp();
    caughtUp = true;
  });
  api.addHook('preClose', async () => service.flushCursors());
  ctx.leverPositions = service.port;
  ctx.scheduler.add({ name: 'futures.overnight', everyMs: 60_000, run: (now) => void service.chargeOvernight(now) });
  ctx.scheduler.add({ name: 'futures.cursors', everyMs: 10_000, run: () => service.flushCursors() });

  api.post(
    '/lever/deal',
    {
      schema: { tags, summary: 'The lever (USDT) balance, used margin and account risk rate, the contract terms of the pair (multiples, lots, fee, spread, overnight rate, maintenance ratio) and the user\'s open entrusts and positions in it', body: z.object({ ...pair, lang: language() }) },
      preHandler: guards.requireUser,
    },
    async (request) => ok(service.deal(currentUser(request).id, request.body.currency_id, request.body.legal_id)),
  );

  api.post(
    '/lever/submit',
    {
      schema: {
        tags,
        summary:
          'Open a position: a market order opens at once at the latest feed tick (at most 15 s old) plus half the spread (long) or minus half (short); a limit order is held as an entrust until the feed reaches it, and one the latest tick already reaches opens at once at that tick. Margin = open price × lots × lot size / multiple, plus the fee, leave the lever account\'s available balance. With client_oid, a repeat of the key answers the first order and opens nothing. Answers the order.',
        body: submitBody,
      },
      preHandler: guards.requireActiveUser,
    },
    async (request) => {
      const { body } = request;
      const userId = currentUser(request).id;
      const contract = service.contractFor(body.currency_id, body.legal_id);
      const orderId = service.submit(
        userId,
        {
        symbol: contract.instrument.symbol,
        side: body.type === 1 ? 'long' : 'short',
        orderType: body.order_type,
        lots: body.lots,
        multiple: body.multiple,
        limitPrice: body.order_type === 'limit' ? (body.target_price ?? '') : undefined,
        takeProfit: body.target_profit_price,
        stopLoss: body.stop_loss_price,
        },
        idempotencyKey(userId, 'lever.submit', body.client_oid),
      );
      return ok(service.presentOne(userId, orderId));
    },
  );

  api.post(
    '/lever/cancel',
    { schema: { tags, summary: 'Cancel a limit entrust that has not opened: its hold returns to the available balance', body: z.object({ id: orderId('an entrusted order'), lang: language() }) }, preHandler: guards.requireUser },
    async (request) => {
      const userId = currentUser(request).id;
      service.cancel(userId, request.body.id);
      return ok(service.presentOne(userId, request.body.id));
    },
  );

  api.post(
    '/lever/dealall',
    { schema: { tags, summary: 'Every order of the user in the pair (entrusts, positions, closed, cancelled), newest first', body: z.object({ ...pair, ...pageFields }) }, preHandler: guards.requireUser },
    async (request) => {
      const { body } = request;
      const contract = service.contractFor(body.currency_id, body.legal_id);
      return ok(service.ownList(currentUser(request).id, { symbol: contract.instrument.symbol }, body.page, body.limit));
    },
  );

  api.post(
    '/lever/my_trade',
    {
      schema: {
        tags,
        summary: 'The user\'s orders by status (entrusted, holding, closed, cancelled), of one pair when currency_id is given; closed ones with the closing feed tick (id, time, price) and the reason (manual, batch, take_profit, stop_loss, liquidation, expiry for a coupon\'s position voucher)',
        body: z.object({
          currency_id: z.preprocess(blankToUndefined, id().optional()).describe('Only this contract (its base currency id, 1 BTC, 2 ETH, ...); every pair when absent'),
          legal_id: pair.legal_id,
          status: statusFilter,
          ...pageFields,
        }),
      },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const { body } = request;
      const symbol = body.currency_id === undefined ? undefined : service.contractFor(body.currency_id, body.legal_id).instrument.symbol;
      return ok(service.ownList(currentUser(request).id, { symbol, status: body.status }, body.page, body.limit));
    },
  );

  api.post(
    '/lever/close',
    {
      schema: {
        tags,
        summary:
          'Close one position at the latest feed tick, at most 15 s old (recorded on the order with reason manual); overnight fees due since the last 00:00 UTC are charged first. With client_oid, a repeat of the key answers the first close and closes nothing.',
        body: z.object({ id: orderId('a holding position'), client_oid: clientOidField(), lang: language() }),
      },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const userId = currentUser(request).id;
      return ok(service.presentOne(userId, service.close(userId, request.body.id, idempotencyKey(userId, 'lever.close', request.body.client_oid))));
    },
  );

  api.post(
    '/lever/batch_close',
    {
      schema: {
        tags,
        summary:
          'Close positions at the latest feed ticks (each at most 15 s old): type 0 all, 1 longs only, 2 shorts only. A position whose market is closed or whose feed has no fresh tick stays open. Answers how many closed; with client_oid, a repeat of the key answers the first count and closes nothing.',
        body: z.object({
          type: z.preprocess(blankToUndefined, oneOf([0, 1, 2]).default(0)).describe('Which positions: 0 all (the default), 1 longs only, 2 shorts only; of every pair'),
          client_oid: clientOidField(),
          lang: language(),
        }),
      },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const userId = currentUser(request).id;
      return ok({ closed: service.batchClose(userId, request.body.type as 0 | 1 | 2, idempotencyKey(userId, 'lever.batch_close', request.body.client_oid)) });
    },
  );

  api.post(
    '/lever/setstop',
    {
      schema: {
        tags,
        summary: 'Set (or clear, when empty) the take-profit and stop-loss of a position or entrust: refused on the wrong side of the price for the direction, and a stop-loss at or beyond the liquidation price is refused naming it',
        body: z.object({
          id: orderId('a holding position or an entrusted order'),
          target_profit_price: optionalPrice().describe(
            'Take-profit as a feed price: above the current feed price for a long, below for a short (for an entrust, judged against its limit). Empty or absent clears it: send both stops every time',
          ),
          stop_loss_price: optionalPrice().describe(
            'Stop-loss as a feed price: below the current feed price for a long, above for a short, and short of the liquidation price (refused naming it otherwise). Empty or absent clears it',
          ),
          lang: language(),
        }),
      },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const userId = currentUser(request).id;
      service.setStops(userId, request.body.id, request.body.target_profit_price, request.body.stop_loss_price);
      return ok(service.presentOne(userId, request.body.id));
    },
  );

  api.post(
    '/lever/add_margin',
    { schema: { tags, summary: 'Add margin to a position from the lever account\'s available balance: its liquidation price moves away', body: z.object({ id: orderId('a holding position'), amount: decimalText().describe('USDT to add, at most 6 decimals, from the lever account\'s available balance'), lang: language() }) }, preHandler: guards.requireActiveUser },
    async (request) => {
      const userId = currentUser(request).id;
      const amount = parseUserAmount(request.body.amount, usdt);
      service.addMargin(userId, request.body.id, amount);
      return ok(service.presentOne(userId, request.body.id));
    },
  );
};
