import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { AppError } from './errors.ts';

/**
 * One lock-out for every guess at an account's secrets: wrong login passwords,
 * wrong fund passwords and wrong two-factor codes (at login or on a guarded
 * action) count together, and five in a row lock the account for 15 minutes.
 * The count starts again when the account proves it knows its secrets: a
 * completed login, or a guarded action whose last factor was right.
 */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_DURATION_MS = 15 * 60_000;

export function lockedError(lockedUntil: number, now: number): AppError {
  return new AppError('errors.accountLocked', { minutes: Math.ceil((lockedUntil - now) / 60_000) });
}

/** Throws while the account is locked. */
export function assertNotLocked(user: { lockedUntil: number | null }, now: number): void {
  if (user.lockedUntil && user.lockedUntil > now) throw lockedError(user.lockedUntil, now);
}

/**
 * Counts one failed guess (atomically, so parallel guesses all count) and
 * answers how many there have been in a row, or 'locked' when this one locked
 * the account.
 */
export function countFailure(db: Db, userId: number, now: number): number | 'locked' {
  const row = db
    .update(users)
    .set({ failedLogins: sql`${users.failedLogins} + 1` })
    .where(eq(users.id, userId))
    .returning({ failures: users.failedLogins })
    .get();
  const failures = row?.failures ?? LOCK_AFTER_FAILURES;
  if (failures < LOCK_AFTER_FAILURES) return failures;
  db.update(users).set({ failedLogins: 0, lockedUntil: now + LOCK_DURATION_MS }).where(eq(users.id, userId)).run();
  return 'locked';
}

/** The account proved it knows its secrets: earlier wrong guesses no longer count toward a lock-out. */
export function clearFailures(db: Db, userId: number): void {
  db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, userId)).run();
}
