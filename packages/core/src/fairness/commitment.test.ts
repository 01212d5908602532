import { describe, expect, it } from 'vitest';
import { commitmentOf, drawInRange, drawInteger, InvalidSeedError, shuffleWithSeed, verifyCommitment } from './commitment.ts';

const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

describe('commit–reveal', () => {
  it('commits to a seed with SHA-256 of its bytes (checked against a published digest)', () => {
    // SHA-256 of the 32 bytes 0x00..0x1f, as published in many test suites (e.g. the Web Crypto examples).
    expect(commitmentOf(SEED)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
    expect(verifyCommitment(SEED, commitmentOf(SEED))).toBe(true);
    expect(verifyCommitment(SEED, commitmentOf(SEED).toUpperCase())).toBe(true);
  });

  it('refuses a different seed and malformed seeds', () => {
    const other = `${SEED.slice(0, 63)}0`;
    expect(verifyCommitment(other, commitmentOf(SEED))).toBe(false);
    expect(verifyCommitment('xyz', commitmentOf(SEED))).toBe(false);
    expect(() => commitmentOf('ABC')).toThrow(InvalidSeedError);
  });

  it('draws the same numbers from the same seed, label and index, and different ones otherwise', () => {
    expect(drawInteger(SEED, 'rate', 0, 1_000_000)).toBe(drawInteger(SEED, 'rate', 0, 1_000_000));
    const values = new Set([0, 1, 2, 3, 4].map((index) => drawInteger(SEED, 'rate', index, 1_000_000)));
    expect(values.size).toBe(5);
    expect(drawInteger(SEED, 'rate', 0, 1_000_000)).not.toBe(drawInteger(SEED, 'other', 0, 1_000_000));
  });

  it('stays within range, both ends reachable, roughly uniform', () => {
    const counts = new Map<number, number>();
    for (let index = 0; index < 6000; index += 1) {
      const value = drawInRange(SEED, 'die', index, 1, 6);
      counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    for (const count of counts.values()) expect(count).toBeGreaterThan(850);
    expect(drawInRange(SEED, 'fixed', 0, 7, 7)).toBe(7);
    expect(() => drawInRange(SEED, 'bad', 0, 5, 4)).toThrow(RangeError);
  });

  it('shuffles deterministically and keeps every item', () => {
    const items = Array.from({ length: 40 }, (_, index) => index);
    const shuffled = shuffleWithSeed(SEED, 'boxes', items);
    expect(shuffleWithSeed(SEED, 'boxes', items)).toEqual(shuffled);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
    expect(shuffled).not.toEqual(items);
  });
});
