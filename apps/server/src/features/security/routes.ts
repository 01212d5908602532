import { areaCodeRule, codeRule, DEFAULT_AREA_CODE, emailRule, isMobileFor, mobileRule, passwordRule, passwordsMatch } from '@openbourse/core';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema.ts';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { Feature } from '../../platform/feature.ts';
import { language } from '../../platform/fields.ts';
import { translate } from '../../platform/i18n.ts';
import { maskPhone } from '../../platform/masks.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { requireSecondFactor, secondFactorField } from '../../platform/second-factor.ts';
import { recordSecurityChange } from '../../platform/security-changes.ts';
import { findUserById, isAccountTaken } from '../../platform/users.ts';
import { checkCode, consumeCode, safeCodeAddress } from '../../platform/verification-codes.ts';
import { registerDeviceRoutes } from './devices.ts';
import { registerTwoFactorRoutes } from './two-factor.ts';

const fundPasswordBody = z.object({ password: passwordRule, re_password: z.string().max(64), code: codeRule, two_factor_code: secondFactorField(), lang: language() });
const bindMobileBody = z.object({
  mobile: mobileRule,
  code: codeRule,
  area_code: z.preprocess((value) => (value === '' || value === undefined ? DEFAULT_AREA_CODE : value), areaCodeRule),
  two_factor_code: secondFactorField(),
  lang: language(),
});
const bindEmailBody = z.object({ email: emailRule, code: codeRule, two_factor_code: secondFactorField(), lang: language() });

/**
 * Bindings and passwords (here), two-factor and the anti-phishing code
 * (two-factor.ts), login history and sessions (devices.ts). Every change of a
 * secret or a binding needs the second factor when the user has it on.
 */
export const securityFeature: Feature = async (api, deps) => {
  const { ctx, guards } = deps;
  const { db } = ctx;
  await registerTwoFactorRoutes(api, deps);
  await registerDeviceRoutes(api, deps);

  function loadUser(id: number) {
    const user = findUserById(db, id);
    if (!user) throw new AppError('errors.pleaseLogin');
    return user;
  }

  api.post(
    '/safe/update_password',
    {
      schema: {
        tags: ['security'],
        summary: 'Set or change the fund password with a scene "safe" code (and two_factor_code when two-factor is on); needs Lv1 verification',
        body: fundPasswordBody,
      },
      preHandler: guards.requireVerification(1),
    },
    async (request) => {
      const { body } = request;
      const user = loadUser(currentUser(request).id);
      if (!passwordsMatch(body.password, body.re_password)) throw new AppError('errors.passwordInconsistent');
      const codeId = checkCode(db, { address: safeCodeAddress(user.id), scene: 'safe' }, body.code, ctx.now());
      requireSecondFactor(ctx, user.id, body.two_factor_code);
      const payPasswordHash = await hashPassword(body.password);
      const now = ctx.now();
      // Setting the first fund password is not a change; replacing one is, and locks withdrawals for a while.
      const isChange = user.payPasswordHash !== null;
      db.transaction((tx) => {
        consumeCode(tx, codeId, now);
        tx.update(users).set({ payPasswordHash }).where(eq(users.id, user.id)).run();
        if (isChange) recordSecurityChange(tx, user.id, now);
      });
      const kind = isChange ? 'account.fund_password_changed' : 'account.fund_password_set';
      ctx.bus.emit('user', { userId: user.id, kind, refType: 'user', refId: user.id, params: {}, time: now });
      return ok(translate(request.lang, isChange ? 'success.payPasswordChanged' : 'success.payPasswordSet'));
    },
  );

  api.post(
    '/safe/mobile',
    {
      schema: { tags: ['security'], summary: 'Bind a phone number with a scene "bind" SMS code (and two_factor_code when two-factor is on)', body: bindMobileBody },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const { body } = request;
      const user = loadUser(currentUser(request).id);
      if (user.phone) throw new AppError('errors.phoneAlreadyBound');
      if (!isMobileFor(body.area_code, body.mobile)) throw new AppError('validation.mobile');
      const now = ctx.now();
      const codeId = checkCode(db, { address: body.mobile, scene: 'bind' }, body.code, now);
      requireSecondFactor(ctx, user.id, body.two_factor_code);
      db.transaction((tx) => {
        if (isAccountTaken(tx, { phone: body.mobile })) throw new AppError('errors.phoneRegistered');
        consumeCode(tx, codeId, now);
        tx.update(users).set({ phone: body.mobile, areaCode: body.area_code }).where(eq(users.id, user.id)).run();
      });
      ctx.bus.emit('user', { userId: user.id, kind: 'account.phone_linked', refType: 'user', refId: user.id, params: { phone: maskPhone(body.mobile) }, time: now });
      return ok(translate(request.lang, 'success.phoneBound'));
    },
  );

  api.post(
    '/safe/email',
    {
      schema: {
        tags: ['security'],
        summary: 'Bind an email to a phone-registered account with a scene "bind" email code (and two_factor_code when two-factor is on)',
        body: bindEmailBody,
      },
      preHandler: guards.requireUser,
    },
    async (request) => {
      const { body } = request;
      const user = loadUser(currentUser(request).id);
      if (user.email) throw new AppError('errors.emailAlreadyBound');
      const now = ctx.now();
      const codeId = checkCode(db, { address: body.email, scene: 'bind' }, body.code, now);
      requireSecondFactor(ctx, user.id, body.two_factor_code);
      db.transaction((tx) => {
        if (isAccountTaken(tx, { email: body.email })) throw new AppError('errors.emailRegistered');
        consumeCode(tx, codeId, now);
        tx.update(users).set({ email: body.email }).where(eq(users.id, user.id)).run();
      });
      return ok(translate(request.lang, 'success.emailBound'));
    },
  );
};
