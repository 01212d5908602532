import { z } from 'zod';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import type { Feature } from '../../platform/feature.ts';
import { id, language, oneOf, pagination } from '../../platform/fields.ts';
import { createNotificationService } from './service.ts';

const tags = ['notifications'];

/**
 * The notification centre: every feature's user events (ctx.bus 'user') become
 * stored messages, rendered in the reader's language when read, plus the
 * console's published news as announcements.
 */
export const notificationsFeature: Feature = (api, { ctx, guards }) => {
  const service = createNotificationService(ctx);
  ctx.bus.on('user', (event) => {
    try {
      service.record(event);
    } catch (error) {
      // The event's own change is committed already; a lost message must not turn it into an error for the emitter.
      ctx.log.error({ err: error, kind: event.kind, userId: event.userId }, 'notification not stored');
    }
  });

  api.get(
    '/notice/list',
    {
      schema: {
        tags,
        summary: 'Your notifications and announcements, newest first, in the request language; `unread=1` lists only unread ones',
        querystring: z.object({ ...pagination, unread: oneOf([0, 1]).optional() }),
      },
      preHandler: guards.requireUser,
    },
    async (request) => ok(service.list(currentUser(request).id, request.lang, request.query.page, request.query.limit, request.query.unread === 1)),
  );

  api.get(
    '/notice/unread',
    { schema: { tags, summary: 'How many of your notifications are unread (the badge)', querystring: z.object({ lang: language() }) }, preHandler: guards.requireUser },
    async (request) => ok(service.unread(currentUser(request).id)),
  );

  api.post(
    '/notice/read',
    { schema: { tags, summary: 'Mark one of your notifications read', body: z.object({ id: id(), lang: language() }) }, preHandler: guards.requireUser },
    async (request) => ok(service.markRead(currentUser(request).id, request.body.id, request.lang)),
  );

  api.post(
    '/notice/read_all',
    { schema: { tags, summary: 'Mark all your notifications read', body: z.object({ lang: language() }) }, preHandler: guards.requireUser },
    async (request) => ok(service.markAllRead(currentUser(request).id)),
  );
};
