import { isEmail, isMobileFor, passwordsMatch } from '@openbourse/core';
import type { Language } from '@openbourse/i18n';
import { eq } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { settings, users } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n.ts';
import { isKnownDevice, type LoginAttempt, recordLoginFailure, recordLoginSuccess } from '../../platform/login-events.ts';
import { clearFailures, countFailure, LOCK_DURATION_MS, lockedError } from '../../platform/login-lock.ts';
import { hashPassword, verifyDecoy, verifyPassword } from '../../platform/passwords.ts';
import { requireSecondFactor, secondFactorEnabled, verifySecondFactor } from '../../platform/second-factor.ts';
import { recordSecurityChange } from '../../platform/security-changes.ts';
import { createSession, revokeAllSessions } from '../../platform/sessions.ts';
import { deviceName } from '../../platform/user-agents.ts';
import { findUserByAccount, findUserById, insertUser, isAccountTaken, normalizeAccount, rememberLanguage, type UserRow } from '../../platform/users.ts';
import { assertRegistrationAllowed, recordRegistration } from '../../platform/registration-guard.ts';
import { type CodeScene, checkCode, consumeCode, issueCode, safeCodeAddress } from '../../platform/verification-codes.ts';
import { CHALLENGE_TTL_MS, closeChallenge, countChallengeFailure, issueChallenge, openChallenge } from './login-challenges.ts';

const MAX_FAILURE_DELAY_MS = 2000;

interface Caller {
  ip: string;
  userAgent: string;
  lang: Language;
  userId: number | null;
}

/** What a correct password gets when the account has two-factor on: a ticket for `/user/login/2fa`, not a session. */
export interface SecondStepRequired {
  two_factor_required: true;
  challenge: string;
  expires_in: number;
}

