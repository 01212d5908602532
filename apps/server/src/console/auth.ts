import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { operatorLogins, operators } from '../db/schema.ts';
import { writeAudit } from '../platform/audit.ts';
import type { AppContext } from '../platform/context.ts';
import { ok } from '../platform/envelope.ts';
import { AppError } from '../platform/errors.ts';
import { language } from '../platform/fields.ts';
import { hashPassword, verifyDecoy, verifyPassword } from '../platform/passwords.ts';
import { sha256 } from '../platform/tokens.ts';
import { newTotpSecret, totpQrDataUrl, totpUri, verifyTotp } from '../platform/totp.ts';
import { auditView, findOperatorByEmail, normalizeEmail, OPERATOR_PASSWORD, type OperatorRow, operatorBySetupToken } from './operators.ts';
import { permissionsOf } from './permissions.ts';
import { type ConsoleModule, consoleDoc } from './scope.ts';
import { clearSessionCookie, type ConsoleOperator, csrfTokenOf, currentOperator, openSession, revokeOperatorSession, setSessionCookie } from './sessions.ts';

export const LOCK_AFTER_FAILURES = 5;
export const LOCK_DURATION_MS = 15 * 60_000;
/** Per address, on top of the per-operator lock. */
const LOGIN_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

const loginBody = z.object({
  email: z.string().trim().min(3).max(254),
  password: z.string().min(1).max(128),
  code: z.string().trim().min(1).max(10),
  lang: language(),
});
const setupBeginBody = z.object({ token: z.string().trim().min(20).max(100), lang: language() });
const setupFinishBody = setupBeginBody.extend({ password: z.string().min(1).max(128), code: z.string().trim().min(1).max(10) });

type LoginFailure = 'unknown' | 'disabled' | 'locked' | 'setup' | 'password' | 'code';

function recordLogin(ctx: AppContext, request: FastifyRequest, email: string, operatorId: number | null, failure: LoginFailure | '') {
  ctx.db
    .insert(operatorLogins)
    .values({ operatorId, email: normalizeEmail(email).slice(0, 254), success: failure === '', failure, ip: request.ip, userAgent: (request.headers['user-agent'] ?? '').slice(0, 300), createdAt: ctx.now() })
    .run();
}

/** What the console learns about the signed-in operator: who, what they may do, and the CSRF token for state changes. */
function whoAmI(operator: Pick<ConsoleOperator, 'id' | 'email' | 'role'>, csrf: string) {
  return { operator: { id: operator.id, email: operator.email, role: operator.role }, permissions: permissionsOf(operator.role), csrf };
}

function signIn(ctx: AppContext, reply: FastifyReply, operator: OperatorRow, token: string) {
  setSessionCookie(ctx, reply, token);
  return whoAmI(operator, csrfTokenOf(token));
}

