import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginEvents } from '../db/schema.ts';
import { deviceKey } from './user-agents.ts';

/**
 * Why a login attempt on an existing account failed, as stored in
 * `login_events.failure` (the user's history and the operator console name
 * them through `common:loginFailures.<code>`).
 */
export const LOGIN_FAILURES = ['password', 'second_factor', 'locked'] as const;
export type LoginFailure = (typeof LOGIN_FAILURES)[number];

export interface LoginAttempt {
  userId: number;
  ip: string;
  userAgent: string;
}

/** Answers the event's id, which the new-device notice refers to. */
export function recordLoginSuccess(db: Db, attempt: LoginAttempt, now: number): number {
  return db.insert(loginEvents).values({ ...attempt, success: true, failure: '', createdAt: now }).returning({ id: loginEvents.id }).get().id;
}

export function recordLoginFailure(db: Db, attempt: LoginAttempt, failure: LoginFailure, now: number): void {
  db.insert(loginEvents).values({ ...attempt, success: false, failure, createdAt: now }).run();
}

/** Whether the user has logged in successfully before from this IP with this browser on this system (versions aside). */
export function isKnownDevice(db: Db, attempt: LoginAttempt): boolean {
  const seen = db
    .selectDistinct({ userAgent: loginEvents.userAgent })
    .from(loginEvents)
    .where(and(eq(loginEvents.userId, attempt.userId), eq(loginEvents.ip, attempt.ip), eq(loginEvents.success, true)))
    .all();
  const key = deviceKey(attempt.userAgent);
  return seen.some((row) => deviceKey(row.userAgent) === key);
}
