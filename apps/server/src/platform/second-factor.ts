import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { recoveryCodes, userSecurity } from '../db/schema.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import { optionalText } from './fields.ts';
import { assertNotLocked, clearFailures, countFailure, LOCK_DURATION_MS, lockedError } from './login-lock.ts';
import { sha256 } from './tokens.ts';
import { verifyTotp } from './totp.ts';
import { findUserById } from './users.ts';

export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const RECOVERY_CODE_LENGTH = 10;

/** The active authenticator secret and its last used step, when two-factor is on. */
function activeTotp(db: Db, userId: number): { secret: string; lastStep: number | null } | null {
  const row = db
    .select({ secret: userSecurity.totpSecret, lastStep: userSecurity.totpLastStep })
    .from(userSecurity)
    .where(eq(userSecurity.userId, userId))
    .get();
  return row?.secret ? { secret: row.secret, lastStep: row.lastStep } : null;
}

export function secondFactorEnabled(db: Db, userId: number): boolean {
  return activeTotp(db, userId) !== null;
}

/** Ten codes of 50 random bits each, shown as "ABCDE-FGH23". */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let index = 0; index < RECOVERY_CODE_LENGTH; index += 1) code += RECOVERY_ALPHABET[randomInt(0, RECOVERY_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** Bound to the user, so one user's code can never match another's row. Case, spaces and dashes do not matter. */
export function recoveryCodeHash(userId: number, code: string): string {
  return sha256(`${userId}:${code.toUpperCase().replace(/[^A-Z0-9]/g, '')}`);
}

/** Replaces the user's recovery codes; call inside the transaction that turns two-factor on. */
export function storeRecoveryCodes(db: Db, userId: number, codes: string[], now: number): void {
  db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
  for (const code of codes) db.insert(recoveryCodes).values({ userId, codeHash: recoveryCodeHash(userId, code), createdAt: now }).run();
}

/**
 * Checks an authenticator code (six digits) or a recovery code and, when it
 * is good, uses it up: the code's time step (and every earlier one) can never
 * be used again, a recovery code never again. Both updates are conditional,
 * so of two requests racing with the same code only one succeeds.
 */
export function verifySecondFactor(db: Db, userId: number, code: string, now: number): boolean {
  const totp = activeTotp(db, userId);
  if (!totp) return false;
  const token = code.trim();
  if (/^\d{6}$/.test(token)) {
    const step = verifyTotp(totp.secret, token, now, totp.lastStep);
    if (step === null) return false;
    const accepted = db
      .update(userSecurity)
      .set({ totpLastStep: step })
      .where(and(eq(userSecurity.userId, userId), or(isNull(userSecurity.totpLastStep), lt(userSecurity.totpLastStep, step))))
      .run();
    return accepted.changes === 1;
  }
  if (token.length > 24) return false;
  const used = db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, recoveryCodeHash(userId, token)), isNull(recoveryCodes.usedAt)))
    .run();
  return used.changes === 1;
}

/**
 * The guard for every sensitive action (changing a password, the phone or the
 * email, withdrawing): when the user has two-factor on, `code` must be a
 * current authenticator code or an unused recovery code. When it is off, it
 * passes. A wrong code counts toward the account lock-out like a wrong
 * password, and a locked account is refused.
 *
 * It uses the code up at once, so call it after the request's own checks and
 * just before the action's transaction.
 */
export function requireSecondFactor(ctx: Pick<AppContext, 'db' | 'now'>, userId: number, code: string | undefined): void {
  if (!secondFactorEnabled(ctx.db, userId)) return;
  const now = ctx.now();
  const user = findUserById(ctx.db, userId);
  if (!user) throw new AppError('errors.pleaseLogin');
  assertNotLocked(user, now);
  if (!code?.trim()) throw new AppError('errors.twoFactorRequired');
  if (verifySecondFactor(ctx.db, userId, code, now)) {
    clearFailures(ctx.db, userId);
    return;
  }
  const outcome = countFailure(ctx.db, userId, now);
  if (outcome === 'locked') throw lockedError(now + LOCK_DURATION_MS, now);
  throw new AppError('errors.twoFactorInvalid');
}

/**
 * The form field every guarded action takes: `two_factor_code`, an
 * authenticator code or a recovery code, empty when two-factor is off.
 */
export const secondFactorField = () => optionalText(24).describe('Authenticator code (6 digits) or a recovery code; required when two-factor is on');
