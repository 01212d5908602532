import { formatMinor } from '@openbourse/core';
import { eq } from 'drizzle-orm';
import { deposits } from '../db/schema.ts';
import { post, transferLines } from '../ledger/ledger.ts';
import { writeAudit } from './audit.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import { rejectReasonParams } from './reject-reasons.ts';
import type { Reviewer } from './verification-review.ts';

/**
 * The voucher deposit gate: an operator who checked the payment voucher
 * against the bank or chain approves (the amount is credited from deposit
 * clearing) or rejects with a reason (no balance changes). One function for
 * every way an operator reaches it, audited in the same transaction.
 */

export type DepositRow = typeof deposits.$inferSelect;
export type DepositDecision = { approve: true } | { approve: false; reason: string };

export function reviewDeposit(ctx: AppContext, id: number, decision: DepositDecision, reviewer: Reviewer): DepositRow {
  const now = ctx.now();
  return ctx.db.transaction((tx) => {
    const before = tx.select().from(deposits).where(eq(deposits.id, id)).get();
    if (before?.route !== 'voucher') throw new AppError('errors.depositNotFound');
    if (before.status !== 'review') throw new AppError('errors.depositNotInReview');
    const currency = ctx.catalog.currency(before.currencyId);
    if (decision.approve) {
      post(
        ctx.sqlite,
        {
          type: 'deposit_voucher',
          refType: 'deposit',
          refId: id,
          memo: `${currency?.symbol ?? before.currencyId} voucher deposit approved by ${reviewer.actor}`,
          lines: transferLines({ system: 'deposit_clearing', currencyId: before.currencyId }, { userId: before.userId, currencyId: before.currencyId, accountTypeId: before.accountTypeId }, before.amount),
        },
        now,
      );
    }
    const after = tx
      .update(deposits)
      .set(
        decision.approve
          ? { status: 'credited', creditedAt: now, reviewedBy: reviewer.actor, reviewedAt: now, updatedAt: now }
          : { status: 'rejected', reason: decision.reason, reviewedBy: reviewer.actor, reviewedAt: now, updatedAt: now },
      )
      .where(eq(deposits.id, id))
      .returning()
      .get();
    writeAudit(
      tx,
      { actor: reviewer.actor, operatorId: reviewer.operatorId, ip: reviewer.ip, action: decision.approve ? 'deposit.approve' : 'deposit.reject', targetType: 'deposit', targetId: id, before, after },
      now,
    );
    return after;
  });
}

/** Tells the user once the decision committed: their balance (when credited) and a notification. */
export function announceDepositDecision(ctx: AppContext, row: DepositRow): void {
  const currency = ctx.catalog.currency(row.currencyId);
  const credited = row.status === 'credited';
  if (credited) ctx.bus.emit('balance', { userId: row.userId });
  ctx.bus.emit('user', {
    userId: row.userId,
    kind: credited ? 'deposit.credited' : 'deposit.rejected',
    refType: 'deposit',
    refId: row.id,
    params: { amount: formatMinor(row.amount, currency?.scale ?? 0), currency: currency?.symbol ?? '', ...(credited ? {} : rejectReasonParams('deposits', row.reason)) },
    time: row.reviewedAt ?? ctx.now(),
  });
}
