import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from '../schema.ts';

/**
 * One row per money-moving request a client labelled with a `client_oid`
 * (platform/idempotency.ts): the same user sending the same key for the same
 * action within 24 hours gets this result back instead of a second effect.
 * `result` is null while the first request is still running (or if it never
 * finished: the key then stays refused, never executed twice).
 */
export const clientOrders = sqliteTable(
  'client_orders',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The action the key belongs to (`spot.trade`, `wallet.out`, ...): one key may label one request per action. */
    scope: text('scope').notNull(),
    clientOid: text('client_oid').notNull(),
    /** JSON of what the first request answered, or a reference to what it created (`{"spot_order":12}`). */
    result: text('result'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.scope, table.clientOid] }), index('client_orders_created').on(table.createdAt)],
);
