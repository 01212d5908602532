import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from '../schema.ts';

/** Account security settings, one row per user who has touched them (absent means: all off, never changed). */
export const userSecurity = sqliteTable('user_security', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id),
  /** The authenticator secret while two-factor is on; never answered again after setup. */
  totpSecret: text('totp_secret'),
  totpEnabledAt: integer('totp_enabled_at'),
  /** The last accepted time step: a code is never accepted twice. */
  totpLastStep: integer('totp_last_step'),
  /** Offered by setup, waiting for the first code that proves the app has it. */
  pendingTotpSecret: text('pending_totp_secret'),
  /** Set the first time two-factor is turned on and kept: turning it on again later is a security change. */
  totpFirstEnabledAt: integer('totp_first_enabled_at'),
  /** Shown in every email the platform sends this user, so a phishing mail without it stands out. */
  antiPhishingCode: text('anti_phishing_code'),
  /** Last change of login password, fund password, phone, email or two-factor: withdrawals wait 24 h after it. */
  securityChangedAt: integer('security_changed_at'),
});

/** One-time codes that stand in for an authenticator code; only their SHA-256 is kept. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: integer('used_at'),
    createdAt: integer('created_at').notNull(),
  },
  (table) => [index('recovery_codes_user').on(table.userId)],
);

/** The second step of a login with two-factor: short-lived, single-use, and not a session. */
export const loginChallenges = sqliteTable(
  'login_challenges',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (table) => [uniqueIndex('login_challenges_token_hash').on(table.tokenHash)],
);
