import { describe, expect, it } from 'vitest';
import { nextSort, sortQuotes } from './sorting.ts';
import { makeQuote } from '../../shared/test-utils.tsx';

const symbols = (quotes: { symbol: string }[]) => quotes.map((item) => item.symbol);

describe('quote sorting', () => {
  it('cycles a column through its first direction, the other one, then the listing order', () => {
    expect(nextSort(null, 'change')).toEqual({ column: 'change', direction: 'desc' });
    expect(nextSort({ column: 'change', direction: 'desc' }, 'change')).toEqual({ column: 'change', direction: 'asc' });
    expect(nextSort({ column: 'change', direction: 'asc' }, 'change')).toBeNull();
    expect(nextSort(null, 'name')).toEqual({ column: 'name', direction: 'asc' });
    expect(nextSort({ column: 'name', direction: 'asc' }, 'name')).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort({ column: 'name', direction: 'asc' }, 'price')).toEqual({ column: 'price', direction: 'desc' });
  });

  it('compares prices and changes as decimals, not as text or floats', () => {
    const quotes = [
      makeQuote('A/USDT', { price: '9.99', change_percent: '-10.5' }),
      makeQuote('B/USDT', { price: '10.5', change_percent: '-9.99' }),
      makeQuote('C/USDT', { price: '0.30000000000000001', change_percent: '2' }),
      makeQuote('D/USDT', { price: '0.3', change_percent: '0.00' }),
    ];
    expect(symbols(sortQuotes(quotes, { column: 'price', direction: 'desc' }))).toEqual(['B/USDT', 'A/USDT', 'C/USDT', 'D/USDT']);
    expect(symbols(sortQuotes(quotes, { column: 'change', direction: 'asc' }))).toEqual(['A/USDT', 'B/USDT', 'D/USDT', 'C/USDT']);
    expect(symbols(sortQuotes(quotes, { column: 'name', direction: 'desc' }))).toEqual(['D/USDT', 'C/USDT', 'B/USDT', 'A/USDT']);
    expect(symbols(sortQuotes(quotes, null))).toEqual(['A/USDT', 'B/USDT', 'C/USDT', 'D/USDT']);
  });
});
