import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { currencies, users } from '../schema.ts';

/**
 * A user's deposit address on a chain: derived from the chain's account xpub
 * at m/0/<user id> (the key that derived it is `key_id`, so a rotated key
 * gives a new address while the old one is still watched), or for XRP the
 * platform's address with the user's destination tag.
 */
export const depositAddresses = sqliteTable(
  'deposit_addresses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    /** XRP's destination tag; null on chains where the address alone names the user. */
    tag: integer('tag'),
    /** Which account key (or platform address) it came from: a short hash, never the key itself. */
    keyId: text('key_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('deposit_addresses_user_key').on(table.userId, table.chain, table.keyId),
    uniqueIndex('deposit_addresses_address').on(table.chain, table.address, table.tag),
  ],
);

export type DepositStatus = 'confirming' | 'credited' | 'below_minimum' | 'review' | 'rejected';

/**
 * Money coming in: a transfer seen on a chain (confirmations grow until the
 * chain's threshold, then it is credited once, keyed on txid and output), or
 * a payment voucher an operator approves or rejects.
 */
export const deposits = sqliteTable(
  'deposits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    /** The account the money lands in (spot). */
    accountTypeId: integer('account_type_id').notNull(),
    route: text('route', { enum: ['chain', 'voucher'] }).notNull(),
    /** The chain a transfer came on; for a voucher, the chain the user says they paid on (null for a bank transfer). */
    chain: text('chain'),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['confirming', 'credited', 'below_minimum', 'review', 'rejected'] }).$type<DepositStatus>().notNull(),
    txid: text('txid'),
    /** The output (UTXO chains) or log index (token transfers) within the transaction. */
    outputIndex: integer('output_index'),
    address: text('address'),
    tag: integer('tag'),
    confirmations: integer('confirmations').notNull().default(0),
    requiredConfirmations: integer('required_confirmations').notNull().default(0),
    /** The payment voucher picture (an upload of the user's). */
    voucher: text('voucher'),
    /** Where the user paid from, as they typed it (bank account, sending address). */
    payerAccount: text('payer_account'),
    /** 0 a crypto transfer, 1 a bank transfer. */
    voucherType: integer('voucher_type'),
    reason: text('reason'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: integer('reviewed_at'),
    creditedAt: integer('credited_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [
    uniqueIndex('deposits_chain_output').on(table.chain, table.txid, table.outputIndex).where(sql`route = 'chain'`),
    index('deposits_user').on(table.userId, table.id),
    index('deposits_status').on(table.status),
  ],
);

/**
 * The demo chain: transfers `pnpm ops chain send` broadcasts. A transfer
 * gains one confirmation per simulated block, so a deposit is seen
 * confirming and then credited, as on a real chain.
 */
export const simulatedChainTransfers = sqliteTable(
  'simulated_chain_transfers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    chain: text('chain').notNull(),
    txid: text('txid').notNull(),
    outputIndex: integer('output_index').notNull(),
    address: text('address').notNull(),
    tag: integer('tag'),
    currencyId: integer('currency_id').notNull(),
    amount: integer('amount').notNull(),
    broadcastAt: integer('broadcast_at').notNull(),
  },
  (table) => [uniqueIndex('simulated_chain_transfers_output').on(table.chain, table.txid, table.outputIndex), index('simulated_chain_transfers_chain').on(table.chain, table.id)],
);
