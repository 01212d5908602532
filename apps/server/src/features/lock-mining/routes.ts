import { z } from 'zod';
import { decimalText } from '../../platform/amounts.ts';
import { currentUser, optionalUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { blankToUndefined, id, language, oneOf, pagination } from '../../platform/fields.ts';
import { clientOidField, idempotencyKey, runOnce } from '../../platform/idempotency.ts';
import { seedLockMiningProducts } from './seed.ts';
import { createLockMiningService } from './service.ts';

const tags = ['lock mining'];

const lockBody = z.object({ config_id: id().describe('The product (from /lh/deposit/config)'), amount: decimalText().describe('Amount to lock, in the product\'s currency'), client_oid: clientOidField(), lang: language() });
const orderQuery = z.object({ status: z.preprocess(blankToUndefined, oneOf([1, 2]).default(1)).describe('1 in progress, 2 redeemed (at expiry or early)'), ...pagination });
const idBody = z.object({ id: id(), lang: language() });

/**
 * Lock-position mining (spec sections 3, 4, 7, 9): products, locking an
 * amount, daily dividends at committed-then-revealed rates, expiry and early
 * redemption with a penalty.
 */
export const lockMiningFeature: Feature = (api, { ctx, guards }) => {
  const mining = ctx.catalog.accountTypeByCode('mining');
  seedLockMiningProducts(ctx, mining?.currencyIds ?? []);
  const service = createLockMiningService(ctx);
  service.commitAndReveal(ctx.now());
  // Every minute, so a product created or lengthened in the console has its commitments before a user gets to it.
  ctx.scheduler.add({ name: 'lock-mining.commitments', everyMs: 60_000, run: (now) => service.commitAndReveal(now) });
  ctx.scheduler.add({ name: 'lock-mining.dividends', everyMs: 30_000, run: (now) => service.payDue(now) });

  api.get(
    '/lh/deposit/config',
    {
      schema: {
        tags,
        summary: 'Lock-mining products: currency, lock days, daily yield range, minimum, per-user maximum, penalty ratio, dividend time and the next days\' rate commitments; with a session also what the user has locked',
        querystring: z.object({ lang: language() }),
      },
    },
    async (request) => ok(service.products(optionalUser(ctx, request)?.id ?? null)),
  );

  api.post(
    '/lh/deposit',
    { schema: { tags, summary: 'Lock an amount from the spot account into a product; it is held in the mining account until expiry or redemption', body: lockBody }, preHandler: guards.requireActiveUser },
    async (request) => {
      const userId = currentUser(request).id;
      const key = idempotencyKey(userId, 'lh.deposit', request.body.client_oid);
      return ok(await runOnce(ctx, key, async () => service.order(userId, service.lock(userId, request.body.config_id, request.body.amount))));
    },
  );

  api.get(
    '/lh/deposit/order',
    { schema: { tags, summary: 'The user\'s lock orders with every day\'s rate, commitment, seed (once revealed) and yield, next dividend and expiry', querystring: orderQuery }, preHandler: guards.requireUser },
    async (request) => ok(service.orders(currentUser(request).id, request.query.status as 1 | 2, request.query.page, request.query.limit)),
  );

  api.get(
    '/lh/deposit/order/detail',
    { schema: { tags, summary: 'One of the user\'s lock orders', querystring: z.object({ id: id(), lang: language() }) }, preHandler: guards.requireUser },
    async (request) => ok(service.order(currentUser(request).id, request.query.id)),
  );

  api.post(
    '/lh/deposit/order/cancel',
    { schema: { tags, summary: 'Redeem early: the amount minus ratio × remaining days × amount returns to the spot account; yields already paid stay paid', body: idBody }, preHandler: guards.requireUser },
    async (request) => {
      const userId = currentUser(request).id;
      service.redeem(userId, request.body.id);
      return ok(service.order(userId, request.body.id));
    },
  );
};
