import { describe, expect, it } from 'vitest';
import { toMinor } from '../money.ts';
import { breakEvenWinRate, optionExpiry, placedBreakEvenWinRate, optionFee, optionOutcome, optionPayout, optionProfit, payoutRatePercent, stakeProblem } from './seconds.ts';

const usdt = (amount: string) => toMinor(amount, 6);
const EIGHTY = 800_000;

describe('option outcome', () => {
  it.each([
    { direction: 'up', open: 100, settle: 101, outcome: 'win' },
    { direction: 'up', open: 100, settle: 99, outcome: 'loss' },
    { direction: 'up', open: 100, settle: 100, outcome: 'tie' },
    { direction: 'down', open: 100, settle: 99, outcome: 'win' },
    { direction: 'down', open: 100, settle: 101, outcome: 'loss' },
    { direction: 'down', open: 100, settle: 100, outcome: 'tie' },
    // one tick of movement decides
    { direction: 'up', open: 9_625_000_000, settle: 9_625_000_001, outcome: 'win' },
  ] as const)('$direction from $open to $settle is a $outcome', ({ direction, open, settle, outcome }) => {
    expect(optionOutcome(direction, open, settle)).toBe(outcome);
  });
});

describe('option payout (spec 9)', () => {
  it.each([
    { outcome: 'win', stake: usdt('100'), rate: EIGHTY, paid: usdt('180') },
    { outcome: 'loss', stake: usdt('100'), rate: EIGHTY, paid: 0 },
    { outcome: 'tie', stake: usdt('100'), rate: EIGHTY, paid: usdt('100') },
    { outcome: 'win', stake: usdt('10'), rate: 950_000, paid: usdt('19.5') },
    // a profit smaller than one minor unit rounds down toward the house
    { outcome: 'win', stake: 3, rate: 850_000, paid: 5 },
    { outcome: 'win', stake: 1, rate: 850_000, paid: 1 },
    // a zero rate only returns the stake
    { outcome: 'win', stake: usdt('50'), rate: 0, paid: usdt('50') },
  ] as const)('$outcome on $stake at $rate pays $paid', ({ outcome, stake, rate, paid }) => {
    expect(optionPayout(outcome, stake, rate)).toBe(paid);
  });

  it('keeps large stakes exact', () => {
    expect(optionProfit(usdt('1000000'), 123_457)).toBe(usdt('123457'));
    expect(optionProfit(999_999_999_999, 999_999)).toBe(999_998_999_999);
  });
});

describe('break-even win rate = 1 / (1 + rate)', () => {
  it.each([
    { rate: EIGHTY, percent: '55.56' },
    { rate: 1_000_000, percent: '50.00' },
    { rate: 850_000, percent: '54.06' },
    { rate: 950_000, percent: '51.29' },
    { rate: 0, percent: '100.00' },
  ])('at $rate millionths it is $percent%', ({ rate, percent }) => {
    expect(breakEvenWinRate(rate)).toBe(percent);
  });

  it('needs more wins to break even when a fee is charged: (1 + fee) / (1 + rate)', () => {
    // 0.1% fee at 80%: 1.001 / 1.8 = 55.6111…% → 55.62.
    expect(breakEvenWinRate(EIGHTY, 1000)).toBe('55.62');
  });

  it('gives a placed option the figure of what it paid: its stake and the fee on top', () => {
    // 100 USDT at 80% with its 0.1% fee, 0.1 USDT: 100.1 / 180 = 55.6111…% → 55.62, as the period quoted.
    expect(placedBreakEvenWinRate(100_000_000, optionFee(100_000_000, 1000), EIGHTY)).toBe('55.62');
    expect(placedBreakEvenWinRate(100_000_000, 0, EIGHTY)).toBe(breakEvenWinRate(EIGHTY));
  });

  it('shows the payout rate as a percent', () => {
    expect(payoutRatePercent(EIGHTY)).toBe('80');
    expect(payoutRatePercent(825_000)).toBe('82.5');
  });
});

describe('the option fee', () => {
  it.each([
    { stake: usdt('10'), rate: 1000, fee: usdt('0.01') },
    { stake: usdt('12.345678'), rate: 1000, fee: 12_346 },
    { stake: 1, rate: 1000, fee: 1 },
    { stake: usdt('100'), rate: 0, fee: 0 },
  ])('stake $stake at $rate millionths pays $fee, rounded up', ({ stake, rate, fee }) => {
    expect(optionFee(stake, rate)).toBe(fee);
  });
});

describe('expiry and stake limits', () => {
  it('expires whole seconds after acceptance', () => {
    expect(optionExpiry(Date.UTC(2026, 10, 24, 3, 0, 0, 250), 30)).toBe(Date.UTC(2026, 10, 24, 3, 0, 30, 250));
    expect(optionExpiry(0, 300)).toBe(300_000);
  });

  it.each([
    { stake: usdt('9.999999'), problem: 'belowMinimum' },
    { stake: usdt('10'), problem: null },
    { stake: usdt('1000'), problem: null },
    { stake: usdt('1000.000001'), problem: 'aboveMaximum' },
    { stake: 0, problem: 'belowMinimum' },
  ] as const)('a stake of $stake is $problem', ({ stake, problem }) => {
    expect(stakeProblem(stake, { minStake: usdt('10'), maxStake: usdt('1000') })).toBe(problem);
  });
});
