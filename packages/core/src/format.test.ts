import { describe, expect, it } from 'vitest';
import { formatCompact, formatSignificant, groupThousands, numberStyleOf, POINT_STYLE } from './format.ts';

describe('number styles', () => {
  it.each([
    ['en-US', ',', '.'],
    ['zh-CN', ',', '.'],
    ['es-ES', '.', ','],
    ['vi-VN', '.', ','],
    ['fr-FR', '\u202f', ','],
  ])('reads %s as grouping with %j and a decimal %j', (locale, group, decimal) => {
    expect(numberStyleOf(locale)).toEqual({ group, decimal });
  });

  it('writes a decimal string in a style, point style by default', () => {
    const spanish = numberStyleOf('es-ES');
    expect(groupThousands('1234567.891')).toBe('1,234,567.891');
    expect(groupThousands('1234567.891', spanish)).toBe('1.234.567,891');
    expect(groupThousands('-1000', spanish)).toBe('-1.000');
    expect(formatSignificant('5000000.0000', 0, spanish)).toBe('5.000.000');
    expect(formatSignificant('0.000962', 2, spanish)).toBe('0,000962');
    expect(formatCompact('2500000', spanish)).toBe('2,5M');
    expect(formatCompact('12.34567', POINT_STYLE)).toBe('12.3456');
    expect(formatCompact('1996600000')).toBe('1,996.6M');
    expect(formatCompact('1996600000', numberStyleOf('fr-FR'))).toBe('1\u202f996,6M');
  });
});
