import { describe, expect, it } from 'vitest';
import { commitmentOf, verifyCommitment } from '../fairness/commitment.ts';
import { toMinor } from '../money.ts';
import { DAY_MS, dailyRateFromSeed, dailyYield, earlyRedemption, lockRateDays, lockSchedule, nextDividendAt, rateDayOf, remainingDays, yieldRange, yieldRangeByDay } from './lock-mining.ts';
import { millionthsToPercent, percentToMillionths } from './rates.ts';

const USDT = 6;
const usdt = (amount: string) => toMinor(amount, USDT);

describe('daily yield', () => {
  it.each([
    // spec 9: 10,000 at 0.3% to 0.4% a day gives 30 to 40
    { amount: '10000', rate: 3000, expected: '30' },
    { amount: '10000', rate: 4000, expected: '40' },
    { amount: '10000', rate: 3517, expected: '35.17' },
    { amount: '1000', rate: 4000, expected: '4' },
    { amount: '0.000001', rate: 4000, expected: '0' },
  ])('$amount at $rate millionths pays $expected', ({ amount, rate, expected }) => {
    expect(dailyYield(usdt(amount), rate)).toBe(usdt(expected));
  });

  it('rounds down, toward the platform, by less than one minor unit', () => {
    // 0.333333 × 0.35% = 0.00116666…: paid 0.001166, not 0.001167
    expect(dailyYield(333_333, 3500)).toBe(1166);
    // 7 units × 0.3% = 0.021 units: nothing
    expect(dailyYield(7, 3000)).toBe(0);
  });

  it('stays exact beyond 2^53 in the intermediate product', () => {
    const amount = 9_000_000_000_000_000; // 9e15 minor units, safe; × 4000 is not
    expect(dailyYield(amount, 4000)).toBe(36_000_000_000_000);
  });

  it('spec 9: 10,000 over 5 days at 0.3%–0.4% gives 30–40 a day and 150–200 in all', () => {
    expect(yieldRange(usdt('10000'), 3000, 4000, 5)).toEqual({ dailyMin: usdt('30'), dailyMax: usdt('40'), totalMin: usdt('150'), totalMax: usdt('200') });
  });

  it('sums day by day when the days were committed under different ranges', () => {
    // Two days still at 0.3%–0.4%, then three at a range edited to 0.5%–0.6%.
    const days = [...Array(2).fill({ minRate: 3000, maxRate: 4000 }), ...Array(3).fill({ minRate: 5000, maxRate: 6000 })];
    expect(yieldRangeByDay(usdt('10000'), days)).toEqual({ dailyMin: usdt('30'), dailyMax: usdt('60'), totalMin: usdt('210'), totalMax: usdt('260') });
    // One range for every day is the plain range.
    expect(yieldRangeByDay(usdt('10000'), Array(5).fill({ minRate: 3000, maxRate: 4000 }))).toEqual(yieldRange(usdt('10000'), 3000, 4000, 5));
    expect(yieldRangeByDay(usdt('10000'), [])).toEqual({ dailyMin: 0, dailyMax: 0, totalMin: 0, totalMax: 0 });
  });
});

describe('early redemption', () => {
  it.each([
    // spec 9: 0.4% × 3 days × 1,000 = 12, refund 988
    { amount: '1000', ratio: 4000, days: 3, penalty: '12', refund: '988' },
    { amount: '1000', ratio: 4000, days: 0, penalty: '0', refund: '1000' },
    { amount: '500', ratio: 10000, days: 30, penalty: '150', refund: '350' },
    // the penalty never exceeds the amount
    { amount: '100', ratio: 500000, days: 5, penalty: '100', refund: '0' },
  ])('$amount, ratio $ratio, $days days left: penalty $penalty, refund $refund', ({ amount, ratio, days, penalty, refund }) => {
    expect(earlyRedemption(usdt(amount), ratio, days)).toEqual({ penalty: usdt(penalty), refund: usdt(refund) });
  });

  it('rounds the penalty up, toward the platform, by less than one minor unit', () => {
    // 333,333 units × 0.4% × 1 = 1333.332 units → 1334
    expect(earlyRedemption(333_333, 4000, 1)).toEqual({ penalty: 1334, refund: 331_999 });
  });

  it('counts the days not yet paid', () => {
    expect(remainingDays(5, 2)).toBe(3);
    expect(remainingDays(5, 5)).toBe(0);
    expect(() => earlyRedemption(100, 4000, -1)).toThrow(RangeError);
  });
});

describe('daily rates from committed seeds', () => {
  const seed = 'a3'.repeat(32);

  it('derives a rate within the committed range that anyone can recompute', () => {
    const rate = dailyRateFromSeed(seed, 3000, 4000);
    expect(rate).toBeGreaterThanOrEqual(3000);
    expect(rate).toBeLessThanOrEqual(4000);
    expect(dailyRateFromSeed(seed, 3000, 4000)).toBe(rate);
    expect(verifyCommitment(seed, commitmentOf(seed))).toBe(true);
    expect(verifyCommitment(seed.replace(/^a3/, 'a4'), commitmentOf(seed))).toBe(false);
  });

  it('covers the whole range over many seeds', () => {
    const rates = Array.from({ length: 400 }, (_, index) => dailyRateFromSeed(index.toString(16).padStart(64, '0'), 3000, 3003));
    expect(new Set(rates)).toEqual(new Set([3000, 3001, 3002, 3003]));
  });
});

describe('schedule', () => {
  const midnight = Date.UTC(2026, 10, 23);

  it('starts accrual at the next dividend moment and pays once a day until expiry', () => {
    const schedule = lockSchedule(midnight + 5 * 3_600_000, 5, 0);
    expect(schedule.valueAt).toBe(midnight + DAY_MS);
    expect(schedule.payoutAt(1)).toBe(midnight + 2 * DAY_MS);
    expect(schedule.expiresAt).toBe(midnight + 6 * DAY_MS);
    expect(rateDayOf(schedule.payoutAt(1))).toBe('2026-11-25');
  });

  it('names the UTC date of every payout: a 5-day lock placed at 05:00 on the 23rd pays on the 25th to the 29th', () => {
    const schedule = lockSchedule(midnight + 5 * 3_600_000, 5, 0);
    expect(lockRateDays(schedule.valueAt, 5)).toEqual(['2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29']);
    // Locked just after today's dividend moment, the last payout falls lock days + 1 dates ahead.
    expect(lockRateDays(lockSchedule(midnight + 8 * 3_600_000 + 1, 30, 8 * 60).valueAt, 30).at(-1)).toBe('2026-12-24');
  });

  it('takes a dividend moment that is exactly now', () => {
    expect(nextDividendAt(midnight + 8 * 3_600_000, 8 * 60)).toBe(midnight + 8 * 3_600_000);
    expect(nextDividendAt(midnight + 8 * 3_600_000 + 1, 8 * 60)).toBe(midnight + DAY_MS + 8 * 3_600_000);
  });
});

describe('percent and millionths', () => {
  it.each([
    ['0.3', 3000],
    ['0.35', 3500],
    ['0.0001', 1],
    ['100', 1_000_000],
  ])('%s%% is %i millionths and back', (percent, millionths) => {
    expect(percentToMillionths(percent)).toBe(millionths);
    expect(millionthsToPercent(millionths)).toBe(percent);
  });

  it.each(['', '-1', '0.00001', '101', 'abc', '1e3'])('refuses %j', (text) => {
    expect(percentToMillionths(text)).toBeNull();
  });
});
