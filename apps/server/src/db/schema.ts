import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Times are Unix milliseconds; amounts are integers of the currency's minor unit (see packages/core money.ts). */
const createdAt = () => integer('created_at').notNull();

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email'),
    phone: text('phone'),
    areaCode: text('area_code'),
    passwordHash: text('password_hash').notNull(),
    payPasswordHash: text('pay_password_hash'),
    nickname: text('nickname').notNull(),
    signature: text('signature').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    inviteCode: text('invite_code').notNull(),
    inviterId: integer('inviter_id'),
    creditScore: integer('credit_score').notNull().default(100),
    verificationLevel: integer('verification_level').notNull().default(0),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: integer('locked_until'),
    passwordChangedAt: integer('password_changed_at'),
    /** Set by an operator: the user can log in and look, but not trade, transfer or withdraw; the reason is shown to them. */
    frozenAt: integer('frozen_at'),
    frozenReason: text('frozen_reason'),
    /** The language the user last used the app in (registration, login, the language setting): mails are written in it. Null until known. */
    lang: text('lang'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('users_email').on(table.email),
    uniqueIndex('users_phone').on(table.phone),
    uniqueIndex('users_invite_code').on(table.inviteCode),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: integer('expires_at').notNull(),
    revokedAt: integer('revoked_at'),
    ip: text('ip').notNull().default(''),
    /** The browser or device the session was opened from, as its User-Agent said. */
    userAgent: text('user_agent').notNull().default(''),
    /** When the session was last used, written at most once a minute (see platform/auth.ts). */
    lastSeenAt: integer('last_seen_at'),
  },
  (table) => [uniqueIndex('sessions_token_hash').on(table.tokenHash), index('sessions_user').on(table.userId)],
);

/**
 * One row (id 1) counting the changes that can end or narrow a session: a
 * session revoked, expired early or deleted; a user frozen, unfrozen,
 * (re)verified or deleted. Triggers (migration 0019) raise it on those
 * writes, whichever code or process makes them, so the session cache of
 * platform/auth.ts can trust an entry only while the count is unchanged.
 */
export const authEpoch = sqliteTable('auth_epoch', {
  id: integer('id').primaryKey(),
  epoch: integer('epoch').notNull(),
});

/** Every login attempt on an existing account, successful or not: the user's login history and the operators' view of it. */
export const loginEvents = sqliteTable(
  'login_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    success: integer('success', { mode: 'boolean' }).notNull(),
    /** Why a failed attempt failed (wrong password, wrong second factor, locked), empty on success. */
    failure: text('failure').notNull().default(''),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [index('login_events_user').on(table.userId, table.id)],
);

export const verificationCodes = sqliteTable(
  'verification_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    address: text('address').notNull(),
    scene: text('scene').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: integer('expires_at').notNull(),
    consumedAt: integer('consumed_at'),
    ip: text('ip').notNull().default(''),
  },
  (table) => [index('verification_codes_address').on(table.address, table.scene, table.createdAt)],
);

export const outboxMessages = sqliteTable(
  'outbox_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    code: text('code'),
    createdAt: createdAt(),
  },
  (table) => [index('outbox_messages_to').on(table.toAddress, table.id)],
);

export const uploads = sqliteTable(
  'uploads',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    directory: text('directory').notNull(),
    fileName: text('file_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('uploads_file').on(table.directory, table.fileName), index('uploads_user').on(table.userId)],
);

export const identityVerifications = sqliteTable(
  'identity_verifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    level: integer('level').notNull(),
    idType: integer('id_type'),
    name: text('name'),
    cardId: text('card_id'),
    frontPic: text('front_pic').notNull(),
    reversePic: text('reverse_pic'),
    status: text('status', { enum: ['review', 'verified', 'failed'] }).notNull(),
    reason: text('reason'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: integer('reviewed_at'),
    createdAt: createdAt(),
  },
  (table) => [index('identity_verifications_user').on(table.userId, table.level), index('identity_verifications_status').on(table.status)],
);

export const currencies = sqliteTable('currencies', {
  id: integer('id').primaryKey(),
  symbol: text('symbol').notNull().unique(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['crypto', 'stock'] }).notNull(),
  scale: integer('scale').notNull(),
  displayDecimals: integer('display_decimals').notNull(),
  chains: text('chains', { mode: 'json' }).$type<string[]>().notNull(),
  icon: text('icon').notNull(),
  referencePrice: text('reference_price').notNull(),
  sort: integer('sort').notNull(),
  enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
});

