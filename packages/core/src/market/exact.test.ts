import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDecimal } from '../decimal.ts';
import { ratio, readScaled, toScaled } from './exact.ts';

/** Equal values whatever their scales: 1.50 and 1.5 are one number. */
const sameValue = (text: string) => {
  const fast = readScaled(text);
  const parsed = parseDecimal(text);
  if (parsed === null) return fast === null;
  if (fast === null) return false;
  const { numerator, denominator } = ratio(fast, toScaled(parsed));
  return numerator === denominator;
};

describe('readScaled', () => {
  it('reads plain digits to the same value parseDecimal gives', () => {
    const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 40 });
    fc.assert(fc.property(digits, fc.option(digits), (whole, fraction) => sameValue(fraction === null ? whole : `${whole}.${fraction}`)));
  });

  it('leaves every other form to parseDecimal, refusing what it refuses', () => {
    for (const text of [' 1.5 ', '-2', '.5', '7.', '1e3', '0x10', '', '1.2.3', 'NaN', 'Infinity', '１２']) expect(sameValue(text)).toBe(true);
    expect(readScaled('1e3')).toBeNull();
    expect(readScaled(' 1.5 ')).toEqual({ units: 15n, scale: 1 });
  });
});
