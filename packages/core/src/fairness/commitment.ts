import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Commit–reveal for any random or chosen parameter that decides a payout (a
 * day's yield rate, a blind box's hidden order). The platform draws a secret
 * seed, publishes `commitmentOf(seed)` before the parameter takes effect, and
 * reveals the seed afterwards; everything is then derived from the seed by
 * the pure functions below, so anyone can recompute it in a browser and check
 * that nobody picked the outcome after seeing who holds what.
 */

const SEED_PATTERN = /^[0-9a-f]{64}$/;

export class InvalidSeedError extends Error {}

function seedBytes(seedHex: string): Uint8Array {
  if (!SEED_PATTERN.test(seedHex)) throw new InvalidSeedError('a seed is 32 bytes as 64 lowercase hex digits');
  return hexToBytes(seedHex);
}

/** SHA-256 of the seed's bytes, as hex: what is published before the seed is used. */
export function commitmentOf(seedHex: string): string {
  return bytesToHex(sha256(seedBytes(seedHex)));
}

export function verifyCommitment(seedHex: string, commitment: string): boolean {
  return SEED_PATTERN.test(seedHex) && commitmentOf(seedHex) === commitment.toLowerCase();
}

/** 256 pseudo-random bits bound to the seed, a purpose label and an index: HMAC-SHA256(seed, "label:index"). */
function draw(seedHex: string, label: string, index: number): bigint {
  return BigInt(`0x${bytesToHex(hmac(sha256, seedBytes(seedHex), utf8ToBytes(`${label}:${index}`)))}`);
}

const TWO_256 = 1n << 256n;

/**
 * An unbiased whole number in [0, bound) drawn from the seed. Rejection
 * sampling: draws past the largest multiple of `bound` are discarded (with
 * bounds this small that almost never happens), so every value is equally likely.
 */
export function drawInteger(seedHex: string, label: string, index: number, bound: number): number {
  if (!Number.isSafeInteger(bound) || bound <= 0) throw new RangeError('bound must be a positive safe integer');
  const size = BigInt(bound);
  const limit = TWO_256 - (TWO_256 % size);
  for (let attempt = 0; ; attempt += 1) {
    const value = draw(seedHex, attempt === 0 ? label : `${label}#${attempt}`, index);
    if (value < limit) return Number(value % size);
  }
}

/** A whole number in [min, max], both included (e.g. a daily rate in millionths between two bounds). */
export function drawInRange(seedHex: string, label: string, index: number, min: number, max: number): number {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max < min) throw new RangeError('need safe integers with min ≤ max');
  return min + drawInteger(seedHex, label, index, max - min + 1);
}

/** A Fisher–Yates shuffle driven by the seed: the same seed always gives the same order. */
export function shuffleWithSeed<T>(seedHex: string, label: string, items: readonly T[]): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = drawInteger(seedHex, label, i, i + 1);
    [result[i], result[j]] = [result[j] as T, result[i] as T];
  }
  return result;
}
