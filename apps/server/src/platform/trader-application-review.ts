import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { copyFollows, copyTraderApplications, copyTraders } from '../db/schema.ts';
import { writeAudit } from './audit.ts';
import type { AppContext } from './context.ts';
import { loadCopyTradingConfig } from './copy-trading-terms.ts';
import { AppError } from './errors.ts';
import { rejectReasonParams } from './reject-reasons.ts';
import type { Reviewer } from './verification-review.ts';

/**
 * The trader-application gate (issue 13 §1). An application waits as
 * `pending`; an operator approves it (the user becomes a trader with the
 * nickname, introduction and share rate applied for, and the platform's
 * follower limit) or rejects it with a reason. No money moves. The console
 * queue and any CLI call this one function; it audits in the same transaction.
 */

export type TraderApplicationRow = typeof copyTraderApplications.$inferSelect;
export type TraderApplicationDecision = { approve: true } | { approve: false; reason: string };

/**
 * Whether another user already trades under this name (compared without case
 * or surrounding spaces), or, with `pending`, has applied for it first: a
 * follower must never take one trader for another.
 */
export function traderNameTaken(db: Db, nickname: string, userId: number, options: { pending: boolean }): boolean {
  const name = nickname.trim().toLowerCase();
  const trader = db
    .select({ userId: copyTraders.userId })
    .from(copyTraders)
    .where(and(sql`lower(trim(${copyTraders.nickname})) = ${name}`, ne(copyTraders.userId, userId)))
    .get();
  if (trader || !options.pending) return trader !== undefined;
  const applied = db
    .select({ id: copyTraderApplications.id })
    .from(copyTraderApplications)
    .where(and(sql`lower(trim(${copyTraderApplications.nickname})) = ${name}`, eq(copyTraderApplications.status, 'pending'), ne(copyTraderApplications.userId, userId)))
    .get();
  return applied !== undefined;
}

export function reviewTraderApplication(ctx: AppContext, id: number, decision: TraderApplicationDecision, reviewer: Reviewer): TraderApplicationRow {
  const now = ctx.now();
  const usdt = ctx.catalog.currencyBySymbol('USDT');
  const terms = loadCopyTradingConfig(ctx.config.seedDataDir, usdt?.scale ?? 6);
  return ctx.db.transaction((tx) => {
    const before = tx.select().from(copyTraderApplications).where(eq(copyTraderApplications.id, id)).get();
    if (!before) throw new AppError('copy.applicationNotFound');
    if (before.status !== 'pending') throw new AppError('copy.applicationDecided');
    // A trader never follows anyone: one who started following after applying must stop first (or be rejected).
    if (decision.approve && tx.select({ id: copyFollows.id }).from(copyFollows).where(and(eq(copyFollows.followerId, before.userId), eq(copyFollows.status, 'following'))).get())
      throw new AppError('copy.applicantFollowing');
    // Two applications may have asked for one name: the first approved keeps it.
    if (decision.approve && traderNameTaken(tx, before.nickname, before.userId, { pending: false })) throw new AppError('copy.nicknameTaken');
    const after = tx
      .update(copyTraderApplications)
      .set(decision.approve ? { status: 'approved', reviewedBy: reviewer.actor, reviewedAt: now } : { status: 'rejected', reason: decision.reason, reviewedBy: reviewer.actor, reviewedAt: now })
      .where(eq(copyTraderApplications.id, id))
      .returning()
      .get();
    if (decision.approve)
      tx.insert(copyTraders)
        .values({ userId: before.userId, applicationId: id, nickname: before.nickname, introduction: before.introduction, shareBps: before.shareBps, maxFollowers: terms.maxFollowers, approvedAt: now })
        .onConflictDoUpdate({ target: copyTraders.userId, set: { applicationId: id, nickname: before.nickname, introduction: before.introduction, shareBps: before.shareBps } })
        .run();
    writeAudit(
      tx,
      { actor: reviewer.actor, operatorId: reviewer.operatorId, ip: reviewer.ip, action: decision.approve ? 'trader_application.approve' : 'trader_application.reject', targetType: 'trader_application', targetId: id, before, after },
      now,
    );
    return after;
  });
}

export function announceTraderApplicationDecision(ctx: AppContext, row: TraderApplicationRow): void {
  ctx.bus.emit('user', {
    userId: row.userId,
    kind: row.status === 'approved' ? 'copy.trader_approved' : 'copy.trader_rejected',
    refType: 'trader_application',
    refId: row.id,
    params: { nickname: row.nickname, ...(row.status === 'rejected' ? rejectReasonParams('traderApplications', row.reason) : {}) },
    time: ctx.now(),
  });
}
