import { drawInRange } from '../fairness/commitment.ts';
import { assertSafeMinor, type MinorUnits } from '../money.ts';
import { MILLIONTHS } from './rates.ts';

/**
 * Lock-position mining (spec 9): an amount is locked for a number of days and
 * earns amount × that day's rate at each day's dividend time; redeemed early
 * it returns the amount minus ratio × remaining days × amount.
 *
 * Rounding: always toward the platform by less than one minor unit. A yield
 * is rounded down, a penalty up, so neither side can be paid a fraction of a
 * unit that was never earned; the unit tests pin both directions.
 */

export const DAY_MS = 86_400_000;

/** `value × numerator / MILLIONTHS`, exact on integers beyond 2^53, rounded down or up. */
function scaleMillionths(value: MinorUnits, numerator: bigint, round: 'down' | 'up'): MinorUnits {
  const product = BigInt(assertSafeMinor(value)) * numerator;
  const divisor = BigInt(MILLIONTHS);
  const quotient = product / divisor;
  const result = round === 'up' && product % divisor !== 0n ? quotient + 1n : quotient;
  return assertSafeMinor(Number(result));
}

/** One day's yield: amount × rate, rounded down. */
export function dailyYield(amount: MinorUnits, rateMillionths: number): MinorUnits {
  return scaleMillionths(amount, BigInt(rateMillionths), 'down');
}

export interface EarlyRedemption {
  penalty: MinorUnits;
  refund: MinorUnits;
}

/** Spec 9: penalty = ratio × remaining days × amount (rounded up, never above the amount); the rest is refunded. */
export function earlyRedemption(amount: MinorUnits, penaltyMillionths: number, remainingDays: number): EarlyRedemption {
  if (!Number.isSafeInteger(remainingDays) || remainingDays < 0) throw new RangeError('remaining days must be a whole number ≥ 0');
  const penalty = Math.min(amount, scaleMillionths(amount, BigInt(penaltyMillionths) * BigInt(remainingDays), 'up'));
  return { penalty, refund: amount - penalty };
}

/** Days of the lock not yet paid: what an early redemption is penalised for. */
export function remainingDays(lockDays: number, daysPaid: number): number {
  return Math.max(0, lockDays - daysPaid);
}

export interface YieldRange {
  dailyMin: MinorUnits;
  dailyMax: MinorUnits;
  totalMin: MinorUnits;
  totalMax: MinorUnits;
}

/** What an amount earns a day and over the whole lock at the ends of a product's range (spec 9: 10,000 over 5 days at 0.3–0.4% → 30–40 a day, 150–200). */
export function yieldRange(amount: MinorUnits, minRate: number, maxRate: number, lockDays: number): YieldRange {
  const dailyMin = dailyYield(amount, minRate);
  const dailyMax = dailyYield(amount, maxRate);
  return { dailyMin, dailyMax, totalMin: assertSafeMinor(dailyMin * lockDays), totalMax: assertSafeMinor(dailyMax * lockDays) };
}

/** The range one day's rate is drawn from, in millionths: each committed day keeps the range in force when it was committed. */
export interface DayRateRange {
  minRate: number;
  maxRate: number;
}

/**
 * The yield range over days that may each have their own committed range
 * (a product's range edited after some days were committed): the smallest
 * and largest single day, and the sums over the days at each end.
 */
export function yieldRangeByDay(amount: MinorUnits, days: readonly DayRateRange[]): YieldRange {
  if (days.length === 0) return { dailyMin: 0, dailyMax: 0, totalMin: 0, totalMax: 0 };
  const low = days.map((day) => dailyYield(amount, day.minRate));
  const high = days.map((day) => dailyYield(amount, day.maxRate));
  const total = (values: number[]) => assertSafeMinor(values.reduce((sum, value) => sum + value, 0));
  return { dailyMin: Math.min(...low), dailyMax: Math.max(...high), totalMin: total(low), totalMax: total(high) };
}

/** The label every daily rate is drawn under, so a browser recomputes exactly the same draw. */
export const DAILY_RATE_LABEL = 'lock-mining.daily-rate';

/** A day's rate from its revealed seed, within the range committed with it. */
export function dailyRateFromSeed(seed: string, minMillionths: number, maxMillionths: number): number {
  return drawInRange(seed, DAILY_RATE_LABEL, 0, minMillionths, maxMillionths);
}

/** The first dividend moment (the product's minute of the UTC day) at or after `time`. */
export function nextDividendAt(time: number, dividendMinuteUtc: number): number {
  const dayStart = Math.floor(time / DAY_MS) * DAY_MS;
  const today = dayStart + dividendMinuteUtc * 60_000;
  return today >= time ? today : today + DAY_MS;
}

export interface LockSchedule {
  /** Accrual starts at the first dividend moment after locking; a partial first day earns nothing. */
  valueAt: number;
  /** Dividend k (1-based) is paid at valueAt + k days; the last one is at expiry, with the principal. */
  payoutAt(day: number): number;
  expiresAt: number;
}

export function lockSchedule(lockedAt: number, lockDays: number, dividendMinuteUtc: number): LockSchedule {
  const valueAt = nextDividendAt(lockedAt, dividendMinuteUtc);
  return { valueAt, payoutAt: (day) => valueAt + day * DAY_MS, expiresAt: valueAt + lockDays * DAY_MS };
}

/** The UTC date ("2026-11-23") a payout moment falls on: one rate per product and date. */
export function rateDayOf(payoutAt: number): string {
  return new Date(payoutAt).toISOString().slice(0, 10);
}

/** The UTC dates of a lock's payouts, day 1 to the last: the rates that must be committed before it is accepted. */
export function lockRateDays(valueAt: number, lockDays: number): string[] {
  return Array.from({ length: lockDays }, (_, index) => rateDayOf(valueAt + (index + 1) * DAY_MS));
}
