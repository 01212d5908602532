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

/**
 * Where each account was opened from (the invite-farm guard,
 * `platform/registration-guard.ts`): the address and a hash of the device
 * token the app sent (the same token the support chat knows a visitor by).
 */
export const userRegistrations = sqliteTable(
  'user_registrations',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id),
    ip: text('ip').notNull(),
    /** sha256 of the device token, null when the client sent none. */
    deviceHash: text('device_hash'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('user_registrations_ip').on(table.ip, table.createdAt), index('user_registrations_device').on(table.deviceHash)],
);

/** A rebate that was not paid because inviter and invitee look like one person (same sign-up address or device). */
export const withheldRebates = sqliteTable(
  'withheld_rebates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    inviterId: integer('inviter_id').notNull(),
    inviteeId: integer('invitee_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    fee: integer('fee').notNull(),
    /** What would have been paid. */
    rebate: integer('rebate').notNull(),
    reason: text('reason', { enum: ['shared_ip', 'shared_device'] }).notNull(),
    refType: text('ref_type').notNull(),
    refId: text('ref_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('withheld_rebates_inviter').on(table.inviterId)],
);
