import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * The operator console's tables. Operators are not users: they have their own
 * accounts, sessions and sign-in record, and never hold a balance.
 * Times are Unix milliseconds.
 */

export const OPERATOR_ROLES = ['admin', 'reviewer', 'support', 'viewer'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const operators = sqliteTable(
  'operators',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    role: text('role', { enum: OPERATOR_ROLES }).notNull(),
    /** Null until the operator has finished setup through the one-time link. */
    passwordHash: text('password_hash'),
    totpSecret: text('totp_secret'),
    /** The last accepted authenticator time step: a code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    /** SHA-256 of the one-time setup link's token, while setup is open. */
    setupTokenHash: text('setup_token_hash'),
    setupExpiresAt: integer('setup_expires_at'),
    /** The secret shown as a QR code during setup; it becomes `totpSecret` once the operator proves they scanned it. */
    pendingTotpSecret: text('pending_totp_secret'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: integer('locked_until'),
    disabledAt: integer('disabled_at'),
    lastLoginAt: integer('last_login_at'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [uniqueIndex('operators_email').on(table.email), uniqueIndex('operators_setup_token').on(table.setupTokenHash)],
);

export const operatorSessions = sqliteTable(
  'operator_sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: integer('created_at').notNull(),
    /** Every authenticated request moves it; a session idle for 30 minutes ends. */
    lastSeenAt: integer('last_seen_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    revokedAt: integer('revoked_at'),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
  },
  (table) => [uniqueIndex('operator_sessions_token').on(table.tokenHash), index('operator_sessions_operator').on(table.operatorId)],
);

/** Every console sign-in attempt, successful or not, including those naming no operator. */
export const operatorLogins = sqliteTable(
  'operator_logins',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    operatorId: integer('operator_id').references(() => operators.id),
    email: text('email').notNull(),
    success: integer('success', { mode: 'boolean' }).notNull(),
    /** Why an attempt failed (unknown, password, code, locked, setup, disabled), empty on success. */
    failure: text('failure').notNull().default(''),
    ip: text('ip').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('operator_logins_operator').on(table.operatorId, table.id)],
);

/** Results of the ledger check, run on a schedule and on an operator's demand; the dashboard shows the latest. */
export const ledgerChecks = sqliteTable('ledger_checks', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  ok: integer('ok', { mode: 'boolean' }).notNull(),
  entries: integer('entries').notNull(),
  postings: integer('postings').notNull(),
  accounts: integer('accounts').notNull(),
  violations: text('violations', { mode: 'json' }).$type<unknown[]>().notNull(),
  durationMs: integer('duration_ms').notNull(),
  /** Null when the schedule ran it. */
  operatorId: integer('operator_id').references(() => operators.id),
  createdAt: integer('created_at').notNull(),
});

export const CONTENT_KINDS = ['article', 'faq', 'page'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/**
 * Content the console owns: an item edited, created or taken down by an
 * operator. Start-up seeding from data/ leaves these items alone, so console
 * edits survive a restart. `draft` is the unpublished version, if any.
 */
export const consoleContent = sqliteTable(
  'console_content',
  {
    kind: text('kind', { enum: CONTENT_KINDS }).notNull(),
    key: text('key').notNull(),
    draft: text('draft', { mode: 'json' }),
    draftUpdatedAt: integer('draft_updated_at'),
    draftUpdatedBy: integer('draft_updated_by').references(() => operators.id),
    /** Whether the item is on the site now (it may be owned and taken down). */
    live: integer('live', { mode: 'boolean' }).notNull(),
    publishedAt: integer('published_at'),
    publishedBy: integer('published_by').references(() => operators.id),
  },
  (table) => [primaryKey({ columns: [table.kind, table.key] })],
);
