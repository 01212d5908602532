import { formatMinor, toMinor } from '@openbourse/core';
import { count, desc, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { userCoupons, users } from '../db/schema.ts';
import { writeAudit } from '../platform/audit.ts';
import { type CouponRow, grantCoupon, revokeCoupon } from '../platform/coupons.ts';
import { ok } from '../platform/envelope.ts';
import { AppError } from '../platform/errors.ts';
import { id, language, pagination } from '../platform/fields.ts';
import { findUserByAccount } from '../platform/users.ts';
import { type ConsoleModule, consoleDoc } from './scope.ts';
import { reviewerOf } from './sessions.ts';

const issueBody = z.object({
  /** The user's email, phone or id. */
  user: z.string().trim().min(1).max(120),
  kind: z.enum(['fee', 'voucher']),
  face_value: z.string().trim().regex(/^\d{1,9}(\.\d{1,6})?$/, 'validation.amount'),
  valid_days: z.number().int().min(1).max(365),
  lang: language(),
});

/**
 * Coupons in the console: every coupon given (by a task or an operator),
 * issuing one to a user and revoking one not yet used, admin only and
 * audited in the same transaction (`platform/coupons.ts` holds the gate).
 * Coupons are in USDT; their money moves only when a user uses them.
 */
export const consoleCoupons: ConsoleModule = (api, { ctx, guards }) => {
  const { db, catalog } = ctx;
  const usdt = catalog.currencyBySymbol('USDT');
  if (!usdt) throw new Error('coupons are in USDT');
  const scale = usdt.scale;

  function present(row: CouponRow & { email: string | null; phone: string | null }) {
    return {
      id: row.id,
      user_id: row.userId,
      user: row.email ?? row.phone ?? String(row.userId),
      kind: row.kind,
      // The stored status; an available coupon past its end is recorded as expired by the next housekeeping run.
      status: row.status === 'available' && row.validUntil <= ctx.now() ? 'expired' : row.status,
      face_value: formatMinor(row.faceValue, scale),
      remaining: formatMinor(row.remaining, scale),
      valid_from: row.validFrom,
      valid_until: row.validUntil,
      source: row.source,
      task: row.task,
      issued_by: row.issuedBy,
      uses: row.uses,
      futures_order_id: row.futuresOrderId,
      created_at: row.createdAt,
    };
  }

  function listQuery(where: SQL | undefined, page: number, limit: number) {
    const offset = (page - 1) * limit;
    const rows = db
      .select({ coupon: userCoupons, email: users.email, phone: users.phone })
      .from(userCoupons)
      .leftJoin(users, eq(users.id, userCoupons.userId))
      .where(where)
      .orderBy(desc(userCoupons.id))
      .limit(limit)
      .offset(offset)
      .all();
    const total = db.select({ n: count() }).from(userCoupons).where(where).get()?.n ?? 0;
    return { list: rows.map((row) => present({ ...row.coupon, email: row.email, phone: row.phone })), page, limit, total };
  }

  api.get(
    '/coupons',
    {
      schema: consoleDoc('Coupons given to users, newest first, optionally of one user (email, phone or id)', { querystring: z.object({ user: z.string().trim().max(120).optional(), ...pagination }) }),
      preValidation: guards.permit('coupons.view'),
    },
    async (request) => {
      const { user, page, limit } = request.query;
      const userId = user ? userIdOf(user) : undefined;
      return ok(listQuery(userId === undefined ? undefined : eq(userCoupons.userId, userId), page, Math.min(limit, 100)));
    },
  );

  function userIdOf(text: string): number {
    const found = /^\d+$/.test(text) ? db.select({ id: users.id }).from(users).where(eq(users.id, Number(text))).get() : findUserByAccount(db, text);
    if (!found) throw new AppError('errors.accountNotFound');
    return found.id;
  }

  api.post(
    '/coupons',
    { schema: consoleDoc('Issue a coupon to a user: a trading-fee coupon or a position voucher, its face value in USDT and its validity in days', { body: issueBody }), preValidation: guards.permit('coupons.issue') },
    async (request) => {
      const { body } = request;
      const reviewer = reviewerOf(request);
      const faceValue = toMinor(body.face_value, scale);
      if (faceValue <= 0) throw new AppError('validation.outOfRange', { field: { key: 'fields.amount' } });
      const userId = userIdOf(body.user);
      const now = ctx.now();
      const granted = db.transaction((tx) => {
        const result = grantCoupon(tx, catalog, { userId, kind: body.kind, currencyId: usdt.id, faceValue, validDays: body.valid_days, source: 'admin', issuedBy: reviewer.actor }, now);
        const terms = { user_id: userId, kind: body.kind, face_value: body.face_value, valid_days: body.valid_days };
        writeAudit(tx, { ...reviewer, action: 'coupon.issue', targetType: 'coupon', targetId: result.coupon.id, before: null, after: terms }, now);
        return result;
      });
      ctx.bus.emit('user', granted.event);
      return ok({ id: granted.coupon.id });
    },
  );

  api.post(
    '/coupons/:id/revoke',
    { schema: consoleDoc('Revoke a coupon the user has not used and that has not expired', { params: z.object({ id: id() }), body: z.object({ lang: language() }).optional() }), preValidation: guards.permit('coupons.issue') },
    async (request) => {
      const revoked = revokeCoupon(db, request.params.id, reviewerOf(request), ctx.now());
      return ok({ id: revoked.id, status: revoked.status });
    },
  );
};
