import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from '../schema.ts';

/**
 * A support conversation: a user's, or a visitor's (identified by the hash
 * of a device token the app keeps) until that visitor logs in and the
 * conversation joins the account. One open conversation per user or
 * visitor; closing it starts a new one on the next message.
 */
export const supportConversations = sqliteTable(
  'support_conversations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id),
    /** sha256 of the visitor's device token; kept after the conversation joins an account so the visitor's app still finds it until it switches to the user's. */
    visitorHash: text('visitor_hash'),
    /** Random and unguessable: a visitor's realtime channel is `support:<channelKey>` (users get theirs on their authenticated socket). */
    channelKey: text('channel_key').notNull(),
    lang: text('lang').notNull(),
    /** What the user asked about when a page opened the chat (recharge, bank_card, nft_sale...). */
    topic: text('topic'),
    status: text('status', { enum: ['open', 'closed'] }).notNull(),
    assignedOperatorId: integer('assigned_operator_id'),
    assignedTo: text('assigned_to'),
    /** When the oldest message support has not answered yet was sent; null when nothing waits. */
    waitingSince: integer('waiting_since'),
    lastMessageAt: integer('last_message_at').notNull(),
    /** The last message id each side has read. */
    userReadId: integer('user_read_id').notNull().default(0),
    operatorReadId: integer('operator_read_id').notNull().default(0),
    closedAt: integer('closed_at'),
    closedBy: text('closed_by'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    index('support_conversations_user').on(table.userId, table.status),
    index('support_conversations_visitor').on(table.visitorHash, table.status),
    index('support_conversations_waiting').on(table.status, table.waitingSince),
    uniqueIndex('support_conversations_channel').on(table.channelKey),
  ],
);

export const supportMessages = sqliteTable(
  'support_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => supportConversations.id),
    sender: text('sender', { enum: ['user', 'operator'] }).notNull(),
    /** The operator who answered, by id and as shown to the user. */
    operatorId: integer('operator_id'),
    kind: text('kind', { enum: ['text', 'image'] }).notNull(),
    /** The text, or the image's upload address. */
    body: text('body').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('support_messages_conversation').on(table.conversationId, table.id)],
);

/** The public chat room, one per interface language. */
export const chatRoomMessages = sqliteTable(
  'chat_room_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    lang: text('lang').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The name shown, as it was when the message was posted. */
    nickname: text('nickname').notNull(),
    body: text('body').notNull(),
    createdAt: integer('created_at').notNull(),
    removedAt: integer('removed_at'),
    removedBy: text('removed_by'),
    /** Reports not yet looked at by support; the moderation queue lists messages with any. */
    openReports: integer('open_reports').notNull().default(0),
  },
  (table) => [index('chat_room_messages_lang').on(table.lang, table.id), index('chat_room_messages_user').on(table.userId, table.createdAt), index('chat_room_messages_reports').on(table.openReports)],
);

/** One report per reader and message. */
export const chatRoomReports = sqliteTable(
  'chat_room_reports',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => chatRoomMessages.id),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.reporterId] })],
);

/** A user support silenced in the chat room until a time. */
export const chatRoomMutes = sqliteTable('chat_room_mutes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  until: integer('until').notNull(),
  mutedBy: text('muted_by').notNull(),
  createdAt: integer('created_at').notNull(),
});
