import { Decimal, dec } from '../decimal.ts';
import type { MinorUnits } from '../money.ts';

/**
 * Dual investment (spec 9). A call invests the coin and sells it high: at
 * settlement below the linked price it is paid back in the coin with
 * interest, otherwise converted at the linked price and paid in USDT with
 * interest. A put invests USDT and buys the coin low: at or below the linked
 * price it is converted into the coin, otherwise paid back in USDT, both
 * with interest. So at a tie a call is converted into USDT and a put into
 * the coin: at the linked price the conversion is what each side asked for.
 *
 * Interest accrues on a simple annual rate: × (1 + days × APR / 365).
 *
 * Rounding: every payout is rounded down to a whole minor unit of the
 * currency it is paid in, toward the platform by less than one unit.
 */

export type DualDirection = 'call' | 'put';

export interface DualTerms {
  direction: DualDirection;
  /** The linked (strike) price in USDT per coin. */
  linkedPrice: string;
  /** Annual rate in percent, e.g. "36.5". */
  aprPercent: string;
  /** Days the interest is paid for. */
  days: number;
}

export interface DualScales {
  coin: number;
  usdt: number;
}

export interface DualPayout {
  /** Which currency the payout is in. */
  currency: 'coin' | 'usdt';
  /** Whether the investment was converted at the linked price. */
  converted: boolean;
  amount: MinorUnits;
  /** The payout without interest, in the payout currency. */
  principal: MinorUnits;
  /** amount − principal. */
  interest: MinorUnits;
}

/** 1 + days × APR / 365. */
export function aprFactor(aprPercent: string, days: number): Decimal {
  return dec(1).plus(dec(days).times(aprPercent).dividedBy(100).dividedBy(365));
}

/** A principal with simple annual interest for a number of days (APR accrual): principal × (1 + days × APR / 365). */
export function accrueApr(principal: Decimal, aprPercent: string, days: number): Decimal {
  return principal.times(aprFactor(aprPercent, days));
}

function toUnits(amount: Decimal, scale: number): MinorUnits {
  const units = amount.times(Decimal.pow(10, scale)).toDecimalPlaces(0, Decimal.ROUND_DOWN);
  if (units.greaterThan(Number.MAX_SAFE_INTEGER)) throw new RangeError('payout beyond the representable range');
  return units.toNumber();
}

/** The payout in one outcome: converted or not. */
function outcome(terms: DualTerms, invested: MinorUnits, scales: DualScales, converted: boolean): DualPayout {
  const investedScale = terms.direction === 'call' ? scales.coin : scales.usdt;
  const principalIn = dec(invested).dividedBy(Decimal.pow(10, investedScale));
  const linked = dec(terms.linkedPrice);
  const currency: DualPayout['currency'] = (terms.direction === 'call') === converted ? 'usdt' : 'coin';
  let base = principalIn;
  if (converted) base = terms.direction === 'call' ? principalIn.times(linked) : principalIn.dividedBy(linked);
  const scale = currency === 'coin' ? scales.coin : scales.usdt;
  const principal = toUnits(base, scale);
  const amount = toUnits(accrueApr(base, terms.aprPercent, terms.days), scale);
  return { currency, converted, amount, principal, interest: amount - principal };
}

/** Whether the settlement price converts the investment: a call at or above the linked price, a put at or below it. */
export function isConverted(direction: DualDirection, linkedPrice: string, settlementPrice: string): boolean {
  const comparison = dec(settlementPrice).comparedTo(dec(linkedPrice));
  return direction === 'call' ? comparison >= 0 : comparison <= 0;
}

/** What an order pays at a settlement price. */
export function dualPayout(terms: DualTerms, invested: MinorUnits, scales: DualScales, settlementPrice: string): DualPayout {
  return outcome(terms, invested, scales, isConverted(terms.direction, terms.linkedPrice, settlementPrice));
}

/** Both possible outcomes, shown with numbers before the user confirms. */
export function dualOutcomes(terms: DualTerms, invested: MinorUnits, scales: DualScales): { kept: DualPayout; converted: DualPayout } {
  return { kept: outcome(terms, invested, scales, false), converted: outcome(terms, invested, scales, true) };
}

/** Dual products mature and settle at 08:00 UTC on their maturity date. */
export const DUAL_SETTLEMENT_HOUR_UTC = 8;

/** 08:00 UTC on a UTC date ("2026-11-25"), in Unix ms. */
export function dualSettlementMoment(dateUtc: string): number {
  return Date.parse(`${dateUtc}T0${DUAL_SETTLEMENT_HOUR_UTC}:00:00.000Z`);
}
