import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { verificationCodes } from '../db/schema.ts';
import { AppError } from './errors.ts';
import { newNumericCode, sha256 } from './tokens.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const RESEND_INTERVAL_MS = 60_000;
export const MAX_CODE_TRIES = 5;
const MAX_CODES_PER_ADDRESS_PER_HOUR = 10;
const MAX_CODES_PER_IP_PER_HOUR = 30;
const HOUR_MS = 3_600_000;

export type CodeScene = 'register' | 'forget' | 'bind' | 'safe';

/** Scene "safe" codes belong to the signed-in user, whichever of their channels carried them. */
export const safeCodeAddress = (userId: number) => `user:${userId}`;

interface CodeTarget {
  address: string;
  scene: CodeScene;
}

/** Issues a new code after the resend and hourly limits; the caller delivers it outside any transaction. */
export function issueCode(db: Db, target: CodeTarget, ip: string, now: number): string {
  const latest = db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(and(eq(verificationCodes.address, target.address), eq(verificationCodes.scene, target.scene)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .get();
  if (latest && now - latest.createdAt < RESEND_INTERVAL_MS) {
    throw new AppError('errors.codeResendWait', { seconds: Math.ceil((RESEND_INTERVAL_MS - (now - latest.createdAt)) / 1000) });
  }
  const since = now - HOUR_MS;
  const perAddress = db.select({ total: count() }).from(verificationCodes).where(and(eq(verificationCodes.address, target.address), gt(verificationCodes.createdAt, since))).get();
  const perIp = db.select({ total: count() }).from(verificationCodes).where(and(eq(verificationCodes.ip, ip), gt(verificationCodes.createdAt, since))).get();
  if ((perAddress?.total ?? 0) >= MAX_CODES_PER_ADDRESS_PER_HOUR || (perIp?.total ?? 0) >= MAX_CODES_PER_IP_PER_HOUR) {
    throw new AppError('errors.codeSendLimit');
  }
  const code = newNumericCode(6);
  db.insert(verificationCodes)
    .values({ ...target, codeHash: sha256(`${target.address}:${code}`), createdAt: now, expiresAt: now + CODE_TTL_MS, ip })
    .run();
  return code;
}

/**
 * Checks the newest unused code. A wrong guess is counted at once (outside the
 * caller's transaction) so five failures burn the code even when the request fails.
 * Returns the code's id for `consumeCode`.
 */
export function checkCode(db: Db, target: CodeTarget, code: string, now: number): number {
  const row = db
    .select()
    .from(verificationCodes)
    .where(and(eq(verificationCodes.address, target.address), eq(verificationCodes.scene, target.scene), isNull(verificationCodes.consumedAt)))
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .get();
  if (!row) throw new AppError('errors.codeInvalid');
  if (row.attempts >= MAX_CODE_TRIES) throw new AppError('errors.codeTooManyTries');
  if (row.expiresAt <= now) throw new AppError('errors.codeExpired');
  if (row.codeHash !== sha256(`${target.address}:${code}`)) {
    db.update(verificationCodes).set({ attempts: row.attempts + 1 }).where(eq(verificationCodes.id, row.id)).run();
    throw new AppError(row.attempts + 1 >= MAX_CODE_TRIES ? 'errors.codeTooManyTries' : 'errors.codeInvalid');
  }
  return row.id;
}

/**
 * Marks a checked code used. The pattern: `checkCode` before the transaction (so a
 * wrong guess is counted even when the request fails), `consumeCode` inside it
 * (so a failed action leaves the code usable, and a second use loses the race).
 */
export function consumeCode(db: Db, codeId: number, now: number): void {
  const result = db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
    .run();
  if (result.changes !== 1) throw new AppError('errors.codeInvalid');
}