export const consoleAuth: ConsoleModule = (api, { ctx, guards }) => {
  const { db } = ctx;

  /** A wrong password or code counts the same; the fifth in a row locks the operator for 15 minutes. */
  function countFailure(operator: OperatorRow, now: number): never {
    const failures = operator.failedLogins + 1;
    if (failures >= LOCK_AFTER_FAILURES) {
      db.update(operators).set({ failedLogins: 0, lockedUntil: now + LOCK_DURATION_MS }).where(eq(operators.id, operator.id)).run();
      throw new AppError('errors.accountLocked', { minutes: LOCK_DURATION_MS / 60_000 });
    }
    db.update(operators).set({ failedLogins: failures }).where(eq(operators.id, operator.id)).run();
    throw new AppError('console.loginFailed');
  }

  api.post(
    '/auth/login',
    { schema: consoleDoc('Sign in with email, password and the authenticator code; sets the console session cookie', { body: loginBody, security: [] }), config: { rateLimit: LOGIN_RATE_LIMIT } },
    async (request, reply) => {
      const { email, password, code } = request.body;
      const operator = findOperatorByEmail(db, email);
      const fail = (failure: LoginFailure, error: AppError = new AppError('console.loginFailed')): never => {
        recordLogin(ctx, request, email, operator?.id ?? null, failure);
        throw error;
      };
      // The same answer, after the same work, whether or not the operator exists or has finished setup.
      if (!operator || operator.disabledAt !== null || !operator.passwordHash || !operator.totpSecret) {
        await verifyDecoy(password);
        return fail(!operator ? 'unknown' : operator.disabledAt !== null ? 'disabled' : 'setup');
      }
      const now = ctx.now();
      if (operator.lockedUntil && operator.lockedUntil > now) {
        return fail('locked', new AppError('errors.accountLocked', { minutes: Math.ceil((operator.lockedUntil - now) / 60_000) }));
      }
      const passwordOk = await verifyPassword(operator.passwordHash, password);
      const step = passwordOk ? verifyTotp(operator.totpSecret, code, now, operator.totpLastStep) : null;
      if (step === null) {
        recordLogin(ctx, request, email, operator.id, passwordOk ? 'code' : 'password');
        countFailure(operator, now);
      }
      const token = db.transaction((tx) => {
        tx.update(operators).set({ failedLogins: 0, lockedUntil: null, totpLastStep: step, lastLoginAt: now }).where(eq(operators.id, operator.id)).run();
        return openSession(tx, operator.id, request, now);
      });
      recordLogin(ctx, request, email, operator.id, '');
      return ok(signIn(ctx, reply, operator, token));
    },
  );

  api.post('/auth/logout', { schema: consoleDoc('Sign out: ends the console session', { body: z.object({ lang: language() }).optional() }), preValidation: guards.signedIn }, async (request, reply) => {
    revokeOperatorSession(db, currentOperator(request).sessionId, ctx.now());
    clearSessionCookie(ctx, reply);
    return ok(null);
  });

  api.get('/auth/me', { schema: consoleDoc('The signed-in operator, their permissions and the CSRF token to send with every state change', { querystring: z.object({ lang: language() }) }), preValidation: guards.signedIn }, async (request) => {
    const operator = currentOperator(request);
    return ok(whoAmI(operator, operator.csrf));
  });

  api.post(
    '/auth/setup/begin',
    { schema: consoleDoc('Open a one-time setup link: the operator\'s email and role, and the authenticator secret as a QR code', { body: setupBeginBody, security: [] }), config: { rateLimit: LOGIN_RATE_LIMIT } },
    async (request) => {
      const operator = operatorBySetupToken(db, request.body.token, ctx.now());
      if (!operator) throw new AppError('console.setupLinkInvalid');
      // The same secret until setup finishes, so reopening the link shows the QR code already scanned.
      const secret = operator.pendingTotpSecret ?? newTotpSecret();
      if (!operator.pendingTotpSecret) db.update(operators).set({ pendingTotpSecret: secret }).where(eq(operators.id, operator.id)).run();
      const uri = totpUri(secret, `${ctx.catalog.site.site_name} Console`, operator.email);
      return ok({ email: operator.email, role: operator.role, secret, uri, qr: await totpQrDataUrl(uri) });
    },
  );

  api.post(
    '/auth/setup/finish',
    { schema: consoleDoc('Finish setup: set the password, prove the authenticator with a code, and sign in', { body: setupFinishBody, security: [] }), config: { rateLimit: LOGIN_RATE_LIMIT } },
    async (request, reply) => {
      const { token, password, code } = request.body;
      const now = ctx.now();
      const operator = operatorBySetupToken(db, token, now);
      if (!operator?.pendingTotpSecret) throw new AppError('console.setupLinkInvalid');
      if (!OPERATOR_PASSWORD.test(password)) throw new AppError('console.passwordRule');
      const step = verifyTotp(operator.pendingTotpSecret, code, now);
      if (step === null) throw new AppError('console.codeInvalid');
      const passwordHash = await hashPassword(password);
      const { after, sessionToken } = db.transaction((tx) => {
        // The link may have been used or replaced while the password was hashing.
        const current = tx.select().from(operators).where(eq(operators.id, operator.id)).get();
        if (current?.setupTokenHash !== sha256(token)) throw new AppError('console.setupLinkInvalid');
        const updated = tx
          .update(operators)
          .set({ passwordHash, totpSecret: operator.pendingTotpSecret, pendingTotpSecret: null, setupTokenHash: null, setupExpiresAt: null, totpLastStep: step, lastLoginAt: now })
          .where(eq(operators.id, operator.id))
          .returning()
          .get();
        writeAudit(tx, { actor: operator.email, operatorId: operator.id, ip: request.ip, action: 'operator.setup', targetType: 'operator', targetId: operator.id, before: auditView(current), after: auditView(updated) }, now);
        return { after: updated, sessionToken: openSession(tx, operator.id, request, now) };
      });
      recordLogin(ctx, request, operator.email, operator.id, '');
      return ok(signIn(ctx, reply, after, sessionToken));
    },
  );
};
