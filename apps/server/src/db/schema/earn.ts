import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * Earn products: lock-position mining, IEO subscriptions and dual investment.
 * Products come from data/ on first start (`seed_key`) and are edited in the
 * operator console afterwards. Every order copies the terms it was placed
 * under, so an edit never changes an order already placed.
 * Times are Unix milliseconds; amounts are integers of the currency's minor
 * unit; rates are whole millionths (0.3% = 3000).
 */

const createdAt = () => integer('created_at').notNull();
const updatedAt = () => integer('updated_at').notNull();

export const lockMiningProducts = sqliteTable(
  'lock_mining_products',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The data/ entry it was seeded from; null for products created in the console. */
    seedKey: text('seed_key'),
    currencyId: integer('currency_id').notNull(),
    lockDays: integer('lock_days').notNull(),
    /** The daily yield range each day's rate is drawn from. */
    minRate: integer('min_rate').notNull(),
    maxRate: integer('max_rate').notNull(),
    minAmount: integer('min_amount').notNull(),
    /** The most one user may have locked in this product at a time. */
    maxPerUser: integer('max_per_user').notNull(),
    /** Charged per remaining day on an early redemption. */
    penaltyRate: integer('penalty_rate').notNull(),
    /** Minute of the UTC day at which dividends are paid. */
    dividendMinute: integer('dividend_minute').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('lock_mining_products_seed').on(table.seedKey)],
);

/**
 * One rate per product and UTC date, committed before the accrual day that
 * ends on that date starts: the seed stays secret until the day's dividend
 * has been paid, then it is revealed so anyone can recompute the rate.
 */
export const lockMiningRates = sqliteTable(
  'lock_mining_rates',
  {
    productId: integer('product_id').notNull(),
    /** The UTC date of the payouts this rate applies to, "2026-11-25". */
    day: text('day').notNull(),
    seed: text('seed').notNull(),
    commitment: text('commitment').notNull(),
    /** The range in force when the rate was committed (a later edit of the product does not move it). */
    minRate: integer('min_rate').notNull(),
    maxRate: integer('max_rate').notNull(),
    rate: integer('rate').notNull(),
    /** True when the commitment was made only after the accrual day had started (the server was down): such a day pays the top of the range. */
    late: integer('late', { mode: 'boolean' }).notNull().default(false),
    committedAt: integer('committed_at').notNull(),
    revealedAt: integer('revealed_at'),
  },
  (table) => [primaryKey({ columns: [table.productId, table.day] })],
);

export const LOCK_MINING_STATUSES = ['running', 'matured', 'redeemed'] as const;

export const lockMiningOrders = sqliteTable(
  'lock_mining_orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    productId: integer('product_id').notNull(),
    currencyId: integer('currency_id').notNull(),
    amount: integer('amount').notNull(),
    lockDays: integer('lock_days').notNull(),
    minRate: integer('min_rate').notNull(),
    maxRate: integer('max_rate').notNull(),
    penaltyRate: integer('penalty_rate').notNull(),
    dividendMinute: integer('dividend_minute').notNull(),
    lockedAt: integer('locked_at').notNull(),
    /** Accrual starts here; dividend k is paid at valueAt + k days. */
    valueAt: integer('value_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    daysPaid: integer('days_paid').notNull().default(0),
    yieldPaid: integer('yield_paid').notNull().default(0),
    status: text('status', { enum: LOCK_MINING_STATUSES }).notNull(),
    penalty: integer('penalty'),
    refund: integer('refund'),
    closedAt: integer('closed_at'),
  },
  (table) => [index('lock_mining_orders_user').on(table.userId, table.status, table.id), index('lock_mining_orders_running').on(table.status, table.productId)],
);

/** A paid dividend day: a row, never recomputed, and never paid twice (unique per order and day). */
export const lockMiningPayouts = sqliteTable(
  'lock_mining_payouts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id').notNull(),
    /** 1 for the first dividend of the order, up to its lock days. */
    dayNumber: integer('day_number').notNull(),
    rateDay: text('rate_day').notNull(),
    rate: integer('rate').notNull(),
    amount: integer('amount').notNull(),
    payoutAt: integer('payout_at').notNull(),
    paidAt: integer('paid_at').notNull(),
    /** The journal entry; null when the day's yield rounds down to nothing (a tiny amount). */
    entryId: integer('entry_id'),
  },
  (table) => [uniqueIndex('lock_mining_payouts_day').on(table.orderId, table.dayNumber)],
);

export interface IeoText {
  name: string;
  description: string;
}

export interface IeoPrice {
  currency_id: number;
  /** Pay currency per whole token, a decimal string. */
  price: string;
}

