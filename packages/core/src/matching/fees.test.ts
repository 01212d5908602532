import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeFromBps } from './fees.ts';

const exactFee = (notional: number, bps: number) => Number((BigInt(notional) * BigInt(bps)) / 10_000n);

describe('feeFromBps', () => {
  it.each([
    [0, 25, 0],
    [399, 25, 0], // 0.9975
    [400, 25, 1],
    [12_345, 10, 12],
    [10_000, 10_000, 10_000],
    [Number.MAX_SAFE_INTEGER, 10_000, Number.MAX_SAFE_INTEGER],
    [Number.MAX_SAFE_INTEGER, 1, 900_719_925_474],
    [Number.MAX_SAFE_INTEGER, 9_999, 9_006_298_534_815_516], // …516.9009
  ])('floor(%d × %d bps) = %d', (notional, bps, fee) => {
    expect(feeFromBps(notional, bps)).toBe(fee);
    expect(feeFromBps(notional, bps)).toBe(exactFee(notional, bps));
  });

  it('equals the exact BigInt result for every safe notional and fee rate', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 1_000_000 }), fc.maxSafeNat()),
        fc.integer({ min: 0, max: 10_000 }),
        (notional, bps) => {
          expect(feeFromBps(notional, bps)).toBe(exactFee(notional, bps));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('never charges more than the notional and grows with it', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.integer({ min: 0, max: 10_000 }), (notional, bps) => {
        const fee = feeFromBps(notional, bps);
        expect(fee).toBeLessThanOrEqual(notional);
        if (notional > 0) expect(feeFromBps(notional - 1, bps)).toBeLessThanOrEqual(fee);
      }),
    );
  });
});
