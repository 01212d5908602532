import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from '../schema.ts';

/**
 * The inviter's share of one fee an invitee paid, credited from the fees
 * account in the same transaction as the fee (`platform/rebates.ts`); the
 * share page's invitee totals read it.
 */
export const referralRebates = sqliteTable(
  'referral_rebates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id),
    inviteeId: integer('invitee_id')
      .notNull()
      .references(() => users.id),
    currencyId: integer('currency_id').notNull(),
    /** Minor units of the fee the invitee paid and of the rebate credited. */
    fee: integer('fee').notNull(),
    rebate: integer('rebate').notNull(),
    /** What the fee was charged on, e.g. `spot_trade` 812. */
    refType: text('ref_type').notNull(),
    refId: text('ref_id').notNull(),
    entryId: integer('entry_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('referral_rebates_inviter').on(table.inviterId, table.inviteeId), index('referral_rebates_invitee').on(table.inviteeId)],
);
