import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from '../schema.ts';

/**
 * One message in a user's notification centre: a personal event (`kind` as the
 * feature emitted it, e.g. `deposit.credited`) or a system announcement
 * (`kind` = `announcement`, `ref_id` = the news article). Only the kind and its
 * values are stored: the text is rendered in the reader's language when read.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    refType: text('ref_type').notNull(),
    refId: text('ref_id').notNull(),
    params: text('params', { mode: 'json' }).$type<Record<string, string | number>>().notNull(),
    /** The H5 route the message opens, e.g. `/pages/ieo/order?id=7`. */
    link: text('link').notNull(),
    createdAt: integer('created_at').notNull(),
    readAt: integer('read_at'),
  },
  (table) => [
    index('notifications_user').on(table.userId, table.createdAt),
    index('notifications_user_unread').on(table.userId, table.readAt),
    // An announcement reaches each user once, however often the centre is opened.
    uniqueIndex('notifications_announcement').on(table.userId, table.refId).where(sql`kind = 'announcement'`),
  ],
);
