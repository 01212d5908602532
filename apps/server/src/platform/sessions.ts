import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { newToken, sha256 } from './tokens.ts';

export const SESSION_TTL_MS = 7 * 24 * 3_600_000;

export interface SessionOrigin {
  ip: string;
  userAgent: string;
}

/** Returns the raw token once; only its hash is kept. */
export function createSession(db: Db, userId: number, origin: SessionOrigin, now: number): string {
  const token = newToken();
  db.insert(sessions)
    .values({ userId, tokenHash: sha256(token), createdAt: now, expiresAt: now + SESSION_TTL_MS, ip: origin.ip, userAgent: origin.userAgent, lastSeenAt: now })
    .run();
  return token;
}

export function revokeSession(db: Db, sessionId: number, now: number): void {
  db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt))).run();
}

/** A password change ends every session, the current one included. */
export function revokeAllSessions(db: Db, userId: number, now: number): void {
  db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))).run();
}

/** "Log out all other devices": every session of the user but the one asking. Answers how many ended. */
export function revokeOtherSessions(db: Db, userId: number, keepSessionId: number, now: number): number {
  return db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)))
    .run().changes;
}
