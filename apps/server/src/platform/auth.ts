import type { Statement } from 'better-sqlite3';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Sqlite } from '../db/client.ts';
import type { AppContext } from './context.ts';
import { SessionInvalidError, VerificationRequiredError } from './errors.ts';
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
  userId: number;
  verificationLevel: number;
}

/** Prepared once per connection: every authenticated request runs it, and preparing cost more than the lookup itself. */
const sessionStatements = new WeakMap<Sqlite, Statement<[string, number], SessionRow>>();

function sessionStatement(sqlite: Sqlite): Statement<[string, number], SessionRow> {
  let statement = sessionStatements.get(sqlite);
  if (!statement) {
    statement = sqlite.prepare(
      `SELECT s.id AS sessionId, u.id AS userId, u.verification_level AS verificationLevel
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = ? AND s.revoked_at IS NULL AND s.expires_at > ?`,
    );
    sessionStatements.set(sqlite, statement);
  }
  return statement;
}

export function lookupSession(ctx: AppContext, token: string): AuthUser | null {
  const row = sessionStatement(ctx.sqlite).get(sha256(token), ctx.now());
  return row ? { id: row.userId, sessionId: row.sessionId, verificationLevel: row.verificationLevel } : null;
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
}

export function installAuth(app: FastifyInstance, ctx: AppContext): AuthGuards {
  app.decorateRequest('user', null);

  const requireUser: preHandlerAsyncHookHandler = async (request) => {
    const token = bearerToken(request);
    if (!token) throw new SessionInvalidError('errors.pleaseLogin');
    const user = lookupSession(ctx, token);
    if (!user) throw new SessionInvalidError();
    request.user = user;
  };

  const requireVerification = (level: 1 | 2): preHandlerAsyncHookHandler =>
    async function verificationGuard(request, reply) {
      await requireUser.call(this, request, reply);
      if ((request.user?.verificationLevel ?? 0) < level) {
        throw new VerificationRequiredError(level === 1 ? 'errors.verificationRequired' : 'errors.advancedVerificationRequired');
      }
    };

  return { requireUser, requireVerification };
}

/** For handlers behind `requireUser`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new SessionInvalidError('errors.pleaseLogin');
  return request.user;
}
