/**
 * The format checks of spec section 5, shared by the server's request schemas
 * and the web app's forms so both sides accept exactly the same input.
 */

export const PASSWORD_MIN_EXCLUSIVE = 6;
export const PASSWORD_MAX = 64;
export const CODE_LENGTH = 6;
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 10;
export const SIGNATURE_MIN = 2;
export const SIGNATURE_MAX = 30;

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
const MOBILE_CN = /^1[3-9]\d{9}$/;
const URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const DATE_PATTERN = /^\d{4}[-/](0?[1-9]|1[0-2])[-/](0?[1-9]|[12]\d|3[01])$/;
const NUMBER_PATTERN = /^-?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/;
const DIGITS = /^\d+$/;
const LETTERS = /^[A-Za-z]+$/;
const LETTERS_OR_DIGITS = /^[A-Za-z0-9]+$/;
const LANDLINE = /^(0\d{2,3}-?)?\d{7,8}(-\d{1,6})?$/;
/** Positive decimal with at most 10 decimals, or a 0.x fraction with up to 20. */
const AMOUNT = /^([1-9]\d*(\.\d{1,10})?|0\.\d{1,20})$/;
/** Chinese characters, Latin letters and digits (nickname and signature). */
const PLAIN_TEXT = /^[\p{Script=Han}A-Za-z0-9 ]+$/u;
const SPECIAL_CHARACTERS = /[<>"'`;\\{}[\]|&$%#@!^*=~]/;

export const isEmail = (value: string): boolean => value.length <= 100 && EMAIL.test(value);
export const isMobile = (value: string): boolean => MOBILE_CN.test(value);
/** International phone numbers for bound phones outside mainland China (area code given separately). */
export const isPhoneNumber = (value: string): boolean => /^\d{5,15}$/.test(value);
export const isUrl = (value: string): boolean => URL_PATTERN.test(value);
export const isDigits = (value: string): boolean => DIGITS.test(value);
export const isNumber = (value: string): boolean => NUMBER_PATTERN.test(value);
export const isLetters = (value: string): boolean => LETTERS.test(value);
export const isLettersOrDigits = (value: string): boolean => LETTERS_OR_DIGITS.test(value);
export const isLandline = (value: string): boolean => LANDLINE.test(value);
export const hasSpecialCharacters = (value: string): boolean => SPECIAL_CHARACTERS.test(value);

export function isDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const [year, month, day] = value.split(/[-/]/).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export function isAmount(value: string): boolean {
  return AMOUNT.test(value) && /[1-9]/.test(value);
}

export function isInRange(value: number, min: number, max: number): boolean {
  return Number.isFinite(value) && value >= min && value <= max;
}

/** Length in user-visible characters, so a Chinese nickname counts its characters, not UTF-16 units. */
export function textLength(value: string): number {
  return [...value].length;
}

export function isLengthInRange(value: string, min: number, max: number): boolean {
  const length = textLength(value);
  return length >= min && length <= max;
}

export function isJsonString(value: string): boolean {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null;
  } catch {
    return false;
  }
}

export function isCode(value: string, length = CODE_LENGTH): boolean {
  return value.length === length && DIGITS.test(value);
}

export function isValidPassword(value: string): boolean {
  return value.length > PASSWORD_MIN_EXCLUSIVE && value.length <= PASSWORD_MAX;
}

export function isNickname(value: string): boolean {
  return isLengthInRange(value, NICKNAME_MIN, NICKNAME_MAX) && PLAIN_TEXT.test(value) && value.trim() === value;
}

export function isSignature(value: string): boolean {
  return isLengthInRange(value, SIGNATURE_MIN, SIGNATURE_MAX) && PLAIN_TEXT.test(value) && value.trim() === value;
}

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECK_CHARACTERS = '10X98765432';

/**
 * Mainland resident identity card (GB 11643-1999): 17 digits of region, birth
 * date and sequence, then an ISO 7064 MOD 11-2 check character.
 */
export function isChineseIdCard(value: string): boolean {
  const id = value.toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return false;
  const birth = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  if (!isDate(birth)) return false;
  const year = Number(id.slice(6, 10));
  if (year < 1900) return false;
  let sum = 0;
  for (let index = 0; index < 17; index += 1) {
    sum += Number(id[index]) * (ID_CARD_WEIGHTS[index] as number);
  }
  return ID_CARD_CHECK_CHARACTERS[sum % 11] === id[17];
}

/** Passport and driving licence numbers: letters, digits and dashes, 5 to 20 characters. */
export function isDocumentNumber(value: string): boolean {
  return /^[A-Za-z0-9-]{5,20}$/.test(value);
}
