import { z } from 'zod';
import {
  CODE_LENGTH,
  hasSpecialCharacters,
  isAmount,
  isChineseIdCard,
  isCode,
  isDocumentNumber,
  isEmail,
  isMobile,
  isNickname,
  isPhoneNumber,
  isSignature,
  isValidPassword,
} from './validation.ts';

/**
 * Zod schemas for the spec 5 rules. Messages are i18n keys (namespace
 * `common`), so the server and the web forms show the same localized text.
 */

export const DEFAULT_AREA_CODE = '86';

const trimmed = (max: number) => z.string().trim().max(max, { message: 'validation.tooLong' });

export const emailRule = trimmed(100).toLowerCase().refine(isEmail, { message: 'validation.email' });

export const areaCodeRule = z
  .string()
  .trim()
  .transform((value) => value.replace(/^\+/, ''))
  .pipe(z.string().regex(/^\d{1,4}$/, { message: 'validation.invalid' }));

/** Mainland numbers follow spec 5 (11 digits, 1 then 3-9); other area codes take 5 to 15 digits. */
export function isMobileFor(areaCode: string, mobile: string): boolean {
  return areaCode === DEFAULT_AREA_CODE ? isMobile(mobile) : isPhoneNumber(mobile);
}

export const mobileRule = trimmed(20).refine((value) => isPhoneNumber(value), { message: 'validation.mobile' });

/** An account is an email address or a phone number. */
export const userStringRule = trimmed(100).refine((value) => isEmail(value.toLowerCase()) || isPhoneNumber(value), {
  message: 'validation.userString',
});

export const passwordRule = z.string().refine(isValidPassword, { message: 'validation.passwordLength' });

export const codeRule = z
  .string()
  .trim()
  .refine((value) => isCode(value, CODE_LENGTH), { message: 'validation.code' });

export const nicknameRule = z.string().trim().refine(isNickname, { message: 'validation.nickname' });

export const signatureRule = z.string().trim().refine(isSignature, { message: 'validation.signature' });

export const realNameRule = z
  .string()
  .trim()
  .min(2, { message: 'validation.realName' })
  .max(50, { message: 'validation.tooLong' })
  .refine((value) => !hasSpecialCharacters(value) && !/\d/.test(value), { message: 'validation.realName' });

export const ID_TYPES = { idCard: 1, passport: 2, drivingLicence: 3 } as const;
export type IdType = (typeof ID_TYPES)[keyof typeof ID_TYPES];

export function isValidDocumentNumber(idType: IdType, value: string): boolean {
  return idType === ID_TYPES.idCard ? isChineseIdCard(value) : isDocumentNumber(value);
}

export const amountRule = z
  .string()
  .trim()
  .refine(isAmount, { message: 'validation.amount' });

export function passwordsMatch(password: string, confirmation: string): boolean {
  return password === confirmation;
}
