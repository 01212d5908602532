import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The coupon centre (issue 15 §4). A coupon is a trading-fee coupon (fees
 * refunded up to its face value while valid) or a futures position voucher
 * (one position with the face value as margin). Amounts are minor units of
 * `currency_id` (USDT), times Unix milliseconds.
 */

/** What a new-user task or an operator grants: the console issues from one, the tasks each name one. */
export const couponTemplates = sqliteTable('coupon_templates', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** `task.verify`, `task.first_deposit`, `task.first_trade`, or `admin.<kind>` for the console's issues. */
  key: text('key').notNull().unique(),
  kind: text('kind', { enum: ['fee', 'voucher'] }).notNull(),
  currencyId: integer('currency_id').notNull(),
  faceValue: integer('face_value').notNull(),
  validDays: integer('valid_days').notNull(),
  createdAt: integer('created_at').notNull(),
});

export const userCoupons = sqliteTable(
  'user_coupons',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    templateId: integer('template_id').notNull(),
    kind: text('kind', { enum: ['fee', 'voucher'] }).notNull(),
    currencyId: integer('currency_id').notNull(),
    faceValue: integer('face_value').notNull(),
    /** A fee coupon's value not yet refunded; a voucher keeps its face value. */
    remaining: integer('remaining').notNull(),
    validFrom: integer('valid_from').notNull(),
    validUntil: integer('valid_until').notNull(),
    /** Stored state; `available` past `valid_until` reads as expired until the expiry job records it. `revoked`: withdrawn by an operator unused. */
    status: text('status', { enum: ['available', 'used', 'expired', 'revoked'] }).notNull(),
    source: text('source', { enum: ['task', 'admin'] }).notNull(),
    /** The task that granted it, or the operator who issued it. */
    task: text('task'),
    issuedBy: text('issued_by'),
    /** Fee refunds made (a fee coupon) or 1 once a voucher opened its position. */
    uses: integer('uses').notNull().default(0),
    usedAt: integer('used_at'),
    /** The position a voucher opened. */
    futuresOrderId: integer('futures_order_id'),
    /** When the expiry or the spending was announced on the bus (`coupon.expired`, `coupon.used` of a fee coupon). */
    announcedAt: integer('announced_at'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('user_coupons_user').on(table.userId, table.status, table.kind), index('user_coupons_status').on(table.status, table.validUntil)],
);

/** Every fee refund a coupon made: the journal entry, the fee it refunded. */
export const couponUses = sqliteTable(
  'coupon_uses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    couponId: integer('coupon_id').notNull(),
    userId: integer('user_id').notNull(),
    fee: integer('fee').notNull(),
    refund: integer('refund').notNull(),
    refType: text('ref_type').notNull(),
    refId: text('ref_id').notNull(),
    entryId: integer('entry_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('coupon_uses_coupon').on(table.couponId)],
);

/** The new-user tasks: done when the event arrived, claimed when the user took the coupon. */
export const couponTasks = sqliteTable(
  'coupon_tasks',
  {
    userId: integer('user_id').notNull(),
    task: text('task', { enum: ['verify', 'first_deposit', 'first_trade'] }).notNull(),
    doneAt: integer('done_at').notNull(),
    claimedAt: integer('claimed_at'),
    couponId: integer('coupon_id'),
  },
  (table) => [primaryKey({ columns: [table.userId, table.task] })],
);
