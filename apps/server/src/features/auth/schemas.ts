import { areaCodeRule, codeRule, DEFAULT_AREA_CODE, passwordRule, userStringRule } from '@openbourse/core';
import { z } from 'zod';
import { language, optionalText } from '../../platform/fields.ts';
import { secondFactorField } from '../../platform/second-factor.ts';

const scene = z.enum(['register', 'forget', 'bind', 'safe']);
const optionalAreaCode = z.preprocess((value) => (value === '' || value === undefined ? DEFAULT_AREA_CODE : value), areaCodeRule);
const optionalUserString = z.preprocess((value) => (value === '' ? undefined : value), userStringRule.optional());

export const sendEmailCodeBody = z.object({
  user_string: optionalUserString.describe('Email address; omitted for scene "safe", which mails the bound address'),
  scene: scene.default('register'),
  lang: language(),
});

export const sendSmsCodeBody = z.object({
  mobile: z.preprocess((value) => (value === '' ? undefined : value), z.string().trim().max(20).optional()),
  area_code: optionalAreaCode,
  scene: scene.default('bind'),
  lang: language(),
});

export const checkCodeBody = z.object({
  user_string: userStringRule,
  email_code: codeRule.optional(),
  code: codeRule.optional(),
  scene: scene.default('register'),
  lang: language(),
});

export const registerBody = z.object({
  user_string: userStringRule,
  code: codeRule,
  password: passwordRule,
  re_password: z.string().max(64),
  extension_code: optionalText(16),
  device_token: z
    .string()
    .trim()
    .min(16)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/)
    .describe("The app's device id (the H5 app keeps the support chat's visitor token for good): sign-ups per device are limited and rebates between accounts of one device withheld"),
  type: z.enum(['email', 'mobile']).default('email'),
  area_code: optionalAreaCode,
  lang: language(),
});

export const loginBody = z.object({
  user_string: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(64),
  lang: language(),
});

export const loginSecondStepBody = z.object({
  challenge: z.string().trim().min(1).max(100).describe('The challenge /user/login answered'),
  code: z.string().trim().min(1).max(24).describe('Authenticator code (6 digits) or a recovery code'),
  lang: language(),
});

export const forgetBody = z.object({
  account: optionalUserString,
  code: z.preprocess((value) => (value === '' ? undefined : value), codeRule.optional()),
  password_old: optionalText(64),
  two_factor_code: secondFactorField(),
  password: passwordRule,
  repassword: z.string().max(64),
  lang: language(),
});

export const langQuery = z.object({ lang: language() });
