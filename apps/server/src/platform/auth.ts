import type { Statement } from 'better-sqlite3';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Sqlite } from '../db/client.ts';
import type { AppContext } from './context.ts';
import { AppError, SessionInvalidError, VerificationRequiredError } from './errors.ts';
import { sha256 } from './tokens.ts';

export interface AuthUser {
  id: number;
  sessionId: number;
  verificationLevel: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser`; routes behind it can rely on it. */
    user: AuthUser | null;
  }
}

/** The token comes bare or as `Bearer <token>` in the Authorization header. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization?.trim();
  if (!header) return undefined;
  const token = header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : header;
  return token && token !== 'null' && token !== 'undefined' ? token : undefined;
}

interface SessionRow {
  sessionId: number;
  expiresAt: number;
  userId: number;
  verificationLevel: number;
  lastSeenAt: number | null;
  /** 1 when an operator froze the user: read with the session, so the active-user guard needs no second query. */
  frozen: number;
  frozenReason: string | null;
}

interface Session {
  user: AuthUser;
  /** The freeze reason when the user is frozen, null otherwise. */
  freeze: { reason: string | null } | null;
}

/** "Last seen" on the sessions list is kept to the minute: one write per session per minute, not one per request. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

interface SessionStatements {
  lookup: Statement<[string, number], SessionRow>;
  touch: Statement<[number, number]>;
  epoch: Statement<[], number>;
  /** auth_epoch as read in the current turn of the event loop (see authEpoch). */
  epochThisTurn: number | null;
}

/** Prepared once per connection: every authenticated request runs them, and preparing cost more than the lookup itself. */
const sessionStatements = new WeakMap<Sqlite, SessionStatements>();

function statementsFor(sqlite: Sqlite): SessionStatements {
  let statements = sessionStatements.get(sqlite);
  if (!statements) {
    statements = {
      lookup: sqlite.prepare(
        `SELECT s.id AS sessionId, s.expires_at AS expiresAt, u.id AS userId, u.verification_level AS verificationLevel, s.last_seen_at AS lastSeenAt,
                u.frozen_at IS NOT NULL AS frozen, u.frozen_reason AS frozenReason
         FROM sessions s JOIN users u ON u.id = s.user_id
         WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ?`,
      ),
      touch: sqlite.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?'),
      epoch: sqlite.prepare('SELECT epoch FROM auth_epoch WHERE id = 1').pluck() as Statement<[], number>,
      epochThisTurn: null,
    };
    sessionStatements.set(sqlite, statements);
  }
  return statements;
}

/**
 * Sessions read in the last SESSION_CACHE_MS, by token: a burst of requests
 * on one session (an order form, a page's polling) reads it once. An entry
 * is used only while auth_epoch has not moved, and triggers move it on every
 * write that can end or narrow a session (migration 0019: a revoke, an early
 * expiry, a freeze, a verification change), so such a change counts from the
 * next request whichever code or process made it.
 */
const SESSION_CACHE_MS = 1_000;
/** Past this many entries the cache starts over: it absorbs bursts, it is not where sessions live. */
const SESSION_CACHE_MAX = 10_000;

interface CachedSession {
  session: Session;
  sessionId: number;
  expiresAt: number;
  lastSeenAt: number | null;
  readAt: number;
  epoch: number;
}

const sessionCaches = new WeakMap<Sqlite, Map<string, CachedSession>>();

function sessionCacheFor(sqlite: Sqlite): Map<string, CachedSession> {
  let cache = sessionCaches.get(sqlite);
  if (!cache) {
    cache = new Map();
    sessionCaches.set(sqlite, cache);
  }
  return cache;
}

/**
 * The epoch is read once per turn of the event loop: the requests a burst
 * delivers together (an order form's taps, fifty connections of orders) share
 * one read, which on a WAL database costs a read lock and was a tenth of a
 * cached request. A change committed since counts from the next turn, where
 * every request that had not yet arrived is read.
 */
function authEpoch(statements: SessionStatements): number {
  if (statements.epochThisTurn === null) {
    statements.epochThisTurn = statements.epoch.get() as number;
    setImmediate(() => {
      statements.epochThisTurn = null;
    });
  }
  return statements.epochThisTurn;
}

function touchWhenDue(statements: SessionStatements, entry: CachedSession, now: number): void {
  if (entry.lastSeenAt !== null && now - entry.lastSeenAt < LAST_SEEN_RESOLUTION_MS) return;
  statements.touch.run(now, entry.sessionId);
  entry.lastSeenAt = now;
}

function findSession(ctx: AppContext, token: string): Session | null {
  const statements = statementsFor(ctx.sqlite);
  const cache = sessionCacheFor(ctx.sqlite);
  const now = ctx.now();
  const epoch = authEpoch(statements);
  const cached = cache.get(token);
  if (cached && cached.epoch === epoch && now >= cached.readAt && now - cached.readAt < SESSION_CACHE_MS && now < cached.expiresAt) {
    touchWhenDue(statements, cached, now);
    return cached.session;
  }
  const row = statements.lookup.get(sha256(token), now);
  if (!row) {
    cache.delete(token);
    return null;
  }
  const session: Session = {
    user: { id: row.userId, sessionId: row.sessionId, verificationLevel: row.verificationLevel },
    freeze: row.frozen ? { reason: row.frozenReason } : null,
  };
  const entry: CachedSession = { session, sessionId: row.sessionId, expiresAt: row.expiresAt, lastSeenAt: row.lastSeenAt, readAt: now, epoch };
  touchWhenDue(statements, entry, now);
  if (cache.size >= SESSION_CACHE_MAX) cache.clear();
  cache.set(token, entry);
  return session;
}

export function lookupSession(ctx: AppContext, token: string): AuthUser | null {
  return findSession(ctx, token)?.user ?? null;
}

/** Resolves the caller when a token is present; never throws, for endpoints that work for visitors too. */
export function optionalUser(ctx: AppContext, request: FastifyRequest): AuthUser | null {
  const token = bearerToken(request);
  request.user = token ? lookupSession(ctx, token) : null;
  return request.user;
}

export interface AuthGuards {
  requireUser: preHandlerAsyncHookHandler;
  requireVerification(level: 1 | 2): preHandlerAsyncHookHandler;
  /**
   * The one guard of every route that moves money out of a user's control
   * (trade, transfer, withdraw): a user an operator froze may log in and
   * look, but is refused here with the operator's reason. Cancelling is not
   * behind it, so a frozen user can still release held funds.
   */
  requireActiveUser: preHandlerAsyncHookHandler;
}

export function installAuth(app: FastifyInstance, ctx: AppContext): AuthGuards {
  app.decorateRequest('user', null);

  /** Sets request.user from the token or refuses the request; answers the freeze state read with it. */
  const authenticate = (request: FastifyRequest): Session['freeze'] => {
    const token = bearerToken(request);
    if (!token) throw new SessionInvalidError('errors.pleaseLogin');
    const session = findSession(ctx, token);
    if (!session) throw new SessionInvalidError();
    request.user = session.user;
    return session.freeze;
  };

  const requireUser: preHandlerAsyncHookHandler = async (request) => {
    authenticate(request);
  };

  const requireVerification = (level: 1 | 2): preHandlerAsyncHookHandler =>
    async function verificationGuard(request, reply) {
      await requireUser.call(this, request, reply);
      if ((request.user?.verificationLevel ?? 0) < level) {
        throw new VerificationRequiredError(level === 1 ? 'errors.verificationRequired' : 'errors.advancedVerificationRequired');
      }
    };

  const requireActiveUser: preHandlerAsyncHookHandler = async (request) => {
    const freeze = authenticate(request);
    if (freeze) throw new AppError('errors.accountFrozen', { reason: freeze.reason ?? '' });
  };

  return { requireUser, requireVerification, requireActiveUser };
}

/** For handlers behind `requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new SessionInvalidError('errors.pleaseLogin');
  return request.user;
}
