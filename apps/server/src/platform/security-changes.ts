import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { userSecurity } from '../db/schema.ts';

/** How long withdrawals wait after a security change (issue 10 reads this through `lastSecurityChange`). */
export const SECURITY_CHANGE_HOLD_MS = 24 * 3_600_000;

/**
 * Notes a change of login password, fund password, phone, email or
 * two-factor. Setting something for the first time (the first fund password,
 * the first phone or email, two-factor turned on for the first time) is not a
 * change and must not be recorded. Call inside the change's transaction.
 */
export function recordSecurityChange(db: Db, userId: number, now: number): void {
  db.insert(userSecurity)
    .values({ userId, securityChangedAt: now })
    .onConflictDoUpdate({ target: userSecurity.userId, set: { securityChangedAt: now } })
    .run();
}

/** When the user last changed a security setting, or null when never. */
export function lastSecurityChange(db: Db, userId: number): number | null {
  return db.select({ at: userSecurity.securityChangedAt }).from(userSecurity).where(eq(userSecurity.userId, userId)).get()?.at ?? null;
}

/** Until when withdrawals are locked after the user's last security change, or null when they are not. The one definition of the lock. */
export function withdrawalsLockedUntil(db: Db, userId: number, now: number): number | null {
  const changedAt = lastSecurityChange(db, userId);
  const lockedUntil = changedAt === null ? null : changedAt + SECURITY_CHANGE_HOLD_MS;
  return lockedUntil !== null && lockedUntil > now ? lockedUntil : null;
}
