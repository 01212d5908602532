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
import { hashPassword } from '../../platform/passwords.ts';
import { findUserById, isAccountTaken } from '../../platform/users.ts';
import { checkCode, consumeCode, safeCodeAddress } from '../../platform/verification-codes.ts';

const fundPasswordBody = z.object({ password: passwordRule, re_password: z.string().max(64), code: codeRule, lang: language() });
const bindMobileBody = z.object({
  mobile: mobileRule,
  code: codeRule,
  area_code: z.preprocess((value) => (value === '' || value === undefined ? DEFAULT_AREA_CODE : value), areaCodeRule),
  lang: language(),
});
const bindEmailBody = z.object({ email: emailRule, code: codeRule, lang: language() });

export const securityFeature: Feature = (api, { ctx, guards }) => {
  const { db } = ctx;

  function loadUser(id: number) {
    const user = findUserById(db, id);
    if (!user) throw new AppError('errors.pleaseLogin');
    return user;
  }

  api.post(
    '/safe/update_password',
    {
      schema: { tags: ['security'], summary: 'Set or change the fund password with a scene "safe" code; needs Lv1 verification', body: fundPasswordBody },
      preHandler: guards.requireVerification(1),
    },
    async (request) => {
      const { body } = request;
      const user = loadUser(currentUser(request).id);
      if (!passwordsMatch(body.password, body.re_password)) throw new AppError('errors.passwordInconsistent');
      const codeId = checkCode(db, { address: safeCodeAddress(user.id), scene: 'safe' }, body.code, ctx.now());
      const payPasswordHash = await hashPassword(body.password);
      const now = ctx.now();
      db.transaction((tx) => {
        consumeCode(tx, codeId, now);
        tx.update(users).set({ payPasswordHash }).where(eq(users.id, user.id)).run();
      });
      return ok(translate(request.lang, 'success.payPasswordSet'));
    },
  );

  api.post(
    '/safe/mobile',
    { schema: { tags: ['security'], summary: 'Bind a phone number with a scene "bind" SMS code', body: bindMobileBody }, preHandler: guards.requireUser },
    async (request) => {
      const { body } = request;
      const user = loadUser(currentUser(request).id);
      if (user.phone) throw new AppError('errors.phoneAlreadyBound');
      if (!isMobileFor(body.area_code, body.mobile)) throw new AppError('validation.mobile');
      const now = ctx.now();
      const codeId = checkCode(db, { address: body.mobile, scene: 'bind' }, body.code, now);
      db.transaction((tx) => {
        if (isAccountTaken(tx, { phone: body.mobile })) throw new AppError('errors.phoneRegistered');
        consumeCode(tx, codeId, now);
        tx.update(users).set({ phone: body.mobile, areaCode: body.area_code }).where(eq(users.id, user.id)).run();
      });
      return ok(translate(request.lang, 'success.phoneBound'));
    },
  );

  api.post(
    '/safe/email',
    { schema: { tags: ['security'], summary: 'Bind an email to a phone-registered account with a scene "bind" email code', body: bindEmailBody }, preHandler: guards.requireUser },
    async (request) => {
      const { body } = request;
      const user = loadUser(currentUser(request).id);
      if (user.email) throw new AppError('errors.emailAlreadyBound');
      const now = ctx.now();
      const codeId = checkCode(db, { address: body.email, scene: 'bind' }, body.code, now);
      db.transaction((tx) => {
        if (isAccountTaken(tx, { email: body.email })) throw new AppError('errors.emailRegistered');
        consumeCode(tx, codeId, now);
        tx.update(users).set({ email: body.email }).where(eq(users.id, user.id)).run();
      });
      return ok(translate(request.lang, 'success.emailBound'));
    },
  );
};
