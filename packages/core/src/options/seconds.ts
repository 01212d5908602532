import { dec } from '../decimal.ts';
import { MILLIONTHS } from '../earn/rates.ts';

/**
 * Seconds options (spec 3 and 9): a bet that the feed price is higher (up) or
 * lower (down) a fixed number of seconds after acceptance. The house is the
 * counterparty. Payout rates are whole millionths (80% is 800000), so the rate
 * stored, shown and paid is the same integer everywhere.
 */
export type OptionDirection = 'up' | 'down';
export type OptionOutcome = 'win' | 'loss' | 'tie';

export interface OptionPeriod {
  seconds: number;
  /** Profit on a win as a share of the stake, in whole millionths. */
  payoutRate: number;
  /** Stake limits in minor units of the stake currency. */
  minStake: number;
  maxStake: number;
}

/** Up wins on a higher settlement price, down on a lower one; an equal price is a tie whatever the direction. */
export function optionOutcome(direction: OptionDirection, openPriceTicks: number, settlementPriceTicks: number): OptionOutcome {
  if (settlementPriceTicks === openPriceTicks) return 'tie';
  const rose = settlementPriceTicks > openPriceTicks;
  return rose === (direction === 'up') ? 'win' : 'loss';
}

/** The profit a win adds to the returned stake, rounded down to the minor unit (toward the house, by less than one unit). */
export function optionProfit(stake: number, payoutRate: number): number {
  return dec(stake).times(payoutRate).dividedToIntegerBy(MILLIONTHS).toNumber();
}

/** What the user receives at settlement, in minor units: stake + profit on a win, nothing on a loss, the stake back on a tie. */
export function optionPayout(outcome: OptionOutcome, stake: number, payoutRate: number): number {
  switch (outcome) {
    case 'win':
      return stake + optionProfit(stake, payoutRate);
    case 'loss':
      return 0;
    case 'tie':
      return stake;
  }
}

/**
 * The trading fee of an option: stake × fee rate (whole millionths), charged at
 * placement on top of the stake and kept whatever the outcome; rounded up to
 * the minor unit (toward the platform, by less than one unit).
 */
export function optionFee(stake: number, feeRate: number): number {
  return dec(stake).times(feeRate).dividedBy(MILLIONTHS).ceil().toNumber();
}

/**
 * The share of wins at which the bet breaks even: with the fee a share f of
 * the stake, a win earns rate − f, a loss costs 1 + f, so p × (rate − f) =
 * (1 − p) × (1 + f) gives p = (1 + f) / (1 + rate); without a fee 1 / (1 + rate).
 * Answered as a percent with two decimals, rounded up (a user needs at least this).
 */
export function breakEvenWinRate(payoutRate: number, feeRate = 0): string {
  // A stake of one whole (in millionths) pays feeRate millionths of fee.
  return placedBreakEvenWinRate(MILLIONTHS, feeRate, payoutRate);
}

/**
 * The same for one placed option, from what it paid: its stake and the fee
 * charged on top (minor units), so the record keeps its own figure whatever
 * the period's fee rate becomes. p = (stake + fee) / (stake × (1 + rate)).
 */
export function placedBreakEvenWinRate(stake: number, fee: number, payoutRate: number): string {
  return dec(stake + fee).times(100 * MILLIONTHS).dividedBy(dec(stake).times(MILLIONTHS + payoutRate)).toDecimalPlaces(2, 0).toFixed(2);
}

/** The moment an option accepted at `acceptedAt` expires: whole seconds later, to the millisecond. */
export function optionExpiry(acceptedAt: number, seconds: number): number {
  return acceptedAt + seconds * 1000;
}

export type StakeProblem = 'belowMinimum' | 'aboveMaximum' | null;

/** Whether a stake (minor units) is within the period's limits. */
export function stakeProblem(stake: number, period: Pick<OptionPeriod, 'minStake' | 'maxStake'>): StakeProblem {
  if (stake < period.minStake) return 'belowMinimum';
  if (stake > period.maxStake) return 'aboveMaximum';
  return null;
}

/** Payout rate (millionths) as a percent for display: 800000 → "80". */
export function payoutRatePercent(payoutRate: number): string {
  return dec(payoutRate).dividedBy(MILLIONTHS / 100).toFixed();
}
