import { feeCouponRefund } from '@openbourse/core';
import type { Statement } from 'better-sqlite3';
import type { Sqlite } from '../db/client.ts';
import { post } from '../ledger/ledger.ts';
import type { ChargedFee } from './rebates.ts';

interface FeeCouponRow {
  id: number;
  remaining: number;
  validFrom: number;
  validUntil: number;
}

interface Statements {
  usable: Statement<[number, number, number, number], FeeCouponRow>;
  spend: Statement<[{ id: number; remaining: number; now: number }]>;
  record: Statement<[{ couponId: number; userId: number; fee: number; refund: number; refType: string; refId: string; entryId: number; now: number }]>;
}

const statementCache = new WeakMap<Sqlite, Statements>();

function statementsFor(sqlite: Sqlite): Statements {
  let statements = statementCache.get(sqlite);
  if (!statements) {
    statements = {
      usable: sqlite.prepare(
        `SELECT id, remaining, valid_from AS validFrom, valid_until AS validUntil FROM user_coupons
         WHERE user_id = ? AND currency_id = ? AND kind = 'fee' AND status = 'available' AND remaining > 0 AND valid_from <= ? AND valid_until > ?
         ORDER BY valid_until, id`,
      ),
      spend: sqlite.prepare(
        `UPDATE user_coupons SET remaining = @remaining, uses = uses + 1,
           status = CASE WHEN @remaining = 0 THEN 'used' ELSE status END,
           used_at = CASE WHEN @remaining = 0 THEN @now ELSE used_at END
         WHERE id = @id`,
      ),
      record: sqlite.prepare(
        `INSERT INTO coupon_uses (coupon_id, user_id, fee, refund, ref_type, ref_id, entry_id, created_at)
         VALUES (@couponId, @userId, @fee, @refund, @refType, @refId, @entryId, @now)`,
      ),
    };
    statementCache.set(sqlite, statements);
  }
  return statements;
}

/**
 * A fee coupon's refund: while the payer holds a valid fee coupon in the fee's
 * currency, the fee is refunded up to the coupon's remaining value (core
 * `feeCouponRefund`), the soonest-ending coupon first, each refund its own
 * entry `coupon_fee_refund` from the `rewards` system account, inside the
 * caller's transaction. A coupon spent to zero becomes `used`; the coupons
 * feature announces it. Answers the total refunded.
 */
export function refundFeeWithCoupons(sqlite: Sqlite, charged: ChargedFee, now: number): number {
  const statements = statementsFor(sqlite);
  let left = charged.fee;
  for (const coupon of statements.usable.all(charged.payerId, charged.currencyId, now, now)) {
    if (left <= 0) break;
    const { refundMinor, remainingMinor } = feeCouponRefund({ kind: 'fee', remainingMinor: coupon.remaining, validFrom: coupon.validFrom, validUntil: coupon.validUntil, usedAt: null }, left, now);
    if (refundMinor === 0) continue;
    const refId = String(charged.refId);
    const entryId = post(
      sqlite,
      {
        type: 'coupon_fee_refund',
        refType: charged.refType,
        refId,
        memo: `fee coupon ${coupon.id} refunds ${refundMinor} of a fee of ${charged.fee}`,
        lines: [
          { account: { system: 'rewards', currencyId: charged.currencyId }, bucket: 'available', amount: -refundMinor },
          { account: { userId: charged.payerId, currencyId: charged.currencyId, accountTypeId: charged.accountTypeId }, bucket: 'available', amount: refundMinor },
        ],
      },
      now,
    );
    statements.spend.run({ id: coupon.id, remaining: remainingMinor, now });
    statements.record.run({ couponId: coupon.id, userId: charged.payerId, fee: charged.fee, refund: refundMinor, refType: charged.refType, refId, entryId, now });
    left -= refundMinor;
  }
  return charged.fee - left;
}
