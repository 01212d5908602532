import { timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Db } from '../db/client.ts';
import { type OperatorRole, operatorSessions, operators } from '../db/schema.ts';
import type { AppContext } from '../platform/context.ts';
import { AppError, SessionInvalidError } from '../platform/errors.ts';
import { newToken, sha256 } from '../platform/tokens.ts';
import { can, type Permission } from './permissions.ts';

/**
 * Console sessions: a random token in an HttpOnly, SameSite=Strict cookie
 * (only its hash is stored), ended after 30 minutes without a request or 12
 * hours after sign-in. The console reads only this cookie and never the
 * users' Authorization header, and user routes never read cookies, so
 * neither kind of session reaches the other's routes.
 */
export const CONSOLE_COOKIE = 'ob_console';
export const CSRF_HEADER = 'x-csrf-token';
export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const SESSION_MAX_MS = 12 * 3_600_000;

export interface ConsoleOperator {
  id: number;
  email: string;
  role: OperatorRole;
  sessionId: number;
  csrf: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the console guard; console handlers behind it can rely on it. */
    operator: ConsoleOperator | null;
  }
}

/**
 * The CSRF token is derived from the session token, so it needs no storage,
 * and a page can learn it only from a same-origin answer (`/auth/me`), which
 * a cross-site form or script cannot read.
 */
export function csrfTokenOf(sessionToken: string): string {
  return sha256(`csrf:${sessionToken}`);
}

function sameSecret(expected: string, given: string | undefined): boolean {
  if (!given || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}

export function openSession(db: Db, operatorId: number, request: FastifyRequest, now: number): string {
  const token = newToken();
  db.insert(operatorSessions)
    .values({
      operatorId,
      tokenHash: sha256(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + SESSION_MAX_MS,
      ip: request.ip,
      userAgent: (request.headers['user-agent'] ?? '').slice(0, 300),
    })
    .run();
  return token;
}

export function setSessionCookie(ctx: AppContext, reply: FastifyReply, token: string): void {
  reply.setCookie(CONSOLE_COOKIE, token, { httpOnly: true, sameSite: 'strict', path: '/', secure: ctx.config.production, maxAge: SESSION_MAX_MS / 1000 });
}

export function clearSessionCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(CONSOLE_COOKIE, { httpOnly: true, sameSite: 'strict', path: '/', secure: ctx.config.production });
}

export function revokeOperatorSession(db: Db, sessionId: number, now: number): void {
  db.update(operatorSessions).set({ revokedAt: now }).where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt))).run();
}

export function revokeAllOperatorSessions(db: Db, operatorId: number, now: number): void {
  db.update(operatorSessions).set({ revokedAt: now }).where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt))).run();
}

const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** Resolves the signed-in operator from the cookie, ending an idle, expired or disabled session; throws 999 without one. */
function authenticate(ctx: AppContext, request: FastifyRequest): ConsoleOperator {
  const token = request.cookies[CONSOLE_COOKIE];
  if (!token) throw new SessionInvalidError('errors.pleaseLogin');
  const now = ctx.now();
  const row = ctx.db
    .select({ session: operatorSessions, operator: operators })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(and(eq(operatorSessions.tokenHash, sha256(token)), isNull(operatorSessions.revokedAt)))
    .get();
  if (!row || row.session.expiresAt <= now || row.operator.disabledAt !== null) throw new SessionInvalidError();
  if (now - row.session.lastSeenAt > IDLE_TIMEOUT_MS) {
    revokeOperatorSession(ctx.db, row.session.id, now);
    throw new SessionInvalidError('console.idleTimeout');
  }
  const csrf = csrfTokenOf(token);
  if (!SAFE_METHODS.has(request.method)) {
    const given = request.headers[CSRF_HEADER];
    if (!sameSecret(csrf, typeof given === 'string' ? given : undefined)) throw new AppError('console.csrfInvalid');
  }
  ctx.db.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.id, row.session.id)).run();
  return { id: row.operator.id, email: row.operator.email, role: row.operator.role, sessionId: row.session.id, csrf };
}

export interface ConsoleGuards {
  /** Signed in, with a valid CSRF token on a state change, and a role holding the permission. */
  permit(permission: Permission): preValidationAsyncHookHandler;
  /** Signed in (and CSRF-checked), whatever the role: sign-out and "who am I". */
  signedIn: preValidationAsyncHookHandler;
}

export function createConsoleGuards(ctx: AppContext): ConsoleGuards {
  const signedIn: preValidationAsyncHookHandler = async (request) => {
    request.operator = authenticate(ctx, request);
  };
  const permit = (permission: Permission): preValidationAsyncHookHandler =>
    async function permissionGuard(request) {
      const operator = authenticate(ctx, request);
      if (!can(operator.role, permission)) throw new AppError('console.forbidden');
      request.operator = operator;
    };
  return { permit, signedIn };
}

/** For handlers behind a console guard. */
export function currentOperator(request: FastifyRequest): ConsoleOperator {
  if (!request.operator) throw new SessionInvalidError('errors.pleaseLogin');
  return request.operator;
}

/** Who did it, for the audit trail and the shared review logic. */
export function reviewerOf(request: FastifyRequest): { actor: string; operatorId: number; ip: string } {
  const operator = currentOperator(request);
  return { actor: operator.email, operatorId: operator.id, ip: request.ip };
}
