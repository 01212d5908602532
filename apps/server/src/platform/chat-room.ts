import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { CHAT_ROOM_RATE_LIMITS, checkRate, longestWindow } from '@openbourse/core';
import { chatRoomMessages, chatRoomMutes, chatRoomReports, users } from '../db/schema.ts';
import { writeAudit } from './audit.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import type { Reviewer } from './support-chat.ts';

/**
 * The public chat room per language, shared by the `chat-room` feature
 * (posting, reading, reporting) and the console's moderation queue
 * (removing, muting). Messages arrive as already sanitized text.
 */

export type RoomMessage = typeof chatRoomMessages.$inferSelect;

/** How many messages the room shows when it opens (and the realtime snapshot holds). */
export const ROOM_HISTORY = 50;

export function presentRoomMessage(row: RoomMessage) {
  return { id: row.id, user_id: row.userId, nickname: row.nickname, body: row.body, created_at: row.createdAt };
}

export function roomMessages(ctx: AppContext, lang: string, beforeId: number | undefined, limit: number): RoomMessage[] {
  const conditions = [eq(chatRoomMessages.lang, lang), isNull(chatRoomMessages.removedAt)];
  if (beforeId) conditions.push(lt(chatRoomMessages.id, beforeId));
  return ctx.db
    .select()
    .from(chatRoomMessages)
    .where(and(...conditions))
    .orderBy(desc(chatRoomMessages.id))
    .limit(limit)
    .all()
    .reverse();
}

export function mutedUntil(ctx: AppContext, userId: number): number | null {
  const row = ctx.db.select().from(chatRoomMutes).where(eq(chatRoomMutes.userId, userId)).get();
  return row && row.until > ctx.now() ? row.until : null;
}

export function postRoomMessage(ctx: AppContext, userId: number, lang: string, body: string): RoomMessage {
  const now = ctx.now();
  const row = ctx.db.transaction((tx) => {
    const muted = mutedUntil(ctx, userId);
    if (muted !== null) throw new AppError('errors.chatMuted', { until: { dateTime: muted, timeZone: 'UTC' } });
    const recent = tx
      .select({ time: chatRoomMessages.createdAt })
      .from(chatRoomMessages)
      .where(and(eq(chatRoomMessages.userId, userId), gt(chatRoomMessages.createdAt, now - longestWindow(CHAT_ROOM_RATE_LIMITS))))
      .all()
      .map((message) => message.time);
    const decision = checkRate(recent, now, CHAT_ROOM_RATE_LIMITS);
    if (!decision.allowed) throw new AppError('errors.chatTooFast', { seconds: Math.ceil((decision.retryAt - now) / 1000) });
    const nickname = tx.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId)).get()?.nickname ?? '';
    return tx.insert(chatRoomMessages).values({ lang, userId, nickname, body, createdAt: now }).returning().get();
  });
  ctx.bus.emit('chatroom', { lang, data: { type: 'message', message: presentRoomMessage(row) } });
  return row;
}

/** A reader reports a message once; support sees it in the moderation queue. */
export function reportRoomMessage(ctx: AppContext, reporterId: number, messageId: number): void {
  ctx.db.transaction((tx) => {
    const message = tx.select().from(chatRoomMessages).where(eq(chatRoomMessages.id, messageId)).get();
    if (!message || message.removedAt !== null) throw new AppError('errors.chatMessageNotFound');
    if (message.userId === reporterId) throw new AppError('errors.chatReportOwn');
    const inserted = tx.insert(chatRoomReports).values({ messageId, reporterId, createdAt: ctx.now() }).onConflictDoNothing().run();
    if (inserted.changes > 0) tx.update(chatRoomMessages).set({ openReports: sql`${chatRoomMessages.openReports} + 1` }).where(eq(chatRoomMessages.id, messageId)).run();
  });
}

export function findRoomMessage(ctx: AppContext, messageId: number): RoomMessage {
  const row = ctx.db.select().from(chatRoomMessages).where(eq(chatRoomMessages.id, messageId)).get();
  if (!row) throw new AppError('errors.chatMessageNotFound');
  return row;
}

/** Support takes a message down: it disappears from every reader's room at once. Audited. */
export function removeRoomMessage(ctx: AppContext, messageId: number, reviewer: Reviewer): RoomMessage {
  const now = ctx.now();
  const row = ctx.db.transaction((tx) => {
    const message = findRoomMessage(ctx, messageId);
    if (message.removedAt !== null) throw new AppError('errors.chatMessageNotFound');
    const removed = tx.update(chatRoomMessages).set({ removedAt: now, removedBy: reviewer.actor, openReports: 0 }).where(eq(chatRoomMessages.id, messageId)).returning().get();
    writeAudit(ctx.db, { ...reviewer, action: 'chatroom.remove', targetType: 'chat_room_message', targetId: messageId, before: { body: message.body }, after: { removed: true } }, now);
    return removed;
  });
  ctx.bus.emit('chatroom', { lang: row.lang, data: { type: 'removed', id: row.id } });
  return row;
}

/** Support looked at the reports and keeps the message. Audited. */
export function dismissReports(ctx: AppContext, messageId: number, reviewer: Reviewer): RoomMessage {
  const now = ctx.now();
  return ctx.db.transaction((tx) => {
    const message = findRoomMessage(ctx, messageId);
    const kept = tx.update(chatRoomMessages).set({ openReports: 0 }).where(eq(chatRoomMessages.id, messageId)).returning().get();
    writeAudit(ctx.db, { ...reviewer, action: 'chatroom.dismiss', targetType: 'chat_room_message', targetId: messageId, before: { open_reports: message.openReports }, after: { open_reports: 0 } }, now);
    return kept;
  });
}

/**
 * Silences the message's author in every room for `hours` (0 lifts a mute).
 * Audited, and told to the author: the notice reaches an open room at once,
 * which then shows the mute instead of letting them type into it.
 */
export function muteAuthor(ctx: AppContext, messageId: number, hours: number, reviewer: Reviewer): { user_id: number; muted_until: number | null } {
  const now = ctx.now();
  const muted = ctx.db.transaction((tx) => {
    const message = findRoomMessage(ctx, messageId);
    const before = mutedUntil(ctx, message.userId);
    const until = hours > 0 ? now + hours * 3_600_000 : null;
    if (until === null) tx.delete(chatRoomMutes).where(eq(chatRoomMutes.userId, message.userId)).run();
    else
      tx.insert(chatRoomMutes)
        .values({ userId: message.userId, until, mutedBy: reviewer.actor, createdAt: now })
        .onConflictDoUpdate({ target: chatRoomMutes.userId, set: { until, mutedBy: reviewer.actor, createdAt: now } })
        .run();
    writeAudit(ctx.db, { ...reviewer, action: until === null ? 'chatroom.unmute' : 'chatroom.mute', targetType: 'user', targetId: message.userId, before: { muted_until: before }, after: { muted_until: until, message_id: messageId } }, now);
    return { user_id: message.userId, muted_until: until };
  });
  const kind = muted.muted_until === null ? 'account.chat_unmuted' : 'account.chat_muted';
  ctx.bus.emit('user', { userId: muted.user_id, kind, refType: 'user', refId: muted.user_id, params: muted.muted_until === null ? {} : { hours }, time: now });
  return muted;
}
