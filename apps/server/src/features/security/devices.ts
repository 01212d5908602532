import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { loginEvents, sessions } from '../../db/schema.ts';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { ApiScope, FeatureDeps } from '../../platform/feature.ts';
import { id, language, pageWindow, pagination, toPage } from '../../platform/fields.ts';
import { translate } from '../../platform/i18n.ts';
import { revokeOtherSessions, revokeSession } from '../../platform/sessions.ts';
import { deviceName } from '../../platform/user-agents.ts';

/** Login history and the sessions list: what a user checks when they fear someone else is in their account. */
export function registerDeviceRoutes(api: ApiScope, { ctx, guards }: FeatureDeps): void {
  const { db } = ctx;

  api.get(
    '/safe/login_history',
    {
      schema: {
        tags: ['security'],
        summary: 'Login attempts on the account, newest first: time, IP, device, success or the failure reason (password, second_factor, locked)',
        querystring: z.object(pagination),
      },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const userId = currentUser(request).id;
      const window = pageWindow(request.query.page, request.query.limit);
      const rows = db.select().from(loginEvents).where(eq(loginEvents.userId, userId)).orderBy(desc(loginEvents.id)).limit(window.limit).offset(window.offset).all();
      const total = db.select({ total: count() }).from(loginEvents).where(eq(loginEvents.userId, userId)).get()?.total ?? 0;
      const list = rows.map((row) => ({
        id: row.id,
        time: row.createdAt,
        ip: row.ip,
        device: deviceName(row.userAgent),
        success: row.success,
        failure: row.failure || null,
      }));
      return ok(toPage(list, window, total));
    },
  );

  api.get(
    '/safe/sessions',
    {
      schema: { tags: ['security'], summary: 'The devices logged in to the account now, the one asking marked `current`', querystring: z.object({ lang: language() }) },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const { id: userId, sessionId } = currentUser(request);
      const rows = db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, ctx.now())))
        .orderBy(desc(sessions.id))
        .all();
      const list = rows.map((row) => ({
        id: row.id,
        device: deviceName(row.userAgent),
        ip: row.ip,
        created_at: row.createdAt,
        last_seen_at: row.lastSeenAt ?? row.createdAt,
        current: row.id === sessionId,
      }));
      // This device first, then the most recently used.
      list.sort((a, b) => Number(b.current) - Number(a.current) || b.last_seen_at - a.last_seen_at);
      return ok(list);
    },
  );

  api.post(
    '/safe/sessions/revoke',
    {
      schema: { tags: ['security'], summary: 'Log out one of the account\'s sessions (this one too, if its id is given)', body: z.object({ id: id(), lang: language() }) },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const userId = currentUser(request).id;
      const now = ctx.now();
      // Someone else's session, an ended one and one that never was all answer alike.
      const target = db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, request.body.id), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
        .get();
      if (!target) throw new AppError('errors.sessionNotFound');
      revokeSession(db, target.id, now);
      return ok(translate(request.lang, 'success.sessionRevoked'));
    },
  );

  api.post(
    '/safe/sessions/revoke_others',
    {
      schema: { tags: ['security'], summary: 'Log out every other device; this session stays', body: z.object({ lang: language() }) },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const { id: userId, sessionId } = currentUser(request);
      const ended = revokeOtherSessions(db, userId, sessionId, ctx.now());
      return ok(translate(request.lang, 'success.otherSessionsRevoked', { count: ended }));
    },
  );
}
