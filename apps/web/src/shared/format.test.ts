import { describe, expect, it } from 'vitest';
import { formatAmount, formatChangePercent, formatDecimal, formatSignificant, plainDecimal } from './format.ts';

describe('number display', () => {
  it('shows server decimals as sent, grouped', () => {
    expect(formatDecimal('96250.01')).toBe('96,250.01');
    expect(formatDecimal('0.00012')).toBe('0.00012');
  });

  it('keeps every significant digit and at least two decimals', () => {
    expect(formatSignificant('13678.160000')).toBe('13,678.16');
    expect(formatSignificant('0.000962')).toBe('0.000962');
    expect(formatSignificant('0.000000')).toBe('0.00');
    expect(formatSignificant('962.215900')).toBe('962.2159');
    expect(formatSignificant('5')).toBe('5.00');
    expect(formatSignificant('5000000.0000', 0)).toBe('5,000,000');
    expect(formatSignificant('250.50', 0)).toBe('250.5');
  });

  it('fills a field with a plain decimal: no trailing zeros, no grouping', () => {
    expect(plainDecimal('10000.000000')).toBe('10000');
    expect(plainDecimal('0.50000000')).toBe('0.5');
  });

  it('truncates amounts, never rounding up', () => {
    expect(formatAmount('1234.5678')).toBe('1,234.56');
  });

  it('signs rises and truncates the change to two decimals', () => {
    expect(formatChangePercent('0.715')).toBe('+0.71%');
    expect(formatChangePercent('-9.15')).toBe('-9.15%');
    expect(formatChangePercent('0.00')).toBe('0.00%');
  });
});
