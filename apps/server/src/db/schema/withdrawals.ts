import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { currencies, ticks, users } from '../schema.ts';

export type WithdrawalStatus = 'review' | 'paid' | 'rejected';
export type WithdrawalRoute = 'address' | 'bank' | 'bank_international';

/**
 * Money going out: frozen on request (amount plus fee), paid by an operator
 * (moved to withdrawal clearing with the payout's transaction reference) or
 * rejected (unfrozen). The destination is copied at request time, so later
 * edits of saved addresses or cards never change where a request pays.
 */
export const withdrawals = sqliteTable(
  'withdrawals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    accountTypeId: integer('account_type_id').notNull(),
    route: text('route', { enum: ['address', 'bank', 'bank_international'] }).$type<WithdrawalRoute>().notNull(),
    /** The chain for an address payout; null for bank payouts. */
    chain: text('chain'),
    /** The address, or the card's account number. */
    destination: text('destination').notNull(),
    /** XRP destination tag or memo, when the chain takes one. */
    memo: text('memo'),
    /** Everything the operator needs to pay a card (holder, bank, branch, SWIFT...), as the user saved it. */
    payee: text('payee', { mode: 'json' }).$type<Record<string, string>>(),
    /** What the user receives; the fee is taken on top. */
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull(),
    /** The amount's BTC equivalent at request time (satoshis), counted against the 24-hour limit. */
    btcValue: integer('btc_value').notNull(),
    /** The feed ticks that valued it: the currency's USDT price and BTC's (null where the price is 1 by definition). */
    priceTickId: integer('price_tick_id').references(() => ticks.id),
    btcTickId: integer('btc_tick_id').references(() => ticks.id),
    status: text('status', { enum: ['review', 'paid', 'rejected'] }).$type<WithdrawalStatus>().notNull(),
    /** The payout's transaction hash or bank reference, entered by the operator who paid it. */
    txRef: text('tx_ref'),
    reason: text('reason'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: integer('reviewed_at'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('withdrawals_user').on(table.userId, table.createdAt), index('withdrawals_status').on(table.status)],
);
