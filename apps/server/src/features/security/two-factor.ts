import { and, count, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { recoveryCodes, userSecurity } from '../../db/schema.ts';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { ApiScope, FeatureDeps } from '../../platform/feature.ts';
import { language } from '../../platform/fields.ts';
import { translate } from '../../platform/i18n.ts';
import { newRecoveryCodes, requireSecondFactor, secondFactorField, storeRecoveryCodes } from '../../platform/second-factor.ts';
import { recordSecurityChange, withdrawalsLockedUntil } from '../../platform/security-changes.ts';
import { newTotpSecret, totpQrDataUrl, totpUri, verifyTotp } from '../../platform/totp.ts';
import { findUserById } from '../../platform/users.ts';

/** Per-IP limit on every two-factor call, in front of the account lock-out that wrong codes count toward. */
const TWO_FACTOR_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

const enableBody = z.object({ code: z.string().trim().min(1).max(8).describe('The first 6-digit code the authenticator app shows for the new key'), lang: language() });
const disableBody = z.object({ code: z.string().trim().min(1).max(24).describe('A current authenticator code or an unused recovery code'), lang: language() });
const antiPhishingBody = z.object({
  anti_phishing_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{4,20}$/, 'validation.antiPhishingCode')
    .describe('4-20 letters or digits, shown in every email the platform sends the user'),
  two_factor_code: secondFactorField(),
  lang: language(),
});

/**
 * Two-factor in three calls: setup (a new key as otpauth address and QR code,
 * not yet active), enable (the first code proves the app has the key; answers
 * the ten recovery codes, once), disable (with a code). The key is never
 * answered again after setup.
 */
