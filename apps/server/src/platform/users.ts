import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@openbourse/i18n';
import { eq, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { randomInt } from 'node:crypto';
import { newInviteCode } from './tokens.ts';

export type UserRow = typeof users.$inferSelect;

export interface NewUser {
  email?: string | null;
  phone?: string | null;
  areaCode?: string | null;
  passwordHash: string;
  inviterId?: number | null;
  /** The language the user signed up in. */
  lang?: Language;
}

/** The account string a user logs in with: an email (case-insensitive) or a phone number. */
export function normalizeAccount(userString: string): { email: string } | { phone: string } {
  const trimmed = userString.trim();
  return trimmed.includes('@') ? { email: trimmed.toLowerCase() } : { phone: trimmed };
}

export function findUserByAccount(db: Db, userString: string): UserRow | undefined {
  const account = normalizeAccount(userString);
  return db
    .select()
    .from(users)
    .where('email' in account ? eq(users.email, account.email) : eq(users.phone, account.phone))
    .get();
}

export function findUserById(db: Db, id: number): UserRow | undefined {
  return db.select().from(users).where(eq(users.id, id)).get();
}

export function isAccountTaken(db: Db, account: { email?: string | null; phone?: string | null }): boolean {
  const conditions = [account.email ? eq(users.email, account.email) : undefined, account.phone ? eq(users.phone, account.phone) : undefined].filter(
    (condition) => condition !== undefined,
  );
  if (conditions.length === 0) return false;
  return db.select({ id: users.id }).from(users).where(or(...conditions)).get() !== undefined;
}

function defaultNickname(user: NewUser): string {
  const source = user.email ? user.email.split('@')[0] ?? 'user' : (user.phone ?? '').slice(-4);
  const letters = source.replace(/[^A-Za-z0-9]/g, '').slice(0, 6) || 'user';
  return `${letters}${randomInt(1000, 10_000)}`.slice(0, 10);
}

/** Inserts a user with a fresh unique invite code; call inside a transaction. */
export function insertUser(db: Db, user: NewUser, now: number): UserRow {
  for (;;) {
    const inviteCode = newInviteCode();
    if (db.select({ id: users.id }).from(users).where(eq(users.inviteCode, inviteCode)).get()) continue;
    return db
      .insert(users)
      .values({
        email: user.email ?? null,
        phone: user.phone ?? null,
        areaCode: user.areaCode ?? null,
        passwordHash: user.passwordHash,
        inviterId: user.inviterId ?? null,
        lang: user.lang ?? null,
        nickname: defaultNickname(user),
        inviteCode,
        createdAt: now,
      })
      .returning()
      .get();
  }
}

/** The language to write to a user in (mails): the one they last used the app in, else the site's default. */
export function userLanguage(db: Db, userId: number): Language {
  const lang = db.select({ lang: users.lang }).from(users).where(eq(users.id, userId)).get()?.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** Remembers the language the user is using the app in (a login, the language setting). */
export function rememberLanguage(db: Db, userId: number, lang: Language): void {
  db.update(users).set({ lang }).where(eq(users.id, userId)).run();
}
