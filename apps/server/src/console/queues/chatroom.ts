import { and, count, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { chatRoomMessages, chatRoomReports, users } from '../../db/schema.ts';
import { dismissReports, findRoomMessage, muteAuthor, mutedUntil, presentRoomMessage, type RoomMessage, removeRoomMessage } from '../../platform/chat-room.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { id, integer, language, pageWindow, pagination, toPage } from '../../platform/fields.ts';
import { consoleDoc } from '../scope.ts';
import { reviewerOf } from '../sessions.ts';
import type { ReviewQueue } from './registry.ts';

/**
 * Chat-room moderation: messages readers reported wait here; support
 * removes a message (it vanishes from every open room at once), keeps it
 * (dismissing the reports) or mutes its author. Every action is audited.
 */

const STATUSES = ['reported', 'recent', 'removed'] as const;
const MAX_MUTE_HOURS = 24 * 365;

const listQuery = z.object({ status: z.enum(STATUSES).default('reported'), ...pagination });
const idParams = z.object({ id: id() });
const muteBody = z.object({ hours: integer().pipe(z.number().min(0).max(MAX_MUTE_HOURS)).describe('0 lifts the mute'), lang: language() });

function statusOf(row: RoomMessage): string {
  if (row.removedAt !== null) return 'removed';
  return row.openReports > 0 ? 'reported' : 'recent';
}

function listItem(row: RoomMessage) {
  return { ...presentRoomMessage(row), lang: row.lang, status: statusOf(row), open_reports: row.openReports, removed_at: row.removedAt, removed_by: row.removedBy };
}

function whereOf(status: (typeof STATUSES)[number]) {
  if (status === 'reported') return and(gt(chatRoomMessages.openReports, 0), sql`${chatRoomMessages.removedAt} IS NULL`);
  if (status === 'removed') return isNotNull(chatRoomMessages.removedAt);
  return sql`${chatRoomMessages.removedAt} IS NULL`;
}

function detail(ctx: AppContext, row: RoomMessage) {
  const author = ctx.db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, row.userId)).get();
  const reports = ctx.db.select().from(chatRoomReports).where(eq(chatRoomReports.messageId, row.id)).orderBy(desc(chatRoomReports.createdAt)).all();
  const recent = ctx.db.select().from(chatRoomMessages).where(eq(chatRoomMessages.userId, row.userId)).orderBy(desc(chatRoomMessages.id)).limit(10).all();
  return {
    ...listItem(row),
    author: { id: row.userId, account: author?.email ?? author?.phone ?? null, muted_until: mutedUntil(ctx, row.userId) },
    reports: reports.map((report) => ({ reporter_id: report.reporterId, created_at: report.createdAt })),
    author_recent: recent.map(listItem),
  };
}

export const chatRoomQueue: ReviewQueue = {
  key: 'chatroom',
  permissions: { view: 'chatroom.view', decide: 'chatroom.moderate' },

  pending: (ctx) => ctx.db.select({ total: count() }).from(chatRoomMessages).where(whereOf('reported')).get()?.total ?? 0,

  routes: (api, { ctx, guards }) => {
    const { db } = ctx;
    const view = guards.permit('chatroom.view');
    const moderate = guards.permit('chatroom.moderate');

    api.get('/', { schema: consoleDoc('Chat-room messages: reported (most reports first), recent, or removed', { querystring: listQuery }), preValidation: view }, async (request) => {
      const { status, page, limit } = request.query;
      const window = pageWindow(page, limit);
      const where = whereOf(status);
      const total = db.select({ total: count() }).from(chatRoomMessages).where(where).get()?.total ?? 0;
      const rows = db
        .select()
        .from(chatRoomMessages)
        .where(where)
        .orderBy(...(status === 'reported' ? [desc(chatRoomMessages.openReports), desc(chatRoomMessages.id)] : [desc(chatRoomMessages.id)]))
        .limit(window.limit)
        .offset(window.offset)
        .all();
      return ok(toPage(rows.map(listItem), window, total));
    });

    api.get('/:id', { schema: consoleDoc('One message with its reports, its author (and whether muted) and their recent messages', { params: idParams, querystring: z.object({ lang: language() }) }), preValidation: view }, async (request) =>
      ok(detail(ctx, findRoomMessage(ctx, request.params.id))),
    );

    api.post('/:id/remove', { schema: consoleDoc('Remove the message from the room (audited)', { params: idParams, body: z.object({ lang: language() }).optional() }), preValidation: moderate }, async (request) =>
      ok(listItem(removeRoomMessage(ctx, request.params.id, reviewerOf(request)))),
    );

    api.post('/:id/dismiss', { schema: consoleDoc('Keep the message and clear its reports (audited)', { params: idParams, body: z.object({ lang: language() }).optional() }), preValidation: moderate }, async (request) =>
      ok(listItem(dismissReports(ctx, request.params.id, reviewerOf(request)))),
    );

    api.post('/:id/mute', { schema: consoleDoc('Mute the message\'s author in every room for some hours, 0 to lift (audited)', { params: idParams, body: muteBody }), preValidation: moderate }, async (request) =>
      ok(muteAuthor(ctx, request.params.id, request.body.hours, reviewerOf(request))),
    );
  },
};
