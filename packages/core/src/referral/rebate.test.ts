import { describe, expect, it } from 'vitest';
import { REFERRAL_REBATE_BPS, referralRebate } from './rebate.ts';

describe('referralRebate', () => {
  it.each([
    { fee: 1000, expected: 200 },
    { fee: 999, expected: 199 },
    { fee: 4, expected: 0 },
    { fee: 5, expected: 1 },
    { fee: 0, expected: 0 },
    { fee: -10, expected: 0 },
    { fee: Number.MAX_SAFE_INTEGER, expected: 1801439850948198 },
  ])('pays 20% of a fee of $fee, rounded down: $expected', ({ fee, expected }) => {
    expect(referralRebate(fee)).toBe(expected);
  });

  it('takes another share and refuses an impossible one', () => {
    expect(REFERRAL_REBATE_BPS).toBe(2000);
    expect(referralRebate(1000, 10_000)).toBe(1000);
    expect(referralRebate(1000, 0)).toBe(0);
    expect(() => referralRebate(1000, 10_001)).toThrow(RangeError);
  });
});
