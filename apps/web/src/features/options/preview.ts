import { breakEvenWinRate, dec, formatMinor, fromMinor, optionFee, optionPayout, parseDecimal, percentToMillionths, stakeProblem, toMinor } from '@openbourse/core';
import type { OptionPeriod, PayableCurrency } from './api.ts';

export interface TicketPreview {
  /** What a win pays, stake included; null until a valid stake is typed. */
  winPayout: string | null;
  profit: string | null;
  /** The trading fee charged at placement on top of the stake; null until a valid stake is typed. */
  fee: string | null;
  breakEven: string;
  problem: 'belowMinimum' | 'aboveMaximum' | 'insufficient' | 'invalid' | null;
}

/**
 * The ticket's numbers with the functions the server settles with: the stake
 * in minor units, the fee charged on top of it, the payout rounded as the
 * house pays it, the break-even win rate (1 + fee) / (1 + rate).
 */
export function previewTicket(period: OptionPeriod, currency: PayableCurrency, stakeText: string): TicketPreview {
  const rate = percentToMillionths(period.payout_rate) ?? 0;
  const feeRate = percentToMillionths(period.fee_rate) ?? 0;
  const breakEven = breakEvenWinRate(rate, feeRate);
  const value = parseDecimal(stakeText.trim());
  if (!value?.greaterThan(0) || value.decimalPlaces() > currency.scale) return { winPayout: null, profit: null, fee: null, breakEven, problem: stakeText.trim() === '' ? null : 'invalid' };
  const stake = toMinor(value, currency.scale);
  const limits = period.stakes.find((entry) => entry.currency_id === currency.currency_id);
  const payout = optionPayout('win', stake, rate);
  const fee = optionFee(stake, feeRate);
  const limitProblem = limits ? stakeProblem(stake, { minStake: toMinor(limits.min, currency.scale), maxStake: toMinor(limits.max, currency.scale) }) : null;
  const insufficient = fromMinor(stake + fee, currency.scale).greaterThan(dec(currency.available));
  return {
    winPayout: formatMinor(payout, currency.scale),
    profit: formatMinor(payout - stake, currency.scale),
    fee: formatMinor(fee, currency.scale),
    breakEven,
    problem: limitProblem ?? (insufficient ? 'insufficient' : null),
  };
}