/** Each further failure waits longer, which makes guessing slow long before the lock. */
function failureDelay(failures: number): Promise<void> {
  return sleep(Math.min(250 * 2 ** (failures - 1), MAX_FAILURE_DELAY_MS));
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
    await ctx.messenger.send({ channel, to, lang: caller.lang, ...codeMessage(caller, scene, code) });
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
      input: { userString: string; code: string; password: string; rePassword: string; inviteCode?: string; type: 'email' | 'mobile'; areaCode: string; deviceToken: string },
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
        const origin = { ip: caller.ip, deviceToken: input.deviceToken };
        assertRegistrationAllowed(ctx.sqlite, origin, ctx.config.registrationLimits, now);
        consumeCode(tx, codeId, now);
        const user = insertUser(tx, { ...account, areaCode: 'phone' in account ? input.areaCode : null, passwordHash, inviterId: inviter?.id ?? null, lang: caller.lang }, now);
        recordRegistration(ctx.sqlite, user.id, origin, now);
        // Signing up signs in: the device is known from now on, so the next login from it sends no new-device mail.
        recordLoginSuccess(tx, attemptOf(user.id, caller), now);
        return createSession(tx, user.id, caller, now);
      });
    },

    async login(input: { userString: string; password: string }, caller: Caller): Promise<string | SecondStepRequired> {
      const user = findUserByAccount(db, input.userString);
      if (!user) {
        await verifyDecoy(input.password);
        throw new AppError('errors.loginFailed');
      }
      const now = ctx.now();
      const attempt = attemptOf(user.id, caller);
      if (user.lockedUntil && user.lockedUntil > now) {
        recordLoginFailure(db, attempt, 'locked', now);
        throw lockedError(user.lockedUntil, now);
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) {
        recordLoginFailure(db, attempt, 'password', now);
        const failures = countFailure(db, user.id, now);
        if (failures === 'locked') throw lockedError(now + LOCK_DURATION_MS, now);
        await failureDelay(failures);
        throw new AppError('errors.loginFailed');
      }
      // The failure count stays until the second step succeeds: a known password must not reset the guesses at the code.
      if (secondFactorEnabled(db, user.id)) {
        return { two_factor_required: true, challenge: issueChallenge(db, user.id, now), expires_in: CHALLENGE_TTL_MS / 1000 };
      }
      return completeLogin(user, caller, now);
    },

    /** The second step: the ticket from `login` and an authenticator or recovery code. */
    async loginSecondStep(input: { challenge: string; code: string }, caller: Caller): Promise<string> {
      const now = ctx.now();
      const challenge = openChallenge(db, input.challenge, now);
      const user = findUserById(db, challenge.userId);
      if (!user) throw new AppError('errors.loginChallengeExpired');
      const attempt = attemptOf(user.id, caller);
      if (user.lockedUntil && user.lockedUntil > now) {
        recordLoginFailure(db, attempt, 'locked', now);
        throw lockedError(user.lockedUntil, now);
      }
      if (!verifySecondFactor(db, user.id, input.code, now)) {
        countChallengeFailure(db, challenge.id);
        recordLoginFailure(db, attempt, 'second_factor', now);
        const failures = countFailure(db, user.id, now);
        if (failures === 'locked') throw lockedError(now + LOCK_DURATION_MS, now);
        await failureDelay(failures);
        throw new AppError('errors.twoFactorInvalid');
      }
      return completeLogin(user, caller, now, challenge.id);
    },

    /** With a code: reset a forgotten password. Signed in with the old password: change it. Both end every session. */
    async changePassword(
      input: { account?: string; code?: string; passwordOld?: string; password: string; repassword: string; twoFactorCode?: string },
      caller: Caller,
    ): Promise<'reset' | 'changed'> {
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
          recordSecurityChange(tx, user.id, now);
        });
        announcePasswordChange(user.id, now);
        return 'reset';
      }
      const user = signedInUser(caller);
      if (!input.passwordOld || !(await verifyPassword(user.passwordHash, input.passwordOld))) throw new AppError('errors.oldPasswordWrong');
      if (input.passwordOld === input.password) throw new AppError('errors.passwordUnchanged');
      requireSecondFactor(ctx, user.id, input.twoFactorCode);
      const passwordHash = await hashPassword(input.password);
      const now = ctx.now();
      db.transaction((tx) => {
        tx.update(users).set({ passwordHash, passwordChangedAt: now }).where(eq(users.id, user.id)).run();
        revokeAllSessions(tx, user.id, now);
        recordSecurityChange(tx, user.id, now);
      });
      announcePasswordChange(user.id, now);
      return 'changed';
    },
  };

  function attemptOf(userId: number, caller: Caller): LoginAttempt {
    return { userId, ip: caller.ip, userAgent: caller.userAgent };
  }

  /** The end of every successful login: the failure count cleared, the attempt in the history, a session, and the new-device notice. */
  function completeLogin(user: UserRow, caller: Caller, now: number, challengeId?: number): string {
    const attempt = attemptOf(user.id, caller);
    const knownDevice = isKnownDevice(db, attempt);
    const { token, eventId } = db.transaction((tx) => {
      if (challengeId !== undefined) closeChallenge(tx, challengeId, now);
      clearFailures(tx, user.id);
      // The language the user logs in with is the one they read the app in: their mails follow it.
      rememberLanguage(tx, user.id, caller.lang);
      return { eventId: recordLoginSuccess(tx, attempt, now), token: createSession(tx, user.id, caller, now) };
    });
    if (!knownDevice) announceNewDevice(user, caller, eventId, now);
    return token;
  }

  /**
   * A login from an IP and browser this account never logged in from: an
   * event for the notification centre and a mail with what to do if it was
   * not the user. The mail is not awaited: a slow mail server must not hold
   * up the login, and a failed one is logged.
   */
  function announceNewDevice(user: UserRow, caller: Caller, eventId: number, now: number): void {
    const device = deviceName(caller.userAgent);
    ctx.bus.emit('user', { userId: user.id, kind: 'account.new_device_login', refType: 'login_event', refId: eventId, params: { ip: caller.ip, device }, time: now });
    if (!user.email) return;
    const site = ctx.catalog.site.site_name;
    const body = translate(caller.lang, 'mail.newDeviceBody', {
      time: { dateTime: now, timeZone: 'UTC' },
      ip: caller.ip,
      device: device || { key: 'mail.unknownDevice' },
    });
    ctx.messenger
      .send({ channel: 'email', to: user.email, lang: caller.lang, subject: translate(caller.lang, 'mail.newDeviceSubject', { site }), body })
      .catch((error: unknown) => ctx.log.warn({ err: error, userId: user.id }, 'new-device mail not sent'));
  }

  function announcePasswordChange(userId: number, now: number): void {
    ctx.bus.emit('user', { userId, kind: 'account.password_changed', refType: 'user', refId: userId, params: {}, time: now });
  }

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
