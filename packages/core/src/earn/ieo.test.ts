import { describe, expect, it } from 'vitest';
import { allocateIeo, ieoCost, ieoStatus, proRataShare } from './ieo.ts';

const allocatedOf = (result: ReturnType<typeof allocateIeo<string>>) => Object.fromEntries(result.allocations.map((row) => [row.key, row.allocated]));

describe('IEO allocation', () => {
  it('gives everyone what they committed when the sale is not oversubscribed', () => {
    const result = allocateIeo(1000, 500, [
      { key: 'a', committed: 300 },
      { key: 'b', committed: 200 },
    ]);
    expect(allocatedOf(result)).toEqual({ a: 300, b: 200 });
    expect(result).toMatchObject({ totalCommitted: 500, oversubscribed: false, unallocated: 500 });
    // Limited by what they asked for, not by the per-user maximum.
    expect(result.allocations.every((row) => !row.capped)).toBe(true);
  });

  it('shares pro rata when oversubscribed: committed / total committed × issuance', () => {
    const result = allocateIeo(1000, 10_000, [
      { key: 'a', committed: 1000 },
      { key: 'b', committed: 3000 },
    ]);
    expect(allocatedOf(result)).toEqual({ a: 250, b: 750 });
    expect(result).toMatchObject({ totalCommitted: 4000, oversubscribed: true, unallocated: 0 });
    // Nobody was held at a cap: plain pro rata decided everything.
    expect(result.redistribution).toBeNull();
  });

  it('caps at the per-user maximum and redistributes the excess pro rata', () => {
    // Pro rata alone: a 100, b 100, c 800. c is capped at 500; its 300 go to a and b in proportion 1:1.
    const result = allocateIeo(1000, 500, [
      { key: 'a', committed: 1000 },
      { key: 'b', committed: 1000 },
      { key: 'c', committed: 8000 },
    ]);
    expect(allocatedOf(result)).toEqual({ a: 250, b: 250, c: 500 });
    expect(result.allocations.find((row) => row.key === 'c')).toMatchObject({ cap: 500, capped: true });
    expect(result.unallocated).toBe(0);
    // What a and b shared: 1000 − 500 = 500 over their 2000 committed, so 500 × 1000 ÷ 2000 = 250 each.
    expect(result.redistribution).toEqual({ pool: 500, uncappedCommitted: 2000 });
  });

  it('redistributes over several rounds when a redistribution pushes another share past the cap', () => {
    // Round 1: shares 100, 300, 600 of 1000; c (600) > 400 → c = 400. Round 2: 600 left for a:b = 1:3 → 150, 450; b > 400 → b = 400. Round 3: a takes 200.
    const result = allocateIeo(1000, 400, [
      { key: 'a', committed: 1000 },
      { key: 'b', committed: 3000 },
      { key: 'c', committed: 6000 },
    ]);
    expect(allocatedOf(result)).toEqual({ a: 200, b: 400, c: 400 });
    // After both caps, a alone shares what is left: 200 × 1000 ÷ 1000.
    expect(result.redistribution).toEqual({ pool: 200, uncappedCommitted: 1000 });
  });

  it('gives a small subscriber their full commitment when the excess of the capped ones lifts it above their pro-rata share', () => {
    // Pro rata: a and b 487 each → capped at 400; d 24, then 200 are left for d alone, held at its 30 committed.
    const result = allocateIeo(1000, 400, [
      { key: 'a', committed: 600 },
      { key: 'b', committed: 600 },
      { key: 'd', committed: 30 },
    ]);
    expect(proRataShare(30, 1230, 1000)).toBe(24);
    expect(allocatedOf(result)).toEqual({ a: 400, b: 400, d: 30 });
    expect(result.allocations.find((row) => row.key === 'd')).toMatchObject({ capped: false });
    // Every share ended at a cap, so no pool was shared by formula.
    expect(result.redistribution).toBeNull();
  });

  it('never gives more than committed, even when the caps leave tokens unsold', () => {
    const result = allocateIeo(1000, 300, [
      { key: 'a', committed: 5000 },
      { key: 'b', committed: 5000 },
    ]);
    expect(allocatedOf(result)).toEqual({ a: 300, b: 300 });
    expect(result.unallocated).toBe(400);
  });

  it('rounds each allocation down and leaves the dust unsold', () => {
    const result = allocateIeo(100, 1000, [
      { key: 'a', committed: 100 },
      { key: 'b', committed: 100 },
      { key: 'c', committed: 100 },
    ]);
    expect(allocatedOf(result)).toEqual({ a: 33, b: 33, c: 33 });
    expect(result.unallocated).toBe(1);
  });

  it('handles no subscribers', () => {
    expect(allocateIeo(1000, 10, [])).toEqual({ totalCommitted: 0, oversubscribed: false, allocations: [], unallocated: 1000, redistribution: null });
  });
});

describe('pro-rata share', () => {
  it('is committed / total committed × issuance when oversubscribed, else the commitment', () => {
    expect(proRataShare(500, 2000, 1000)).toBe(250);
    expect(proRataShare(500, 800, 1000)).toBe(500);
  });

  it('stays exact where committed × issuance passes 2^53 (ORBT: 2,000,000 tokens of 4 decimals)', () => {
    // 1,156,964,901 × 2e10 / 3e10 is exactly 771,309,934; floating point gives 771,309,933.
    expect(Math.floor((1_156_964_901 * 20_000_000_000) / 30_000_000_000)).toBe(771_309_933);
    expect(proRataShare(1_156_964_901, 30_000_000_000, 20_000_000_000)).toBe(771_309_934);
  });
});

describe('IEO cost', () => {
  it.each([
    // 1,000 tokens (scale 8) at 0.05 USDT (scale 6) = 50 USDT
    { tokens: 1000_00000000, tokenScale: 8, price: '0.05', payScale: 6, cost: 50_000_000 },
    // 0.00000001 token at 0.05: 0.0000000005 USDT → rounded up to 0.000001
    { tokens: 1, tokenScale: 8, price: '0.05', payScale: 6, cost: 1 },
    { tokens: 333, tokenScale: 2, price: '0.3', payScale: 6, cost: 999_000 },
  ])('$tokens units at $price cost $cost', ({ tokens, tokenScale, price, payScale, cost }) => {
    expect(ieoCost(tokens, tokenScale, price, payScale)).toBe(cost);
  });

  it('the allocation never costs more than the commitment held', () => {
    const held = ieoCost(1000_00000000, 8, '0.0123', 6);
    expect(ieoCost(333_33333333, 8, '0.0123', 6)).toBeLessThanOrEqual(held);
  });
});

describe('IEO status', () => {
  it.each([
    [99, 'warmup'],
    [100, 'in_progress'],
    [199, 'in_progress'],
    [200, 'finished'],
  ] as const)('at %i it is %s', (now, status) => {
    expect(ieoStatus(now, 100, 200)).toBe(status);
  });
});
