import { type CouponStatus, couponStatus, formatMinor, isCouponUsable, toMinor } from '@openbourse/core';
import { and, count, desc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import { couponTasks, userCoupons } from '../../db/schema.ts';
import type { UserEvent } from '../../market/bus.ts';
import type { AppContext } from '../../platform/context.ts';
import { type CouponRow, couponEvent, grantCoupon } from '../../platform/coupons.ts';
import { AppError } from '../../platform/errors.ts';
import { type Page, pageWindow, toPage } from '../../platform/fields.ts';
import { voucherPositions } from '../../platform/voucher-positions.ts';
import { COUPON_TASKS, type CouponTask, NEW_USER_TASKS, TASK_EVENTS, VOUCHER_MULTIPLE } from './config.ts';

export interface VoucherUse {
  couponId: number;
  currencyId: number;
  legalId: number;
  side: 'long' | 'short';
}

/**
 * The coupon centre: lists, the new-user tasks (completed by bus events,
 * claimed by the user), a voucher's use through the futures port, and the
 * expiry job. Fee refunds happen where fees are charged
 * (`platform/coupon-refunds.ts`), grants and revocations in
 * `platform/coupons.ts` (the console calls them too).
 */
export function createCouponService(ctx: AppContext) {
  const { db, catalog } = ctx;
  const usdtInfo = catalog.currencyBySymbol('USDT');
  if (!usdtInfo) throw new Error('coupons are in USDT');
  const usdt = usdtInfo;
  const doneTrades = new Set<number>();
  const filledLots = ctx.sqlite.prepare('SELECT filled_lots FROM spot_orders WHERE id = ?').pluck();
  const futuresMarginSource = ctx.sqlite.prepare('SELECT margin_source FROM futures_orders WHERE id = ?').pluck();
  const verificationLevel = ctx.sqlite.prepare('SELECT verification_level FROM users WHERE id = ?').pluck();

  const stateOf = (row: CouponRow) => ({ kind: row.kind, remainingMinor: row.remaining, validFrom: row.validFrom, validUntil: row.validUntil, usedAt: row.kind === 'voucher' ? row.usedAt : null });
  const statusOf = (row: CouponRow, now: number): CouponStatus => (row.status === 'expired' ? 'expired' : couponStatus(stateOf(row), now));

  function present(row: CouponRow, now: number) {
    const currency = catalog.currency(row.currencyId);
    const money = (minor: number) => formatMinor(minor, currency?.scale ?? 0);
    return {
      id: row.id,
      kind: row.kind,
      status: statusOf(row, now),
      currency: currency?.symbol ?? '',
      face_value: money(row.faceValue),
      remaining: money(row.remaining),
      valid_from: row.validFrom,
      valid_until: row.validUntil,
      source: row.source,
      task: row.task,
      uses: row.uses,
      used_at: row.usedAt,
      futures_order_id: row.futuresOrderId,
      voucher_multiple: row.kind === 'voucher' ? VOUCHER_MULTIPLE : null,
    };
  }

  /** Stored status and validity together: an `available` coupon past its end lists as expired before the job records it. */
  function statusCondition(status: CouponStatus, now: number): SQL | undefined {
    if (status === 'available') return and(eq(userCoupons.status, 'available'), gt(userCoupons.validUntil, now));
    if (status === 'used') return eq(userCoupons.status, 'used');
    return or(eq(userCoupons.status, 'expired'), and(eq(userCoupons.status, 'available'), lte(userCoupons.validUntil, now)));
  }

  function list(userId: number, status: CouponStatus, page: number, limit: number): Page<ReturnType<typeof present>> {
    const now = ctx.now();
    const window = pageWindow(page, limit);
    const where = and(eq(userCoupons.userId, userId), statusCondition(status, now));
    const rows = db.select().from(userCoupons).where(where).orderBy(status === 'available' ? userCoupons.validUntil : desc(userCoupons.id)).limit(window.limit).offset(window.offset).all();
    const total = db.select({ n: count() }).from(userCoupons).where(where).get()?.n ?? 0;
    return toPage(
      rows.map((row) => present(row, now)),
      window,
      total,
    );
  }

  function tasks(userId: number) {
    // Verified before this feature existed (or seeded so, like the demo user): the task is done all the same.
    if (Number(verificationLevel.get(userId) ?? 0) >= 1) complete(userId, 'verify');
    const rows = db.select().from(couponTasks).where(eq(couponTasks.userId, userId)).all();
    return COUPON_TASKS.map((task) => {
      const row = rows.find((entry) => entry.task === task);
      const grant = NEW_USER_TASKS[task];
      return {
        task,
        done: row !== undefined,
        claimed: row?.claimedAt != null,
        coupon_id: row?.couponId ?? null,
        grants: { kind: grant.kind, face_value: grant.faceValue, currency: usdt.symbol, valid_days: grant.validDays },
      };
    });
  }

  /** A task's event arrived: the task is done and its coupon can be claimed (once per user and task). */
  function complete(userId: number, task: CouponTask): void {
    ctx.sqlite.prepare('INSERT OR IGNORE INTO coupon_tasks (user_id, task, done_at) VALUES (?, ?, ?)').run(userId, task, ctx.now());
    if (task === 'first_trade') doneTrades.add(userId);
  }

  /** A bus event that completes a task (TASK_EVENTS); a position a voucher opened is no trade of the user's own money, so it completes nothing. */
  function eventHappened(event: UserEvent): void {
    const task = TASK_EVENTS[event.kind];
    if (!task) return;
    if (event.refType === 'futures_order' && futuresMarginSource.get(event.refId) === 'rewards') return;
    complete(event.userId, task);
  }

  /** A spot order changed: its first fill completes the owner's first trade. */
  function orderChanged(userId: number, orderId: number): void {
    if (doneTrades.has(userId)) return;
    if (Number(filledLots.get(orderId) ?? 0) > 0) complete(userId, 'first_trade');
  }

  function claim(userId: number, task: CouponTask) {
    const now = ctx.now();
    const grant = NEW_USER_TASKS[task];
    const granted = db.transaction((tx) => {
      const row = tx
        .select()
        .from(couponTasks)
        .where(and(eq(couponTasks.userId, userId), eq(couponTasks.task, task)))
        .get();
      if (!row) throw new AppError('coupon.taskNotDone');
      if (row.claimedAt !== null) throw new AppError('coupon.alreadyClaimed');
      const result = grantCoupon(tx, catalog, { userId, kind: grant.kind, currencyId: usdt.id, faceValue: toMinor(grant.faceValue, usdt.scale), validDays: grant.validDays, source: 'task', task }, now);
      tx.update(couponTasks)
        .set({ claimedAt: now, couponId: result.coupon.id })
        .where(and(eq(couponTasks.userId, userId), eq(couponTasks.task, task)))
        .run();
      return result;
    });
    ctx.bus.emit('user', granted.event);
    return present(granted.coupon, now);
  }

  function ownCoupon(userId: number, couponId: number): CouponRow {
    const row = db
      .select()
      .from(userCoupons)
      .where(and(eq(userCoupons.id, couponId), eq(userCoupons.userId, userId)))
      .get();
    // Revoked coupons are gone for the user, like another user's.
    if (!row || row.status === 'revoked') throw new AppError('coupon.notFound');
    return row;
  }

  /** Opens the voucher's futures position: margin and fee from `rewards`, held until the voucher's end. Answers the futures order id. */
  function useVoucher(userId: number, use: VoucherUse): { order_id: number; coupon: ReturnType<typeof present> } {
    const coupon = ownCoupon(userId, use.couponId);
    if (coupon.kind !== 'voucher') throw new AppError('coupon.notVoucher');
    const now = ctx.now();
    if (coupon.status !== 'available' || !isCouponUsable(stateOf(coupon), now)) throw new AppError('coupon.notUsable');
    const port = voucherPositions(ctx);
    if (!port) throw new AppError('futures.notAvailable');
    const orderId = port.open(
      { userId, couponId: coupon.id, currencyId: use.currencyId, legalId: use.legalId, side: use.side, faceValueMinor: coupon.faceValue, multiple: VOUCHER_MULTIPLE, expiresAt: coupon.validUntil },
      (futuresOrderId) => {
        const changed = ctx.sqlite
          .prepare("UPDATE user_coupons SET status = 'used', uses = uses + 1, used_at = ?, futures_order_id = ?, announced_at = ? WHERE id = ? AND status = 'available'")
          .run(now, futuresOrderId, now, coupon.id).changes;
        // Two taps racing: the second finds the voucher used and its position is rolled back with it.
        if (changed !== 1) throw new AppError('coupon.notUsable');
      },
    );
    const used = ownCoupon(userId, coupon.id);
    ctx.bus.emit('user', couponEvent(catalog, used, 'coupon.used', now));
    return { order_id: orderId, coupon: present(used, now) };
  }

  /**
   * The periodic job: closes voucher positions past their end (futures port),
   * records coupons whose validity ended unused as expired, and announces fee
   * coupons spent to zero since the last run (the refund itself happens inside
   * the trade's transaction, which cannot emit).
   */
  function housekeeping(now: number): void {
    voucherPositions(ctx)?.closeExpired(now);
    const events: UserEvent[] = [];
    db.transaction((tx) => {
      const ended = tx
        .update(userCoupons)
        .set({ status: 'expired', announcedAt: now })
        .where(and(eq(userCoupons.status, 'available'), lte(userCoupons.validUntil, now)))
        .returning()
        .all();
      for (const row of ended) events.push(couponEvent(catalog, row, 'coupon.expired', now));
      const spent = tx
        .update(userCoupons)
        .set({ announcedAt: now })
        .where(and(eq(userCoupons.status, 'used'), eq(userCoupons.kind, 'fee'), isNull(userCoupons.announcedAt)))
        .returning()
        .all();
      for (const row of spent) events.push(couponEvent(catalog, row, 'coupon.used', now));
    });
    for (const event of events) ctx.bus.emit('user', event);
  }

  return { list, tasks, eventHappened, orderChanged, claim, useVoucher, housekeeping, present };
}
