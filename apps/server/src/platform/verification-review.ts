import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { identityVerifications, users } from '../db/schema.ts';
import { writeAudit } from './audit.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import { translate } from './i18n.ts';
import { presentRejectReason, rejectReasonParams } from './reject-reasons.ts';
import { userLanguage } from './users.ts';

/**
 * The identity verification gate's decision, shared by every way an operator
 * reaches it (the console's queue and `pnpm ops approve/reject`): one review
 * function, one audit record, one notification.
 */

export type VerificationRow = typeof identityVerifications.$inferSelect;

export interface Reviewer {
  /** Text kept in the audit trail and on the request: the operator's email, or `<user>@ops` from the CLI. */
  actor: string;
  operatorId?: number;
  ip?: string;
}

export type ReviewDecision = { approve: true } | { approve: false; reason: string };

export function listVerifications(db: Db, status?: VerificationRow['status']): VerificationRow[] {
  const query = db.select().from(identityVerifications).orderBy(desc(identityVerifications.id));
  return status ? query.where(eq(identityVerifications.status, status)).all() : query.all();
}

/** An operator's decision: the only way a verification level changes. Audited with the state before and after. */
export function reviewVerification(ctx: AppContext, id: number, decision: ReviewDecision, reviewer: Reviewer): VerificationRow {
  const { db } = ctx;
  const now = ctx.now();
  return db.transaction((tx) => {
    const before = tx.select().from(identityVerifications).where(eq(identityVerifications.id, id)).get();
    if (!before) throw new AppError('errors.verificationNotFound');
    if (before.status !== 'review') throw new AppError('errors.verificationNotInReview');
    const status = decision.approve ? 'verified' : 'failed';
    const after = tx
      .update(identityVerifications)
      .set({ status, reason: decision.approve ? null : decision.reason, reviewedBy: reviewer.actor, reviewedAt: now })
      .where(eq(identityVerifications.id, id))
      .returning()
      .get();
    if (decision.approve) tx.update(users).set({ verificationLevel: before.level }).where(eq(users.id, before.userId)).run();
    writeAudit(
      tx,
      {
        actor: reviewer.actor,
        operatorId: reviewer.operatorId,
        ip: reviewer.ip,
        action: decision.approve ? 'verification.approve' : 'verification.reject',
        targetType: 'identity_verification',
        targetId: id,
        before,
        after,
      },
      now,
    );
    return after;
  });
}

/**
 * Tells the user after the decision committed: a `verification.approved` or
 * `verification.rejected` event on the bus (the notification centre and
 * realtime pick it up) and an email in the user's language. A listed refusal
 * reason travels as its code (`reason_code`), so the notification centre
 * writes it in the language of whoever reads it; a written one as written.
 */
export async function announceVerificationDecision(ctx: AppContext, row: VerificationRow): Promise<void> {
  const approved = row.status === 'verified';
  ctx.bus.emit('user', {
    userId: row.userId,
    kind: approved ? 'verification.approved' : 'verification.rejected',
    refType: 'identity_verification',
    refId: row.id,
    params: approved ? { level: row.level } : { level: row.level, ...rejectReasonParams('verification', row.reason) },
    time: row.reviewedAt ?? ctx.now(),
  });
  const user = ctx.db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).get();
  if (!user?.email) return;
  const language = userLanguage(ctx.db, row.userId);
  const params = { site: ctx.catalog.site.site_name, level: { key: `verification.levels.${row.level}` as 'verification.levels.1' }, reason: presentRejectReason('verification', language, row.reason) ?? '' };
  try {
    await ctx.messenger.send({
      channel: 'email',
      to: user.email,
      lang: language,
      subject: translate(language, approved ? 'mail.verificationApprovedSubject' : 'mail.verificationRejectedSubject', params),
      body: translate(language, approved ? 'mail.verificationApprovedBody' : 'mail.verificationRejectedBody', params),
    });
  } catch (error) {
    // The decision stands and the in-app notice went out; a mail server hiccup must not turn it into an error.
    ctx.log.warn({ err: error, verificationId: row.id }, 'verification decision email not sent');
  }
}
