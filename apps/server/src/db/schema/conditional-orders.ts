import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { spotOrders, ticks, users } from '../schema.ts';

/**
 * Orders waiting for a FEED price (never this platform's own last trade):
 * a stop-limit, or one leg of a take-profit / stop-loss pair. Funds are held
 * from placement (ledger ref_type spot_conditional, ref_id = group_id); when
 * the feed reaches `trigger_ticks` the order is placed through the exchange
 * and the tick that fired it is recorded here.
 */
export const spotConditionalOrders = sqliteTable(
  'spot_conditional_orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    kind: text('kind', { enum: ['stop_limit', 'take_profit', 'stop_loss'] }).notNull(),
    /** rise: fires when the feed price >= trigger; fall: when <= trigger. */
    direction: text('direction', { enum: ['rise', 'fall'] }).notNull(),
    triggerTicks: integer('trigger_ticks').notNull(),
    /** The limit price of a stop-limit; null for the market orders of take-profit and stop-loss. */
    limitTicks: integer('limit_ticks'),
    qtyLots: integer('qty_lots').notNull(),
    accountTypeId: integer('account_type_id').notNull(),
    holdCurrencyId: integer('hold_currency_id').notNull(),
    /** What the group holds (both legs of a pair show the one shared hold), minor units; 0 once finished. */
    holdAmount: integer('hold_amount').notNull(),
    status: text('status', { enum: ['waiting', 'triggered', 'cancelled', 'failed'] }).notNull(),
    failReason: text('fail_reason'),
    /** The id of the group's first leg (a lone stop-limit is its own group). */
    groupId: integer('group_id').notNull(),
    orderId: integer('order_id').references(() => spotOrders.id),
    triggerTickId: integer('trigger_tick_id').references(() => ticks.id),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [
    index('spot_conditional_user').on(table.userId, table.status, table.id),
    index('spot_conditional_waiting').on(table.status, table.symbol),
    index('spot_conditional_group').on(table.groupId),
    index('spot_conditional_order').on(table.orderId),
  ],
);
