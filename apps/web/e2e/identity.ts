import { randomBytes, randomInt } from 'node:crypto';

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/**
 * A mainland identity card number with a correct check character (GB 11643,
 * ISO 7064 MOD 11-2), computed here rather than taken from the app's validator
 * so the test would notice a wrong validator. The sequence is random because a
 * document can verify only one account.
 */
export function chineseIdNumber(): string {
  const body = `110101${1970 + randomInt(30)}0307${String(randomInt(1000)).padStart(3, '0')}`;
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (ID_CARD_WEIGHTS[index] ?? 0), 0);
  return `${body}${'10X98765432'[sum % 11]}`;
}

/** A mainland mobile number nobody in this run holds yet. */
export function freshMobile(): string {
  return `139${String(randomInt(100_000_000)).padStart(8, '0')}`;
}

/** A phone's device id as the app sends it at registration (a new phone each time). */
export function freshDeviceId(): string {
  return randomBytes(32).toString('base64url');
}
