import { z } from 'zod';
import { decimalText } from '../../platform/amounts.ts';
import { currentUser, optionalUser } from '../../platform/auth.ts';
import type { CurrencyInfo } from '../../platform/catalog.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { Feature } from '../../platform/feature.ts';
import { blankToUndefined, id, language, pagination } from '../../platform/fields.ts';
import { clientOidField, idempotencyKey, runOnce } from '../../platform/idempotency.ts';
import { rollDemoIeoProjects, seedIeoProjects } from './seed.ts';
import { createIeoService } from './service.ts';

const tags = ['ieo'];

const listQuery = z.object({
  status: z.preprocess(blankToUndefined, z.enum(['warmup', 'in_progress', 'finished']).optional()).describe('Only projects in this state; all when absent'),
  ...pagination,
});
const orderBody = z.object({
  project_id: id(),
  amount: decimalText().describe('Tokens to subscribe for'),
  pay_currency: z.union([z.number().int().positive(), z.string().trim().min(1).max(20)]).describe('Currency id or symbol to pay with'),
  price: decimalText().describe('The issue price the user was shown, in the pay currency; refused if it no longer holds'),
  client_oid: clientOidField(),
  lang: language(),
});

function payCurrencyOf(ctx: AppContext, reference: string | number): CurrencyInfo {
  const found = typeof reference === 'number' || /^\d+$/.test(reference) ? ctx.catalog.currency(Number(reference)) : ctx.catalog.currencyBySymbol(reference);
  if (!found) throw new AppError('earn.payCurrencyNotAccepted');
  return found;
}

/**
 * IEO subscriptions (spec sections 3, 4, 7): projects in warm-up, in
 * progress and finished; a subscription holds its payment; at the end the
 * token is listed and allocated pro rata (with per-user caps), paid for and
 * credited frozen until the lock period ends.
 */
export const ieoFeature: Feature = (api, { ctx, guards }) => {
  seedIeoProjects(ctx);
  const service = createIeoService(ctx);
  service.listEndedTokens(ctx.now());
  ctx.scheduler.add({ name: 'ieo.allocation', everyMs: 30_000, run: (now) => service.allocateEnded(now) });
  ctx.scheduler.add({ name: 'ieo.unlock', everyMs: 60_000, run: (now) => service.unlockDue(now) });
  if (!ctx.config.production) ctx.scheduler.add({ name: 'ieo.demo-rounds', everyMs: 60_000, run: (now) => rollDemoIeoProjects(ctx, now) });

  api.get('/project', { schema: { tags, summary: 'IEO projects with issue price, pay currencies, issuance, per-user limits, subscription window, lock period, status and progress', querystring: listQuery } }, async (request) =>
    ok(service.projects(request.lang, request.query.page, request.query.limit, request.query.status)),
  );

  api.get(
    '/project/detail',
    { schema: { tags, summary: 'One IEO project, with the caller\'s subscription when signed in', querystring: z.object({ project_id: id(), lang: language() }) } },
    async (request) => ok(service.detail(request.query.project_id, request.lang, optionalUser(ctx, request)?.id ?? null)),
  );

  api.post(
    '/project/order',
    { schema: { tags, summary: 'Subscribe for tokens: the cost at the issue price is held in the spot account until the allocation at the end', body: orderBody }, preHandler: guards.requireActiveUser },
    async (request) => {
      const { body } = request;
      const userId = currentUser(request).id;
      return ok(
        await runOnce(ctx, idempotencyKey(userId, 'project.order', body.client_oid), async () =>
          service.subscribe(userId, request.lang, { projectId: body.project_id, committed: body.amount, payCurrency: payCurrencyOf(ctx, body.pay_currency), price: body.price }),
        ),
      );
    },
  );

  api.get(
    '/user/project/order',
    { schema: { tags, summary: 'The user\'s subscriptions with the allocation arithmetic once allocated', querystring: z.object(pagination) }, preHandler: guards.requireUser },
    async (request) => ok(service.myOrders(currentUser(request).id, request.lang, request.query.page, request.query.limit)),
  );
};
