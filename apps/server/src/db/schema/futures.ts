import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Futures (lever contracts): one row per order, from the entrust through the
 * open position to its close. Prices are integer feed ticks of the
 * instrument, amounts USDT minor units. Every open and close names the feed
 * tick it used; `terms` copies the instrument's contract terms at submission
 * (core `FuturesTerms`), so a later edit of data/futures.json never changes a
 * position already placed.
 */
export const futuresOrders = sqliteTable(
  'futures_orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['long', 'short'] }).notNull(),
    orderType: text('order_type', { enum: ['market', 'limit'] }).notNull(),
    multiple: integer('multiple').notNull(),
    lots: integer('lots').notNull(),
    terms: text('terms', { mode: 'json' }).notNull(),
    status: text('status', { enum: ['entrusted', 'holding', 'closed', 'cancelled'] }).notNull(),
    /** A limit entrust's limit price. */
    limitPriceTicks: integer('limit_price_ticks'),
    /** What an entrust holds in the frozen bucket until it opens or is cancelled (margin + fee at the limit). */
    entrustHold: integer('entrust_hold').notNull().default(0),
    takeProfitTicks: integer('take_profit_ticks'),
    stopLossTicks: integer('stop_loss_ticks'),
    openPriceTicks: integer('open_price_ticks'),
    openTickId: integer('open_tick_id'),
    /** The latest feed tick when the order was placed: after a restart, a replayed tick older than this never fires the order's levels. */
    createdTickId: integer('created_tick_id'),
    openFee: integer('open_fee').notNull().default(0),
    /** The margin held now: initial + added − overnight fees. */
    margin: integer('margin').notNull().default(0),
    overnightFees: integer('overnight_fees').notNull().default(0),
    /** The last UTC date ("2026-11-24") whose overnight fee was charged. */
    overnightPaidDay: text('overnight_paid_day'),
    openedAt: integer('opened_at'),
    closeReason: text('close_reason', { enum: ['manual', 'batch', 'take_profit', 'stop_loss', 'liquidation', 'expiry'] }),
    closeTickId: integer('close_tick_id'),
    closeFeedTicks: integer('close_feed_ticks'),
    closeTickTime: integer('close_tick_time'),
    closePriceTicks: integer('close_price_ticks'),
    pnl: integer('pnl'),
    closeFee: integer('close_fee'),
    payout: integer('payout'),
    /** What the house absorbed beyond the margin (a gap past the liquidation price). */
    deficit: integer('deficit'),
    closedAt: integer('closed_at'),
    cancelledAt: integer('cancelled_at'),
    createdAt: integer('created_at').notNull(),
    /** Where the margin came from: the user's lever account, or `rewards` for a coupon's position voucher (`coupon_id`), closed at the first tick at or after `voucher_expires_at`. */
    marginSource: text('margin_source', { enum: ['user', 'rewards'] }).notNull().default('user'),
    couponId: integer('coupon_id'),
    voucherExpiresAt: integer('voucher_expires_at'),
  },
  (table) => [index('futures_orders_user').on(table.userId, table.status, table.id), index('futures_orders_status').on(table.status, table.symbol)],
);

/**
 * The risk engine's progress per instrument: every stored tick up to
 * `tick_id` has been processed. Written in the transaction of a tick's work
 * (and periodically for ticks that crossed nothing), so after a restart the
 * engine replays exactly the stored ticks after it.
 */
export const futuresTickCursors = sqliteTable('futures_tick_cursors', {
  symbol: text('symbol').primaryKey(),
  tickId: integer('tick_id').notNull(),
});
