import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loginChallenges } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { newToken, sha256 } from '../../platform/tokens.ts';

/** Long enough to open the authenticator app, short enough that a stolen one is soon worthless. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
const MAX_CHALLENGE_ATTEMPTS = 5;

/** After a correct password on an account with two-factor: a one-time ticket for the second step, not a session. */
export function issueChallenge(db: Db, userId: number, now: number): string {
  const token = newToken();
  db.insert(loginChallenges).values({ userId, tokenHash: sha256(token), createdAt: now, expiresAt: now + CHALLENGE_TTL_MS }).run();
  return token;
}

/** The live challenge behind a ticket; an unknown, used, expired or worn-out one answers "log in again". */
export function openChallenge(db: Db, token: string, now: number): { id: number; userId: number } {
  const row = db.select().from(loginChallenges).where(eq(loginChallenges.tokenHash, sha256(token))).get();
  if (!row || row.usedAt !== null || row.expiresAt <= now || row.attempts >= MAX_CHALLENGE_ATTEMPTS) throw new AppError('errors.loginChallengeExpired');
  return { id: row.id, userId: row.userId };
}

export function countChallengeFailure(db: Db, challengeId: number): void {
  db.update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(eq(loginChallenges.id, challengeId))
    .run();
}

/** Uses the challenge up; of two requests racing with one ticket, the second finds it used. */
export function closeChallenge(db: Db, challengeId: number, now: number): void {
  const closed = db
    .update(loginChallenges)
    .set({ usedAt: now })
    .where(and(eq(loginChallenges.id, challengeId), isNull(loginChallenges.usedAt)))
    .run();
  if (closed.changes !== 1) throw new AppError('errors.loginChallengeExpired');
}
