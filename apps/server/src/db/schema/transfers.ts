import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { ticks, users } from '../schema.ts';

/** Money moved between two of a user's own accounts (spot → stock...): instant, free, one journal entry each (ref_type account_transfer). */
export const accountTransfers = sqliteTable(
  'account_transfers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currencyId: integer('currency_id').notNull(),
    amount: integer('amount').notNull(),
    fromAccountTypeId: integer('from_account_type_id').notNull(),
    toAccountTypeId: integer('to_account_type_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('account_transfers_user').on(table.userId, table.id)],
);

/**
 * A conversion price offered to one user for a few seconds: the feed's last
 * ticks when it was asked for, kept here so the conversion settles at exactly
 * these prices or not at all. Used once.
 */
export const conversionQuotes = sqliteTable(
  'conversion_quotes',
  {
    /** Random and unguessable: the id the client sends back. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fromCurrencyId: integer('from_currency_id').notNull(),
    toCurrencyId: integer('to_currency_id').notNull(),
    /** USDT per unit, as decimal strings; "1" for USDT itself, which needs no tick. */
    fromPrice: text('from_price').notNull(),
    toPrice: text('to_price').notNull(),
    fromTickId: integer('from_tick_id').references(() => ticks.id),
    toTickId: integer('to_tick_id').references(() => ticks.id),
    feeBps: integer('fee_bps').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (table) => [index('conversion_quotes_expiry').on(table.expiresAt)],
);

/** One currency converted into another in a user's account, with the feed ticks that priced it; one journal entry each (ref_type conversion). */
export const conversions = sqliteTable(
  'conversions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** `quote`: the user converted at a quote; `small_balance`: part of a sweep of small balances into USDT. */
    kind: text('kind', { enum: ['quote', 'small_balance'] }).notNull(),
    quoteId: text('quote_id'),
    accountTypeId: integer('account_type_id').notNull(),
    fromCurrencyId: integer('from_currency_id').notNull(),
    toCurrencyId: integer('to_currency_id').notNull(),
    /** Minor units given, in the currency given. */
    amountIn: integer('amount_in').notNull(),
    /** Minor units received, in the currency received. */
    amountOut: integer('amount_out').notNull(),
    /** Minor units kept as the fee, in the currency received. */
    fee: integer('fee').notNull(),
    fromPrice: text('from_price').notNull(),
    toPrice: text('to_price').notNull(),
    fromTickId: integer('from_tick_id').references(() => ticks.id),
    toTickId: integer('to_tick_id').references(() => ticks.id),
    feeBps: integer('fee_bps').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('conversions_user').on(table.userId, table.id), index('conversions_user_kind').on(table.userId, table.kind, table.createdAt)],
);
