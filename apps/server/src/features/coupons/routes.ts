import { z } from 'zod';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { id, language, pagination } from '../../platform/fields.ts';
import { COUPON_TASKS } from './config.ts';
import { createCouponService } from './service.ts';

const tags = ['coupons'];
const couponStatus = z.enum(['available', 'used', 'expired']);

/**
 * The coupon centre (issue 15 §4): `/coupon/list`, `/coupon/tasks`,
 * `/coupon/claim`, `/coupon/use_voucher`. Tasks complete from bus events;
 * fee coupons refund through `platform/fee-hooks.ts`; vouchers open futures
 * positions through `platform/voucher-positions.ts`.
 */
export const couponsFeature: Feature = (api, { ctx, guards }) => {
  const service = createCouponService(ctx);
  ctx.bus.on('user', (event) => service.eventHappened(event));
  ctx.bus.on('order', (event) => service.orderChanged(event.userId, event.orderId));
  ctx.scheduler.add({ name: 'coupons.housekeeping', everyMs: 5_000, run: (now) => service.housekeeping(now) });

  api.get(
    '/coupon/list',
    {
      schema: {
        tags,
        summary: 'Your coupons by status (available: usable now or soon; used; expired), soonest-ending first for available ones. Amounts are decimal strings of `currency`',
        querystring: z.object({ status: couponStatus.default('available'), ...pagination }),
      },
      preHandler: guards.requireUser,
    },
    async (request) => ok(service.list(currentUser(request).id, request.query.status, request.query.page, request.query.limit)),
  );

  api.get(
    '/coupon/tasks',
    { schema: { tags, summary: 'The new-user tasks (verify identity, first deposit, first trade): done, claimed, and the coupon each grants', querystring: z.object({ lang: language() }) }, preHandler: guards.requireUser },
    async (request) => ok(service.tasks(currentUser(request).id)),
  );

  api.post(
    '/coupon/claim',
    { schema: { tags, summary: "Claim a done task's coupon (once); answers the coupon", body: z.object({ task: z.enum(COUPON_TASKS as [string, ...string[]]), lang: language() }) }, preHandler: guards.requireActiveUser },
    async (request) => ok(service.claim(currentUser(request).id, request.body.task as (typeof COUPON_TASKS)[number])),
  );

  api.post(
    '/coupon/use_voucher',
    {
      schema: {
        tags,
        summary:
          "Use a position voucher: opens one futures position on the pair at the voucher's fixed multiple with the most lots whose margin and fee fit in its face value, paid from the rewards account. Held until the voucher's end (closed at the first feed tick after it) unless closed before; you receive only the profit, a loss costs you nothing. Answers the futures order id",
        body: z.object({ coupon_id: id(), currency_id: id(), legal_id: id(), type: z.enum(['long', 'short']), lang: language() }),
      },
      preHandler: guards.requireActiveUser,
    },
    async (request) => {
      const { body } = request;
      return ok(service.useVoucher(currentUser(request).id, { couponId: body.coupon_id, currencyId: body.currency_id, legalId: body.legal_id, side: body.type }));
    },
  );
};
