/**
 * Sliding-window rate limits: a user may post when every window still has
 * room. `recent` holds the times of the user's earlier posts (any order);
 * the answer says when the next post is allowed, so the client can show
 * how long to wait.
 */

export interface RateWindow {
  /** Window length in milliseconds. */
  windowMs: number;
  /** Posts allowed inside one window. */
  max: number;
}

/** The chat room: one message every 3 seconds, at most 10 a minute and 60 an hour. */
export const CHAT_ROOM_RATE_LIMITS: readonly RateWindow[] = [
  { windowMs: 3_000, max: 1 },
  { windowMs: 60_000, max: 10 },
  { windowMs: 3_600_000, max: 60 },
];

/** Support chat: generous for a real conversation, tight enough that a script cannot flood the inbox. */
export const SUPPORT_RATE_LIMITS: readonly RateWindow[] = [{ windowMs: 60_000, max: 20 }];

export type RateDecision = { allowed: true } | { allowed: false; retryAt: number };

export function checkRate(recent: readonly number[], now: number, windows: readonly RateWindow[]): RateDecision {
  let retryAt = now;
  for (const window of windows) {
    const inWindow = recent.filter((time) => time > now - window.windowMs && time <= now).sort((a, b) => a - b);
    if (inWindow.length < window.max) continue;
    // The window has room again once its oldest post that keeps it full has left it.
    const freeingPost = inWindow[inWindow.length - window.max] as number;
    retryAt = Math.max(retryAt, freeingPost + window.windowMs);
  }
  return retryAt > now ? { allowed: false, retryAt } : { allowed: true };
}

/** The longest window: older posts never matter, so callers need to load only this far back. */
export function longestWindow(windows: readonly RateWindow[]): number {
  return Math.max(0, ...windows.map((window) => window.windowMs));
}
