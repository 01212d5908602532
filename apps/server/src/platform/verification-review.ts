import type { Language } from '@openbourse/i18n';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { identityVerifications, users } from '../db/schema.ts';
import { writeAudit } from './audit.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import { hasMessage, translate } from './i18n.ts';
import { userLanguage } from './users.ts';

/**
 * The identity verification gate's decision, shared by every way an operator
 * reaches it (the console's queue and `pnpm ops approve/reject`): one review
 * function, one audit record, one notification.
 */

export type VerificationRow = typeof identityVerifications.$inferSelect;

/** Refusal reasons an operator picks from a list; stored as their message key so each user reads them in their own language. */
export const REJECT_REASONS = ['blurred', 'mismatch', 'expired', 'incomplete'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

const REASON_PREFIX = 'verification.rejectReasons.';

export function rejectReasonKey(reason: RejectReason): string {
  return `${REASON_PREFIX}${reason}`;
}

/** A stored refusal reason as the reader should see it: a listed reason in their language, a written one as written. */
export function presentRejectReason(language: Language, reason: string | null): string | null {
  if (reason?.startsWith(REASON_PREFIX) && hasMessage(reason)) return translate(language, reason);
  return reason;
}

export function isRejectReason(value: unknown): value is RejectReason {
  return (REJECT_REASONS as readonly unknown[]).includes(value);
}

/** The listed reason's code (`expired`) of a stored refusal reason, or null for a reason the operator wrote. */
export function rejectReasonCode(reason: string | null): RejectReason | null {
  const code = reason?.startsWith(REASON_PREFIX) ? reason.slice(REASON_PREFIX.length) : null;
  return isRejectReason(code) ? code : null;
}

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
  const code = rejectReasonCode(row.reason);
  ctx.bus.emit('user', {
    userId: row.userId,
    kind: approved ? 'verification.approved' : 'verification.rejected',
    refType: 'identity_verification',
    refId: row.id,
    params: approved ? { level: row.level } : code ? { level: row.level, reason_code: code } : { level: row.level, reason: row.reason ?? '' },
    time: row.reviewedAt ?? ctx.now(),
  });
  const user = ctx.db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).get();
  if (!user?.email) return;
  const language = userLanguage(ctx.db, row.userId);
  const params = { site: ctx.catalog.site.site_name, level: { key: `verification.levels.${row.level}` as 'verification.levels.1' }, reason: presentRejectReason(language, row.reason) ?? '' };
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