export const ieoProjects = sqliteTable(
  'ieo_projects',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    seedKey: text('seed_key'),
    /** The token becomes a platform currency with this id when the subscription's allocation is done. */
    tokenCurrencyId: integer('token_currency_id').notNull(),
    tokenSymbol: text('token_symbol').notNull(),
    tokenName: text('token_name').notNull(),
    tokenScale: integer('token_scale').notNull(),
    tokenIcon: text('token_icon').notNull(),
    /** Name and description per language code. */
    texts: text('texts', { mode: 'json' }).$type<Record<string, IeoText>>().notNull(),
    prices: text('prices', { mode: 'json' }).$type<IeoPrice[]>().notNull(),
    totalIssuance: integer('total_issuance').notNull(),
    /** Token minor units: the smallest commitment, and the most one subscriber can be allocated. */
    minPerUser: integer('min_per_user').notNull(),
    maxPerUser: integer('max_per_user').notNull(),
    subscribeStart: integer('subscribe_start').notNull(),
    subscribeEnd: integer('subscribe_end').notNull(),
    /** Days after the subscription's end during which allocated tokens stay frozen. */
    lockDays: integer('lock_days').notNull(),
    whitepaper: text('whitepaper').notNull().default(''),
    website: text('website').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    /** Set once every subscriber has been allocated (and the token listed). */
    allocatedAt: integer('allocated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // A token may have several projects: the demo's repeated rounds of a seeded IEO sell the same token again.
  (table) => [uniqueIndex('ieo_projects_seed').on(table.seedKey), index('ieo_projects_token').on(table.tokenCurrencyId), index('ieo_projects_symbol').on(table.tokenSymbol)],
);

export const IEO_ORDER_STATUSES = ['pending', 'allocated', 'unlocked'] as const;

export const ieoOrders = sqliteTable(
  'ieo_orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    projectId: integer('project_id').notNull(),
    userId: integer('user_id').notNull(),
    payCurrencyId: integer('pay_currency_id').notNull(),
    price: text('price').notNull(),
    /** Tokens asked for, and what they cost, held from the user until allocation. */
    committed: integer('committed').notNull(),
    held: integer('held').notNull(),
    status: text('status', { enum: IEO_ORDER_STATUSES }).notNull(),
    /** The allocation arithmetic, stored as it was computed. */
    totalCommitted: integer('total_committed'),
    /** The per-user maximum in force, and whether it (not the pro-rata share) decided the allocation. */
    cap: integer('cap'),
    capped: integer('capped', { mode: 'boolean' }),
    allocated: integer('allocated'),
    paid: integer('paid'),
    refunded: integer('refunded'),
    entryId: integer('entry_id'),
    unlocksAt: integer('unlocks_at'),
    createdAt: createdAt(),
    allocatedAt: integer('allocated_at'),
    unlockedAt: integer('unlocked_at'),
  },
  (table) => [uniqueIndex('ieo_orders_user').on(table.projectId, table.userId), index('ieo_orders_mine').on(table.userId, table.id), index('ieo_orders_status').on(table.status, table.projectId)],
);

export const DUAL_DIRECTIONS = ['call', 'put'] as const;

export const dualProducts = sqliteTable(
  'dual_products',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    seedKey: text('seed_key'),
    /** The coin (BTC, ETH); the other side is always USDT. */
    coinCurrencyId: integer('coin_currency_id').notNull(),
    direction: text('direction', { enum: DUAL_DIRECTIONS }).notNull(),
    linkedPrice: text('linked_price').notNull(),
    /** Annual rate in percent, a decimal string. */
    aprPercent: text('apr_percent').notNull(),
    days: integer('days').notNull(),
    /** 08:00 UTC on the maturity date. */
    maturityAt: integer('maturity_at').notNull(),
    /** One share, in minor units of what is invested (the coin for a call, USDT for a put). */
    shareAmount: integer('share_amount').notNull(),
    totalShares: integer('total_shares').notNull(),
    soldShares: integer('sold_shares').notNull().default(0),
    saleStart: integer('sale_start').notNull(),
    saleEnd: integer('sale_end').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('dual_products_seed').on(table.seedKey), index('dual_products_list').on(table.coinCurrencyId, table.direction)],
);

export const DUAL_ORDER_STATUSES = ['purchased', 'success', 'fail'] as const;

export const dualOrders = sqliteTable(
  'dual_orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').notNull(),
    productId: integer('product_id').notNull(),
    coinCurrencyId: integer('coin_currency_id').notNull(),
    investCurrencyId: integer('invest_currency_id').notNull(),
    direction: text('direction', { enum: DUAL_DIRECTIONS }).notNull(),
    linkedPrice: text('linked_price').notNull(),
    aprPercent: text('apr_percent').notNull(),
    days: integer('days').notNull(),
    maturityAt: integer('maturity_at').notNull(),
    shares: integer('shares').notNull(),
    invested: integer('invested').notNull(),
    /** "Settling" is shown while a purchased order's maturity has passed and its tick is awaited. */
    status: text('status', { enum: DUAL_ORDER_STATUSES }).notNull(),
    /** The feed tick that decided it: the first at or after 08:00 UTC on the maturity date. */
    tickId: integer('tick_id'),
    tickTime: integer('tick_time'),
    settlementPrice: text('settlement_price'),
    converted: integer('converted', { mode: 'boolean' }),
    payoutCurrencyId: integer('payout_currency_id'),
    payout: integer('payout'),
    interest: integer('interest'),
    entryId: integer('entry_id'),
    createdAt: createdAt(),
    settledAt: integer('settled_at'),
  },
  (table) => [index('dual_orders_user').on(table.userId, table.status, table.id), index('dual_orders_due').on(table.status, table.maturityAt)],
);
