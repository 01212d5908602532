import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema.ts';
import { newToken, sha256 } from './tokens.ts';

export const SESSION_TTL_MS = 7 * 24 * 3_600_000;

/** Returns the raw token once; only its hash is kept. */
export function createSession(db: Db, userId: number, ip: string, now: number): string {
  const token = newToken();
  db.insert(sessions).values({ userId, tokenHash: sha256(token), createdAt: now, expiresAt: now + SESSION_TTL_MS, ip }).run();
  return token;
}

export function revokeSession(db: Db, sessionId: number, now: number): void {
  db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt))).run();
}

/** A password change ends every session, the current one included. */
export function revokeAllSessions(db: Db, userId: number, now: number): void {
  db.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))).run();
}
