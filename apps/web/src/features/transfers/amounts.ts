import { dec, parseDecimal, toMinor } from '@openbourse/core';

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