export const accountTypes = sqliteTable('account_types', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  currencySymbols: text('currency_symbols', { mode: 'json' }).$type<string[]>().notNull(),
  sort: integer('sort').notNull(),
});

export const fiatRates = sqliteTable('fiat_rates', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
  rate: text('rate').notNull(),
  sort: integer('sort').notNull(),
});

/** One row (id 1): how far the demo clock (CLOCK_CONTROL=1) was moved on this data dir; see platform/dev-clock.ts. */
export const devClockOffset = sqliteTable('dev_clock', {
  id: integer('id').primaryKey(),
  offsetMs: integer('offset_ms').notNull(),
});

export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * One row per balance holder: a user's (currency, account type) or a system
 * account's currency. `available` and `frozen` are caches of the postings and
 * the ledger check proves they match.
 */
export const ledgerAccounts = sqliteTable(
  'ledger_accounts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id),
    systemCode: text('system_code'),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    accountTypeId: integer('account_type_id').notNull(),
    available: integer('available').notNull().default(0),
    frozen: integer('frozen').notNull().default(0),
    allowNegative: integer('allow_negative', { mode: 'boolean' }).notNull().default(false),
  },
  (table) => [
    uniqueIndex('ledger_accounts_user').on(table.userId, table.currencyId, table.accountTypeId).where(sql`user_id IS NOT NULL`),
    uniqueIndex('ledger_accounts_system').on(table.systemCode, table.currencyId).where(sql`system_code IS NOT NULL`),
  ],
);

export const journalEntries = sqliteTable(
  'journal_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    type: text('type').notNull(),
    refType: text('ref_type').notNull(),
    refId: text('ref_id').notNull(),
    memo: text('memo').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('journal_entries_ref').on(table.refType, table.refId)],
);

export const postings = sqliteTable(
  'postings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    currencyId: integer('currency_id').notNull(),
    bucket: text('bucket', { enum: ['available', 'frozen'] }).notNull(),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
  },
  (table) => [index('postings_account').on(table.accountId, table.id), index('postings_entry').on(table.entryId)],
);

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Who, as text: an operator's email in the console, `<user>@ops` from the CLI, `seed`. */
    actor: text('actor').notNull(),
    /** The console operator (operators.id), null for the CLI and the seed. */
    operatorId: integer('operator_id'),
    /** The address the console request came from, null outside the console. */
    ip: text('ip'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: text('before', { mode: 'json' }),
    after: text('after', { mode: 'json' }),
    createdAt: createdAt(),
  },
  (table) => [index('audit_log_target').on(table.targetType, table.targetId), index('audit_log_operator').on(table.operatorId, table.id)],
);

export const newsArticles = sqliteTable(
  'news_articles',
  {
    id: integer('id').primaryKey(),
    categoryId: integer('category_id').notNull(),
    image: text('image').notNull().default(''),
    link: text('link').notNull().default(''),
    popup: integer('popup', { mode: 'boolean' }).notNull().default(false),
    sort: integer('sort').notNull().default(0),
    publishedAt: integer('published_at').notNull(),
  },
  (table) => [index('news_articles_category').on(table.categoryId, table.sort)],
);

export const newsTranslations = sqliteTable(
  'news_translations',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => newsArticles.id),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
  },
  (table) => [primaryKey({ columns: [table.articleId, table.lang] })],
);

export const contentPages = sqliteTable(
  'content_pages',
  {
    slug: text('slug').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
  },
  (table) => [primaryKey({ columns: [table.slug, table.lang] })],
);

export const faqs = sqliteTable(
  'faqs',
  {
    id: integer('id').notNull(),
    lang: text('lang').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    sort: integer('sort').notNull(),
  },
  (table) => [primaryKey({ columns: [table.id, table.lang] })],
);

