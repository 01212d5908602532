import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount, formatChangePercent, formatCompactNumber, formatDecimal, formatSignificant, plainDecimal, withFiatSymbol } from './format.ts';
import { changeLanguage, initI18n } from './i18n/index.ts';
import { formatCalendarDay } from './time.ts';
import { formatQuantity, typedDecimal } from './trading/numbers.ts';

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

describe('numbers in the language the app shows', () => {
  beforeAll(() => initI18n('zh', ['shell']));
  afterAll(() => changeLanguage('zh'));

  it('writes Spanish and Vietnamese with a grouping point and a decimal comma', async () => {
    for (const language of ['spa', 'vi'] as const) {
      await changeLanguage(language);
      expect(formatDecimal('96250.01')).toBe('96.250,01');
      expect(formatSignificant('13678.160000')).toBe('13.678,16');
      expect(formatAmount('1234.5678')).toBe('1.234,56');
      expect(formatChangePercent('0.715')).toBe('+0,71%');
      expect(formatCompactNumber('18123')).toBe('18,1K');
      expect(formatQuantity('0.5', 4)).toBe('0,5000');
    }
  });

  it("writes a server's calendar day in the language's date order and calendar, the same day wherever the reader is", async () => {
    await changeLanguage('th');
    expect(formatCalendarDay('2026-12-04')).toBe('04/12/2569');
    await changeLanguage('jp');
    expect(formatCalendarDay('2026-12-04')).toBe('2026/12/04');
    await changeLanguage('en');
    expect(formatCalendarDay('2026-12-04')).toBe('12/04/2026');
    expect(formatCalendarDay('soon')).toBe('soon');
  });

  it("puts a fiat symbol where the language writes it, the sign in front of both", async () => {
    const euro = { symbol: '€', code: 'EUR' };
    await changeLanguage('fra');
    expect(withFiatSymbol(formatAmount('89731.16'), euro)).toBe('89\u202f731,16\u00a0€');
    expect(withFiatSymbol(formatAmount('-12'), euro)).toBe('-12,00\u00a0€');
    await changeLanguage('spa');
    expect(withFiatSymbol(formatAmount('9300'), euro)).toBe('9.300,00\u00a0€');
    await changeLanguage('en');
    expect(withFiatSymbol(formatAmount('89731.16'), euro)).toBe('€89,731.16');
    expect(withFiatSymbol(formatAmount('-12'), { symbol: '$', code: 'USD' })).toBe('-$12.00');
    await changeLanguage('zh');
    expect(withFiatSymbol('****', { symbol: '¥', code: 'CNY' })).toBe('¥****');
  });

  it('groups French with a narrow no-break space, so a number never wraps, and reads back what a field shows', async () => {
    await changeLanguage('fra');
    expect(formatDecimal('96250.01')).toBe('96\u202f250,01');
    expect(typedDecimal('0,5', 'fr-FR')).toBe('0.5');
    await changeLanguage('en');
    expect(formatDecimal('96250.01')).toBe('96,250.01');
  });
});
