import { z } from 'zod';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { blankToUndefined, id, language, pagination } from '../../platform/fields.ts';
import { clientOidField, idempotencyKey, runOnce } from '../../platform/idempotency.ts';
import { rollDemoDualProducts, seedDualProducts } from './seed.ts';
import { createDualService } from './service.ts';

const tags = ['dual investment'];

const indexQuery = z.object({
  currency_id: z.preprocess(blankToUndefined, id().default(1)).describe('The coin (1 BTC, 2 ETH; /dual/coins lists those with products)'),
  type: z.preprocess(blankToUndefined, z.enum(['call', 'put']).default('call')).describe('call: invest the coin, sell high; put: invest USDT, buy low'),
  lang: language(),
});
/** Spec 5: the quantity is required and a whole number of shares; anything else says so. */
const wholeShares = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value),
  z.number({ error: (issue) => (issue.code === 'invalid_type' ? 'validation.mustBeInteger' : undefined) }).int({ message: 'validation.mustBeInteger' }).min(1).max(1_000_000),
);
const buyBody = z.object({ id: id(), num: wholeShares.describe('Whole shares'), client_oid: clientOidField(), lang: language() });
const listBody = z.object({
  status: z.preprocess(blankToUndefined, z.enum(['purchased', 'settling', 'success', 'fail']).optional()).describe('Only orders in this state; all when absent'),
  ...pagination,
});

/**
 * Dual investment (spec sections 3, 4, 7, 9): products by coin and
 * direction, whole-share purchases, settlement at 08:00 UTC on the maturity
 * date on the first feed tick at or after it, recorded on the order.
 */
export const dualFeature: Feature = (api, { ctx, guards }) => {
  seedDualProducts(ctx);
  const service = createDualService(ctx);
  ctx.scheduler.add({ name: 'dual.settlement', everyMs: 15_000, run: (now) => service.settleDue(now) });
  if (!ctx.config.production) ctx.scheduler.add({ name: 'dual.demo-rounds', everyMs: 60_000, run: (now) => rollDemoDualProducts(ctx, now) });

  api.get('/dual/coins', { schema: { tags, summary: 'The coins that have a dual product on sale or coming, for the list\'s coin tabs', querystring: z.object({ lang: language() }) } }, async () => ok(service.coins()));

  api.get('/dual/index', { schema: { tags, summary: 'Products of one coin and direction on sale or coming: linked price, APR, days, maturity, per-share price, remaining shares, progress', querystring: indexQuery } }, async (request) =>
    ok(service.products(request.query.currency_id, request.query.type)),
  );

  api.get('/dual/detail', { schema: { tags, summary: 'One product with the feed price now and what one share pays in each outcome', querystring: z.object({ id: id(), lang: language() }) } }, async (request) =>
    ok(service.detail(request.query.id)),
  );

  api.post(
    '/dual/buyDual',
    { schema: { tags, summary: 'Buy whole shares: the investment moves from the spot account to the deposit account until settlement', body: buyBody }, preHandler: guards.requireActiveUser },
    async (request) => {
      const userId = currentUser(request).id;
      const key = idempotencyKey(userId, 'dual.buy', request.body.client_oid);
      return ok(await runOnce(ctx, key, async () => service.ownOrder(userId, service.buy(userId, request.body.id, request.body.num))));
    },
  );

  api.post(
    '/dual/dual_list',
    { schema: { tags, summary: 'The user\'s orders (purchased, settling, success, fail) with both possible outcomes and, once settled, the tick that decided it', body: listBody }, preHandler: guards.requireUser },
    async (request) => ok(service.ownOrders(currentUser(request).id, request.body.status, request.body.page, request.body.limit)),
  );

  api.get(
    '/dual/order',
    { schema: { tags, summary: 'One of the user\'s orders', querystring: z.object({ id: id(), lang: language() }) }, preHandler: guards.requireUser },
    async (request) => ok(service.ownOrder(currentUser(request).id, request.query.id)),
  );
};