/** Every price the platform used, with its time: settlements point at these rows. */
export const ticks = sqliteTable(
  'ticks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    symbol: text('symbol').notNull(),
    priceTicks: integer('price_ticks').notNull(),
    volumeLots: integer('volume_lots').notNull(),
    time: integer('time').notNull(),
    source: text('source', { enum: ['simulator', 'replay', 'live'] }).notNull(),
  },
  (table) => [index('ticks_symbol_time').on(table.symbol, table.time)],
);

/** OHLCV per instrument and period; `start` is the bucket start in Unix seconds, prices in ticks, volume in lots. */
export const candles = sqliteTable(
  'candles',
  {
    symbol: text('symbol').notNull(),
    period: text('period').notNull(),
    start: integer('start').notNull(),
    open: integer('open').notNull(),
    high: integer('high').notNull(),
    low: integer('low').notNull(),
    close: integer('close').notNull(),
    volume: integer('volume').notNull(),
  },
  (table) => [primaryKey({ columns: [table.symbol, table.period, table.start] })],
);

export const spotOrders = sqliteTable(
  'spot_orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    side: text('side', { enum: ['buy', 'sell'] }).notNull(),
    type: text('type', { enum: ['limit', 'market'] }).notNull(),
    timeInForce: text('time_in_force', { enum: ['GTC', 'IOC', 'FOK'] }).notNull(),
    /** The limit price, or for a market order the protection price it may not cross. */
    priceTicks: integer('price_ticks').notNull(),
    qtyLots: integer('qty_lots').notNull(),
    filledLots: integer('filled_lots').notNull().default(0),
    /** Sum of fill notionals, quote minor units. */
    filledQuote: integer('filled_quote').notNull().default(0),
    fee: integer('fee').notNull().default(0),
    accountTypeId: integer('account_type_id').notNull(),
    holdCurrencyId: integer('hold_currency_id').notNull(),
    /** What is still frozen for this order, in the hold currency's minor units. */
    holdRemaining: integer('hold_remaining').notNull(),
    status: text('status', { enum: ['open', 'filled', 'cancelled'] }).notNull(),
    cancelReason: text('cancel_reason'),
    /** Engine time priority, so books rebuild in the same order after a restart. */
    sequence: integer('sequence').notNull().default(0),
    /** The feed tick current when the order was accepted. */
    referenceTickId: integer('reference_tick_id'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at').notNull(),
  },
  (table) => [index('spot_orders_user').on(table.userId, table.status, table.id), index('spot_orders_open').on(table.symbol, table.status)],
);

export const spotTrades = sqliteTable(
  'spot_trades',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    symbol: text('symbol').notNull(),
    makerOrderId: integer('maker_order_id').notNull(),
    takerOrderId: integer('taker_order_id').notNull(),
    makerUserId: integer('maker_user_id').notNull(),
    takerUserId: integer('taker_user_id').notNull(),
    takerSide: text('taker_side', { enum: ['buy', 'sell'] }).notNull(),
    priceTicks: integer('price_ticks').notNull(),
    qtyLots: integer('qty_lots').notNull(),
    notional: integer('notional').notNull(),
    makerFee: integer('maker_fee').notNull(),
    takerFee: integer('taker_fee').notNull(),
    /** The latest feed tick when the fill settled: what "the market" was at that moment. */
    referenceTickId: integer('reference_tick_id'),
    createdAt: createdAt(),
  },
  (table) => [index('spot_trades_symbol').on(table.symbol, table.id), index('spot_trades_maker').on(table.makerOrderId), index('spot_trades_taker').on(table.takerOrderId)],
);

export const watchlist = sqliteTable(
  'watchlist',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.symbol] })],
);

export const recentViews = sqliteTable(
  'recent_views',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    symbol: text('symbol').notNull(),
    viewedAt: integer('viewed_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.symbol] })],
);

export * from './schema/security.ts';
export * from './schema/console.ts';
export * from './schema/deposits.ts';
export * from './schema/withdrawals.ts';
export * from './schema/payout-methods.ts';
export * from './schema/transfers.ts';
export * from './schema/earn.ts';
export * from './schema/options.ts';
export * from './schema/idempotency.ts';
export * from './schema/conditional-orders.ts';
export * from './schema/support.ts';
export * from './schema/futures.ts';
export * from './schema/notifications.ts';
export * from './schema/referrals.ts';
export * from './schema/nft.ts';
export * from './schema/copy-trading.ts';
export * from './schema/coupons.ts';
