import { nicknameRule, signatureRule } from '@openbourse/core';
import { type Language, LANGUAGE_CODES } from '@openbourse/i18n';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema.ts';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { Feature } from '../../platform/feature.ts';
import { blankToUndefined, language } from '../../platform/fields.ts';
import { translate } from '../../platform/i18n.ts';
import { secondFactorEnabled } from '../../platform/second-factor.ts';
import { lastSecurityChange } from '../../platform/security-changes.ts';
import { maskPhone } from '../../platform/masks.ts';
import { isOwnUpload } from '../../platform/uploaded-files.ts';
import { findUserById, rememberLanguage, type UserRow } from '../../platform/users.ts';
import { verificationSummary } from '../verification/index.ts';


const profileBody = z.object({
  nickname: z.preprocess(blankToUndefined, nicknameRule.optional()),
  // Sent blank, the signature is cleared; left out, it stays as it is.
  signature: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? '' : value), z.union([z.literal(''), signatureRule]).optional()),
  lang: language(),
});

const languageBody = z.object({ lang: z.enum(LANGUAGE_CODES as [Language, ...Language[]]).describe('The language the user chose in the app') });

const avatarBody = z.object({ head_portrait: z.string().trim().min(1).max(200), lang: language() });

function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}***@${domain}`;
}

export const profileFeature: Feature = (api, { ctx, guards }) => {
  const { db } = ctx;

  function profile(user: UserRow, lang: Language) {
    return {
      id: user.id,
      email: user.email,
      phone: user.phone,
      area_code: user.areaCode,
      account: user.email ?? user.phone,
      masked_email: maskEmail(user.email),
      masked_phone: user.phone ? maskPhone(user.phone) : null,
      nickname: user.nickname,
      signature: user.signature,
      head_portrait: user.avatar,
      invite_code: user.inviteCode,
      credit_score: user.creditScore,
      has_pay_password: user.payPasswordHash !== null,
      /** Pages that change a secret ask for the authenticator code when this is on. */
      two_factor_enabled: secondFactorEnabled(db, user.id),
      security_changed_at: lastSecurityChange(db, user.id),
      verification: verificationSummary(db, user.id, user.verificationLevel, lang),
      /** Set by an operator: the user can look but not trade, transfer or withdraw, and the app says why. */
      frozen: user.frozenAt === null ? null : { at: user.frozenAt, reason: user.frozenReason ?? '' },
      created_at: user.createdAt,
    };
  }

  function signedIn(request: Parameters<typeof currentUser>[0]): UserRow {
    const user = findUserById(db, currentUser(request).id);
    if (!user) throw new AppError('errors.pleaseLogin');
    return user;
  }

  api.get(
    '/user/info',
    { schema: { tags: ['user'], summary: 'The signed-in user\'s profile, invite code, credit score, verification and bound email and phone', querystring: z.object({ lang: language() }) }, preHandler: guards.requireUser },
    async (request) => ok(profile(signedIn(request), request.lang)),
  );

  api.post(
    '/user/editNickname',
    { schema: { tags: ['user'], summary: 'Change nickname (2-10) and/or signature (2-30, or blank to clear it): Chinese characters, letters or digits', body: profileBody }, preHandler: guards.requireUser },
    async (request) => {
      const user = signedIn(request);
      const { nickname, signature } = request.body;
      if (nickname === undefined && signature === undefined) throw new AppError('validation.required', { field: { key: 'fields.nickname' } });
      db.update(users)
        .set({ nickname: nickname ?? user.nickname, signature: signature ?? user.signature })
        .where(eq(users.id, user.id))
        .run();
      return ok(translate(request.lang, 'success.profileSaved'));
    },
  );

  api.post(
    '/user/uploadHeadPortrait',
    { schema: { tags: ['user'], summary: 'Set the avatar to an image the user uploaded through /user/upload', body: avatarBody }, preHandler: guards.requireUser },
    async (request) => {
      const user = signedIn(request);
      if (!isOwnUpload(db, user.id, request.body.head_portrait)) throw new AppError('errors.pictureNotFound');
      db.update(users).set({ avatar: request.body.head_portrait }).where(eq(users.id, user.id)).run();
      return ok(translate(request.lang, 'success.profileSaved'));
    },
  );

  api.post(
    '/user/lang',
    { schema: { tags: ['user'], summary: 'The app\'s language changed: mails to the user are written in it from now on (it is also taken at registration and login)', body: languageBody }, preHandler: guards.requireUser },
    async (request) => {
      rememberLanguage(db, currentUser(request).id, request.body.lang);
      return ok(translate(request.body.lang, 'success.profileSaved'));
    },
  );
};
