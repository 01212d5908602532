import { currentUser, optionalUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import type { Feature } from '../../platform/feature.ts';
import { translate } from '../../platform/i18n.ts';
import { revokeSession } from '../../platform/sessions.ts';
import { userAgentOf } from '../../platform/user-agents.ts';
import { checkCodeBody, forgetBody, langQuery, loginBody, loginSecondStepBody, registerBody, sendEmailCodeBody, sendSmsCodeBody } from './schemas.ts';
import { createAuthService } from './service.ts';

/** Per-IP limits in front of the per-address limits of the code service and the per-account login lock. */
const CODE_RATE_LIMIT = { max: 10, timeWindow: 60_000 };
const LOGIN_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

export const authFeature: Feature = (api, { ctx, guards }) => {
  const auth = createAuthService(ctx);
  const caller = (request: Parameters<typeof optionalUser>[1]) => ({
    ip: request.ip,
    userAgent: userAgentOf(request.headers['user-agent']),
    lang: request.lang,
    userId: request.user?.id ?? optionalUser(ctx, request)?.id ?? null,
  });

  api.post(
    '/sms_mail',
    { schema: { tags: ['auth'], summary: 'Send an email verification code (scene register, forget, bind or safe)', body: sendEmailCodeBody }, config: { rateLimit: CODE_RATE_LIMIT } },
    async (request) => {
      await auth.sendEmailCode({ userString: request.body.user_string, scene: request.body.scene }, caller(request));
      return ok(translate(request.lang, 'success.codeSent'));
    },
  );

  api.post(
    '/sms_send',
    { schema: { tags: ['auth'], summary: 'Send an SMS verification code (scene register, forget, bind or safe)', body: sendSmsCodeBody }, config: { rateLimit: CODE_RATE_LIMIT } },
    async (request) => {
      await auth.sendSmsCode({ mobile: request.body.mobile, areaCode: request.body.area_code, scene: request.body.scene }, caller(request));
      return ok(translate(request.lang, 'success.codeSent'));
    },
  );

  api.post(
    '/user/check_email',
    { schema: { tags: ['auth'], summary: 'Check a verification code without using it (registration step one)', body: checkCodeBody }, config: { rateLimit: LOGIN_RATE_LIMIT } },
    async (request) => {
      const code = request.body.email_code ?? request.body.code;
      if (!code) throw new AppError('validation.code');
      auth.checkCode({ userString: request.body.user_string, code, scene: request.body.scene });
      return ok(translate(request.lang, 'success.codeVerified'));
    },
  );

  api.post(
    '/user/register',
    { schema: { tags: ['auth'], summary: 'Register with an email or phone code; answers the session token', body: registerBody }, config: { rateLimit: LOGIN_RATE_LIMIT } },
    async (request) => {
      const { body } = request;
      const token = await auth.register(
        { userString: body.user_string, code: body.code, password: body.password, rePassword: body.re_password, inviteCode: body.extension_code, type: body.type, areaCode: body.area_code, deviceToken: body.device_token },
        caller(request),
      );
      return ok(token);
    },
  );

  api.post(
    '/user/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Log in; `message` is the session token, or, when the account has two-factor on, `{two_factor_required: true, challenge, expires_in}`: send the challenge with a code to /user/login/2fa',
        body: loginBody,
      },
      config: { rateLimit: LOGIN_RATE_LIMIT },
    },
    async (request) => ok(await auth.login({ userString: request.body.user_string, password: request.body.password }, caller(request))),
  );

  api.post(
    '/user/login/2fa',
    {
      schema: {
        tags: ['auth'],
        summary: 'Second login step: the challenge from /user/login and an authenticator code or a recovery code; `message` is the session token',
        body: loginSecondStepBody,
      },
      config: { rateLimit: LOGIN_RATE_LIMIT },
    },
    async (request) => ok(await auth.loginSecondStep({ challenge: request.body.challenge, code: request.body.code }, caller(request))),
  );

  api.get('/user/logout', { schema: { tags: ['auth'], summary: 'Revoke the current token', querystring: langQuery }, preHandler: guards.requireUser }, async (request) => {
    revokeSession(ctx.db, currentUser(request).sessionId, ctx.now());
    return ok(translate(request.lang, 'success.loggedOut'));
  });

  api.post(
    '/user/forget',
    {
      schema: {
        tags: ['auth'],
        summary: 'Reset a forgotten password with account + code, or change it when signed in with password_old (and two_factor_code when two-factor is on)',
        body: forgetBody,
      },
      config: { rateLimit: LOGIN_RATE_LIMIT },
    },
    async (request) => {
      const { body } = request;
      const outcome = await auth.changePassword(
        { account: body.account, code: body.code, passwordOld: body.password_old, password: body.password, repassword: body.repassword, twoFactorCode: body.two_factor_code },
        caller(request),
      );
      return ok(translate(request.lang, outcome === 'reset' ? 'success.passwordReset' : 'success.passwordChanged'));
    },
  );
};
