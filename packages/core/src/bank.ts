import { z } from 'zod';

/**
 * Bank card fields (spec 3), checked the same way by the form and the
 * server. Account numbers are kept without the spaces people type.
 */

/** ABA routing numbers: nine digits whose weighted sum (3, 7, 1, repeated) is a multiple of ten. */
export function isAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  return [...value].reduce((sum, digit, index) => sum + Number(digit) * (weights[index] as number), 0) % 10 === 0;
}

/** SWIFT/BIC: bank (4 letters), country (2 letters), location (2), optional branch (3). */
export function isSwiftCode(value: string): boolean {
  return /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value);
}

const withoutSpaces = (value: unknown) => (typeof value === 'string' ? value.replace(/[\s-]/g, '') : value);

/** A domestic card number: 8 to 30 digits. */
export const bankAccountRule = z.preprocess(withoutSpaces, z.string().regex(/^\d{8,30}$/, { message: 'validation.bankAccount' }));

/** An international account number or IBAN: 6 to 34 letters and digits, kept in upper case. */
export const internationalAccountRule = z.preprocess(
  (value) => (typeof value === 'string' ? value.replace(/[\s-]/g, '').toUpperCase() : value),
  z.string().regex(/^[A-Z0-9]{6,34}$/, { message: 'validation.bankAccount' }),
);

export const swiftCodeRule = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
  z.string().refine(isSwiftCode, { message: 'validation.swiftCode' }),
);

export const abaNumberRule = z.preprocess(withoutSpaces, z.string().refine(isAbaRoutingNumber, { message: 'validation.abaNumber' }));
