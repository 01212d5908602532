import { integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { currencies, users } from '../schema.ts';

/** Withdrawal addresses a user saved, checked for their chain's format when saved. */
export const withdrawalAddresses = sqliteTable(
  'withdrawal_addresses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    chain: text('chain').notNull(),
    name: text('name').notNull(),
    /** The address in its chain's canonical form, so the same destination typed differently is one duplicate. */
    address: text('address').notNull(),
    /** XRP destination tag ('' when none). */
    memo: text('memo').notNull().default(''),
    /** The picture of the address's QR code the user uploaded. */
    qrcode: text('qrcode').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [uniqueIndex('withdrawal_addresses_unique').on(table.userId, table.currencyId, table.chain, table.address, table.memo)],
);

/**
 * A user's bank card (domestic) and international bank card, one of each.
 * Once saved they are changed only by customer service (spec 6). The spec's
 * odd wire names are kept at the API: `wechat_account` is the cardholder's
 * address and `wechat_nickname` the SWIFT code.
 */
export const bankCards = sqliteTable(
  'bank_cards',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['domestic', 'international'] }).notNull(),
    realName: text('real_name').notNull(),
    bankName: text('bank_name').notNull(),
    bankAccount: text('bank_account').notNull(),
    /** Domestic: province and city of the bank; international: the bank's address. */
    bankAddress: text('bank_address').notNull(),
    /** Domestic only: the branch. */
    bankBranch: text('bank_branch'),
    /** Domestic only: the phone number the card is registered with. */
    phone: text('phone'),
    /** International only. */
    abaNumber: text('aba_number'),
    swiftCode: text('swift_code'),
    holderAddress: text('holder_address'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);
