import { dec } from '@openbourse/core';
import type { Quote } from '../../shared/market/quotes.ts';

export type SortColumn = 'name' | 'price' | 'change';
export type SortDirection = 'asc' | 'desc';
export type QuoteSort = { column: SortColumn; direction: SortDirection } | null;

/** Names read best A to Z first; prices and changes are looked at highest first (top gainers), as on the big exchanges. */
const FIRST_DIRECTION: Record<SortColumn, SortDirection> = { name: 'asc', price: 'desc', change: 'desc' };

/** Each tap on a column header moves on one step: its first direction, the other direction, then unsorted. */
export function nextSort(current: QuoteSort, column: SortColumn): QuoteSort {
  const first = FIRST_DIRECTION[column];
  if (current?.column !== column) return { column, direction: first };
  if (current.direction === first) return { column, direction: first === 'asc' ? 'desc' : 'asc' };
  return null;
}

/** Prices and changes are decimal strings: compared exactly, never as floats. */
function compareAscending(column: SortColumn, a: Quote, b: Quote): number {
  if (column === 'name') return a.base.localeCompare(b.base);
  const field = column === 'price' ? 'price' : 'change_percent';
  return dec(a[field]).comparedTo(dec(b[field]));
}

/** A sorted copy; unsorted keeps the server's order (the exchange's own listing order). */
export function sortQuotes(quotes: readonly Quote[], sort: QuoteSort): Quote[] {
  if (!sort) return [...quotes];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...quotes].sort((a, b) => sign * compareAscending(sort.column, a, b));
}
