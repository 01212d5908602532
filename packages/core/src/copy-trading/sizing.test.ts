import { describe, expect, it } from 'vitest';
import { accuracyBps, copyLots, fitCopyLots, copyNumberHundredths, copyNumberText, copyProfitShare, shareRateText } from './sizing.ts';

describe('copyNumberHundredths', () => {
  it.each([
    { type: 1, number: '1', expected: { ok: true, hundredths: 100 } },
    { type: 1, number: '1.5', expected: { ok: true, hundredths: 150 } },
    { type: 1, number: '1.234', expected: { ok: true, hundredths: 123 } },
    { type: 1, number: '1.235', expected: { ok: true, hundredths: 124 } },
    { type: 1, number: '0.5', expected: { ok: true, hundredths: 50 } },
    { type: 1, number: '0.004', expected: { ok: false, problem: 'not_positive' } },
    { type: 1, number: '0', expected: { ok: false, problem: 'not_positive' } },
    { type: 1, number: '-2', expected: { ok: false, problem: 'not_positive' } },
    { type: 1, number: '1000', expected: { ok: true, hundredths: 100_000 } },
    { type: 1, number: '1000.01', expected: { ok: false, problem: 'too_big' } },
    { type: 1, number: '99999999999999999999', expected: { ok: false, problem: 'too_big' } },
    { type: 1, number: 'abc', expected: { ok: false, problem: 'invalid' } },
    { type: 2, number: '3', expected: { ok: true, hundredths: 300 } },
    { type: 2, number: '3.0', expected: { ok: true, hundredths: 300 } },
    { type: 2, number: '2.5', expected: { ok: false, problem: 'fractional_lots' } },
    { type: 2, number: '0', expected: { ok: false, problem: 'not_positive' } },
  ] as const)('type $type, $number → $expected', ({ type, number, expected }) => {
    expect(copyNumberHundredths(type, number)).toEqual(expected);
  });
});

describe('copyLots', () => {
  it.each([
    { type: 1, hundredths: 100, traderLots: 10, lots: 10 },
    { type: 1, hundredths: 150, traderLots: 10, lots: 15 },
    { type: 1, hundredths: 150, traderLots: 3, lots: 4 },
    { type: 1, hundredths: 123, traderLots: 7, lots: 8 },
    { type: 1, hundredths: 50, traderLots: 1, lots: 0 },
    { type: 1, hundredths: 33, traderLots: 10, lots: 3 },
    { type: 2, hundredths: 300, traderLots: 10, lots: 3 },
    { type: 2, hundredths: 300, traderLots: 1, lots: 3 },
  ] as const)('type $type × $hundredths/100 of $traderLots lots → $lots', ({ type, hundredths, traderLots, lots }) => {
    expect(copyLots(type, hundredths, traderLots)).toBe(lots);
  });

  it('refuses impossible inputs', () => {
    expect(() => copyLots(1, 0, 1)).toThrow(RangeError);
    expect(() => copyLots(1, 100, 0)).toThrow(RangeError);
  });
});

describe('fitCopyLots', () => {
  const limits = { minLots: 1, maxLotsPerOrder: 1000, maxLotsPerUser: 5000, openLots: 0 };

  it.each([
    ['within every limit', 14, limits, { lots: 14, reduced: false }],
    ['above the per-order maximum: cut to it', 1460, limits, { lots: 1000, reduced: true }],
    ['above the room the follower has left: cut to the room', 900, { ...limits, openLots: 4500 }, { lots: 500, reduced: true }],
    ['no room left at all: skipped', 5, { ...limits, openLots: 5000 }, { lots: 0, reduced: false }],
    ['below the minimum: skipped, never rounded up', 0, limits, { lots: 0, reduced: false }],
    ['room below the minimum: skipped', 10, { ...limits, minLots: 5, openLots: 4997 }, { lots: 0, reduced: false }],
  ])('%s', (_case, wanted, given, expected) => {
    expect(fitCopyLots(wanted, given)).toEqual(expected);
  });
});

describe('display', () => {
  it.each([
    { type: 1, hundredths: 150, text: '1.50' },
    { type: 1, hundredths: 5, text: '0.05' },
    { type: 2, hundredths: 300, text: '3' },
  ] as const)('number $type $hundredths → $text', ({ type, hundredths, text }) => {
    expect(copyNumberText(type, hundredths)).toBe(text);
  });

  it.each([
    { bps: 1000, text: '0.10' },
    { bps: 0, text: '0.00' },
    { bps: 3000, text: '0.30' },
    { bps: 1250, text: '0.12' },
  ])('share rate $bps bps → $text', ({ bps, text }) => {
    expect(shareRateText(bps)).toBe(text);
  });
});

describe('copyProfitShare', () => {
  it.each([
    { profit: 10_000, bps: 1000, share: 1000 },
    { profit: 999, bps: 1000, share: 99 },
    { profit: 9, bps: 1000, share: 0 },
    { profit: 0, bps: 1000, share: 0 },
    { profit: -5000, bps: 1000, share: 0 },
    { profit: 10_000, bps: 0, share: 0 },
    { profit: 10_000, bps: 3000, share: 3000 },
  ])('profit $profit at $bps bps → $share', ({ profit, bps, share }) => {
    expect(copyProfitShare(profit, bps)).toBe(share);
  });

  it('refuses a rate outside 0..100 %', () => {
    expect(() => copyProfitShare(100, 10_001)).toThrow(RangeError);
    expect(() => copyProfitShare(100, -1)).toThrow(RangeError);
  });
});

describe('accuracyBps', () => {
  it.each([
    { profitable: 5, closed: 8, bps: 6250 },
    { profitable: 1, closed: 3, bps: 3333 },
    { profitable: 0, closed: 0, bps: 0 },
    { profitable: 4, closed: 4, bps: 10_000 },
  ])('$profitable of $closed → $bps', ({ profitable, closed, bps }) => {
    expect(accuracyBps(profitable, closed)).toBe(bps);
  });
});
