import { and, asc, count, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { checkRate, longestWindow, SUPPORT_RATE_LIMITS } from '@openbourse/core';
import { supportConversations, supportMessages } from '../db/schema.ts';
import { writeAudit } from './audit.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import { newToken } from './tokens.ts';

/**
 * Live customer service, shared by the user-facing `support-chat` feature and
 * the console's support inbox: conversations, messages, read state,
 * assignment and closing. Every change is one transaction, announced on the
 * bus (→ realtime) after it commits; assignments and closures are audited.
 */

export type Conversation = typeof supportConversations.$inferSelect;
export type SupportMessageRow = typeof supportMessages.$inferSelect;

/** Who is writing: a logged-in user, or a visitor by the hash of their device token. */
export type ChatIdentity = { userId: number } | { visitorHash: string };

export interface Reviewer {
  actor: string;
  operatorId: number;
  ip: string;
}

export const SUPPORT_TOPICS = ['recharge', 'bank_card', 'nft_sale', 'withdrawal', 'account'] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

export function presentSupportMessage(row: SupportMessageRow) {
  return { id: row.id, sender: row.sender, kind: row.kind, body: row.body, created_at: row.createdAt };
}

function ownerCondition(identity: ChatIdentity) {
  return 'userId' in identity ? eq(supportConversations.userId, identity.userId) : and(eq(supportConversations.visitorHash, identity.visitorHash), sql`${supportConversations.userId} IS NULL`);
}

/** The identity's open conversation, or else its latest closed one (so the history stays visible); undefined before the first message. */
export function currentConversation(ctx: AppContext, identity: ChatIdentity): Conversation | undefined {
  return ctx.db.select().from(supportConversations).where(ownerCondition(identity)).orderBy(desc(supportConversations.status), desc(supportConversations.id)).get();
}

function openConversationOf(ctx: AppContext, identity: ChatIdentity): Conversation | undefined {
  return ctx.db
    .select()
    .from(supportConversations)
    .where(and(ownerCondition(identity), eq(supportConversations.status, 'open')))
    .get();
}

export function findConversation(ctx: AppContext, id: number): Conversation {
  const row = ctx.db.select().from(supportConversations).where(eq(supportConversations.id, id)).get();
  if (!row) throw new AppError('errors.conversationNotFound');
  return row;
}

export function messagesOf(ctx: AppContext, conversationId: number, options: { beforeId?: number; limit: number }): SupportMessageRow[] {
  const where = options.beforeId ? and(eq(supportMessages.conversationId, conversationId), lt(supportMessages.id, options.beforeId)) : eq(supportMessages.conversationId, conversationId);
  return ctx.db.select().from(supportMessages).where(where).orderBy(desc(supportMessages.id)).limit(options.limit).all().reverse();
}

/** Messages from support the user has not read yet. */
export function unreadByUser(ctx: AppContext, conversation: Conversation): number {
  return (
    ctx.db
      .select({ total: count() })
      .from(supportMessages)
      .where(and(eq(supportMessages.conversationId, conversation.id), eq(supportMessages.sender, 'operator'), gt(supportMessages.id, conversation.userReadId)))
      .get()?.total ?? 0
  );
}

/** Messages from the user support has not read yet. */
export function unreadByOperator(ctx: AppContext, conversation: Conversation): number {
  return (
    ctx.db
      .select({ total: count() })
      .from(supportMessages)
      .where(and(eq(supportMessages.conversationId, conversation.id), eq(supportMessages.sender, 'user'), gt(supportMessages.id, conversation.operatorReadId)))
      .get()?.total ?? 0
  );
}

function announce(ctx: AppContext, conversation: Conversation, data: unknown): void {
  ctx.bus.emit('support', { userId: conversation.userId, channelKey: conversation.channelKey, data });
}

function ensureRate(ctx: AppContext, conversationIds: number[], now: number): void {
  if (conversationIds.length === 0) return;
  const since = now - longestWindow(SUPPORT_RATE_LIMITS);
  const recent = ctx.db
    .select({ time: supportMessages.createdAt })
    .from(supportMessages)
    .where(and(sql`${supportMessages.conversationId} IN (${sql.join(conversationIds, sql`, `)})`, eq(supportMessages.sender, 'user'), gt(supportMessages.createdAt, since)))
    .all()
    .map((row) => row.time);
  const decision = checkRate(recent, now, SUPPORT_RATE_LIMITS);
  if (!decision.allowed) throw new AppError('errors.chatTooFast', { seconds: Math.ceil((decision.retryAt - now) / 1000) });
}

/** A message from the user or visitor: opens a conversation when none is open, and starts the waiting clock when nothing was waiting. */
export function postUserMessage(
  ctx: AppContext,
  identity: ChatIdentity,
  message: { kind: 'text' | 'image'; body: string; topic?: SupportTopic; lang: string },
): { conversation: Conversation; message: SupportMessageRow } {
  const now = ctx.now();
  const result = ctx.db.transaction((tx) => {
    let conversation = openConversationOf(ctx, identity);
    ensureRate(ctx, conversation ? [conversation.id] : [], now);
    if (!conversation) {
      conversation = tx
        .insert(supportConversations)
        .values({
          userId: 'userId' in identity ? identity.userId : null,
          visitorHash: 'visitorHash' in identity ? identity.visitorHash : null,
          channelKey: newToken(),
          lang: message.lang,
          topic: message.topic ?? null,
          status: 'open',
          lastMessageAt: now,
          createdAt: now,
        })
        .returning()
        .get();
    }
    const row = tx.insert(supportMessages).values({ conversationId: conversation.id, sender: 'user', kind: message.kind, body: message.body, createdAt: now }).returning().get();
    const updated = tx
      .update(supportConversations)
      .set({
        lastMessageAt: now,
        waitingSince: conversation.waitingSince ?? now,
        // The user has seen everything up to their own message.
        userReadId: row.id,
        lang: message.lang,
        topic: message.topic ?? conversation.topic,
      })
      .where(eq(supportConversations.id, conversation.id))
      .returning()
      .get();
    return { conversation: updated, message: row };
  });
  announce(ctx, result.conversation, { type: 'message', message: presentSupportMessage(result.message) });
  return result;
}

/** The user read support's messages up to `upToId` (never backwards). */
export function markReadByUser(ctx: AppContext, conversation: Conversation, upToId: number): Conversation {
  const last = ctx.db.select({ id: supportMessages.id }).from(supportMessages).where(eq(supportMessages.conversationId, conversation.id)).orderBy(desc(supportMessages.id)).get()?.id ?? 0;
  const readId = Math.max(conversation.userReadId, Math.min(upToId, last));
  return ctx.db.update(supportConversations).set({ userReadId: readId }).where(eq(supportConversations.id, conversation.id)).returning().get();
}

/** Support opened the conversation: the user sees their messages marked read. */
export function markReadByOperator(ctx: AppContext, conversation: Conversation): Conversation {
  const last = ctx.db.select({ id: supportMessages.id }).from(supportMessages).where(eq(supportMessages.conversationId, conversation.id)).orderBy(desc(supportMessages.id)).get()?.id ?? 0;
  if (last <= conversation.operatorReadId) return conversation;
  const updated = ctx.db.update(supportConversations).set({ operatorReadId: last }).where(eq(supportConversations.id, conversation.id)).returning().get();
  announce(ctx, updated, { type: 'read', operator_read_id: updated.operatorReadId });
  return updated;
}

/** An operator's answer: stops the waiting clock, and takes the conversation when nobody had it. */
export function postOperatorReply(ctx: AppContext, conversationId: number, reviewer: Reviewer, body: string): { conversation: Conversation; message: SupportMessageRow } {
  const now = ctx.now();
  const result = ctx.db.transaction((tx) => {
    const conversation = findConversation(ctx, conversationId);
    if (conversation.status !== 'open') throw new AppError('errors.conversationClosed');
    if (conversation.assignedOperatorId === null) assignInside(ctx, conversation, reviewer, now);
    const row = tx.insert(supportMessages).values({ conversationId, sender: 'operator', operatorId: reviewer.operatorId, kind: 'text', body, createdAt: now }).returning().get();
    const updated = tx
      .update(supportConversations)
      .set({ lastMessageAt: now, waitingSince: null, operatorReadId: row.id })
      .where(eq(supportConversations.id, conversationId))
      .returning()
      .get();
    return { conversation: updated, message: row };
  });
  announce(ctx, result.conversation, { type: 'message', message: presentSupportMessage(result.message) });
  announce(ctx, result.conversation, { type: 'read', operator_read_id: result.conversation.operatorReadId });
  return result;
}

function assignInside(ctx: AppContext, conversation: Conversation, reviewer: Reviewer, now: number): Conversation {
  const updated = ctx.db
    .update(supportConversations)
    .set({ assignedOperatorId: reviewer.operatorId, assignedTo: reviewer.actor })
    .where(eq(supportConversations.id, conversation.id))
    .returning()
    .get();
  writeAudit(ctx.db, { ...reviewer, action: 'support.assign', targetType: 'support_conversation', targetId: conversation.id, before: { assigned_to: conversation.assignedTo }, after: { assigned_to: reviewer.actor } }, now);
  return updated;
}

/** The operator takes the conversation (also from a colleague); audited. */
export function assignConversation(ctx: AppContext, conversationId: number, reviewer: Reviewer): Conversation {
  return ctx.db.transaction(() => {
    const conversation = findConversation(ctx, conversationId);
    if (conversation.status !== 'open') throw new AppError('errors.conversationClosed');
    return assignInside(ctx, conversation, reviewer, ctx.now());
  });
}

/** Closes the conversation; the user's next message opens a new one. Audited. */
export function closeConversation(ctx: AppContext, conversationId: number, reviewer: Reviewer): Conversation {
  const now = ctx.now();
  const updated = ctx.db.transaction((tx) => {
    const conversation = findConversation(ctx, conversationId);
    if (conversation.status !== 'open') throw new AppError('errors.conversationClosed');
    const closed = tx
      .update(supportConversations)
      .set({ status: 'closed', closedAt: now, closedBy: reviewer.actor, waitingSince: null })
      .where(eq(supportConversations.id, conversationId))
      .returning()
      .get();
    writeAudit(ctx.db, { ...reviewer, action: 'support.close', targetType: 'support_conversation', targetId: conversationId, before: { status: 'open' }, after: { status: 'closed' } }, now);
    return closed;
  });
  announce(ctx, updated, { type: 'closed' });
  return updated;
}

/**
 * A visitor logged in: their conversations become the user's. When the user
 * already has an open conversation, the visitor's open one's messages move
 * into it (in time order by id), so support sees one thread.
 */
export function claimVisitorConversations(ctx: AppContext, visitorHash: string, userId: number): Conversation | undefined {
  ctx.db.transaction((tx) => {
    const visitorOpen = openConversationOf(ctx, { visitorHash });
    const userOpen = openConversationOf(ctx, { userId });
    if (visitorOpen && userOpen) {
      tx.update(supportMessages).set({ conversationId: userOpen.id }).where(eq(supportMessages.conversationId, visitorOpen.id)).run();
      const waiting = [visitorOpen.waitingSince, userOpen.waitingSince].filter((time): time is number => time !== null);
      tx.update(supportConversations)
        .set({ waitingSince: waiting.length > 0 ? Math.min(...waiting) : null, lastMessageAt: Math.max(visitorOpen.lastMessageAt, userOpen.lastMessageAt), topic: userOpen.topic ?? visitorOpen.topic })
        .where(eq(supportConversations.id, userOpen.id))
        .run();
      tx.update(supportConversations).set({ status: 'closed', closedAt: ctx.now(), closedBy: 'merged', userId, waitingSince: null }).where(eq(supportConversations.id, visitorOpen.id)).run();
    }
    tx.update(supportConversations)
      .set({ userId })
      .where(and(eq(supportConversations.visitorHash, visitorHash), sql`${supportConversations.userId} IS NULL`))
      .run();
  });
  return currentConversation(ctx, { userId });
}

/** Open conversations waiting for an answer, longest wait first. */
export function waitingCount(ctx: AppContext): number {
  return (
    ctx.db
      .select({ total: count() })
      .from(supportConversations)
      .where(and(eq(supportConversations.status, 'open'), sql`${supportConversations.waitingSince} IS NOT NULL`))
      .get()?.total ?? 0
  );
}

export const conversationOrder = [asc(supportConversations.waitingSince), desc(supportConversations.lastMessageAt)];
