import { dec, parseDecimal, toMinor } from '@openbourse/core';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';
import type { ConvertList } from './api.ts';

const BTC = 1;
const USDT = 3;

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

/** The first of `preferred` (else of the list) that is listed and is not `other`. */
function firstListed(ids: number[], preferred: number[], other?: number): number {
  return preferred.find((id) => ids.includes(id) && id !== other) ?? ids.find((id) => id !== other) ?? (preferred[0] as number);
}

/**
 * The pair the page opens on: the currencies the address asks for; otherwise
 * from a currency the user holds (USDT first, then BTC, then any other), into
 * BTC from USDT and into USDT from anything else; BTC → USDT for a user who
 * holds nothing.
 */
export function initialPair(list: ConvertList, askedFrom: string | null, askedTo: string | null): { fromId: number; toId: number } {
  const ids = list.currencies.map((currency) => currency.id);
  const listed = (asked: string | null) => (asked !== null && ids.includes(Number(asked)) ? Number(asked) : undefined);
  const wantedFrom = listed(askedFrom);
  const wantedTo = listed(askedTo) === wantedFrom ? undefined : listed(askedTo);
  const held = list.currencies.filter((currency) => currency.id !== wantedTo && dec(currency.available).greaterThan(0)).map((currency) => currency.id);
  const fromId = wantedFrom ?? [USDT, BTC].find((id) => held.includes(id)) ?? held[0] ?? firstListed(ids, [BTC, USDT], wantedTo);
  const toId = wantedTo ?? firstListed(ids, fromId === USDT ? [BTC] : [USDT, BTC], fromId);
  return { fromId, toId };
}
