import { describe, expect, it } from 'vitest';
import { fromMinor, formatMinor } from './money.ts';

describe('formatMinor', () => {
  it.each([
    [0, 2, '0.00'],
    [5, 2, '0.05'],
    [-5, 2, '-0.05'],
    [123456, 2, '1234.56'],
    [-123456, 2, '-1234.56'],
    [1, 8, '0.00000001'],
    [100000000, 8, '1.00000000'],
    [42, 0, '42'],
    [-42, 0, '-42'],
    [Number.MAX_SAFE_INTEGER, 6, '9007199254.740991'],
    [-Number.MAX_SAFE_INTEGER, 8, '-90071992.54740991'],
  ])('%d at scale %d is %s', (units, scale, text) => {
    expect(formatMinor(units, scale)).toBe(text);
  });

  it('agrees with decimal.js on every scale the platform uses', () => {
    for (const scale of [0, 1, 2, 4, 6, 8, 10, 18])
      for (const units of [0, 1, -1, 9, 10, 99, 12345, -987654321, 2 ** 40 + 3])
        expect(formatMinor(units, scale)).toBe(fromMinor(units, scale).toFixed(scale));
  });

  it('falls back to decimal.js outside the safe-integer range', () => {
    expect(formatMinor(2 ** 60, 2)).toBe(fromMinor(2 ** 60, 2).toFixed(2));
  });
});