export function registerTwoFactorRoutes(api: ApiScope, { ctx, guards }: FeatureDeps): void {
  const { db } = ctx;

  function securityRow(userId: number) {
    return db.select().from(userSecurity).where(eq(userSecurity.userId, userId)).get();
  }

  function signedInUser(userId: number) {
    const user = findUserById(db, userId);
    if (!user) throw new AppError('errors.pleaseLogin');
    return user;
  }

  function emit(userId: number, kind: string, now: number): void {
    ctx.bus.emit('user', { userId, kind, refType: 'user', refId: userId, params: {}, time: now });
  }

  api.get(
    '/safe/security',
    {
      schema: {
        tags: ['security'],
        summary: 'Two-factor state, recovery codes left, the anti-phishing code, and the last security change (withdrawals wait 24 h after it)',
        querystring: z.object({ lang: language() }),
      },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const userId = currentUser(request).id;
      const row = securityRow(userId);
      const left = db
        .select({ total: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
        .get();
      const changedAt = row?.securityChangedAt ?? null;
      return ok({
        two_factor_enabled: Boolean(row?.totpSecret),
        two_factor_enabled_at: row?.totpSecret ? row.totpEnabledAt : null,
        recovery_codes_left: row?.totpSecret ? (left?.total ?? 0) : 0,
        anti_phishing_code: row?.antiPhishingCode ?? null,
        security_changed_at: changedAt,
        withdrawals_locked_until: withdrawalsLockedUntil(db, userId, ctx.now()),
      });
    },
  );

  api.post(
    '/safe/2fa/setup',
    {
      schema: {
        tags: ['security'],
        summary: 'Start turning on two-factor: a new key, its otpauth:// address and a QR code (PNG data URL). Not active until /safe/2fa/enable',
        body: z.object({ lang: language() }),
      },
      preHandler: guards.requireUser,
      config: { rateLimit: TWO_FACTOR_RATE_LIMIT },
    },
    async (request) => {
      const user = signedInUser(currentUser(request).id);
      if (securityRow(user.id)?.totpSecret) throw new AppError('errors.twoFactorAlreadyOn');
      const secret = newTotpSecret();
      db.insert(userSecurity)
        .values({ userId: user.id, pendingTotpSecret: secret })
        .onConflictDoUpdate({ target: userSecurity.userId, set: { pendingTotpSecret: secret } })
        .run();
      const uri = totpUri(secret, ctx.catalog.site.site_name, user.email ?? user.phone ?? String(user.id));
      return ok({ secret, otpauth_uri: uri, qr_code: await totpQrDataUrl(uri) });
    },
  );

  api.post(
    '/safe/2fa/enable',
    {
      schema: {
        tags: ['security'],
        summary: 'Turn two-factor on with the first code from the new key; answers ten one-time recovery codes, shown this once',
        body: enableBody,
      },
      preHandler: guards.requireUser,
      config: { rateLimit: TWO_FACTOR_RATE_LIMIT },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const row = securityRow(userId);
      if (row?.totpSecret) throw new AppError('errors.twoFactorAlreadyOn');
      const pending = row?.pendingTotpSecret;
      if (!pending) throw new AppError('errors.twoFactorSetupFirst');
      const now = ctx.now();
      const step = verifyTotp(pending, request.body.code, now);
      // No recovery codes exist yet: the message asks for the app's code only.
      if (step === null) throw new AppError('errors.twoFactorSetupInvalid');
      const codes = newRecoveryCodes();
      // Turning it on the first time is not a change; turning it on again after turning it off is.
      const isChange = row.totpFirstEnabledAt !== null;
      db.transaction((tx) => {
        const enabled = tx
          .update(userSecurity)
          .set({ totpSecret: pending, pendingTotpSecret: null, totpLastStep: step, totpEnabledAt: now, totpFirstEnabledAt: row.totpFirstEnabledAt ?? now })
          .where(and(eq(userSecurity.userId, userId), isNull(userSecurity.totpSecret), eq(userSecurity.pendingTotpSecret, pending)))
          .run();
        if (enabled.changes !== 1) throw new AppError('errors.twoFactorAlreadyOn');
        storeRecoveryCodes(tx, userId, codes, now);
        if (isChange) recordSecurityChange(tx, userId, now);
      });
      emit(userId, 'account.two_factor_enabled', now);
      return ok({ message: translate(request.lang, 'success.twoFactorEnabled'), recovery_codes: codes });
    },
  );

  api.post(
    '/safe/2fa/disable',
    {
      schema: { tags: ['security'], summary: 'Turn two-factor off with a current authenticator code or a recovery code', body: disableBody },
      preHandler: guards.requireUser,
      config: { rateLimit: TWO_FACTOR_RATE_LIMIT },
    },
    async (request) => {
      const userId = currentUser(request).id;
      if (!securityRow(userId)?.totpSecret) throw new AppError('errors.twoFactorNotOn');
      requireSecondFactor(ctx, userId, request.body.code);
      const now = ctx.now();
      db.transaction((tx) => {
        tx.update(userSecurity).set({ totpSecret: null, totpLastStep: null, totpEnabledAt: null }).where(eq(userSecurity.userId, userId)).run();
        tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)).run();
        recordSecurityChange(tx, userId, now);
      });
      emit(userId, 'account.two_factor_disabled', now);
      return ok(translate(request.lang, 'success.twoFactorDisabled'));
    },
  );

  api.post(
    '/safe/anti_phishing',
    {
      schema: {
        tags: ['security'],
        summary: 'Set or change the anti-phishing code shown in every email to the user (two_factor_code when two-factor is on)',
        body: antiPhishingBody,
      },
      preHandler: guards.requireUser,
      config: { rateLimit: TWO_FACTOR_RATE_LIMIT },
    },
    async (request) => {
      const userId = currentUser(request).id;
      requireSecondFactor(ctx, userId, request.body.two_factor_code);
      const code = request.body.anti_phishing_code;
      db.insert(userSecurity)
        .values({ userId, antiPhishingCode: code })
        .onConflictDoUpdate({ target: userSecurity.userId, set: { antiPhishingCode: code } })
        .run();
      // The notice never carries the code: the mail it goes out in shows the new code on top already.
      emit(userId, 'account.anti_phishing_set', ctx.now());
      return ok(translate(request.lang, 'success.antiPhishingSaved'));
    },
  );
}
