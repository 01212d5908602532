import { formatMinor } from '@openbourse/core';
import { eq } from 'drizzle-orm';
import { withdrawals } from '../db/schema.ts';
import { type PostingLine, post, releaseLines } from '../ledger/ledger.ts';
import { writeAudit } from './audit.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import { rejectReasonParams } from './reject-reasons.ts';
import type { Reviewer } from './verification-review.ts';

/**
 * The withdrawal gate. On request the amount and fee were frozen; an
 * operator who paid it out approves with the payout's transaction reference
 * (the amount moves from the user's frozen balance to withdrawal clearing,
 * the fee to the fees account), or rejects with a reason (both are
 * unfrozen). Audited in the same transaction.
 */

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalDecision = { approve: true; txRef: string } | { approve: false; reason: string };

export function reviewWithdrawal(ctx: AppContext, id: number, decision: WithdrawalDecision, reviewer: Reviewer): WithdrawalRow {
  const now = ctx.now();
  return ctx.db.transaction((tx) => {
    const before = tx.select().from(withdrawals).where(eq(withdrawals.id, id)).get();
    if (!before) throw new AppError('errors.withdrawalNotFound');
    if (before.status !== 'review') throw new AppError('errors.withdrawalNotInReview');
    const holder = { userId: before.userId, currencyId: before.currencyId, accountTypeId: before.accountTypeId };
    const held = before.amount + before.fee;
    const symbol = ctx.catalog.currency(before.currencyId)?.symbol ?? String(before.currencyId);
    if (decision.approve) {
      const lines: PostingLine[] = [
        { account: holder, bucket: 'frozen', amount: -held },
        { account: { system: 'withdrawal_clearing', currencyId: before.currencyId }, bucket: 'available', amount: before.amount },
      ];
      if (before.fee > 0) lines.push({ account: { system: 'fees', currencyId: before.currencyId }, bucket: 'available', amount: before.fee });
      post(ctx.sqlite, { type: 'withdrawal', refType: 'withdrawal', refId: id, memo: `${symbol} withdrawal paid by ${reviewer.actor}, ref ${decision.txRef}`, lines }, now);
    } else {
      post(ctx.sqlite, { type: 'withdrawal_release', refType: 'withdrawal', refId: id, memo: `${symbol} withdrawal rejected by ${reviewer.actor}`, lines: releaseLines(holder, held) }, now);
    }
    const after = tx
      .update(withdrawals)
      .set(
        decision.approve
          ? { status: 'paid', txRef: decision.txRef, reviewedBy: reviewer.actor, reviewedAt: now }
          : { status: 'rejected', reason: decision.reason, reviewedBy: reviewer.actor, reviewedAt: now },
      )
      .where(eq(withdrawals.id, id))
      .returning()
      .get();
    writeAudit(
      tx,
      { actor: reviewer.actor, operatorId: reviewer.operatorId, ip: reviewer.ip, action: decision.approve ? 'withdrawal.approve' : 'withdrawal.reject', targetType: 'withdrawal', targetId: id, before, after },
      now,
    );
    return after;
  });
}

export function announceWithdrawalDecision(ctx: AppContext, row: WithdrawalRow): void {
  const currency = ctx.catalog.currency(row.currencyId);
  const paid = row.status === 'paid';
  ctx.bus.emit('balance', { userId: row.userId });
  ctx.bus.emit('user', {
    userId: row.userId,
    kind: paid ? 'withdrawal.paid' : 'withdrawal.rejected',
    refType: 'withdrawal',
    refId: row.id,
    params: { amount: formatMinor(row.amount, currency?.scale ?? 0), currency: currency?.symbol ?? '', ...(paid ? { tx_ref: row.txRef ?? '' } : rejectReasonParams('withdrawals', row.reason)) },
    time: row.reviewedAt ?? ctx.now(),
  });
}
