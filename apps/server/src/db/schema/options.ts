import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Seconds options: a stake on the feed price being higher (up) or lower
 * (down) a fixed number of seconds after acceptance, the house the
 * counterparty. Each row copies the terms it was accepted under and records
 * both feed ticks that decided it. Times are Unix milliseconds; amounts are
 * minor units of the stake currency; the payout rate is whole millionths.
 */
export const OPTION_DIRECTIONS = ['up', 'down'] as const;
export const OPTION_STATUSES = ['open', 'won', 'lost', 'tied'] as const;

export const secondsOptions = sqliteTable(
  'seconds_options',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    symbol: text('symbol').notNull(),
    currencyId: integer('currency_id').notNull(),
    direction: text('direction', { enum: OPTION_DIRECTIONS }).notNull(),
    seconds: integer('seconds').notNull(),
    payoutRate: integer('payout_rate').notNull(),
    stake: integer('stake').notNull(),
    /** The trading fee charged at placement on top of the stake (to the fees account), kept whatever the outcome. */
    fee: integer('fee').notNull().default(0),
    expiresAt: integer('expires_at').notNull(),
    /** The latest feed tick when the option was accepted: its price is the open price. */
    openTickId: integer('open_tick_id').notNull(),
    openTickTime: integer('open_tick_time').notNull(),
    openPriceTicks: integer('open_price_ticks').notNull(),
    status: text('status', { enum: OPTION_STATUSES }).notNull(),
    /** The first feed tick at or after expiry: its price decided the outcome. */
    settleTickId: integer('settle_tick_id'),
    settleTickTime: integer('settle_tick_time'),
    settlePriceTicks: integer('settle_price_ticks'),
    payout: integer('payout'),
    settleEntryId: integer('settle_entry_id'),
    createdAt: integer('created_at').notNull(),
    settledAt: integer('settled_at'),
  },
  (table) => [index('seconds_options_user').on(table.userId, table.id), index('seconds_options_due').on(table.status, table.expiresAt)],
);
