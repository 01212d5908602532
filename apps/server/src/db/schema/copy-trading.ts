import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Copy trading: traders (approved applications), followers' follows with
 * their history, one link per copied futures order (the trader's order and
 * tick it mirrors), the copies that could not be opened and why, and the
 * hourly statistics per trader. Share rates are basis points (0.10 = 1000),
 * numbers hundredths (1.50 = 150; fixed lots 3 = 300), amounts USDT minor units.
 */
export const copyTraderApplications = sqliteTable(
  'copy_trader_applications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    nickname: text('nickname').notNull(),
    introduction: text('introduction').notNull(),
    shareBps: integer('share_bps').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    reason: text('reason'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: integer('reviewed_at'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('copy_trader_applications_user').on(table.userId, table.id), index('copy_trader_applications_status').on(table.status, table.id)],
);

export const copyTraders = sqliteTable('copy_traders', {
  userId: integer('user_id').primaryKey(),
  applicationId: integer('application_id').notNull(),
  nickname: text('nickname').notNull(),
  introduction: text('introduction').notNull(),
  /** The rule the trader trades by, shown on the profile (the demo traders' published rule). */
  strategy: text('strategy').notNull().default(''),
  shareBps: integer('share_bps').notNull(),
  maxFollowers: integer('max_followers').notNull(),
  approvedAt: integer('approved_at').notNull(),
});

export const copyAgreements = sqliteTable('copy_agreements', {
  userId: integer('user_id').primaryKey(),
  agreedAt: integer('agreed_at').notNull(),
});

export const copyFollows = sqliteTable(
  'copy_follows',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    followerId: integer('follower_id').notNull(),
    traderId: integer('trader_id').notNull(),
    /** 1 fixed multiple of the trader's lots, 2 fixed lots. */
    type: integer('type').notNull(),
    numberHundredths: integer('number_hundredths').notNull(),
    status: text('status', { enum: ['following', 'cancelled'] }).notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [uniqueIndex('copy_follows_pair').on(table.followerId, table.traderId), index('copy_follows_trader').on(table.traderId, table.status)],
);

export const copyFollowHistory = sqliteTable(
  'copy_follow_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    followId: integer('follow_id').notNull(),
    action: text('action', { enum: ['following', 'edited', 'cancelled'] }).notNull(),
    type: integer('type').notNull(),
    numberHundredths: integer('number_hundredths').notNull(),
    at: integer('at').notNull(),
  },
  (table) => [index('copy_follow_history_follow').on(table.followId, table.id)],
);

/** One row per copied futures order: which trader order and tick it mirrors, whether the trader still closes it, its profit share. */
export const copyPositions = sqliteTable(
  'copy_positions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    followerOrderId: integer('follower_order_id').notNull(),
    traderOrderId: integer('trader_order_id').notNull(),
    followId: integer('follow_id').notNull(),
    followerId: integer('follower_id').notNull(),
    traderId: integer('trader_id').notNull(),
    openTickId: integer('open_tick_id').notNull(),
    shareBps: integer('share_bps').notNull(),
    /** False after self-holding or a cancelled follow: the trader's close no longer touches it. */
    linked: integer('linked', { mode: 'boolean' }).notNull().default(true),
    unlinkedAt: integer('unlinked_at'),
    /** Set when the follower's position closed: its P&L and the share paid to the trader (0 on a loss). */
    closed: integer('closed', { mode: 'boolean' }).notNull().default(false),
    pnl: integer('pnl'),
    profitShare: integer('profit_share').notNull().default(0),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [
    uniqueIndex('copy_positions_follower_order').on(table.followerOrderId),
    index('copy_positions_trader_order').on(table.traderOrderId, table.linked),
    index('copy_positions_follower').on(table.followerId, table.closed, table.id),
    index('copy_positions_trader').on(table.traderId, table.closed),
  ],
);

/** A trader's open that a follower did not get, with the reason (an i18n key) the follower reads. */
export const copySkips = sqliteTable(
  'copy_skips',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    followId: integer('follow_id').notNull(),
    followerId: integer('follower_id').notNull(),
    traderId: integer('trader_id').notNull(),
    traderOrderId: integer('trader_order_id').notNull(),
    symbol: text('symbol').notNull(),
    reasonKey: text('reason_key').notNull(),
    reasonParams: text('reason_params', { mode: 'json' }).$type<Record<string, string | number>>().notNull(),
    at: integer('at').notNull(),
  },
  (table) => [index('copy_skips_follower').on(table.followerId, table.id)],
);

/** The hourly statistics of a trader (spec 9), recomputed from the closed positions and the ledger. */
export const copyTraderStats = sqliteTable('copy_trader_stats', {
  traderId: integer('trader_id').primaryKey(),
  followerCount: integer('follower_count').notNull(),
  closedOrders: integer('closed_orders').notNull(),
  profitableOrders: integer('profitable_orders').notNull(),
  accuracyBps: integer('accuracy_bps').notNull(),
  totalProfit: integer('total_profit').notNull(),
  followAmount: integer('follow_amount').notNull(),
  followerEarnings: integer('follower_earnings').notNull(),
  sharesReceived: integer('shares_received').notNull(),
  /** 30 UTC days, oldest first: [{ day: "2026-11-01", profit: minor units }]. */
  curve: text('curve', { mode: 'json' }).$type<{ day: string; profit: number }[]>().notNull(),
  computedAt: integer('computed_at').notNull(),
});
