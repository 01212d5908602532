import { describe, expect, it } from 'vitest';
import { decimalSeparatorOf, formatQuantity, shownDecimal, stepDecimal, typedDecimal } from './numbers.ts';

describe('trading numbers', () => {
  it('takes the decimal sign of the language’s number style (core’s format.test covers each style)', () => {
    expect(decimalSeparatorOf('fr-FR')).toBe(',');
    expect(decimalSeparatorOf('en-US')).toBe('.');
  });

  it.each([
    ['0,5', 'fr-FR', '0.5'],
    ['1 000,25', 'fr-FR', '1000.25'],
    ['0.5', 'fr-FR', '0.5'],
    ['0,5', 'en-US', '0,5'],
    ['0.5', 'en-US', '0.5'],
  ])('reads %s typed in %s as %s', (text, locale, expected) => {
    expect(typedDecimal(text, locale)).toBe(expected);
  });

  it('shows a kept decimal with the language’s separator', () => {
    expect(shownDecimal('0.5', 'fr-FR')).toBe('0,5');
    expect(shownDecimal('0.5', 'en-US')).toBe('0.5');
  });

  it('shows a quantity with its lot decimals, truncated', () => {
    expect(formatQuantity('0.12345678', 4)).toBe('0.1234');
    expect(formatQuantity('1200', 2)).toBe('1,200.00');
  });

  it('steps on the grid and never below zero', () => {
    expect(stepDecimal('0.1', '0.01', 1)).toBe('0.11');
    expect(stepDecimal('', '0.01', 1)).toBe('0.01');
    expect(stepDecimal('0.005', '0.01', -1)).toBe('0');
  });
});
