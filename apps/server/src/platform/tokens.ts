import { createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 bits of randomness; only its SHA-256 is stored, so a database leak yields no usable token. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newNumericCode(length: number): string {
  return String(randomInt(0, 10 ** length)).padStart(length, '0');
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newInviteCode(): string {
  let code = '';
  for (let index = 0; index < 8; index += 1) code += INVITE_ALPHABET[randomInt(0, INVITE_ALPHABET.length)];
  return code;
}
