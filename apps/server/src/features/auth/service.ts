import { isEmail, isMobileFor, passwordsMatch } from '@openbourse/core';
import type { Language } from '@openbourse/i18n';
import { eq } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { settings, users } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n.ts';
import { hashPassword, verifyDecoy, verifyPassword } from '../../platform/passwords.ts';
import { createSession, revokeAllSessions } from '../../platform/sessions.ts';
import { findUserByAccount, findUserById, insertUser, isAccountTaken, normalizeAccount, type UserRow } from '../../platform/users.ts';
import { type CodeScene, checkCode, consumeCode, issueCode, safeCodeAddress } from '../../platform/verification-codes.ts';

export const LOCK_AFTER_FAILURES = 5;
export const LOCK_DURATION_MS = 15 * 60_000;
const MAX_FAILURE_DELAY_MS = 2000;

interface Caller {
  ip: string;
  lang: Language;
  userId: number | null;
}

export function createAuthService(ctx: AppContext) {
  const { db } = ctx;

  function signedInUser(caller: Caller): UserRow {
    const user = caller.userId === null ? undefined : findUserById(db, caller.userId);
    if (!user) throw new AppError('errors.pleaseLogin');
    return user;
  }

  function codeMessage(caller: Caller, scene: CodeScene, code: string) {
    const site = ctx.catalog.site.site_name;
    return {
      subject: translate(caller.lang, 'mail.codeSubject', { site }),
      body: `[${site}] ${translate(caller.lang, `mail.scenes.${scene}`)}: ${translate(caller.lang, 'mail.codeBody', { code })}`,
      code,
    };
  }

  /** Checks that the scene makes sense for this address before a code is spent on it. */
  function assertSceneAllowed(scene: CodeScene, account: { email: string } | { phone: string }, caller: Caller): void {
    const exists = isAccountTaken(db, account);
    if (scene === 'register' && exists) throw new AppError('email' in account ? 'errors.emailRegistered' : 'errors.phoneRegistered');
    if (scene === 'forget' && !exists) throw new AppError('errors.accountNotFound');
    if (scene === 'bind') {
      const user = signedInUser(caller);
      if ('email' in account && user.email) throw new AppError('errors.emailAlreadyBound');
      if ('phone' in account && user.phone) throw new AppError('errors.phoneAlreadyBound');
      if (exists) throw new AppError('email' in account ? 'errors.emailRegistered' : 'errors.phoneRegistered');
    }
  }

  async function deliver(channel: 'email' | 'sms', to: string, address: string, scene: CodeScene, caller: Caller): Promise<void> {
    const code = issueCode(db, { address, scene }, caller.ip, ctx.now());
    await ctx.messenger.send({ channel, to, ...codeMessage(caller, scene, code) });
  }

  return {
    async sendEmailCode(input: { userString?: string; scene: CodeScene }, caller: Caller): Promise<void> {
      if (input.scene === 'safe') {
        const user = signedInUser(caller);
        if (!user.email) throw new AppError('errors.emailNotBound');
        return deliver('email', user.email, safeCodeAddress(user.id), 'safe', caller);
      }
      const email = input.userString?.toLowerCase();
      if (!email || !isEmail(email)) throw new AppError('validation.email');
      assertSceneAllowed(input.scene, { email }, caller);
      return deliver('email', email, email, input.scene, caller);
    },

    async sendSmsCode(input: { mobile?: string; areaCode: string; scene: CodeScene }, caller: Caller): Promise<void> {
      if (input.scene === 'safe') {
        const user = signedInUser(caller);
        if (!user.phone) throw new AppError('errors.bindEmailAndPhoneFirst');
        return deliver('sms', user.phone, safeCodeAddress(user.id), 'safe', caller);
      }
      if (!input.mobile || !isMobileFor(input.areaCode, input.mobile)) throw new AppError('validation.mobile');
      assertSceneAllowed(input.scene, { phone: input.mobile }, caller);
      return deliver('sms', input.mobile, input.mobile, input.scene, caller);
    },

    checkCode(input: { userString: string; code: string; scene: CodeScene }): void {
      const account = normalizeAccount(input.userString);
      checkCode(db, { address: 'email' in account ? account.email : account.phone, scene: input.scene }, input.code, ctx.now());
    },

    async register(
      input: { userString: string; code: string; password: string; rePassword: string; inviteCode?: string; type: 'email' | 'mobile'; areaCode: string },
      caller: Caller,
    ): Promise<string> {
      if (!passwordsMatch(input.password, input.rePassword)) throw new AppError('errors.passwordInconsistent');
      const account = normalizeAccount(input.userString);
      if (input.type === 'email' && !('email' in account)) throw new AppError('validation.email');
      if (input.type === 'mobile' && !('phone' in account && isMobileFor(input.areaCode, account.phone))) throw new AppError('validation.mobile');
      if (isAccountTaken(db, account)) throw new AppError('email' in account ? 'errors.emailRegistered' : 'errors.phoneRegistered');
      const inviter = resolveInviter(input.inviteCode);
      const address = 'email' in account ? account.email : account.phone;
      const codeId = checkCode(db, { address, scene: 'register' }, input.code, ctx.now());
      const passwordHash = await hashPassword(input.password);
      const now = ctx.now();
      return db.transaction((tx) => {
        if (isAccountTaken(tx, account)) throw new AppError('email' in account ? 'errors.emailRegistered' : 'errors.phoneRegistered');
        consumeCode(tx, codeId, now);
        const user = insertUser(tx, { ...account, areaCode: 'phone' in account ? input.areaCode : null, passwordHash, inviterId: inviter?.id ?? null }, now);
        return createSession(tx, user.id, caller.ip, now);
      });
    },

    async login(input: { userString: string; password: string }, caller: Caller): Promise<string> {
      const user = findUserByAccount(db, input.userString);
      if (!user) {
        await verifyDecoy(input.password);
        throw new AppError('errors.loginFailed');
      }
      const now = ctx.now();
      if (user.lockedUntil && user.lockedUntil > now) {
        throw new AppError('errors.accountLocked', { minutes: Math.ceil((user.lockedUntil - now) / 60_000) });
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        const failures = user.failedLogins + 1;
        if (failures >= LOCK_AFTER_FAILURES) {
          db.update(users).set({ failedLogins: 0, lockedUntil: now + LOCK_DURATION_MS }).where(eq(users.id, user.id)).run();
          throw new AppError('errors.accountLocked', { minutes: LOCK_DURATION_MS / 60_000 });
        }
        db.update(users).set({ failedLogins: failures }).where(eq(users.id, user.id)).run();
        // Each further failure waits longer, which makes guessing slow long before the lock.
        await sleep(Math.min(250 * 2 ** (failures - 1), MAX_FAILURE_DELAY_MS));
        throw new AppError('errors.loginFailed');
      }
      return db.transaction((tx) => {
        tx.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id)).run();
        return createSession(tx, user.id, caller.ip, now);
      });
    },

    /** With a code: reset a forgotten password. Signed in with the old password: change it. Both end every session. */
    async changePassword(input: { account?: string; code?: string; passwordOld?: string; password: string; repassword: string }, caller: Caller): Promise<'reset' | 'changed'> {
      if (!passwordsMatch(input.password, input.repassword)) throw new AppError('errors.passwordInconsistent');
      if (input.code) {
        if (!input.account) throw new AppError('validation.userString');
        const user = findUserByAccount(db, input.account);
        if (!user) throw new AppError('errors.accountNotFound');
        const account = normalizeAccount(input.account);
        const address = 'email' in account ? account.email : account.phone;
        const codeId = checkCode(db, { address, scene: 'forget' }, input.code, ctx.now());
        const passwordHash = await hashPassword(input.password);
        const now = ctx.now();
        db.transaction((tx) => {
          consumeCode(tx, codeId, now);
          tx.update(users).set({ passwordHash, passwordChangedAt: now, failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id)).run();
          revokeAllSessions(tx, user.id, now);
        });
        return 'reset';
      }
      const user = signedInUser(caller);
      if (!input.passwordOld || !(await verifyPassword(user.passwordHash, input.passwordOld))) throw new AppError('errors.oldPasswordWrong');
      if (input.passwordOld === input.password) throw new AppError('errors.passwordUnchanged');
      const passwordHash = await hashPassword(input.password);
      const now = ctx.now();
      db.transaction((tx) => {
        tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, user.id)).run();
        revokeAllSessions(tx, user.id, now);
      });
      return 'changed';
    },
  };

  function resolveInviter(inviteCode: string | undefined): UserRow | undefined {
    const required = db.select().from(settings).where(eq(settings.key, 'invite_required')).get()?.value === '1';
    if (!inviteCode) {
      if (required) throw new AppError('errors.inviteCodeInvalid');
      return undefined;
    }
    const inviter = db.select().from(users).where(eq(users.inviteCode, inviteCode.toUpperCase())).get();
    if (!inviter) throw new AppError('errors.inviteCodeInvalid');
    return inviter;
  }
}

export type AuthService = ReturnType<typeof createAuthService>;
