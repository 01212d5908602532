import { dec, parseDecimal, toMinor } from '@openbourse/core';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';

/** What is wrong with an amount as typed, before asking the server: the same rules it applies. */
export type AmountIssue = 'invalid' | 'decimals' | 'insufficient';

export interface CheckedAmount {
  /** Minor units when the amount can be sent. */
  minor: number | null;
  issue: AmountIssue | null;
}

/** Empty is no issue yet (nothing typed); anything else is checked against the decimals and what is available. */
export function checkAmount(text: string, scale: number, available: string | undefined): CheckedAmount {
  const trimmed = text.trim();
  if (trimmed === '') return { minor: null, issue: null };
  const value = parseDecimal(trimmed);
  if (!value || value.lte(0)) return { minor: null, issue: 'invalid' };
  if (value.decimalPlaces() > scale) return { minor: null, issue: 'decimals' };
  if (available !== undefined && value.greaterThan(dec(available))) return { minor: null, issue: 'insufficient' };
  try {
    return { minor: toMinor(value, scale), issue: null };
  } catch {
    return { minor: null, issue: 'invalid' };
  }
}


/**
 * A rate the way round that reads: USDT to BTC at 0.0000103713879955 reads
 * "1 BTC ≈ 96,419.11 USDT", as the price line under it does; the inverse keeps
 * eight significant digits.
 */
export function readableRate(rate: string, from: string, to: string): string {
  const value = dec(rate);
  if (value.isZero() || value.greaterThanOrEqualTo(1)) return `1 ${from} ≈ ${formatDecimal(rate)} ${to}`;
  return `1 ${to} ≈ ${formatSignificant(dec(1).dividedBy(value).toSignificantDigits(8).toFixed())} ${from}`;
}
