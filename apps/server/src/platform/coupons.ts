import { couponStatus, formatMinor } from '@openbourse/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { couponTemplates, userCoupons } from '../db/schema.ts';
import type { UserEvent } from '../market/bus.ts';
import { writeAudit } from './audit.ts';
import type { Catalog } from './catalog.ts';
import { AppError } from './errors.ts';

export type CouponRow = typeof userCoupons.$inferSelect;
export type CouponKind = CouponRow['kind'];

const DAY_MS = 86_400_000;

/** A template row by key, created with these terms the first time (tasks at start, the console's issues). */
export function templateFor(db: Db, key: string, terms: { kind: CouponKind; currencyId: number; faceValue: number; validDays: number }, now: number) {
  const existing = db.select().from(couponTemplates).where(eq(couponTemplates.key, key)).get();
  if (existing) return existing;
  return db
    .insert(couponTemplates)
    .values({ key, ...terms, createdAt: now })
    .returning()
    .get();
}

export interface Grant {
  userId: number;
  kind: CouponKind;
  currencyId: number;
  faceValue: number;
  validDays: number;
  source: 'task' | 'admin';
  task?: string;
  issuedBy?: string;
}

/** Gives a user a coupon valid from now for `validDays`; inside the caller's transaction. Answers the row and its `coupon.granted` event (emit after commit). */
export function grantCoupon(db: Db, catalog: Catalog, grant: Grant, now: number): { coupon: CouponRow; event: UserEvent } {
  const template = templateFor(db, grant.source === 'task' ? `task.${grant.task}` : `admin.${grant.kind}`, { kind: grant.kind, currencyId: grant.currencyId, faceValue: grant.faceValue, validDays: grant.validDays }, now);
  const coupon = db
    .insert(userCoupons)
    .values({
      userId: grant.userId,
      templateId: template.id,
      kind: grant.kind,
      currencyId: grant.currencyId,
      faceValue: grant.faceValue,
      remaining: grant.faceValue,
      validFrom: now,
      validUntil: now + grant.validDays * DAY_MS,
      status: 'available',
      source: grant.source,
      task: grant.task ?? null,
      issuedBy: grant.issuedBy ?? null,
      createdAt: now,
    })
    .returning()
    .get();
  return { coupon, event: couponEvent(catalog, coupon, 'coupon.granted', now) };
}

/** The bus event of a coupon's change, with the values its notification shows. */
export function couponEvent(catalog: Catalog, coupon: CouponRow, kind: 'coupon.granted' | 'coupon.used' | 'coupon.expired', now: number): UserEvent {
  const currency = catalog.currency(coupon.currencyId);
  return {
    userId: coupon.userId,
    kind,
    refType: 'coupon',
    refId: coupon.id,
    params: { amount: formatMinor(coupon.faceValue, currency?.scale ?? 0), currency: currency?.symbol ?? '', coupon_kind: coupon.kind },
    time: now,
  };
}

/**
 * An operator withdraws a coupon the user has not used: refused once it was
 * used (in part, for a fee coupon) or expired; audited in the same
 * transaction. The console calls it.
 */
export function revokeCoupon(db: Db, couponId: number, operator: { actor: string; operatorId: number; ip: string }, now: number): CouponRow {
  return db.transaction((tx) => {
    const coupon = tx.select().from(userCoupons).where(eq(userCoupons.id, couponId)).get();
    if (!coupon) throw new AppError('coupon.notFound');
    const state = { kind: coupon.kind, remainingMinor: coupon.remaining, validFrom: coupon.validFrom, validUntil: coupon.validUntil, usedAt: coupon.usedAt };
    if (coupon.status !== 'available' || coupon.uses > 0 || couponStatus(state, now) !== 'available') throw new AppError('coupon.notRevocable');
    const revoked = tx.update(userCoupons).set({ status: 'revoked' }).where(eq(userCoupons.id, couponId)).returning().get();
    writeAudit(tx, { ...operator, action: 'coupon.revoke', targetType: 'coupon', targetId: couponId, before: { status: coupon.status }, after: { status: 'revoked' } }, now);
    return revoked;
  });
}
