import { describe, expect, it } from 'vitest';
import { percentText, shareRateFromPercent } from './share-rate.ts';

describe('the profit-share rate typed in percent', () => {
  it.each([
    ['10', '0.10'],
    ['0', '0.00'],
    ['5', '0.05'],
    ['30', '0.30'],
    [' 15 ', '0.15'],
    ['100', '1.00'],
  ])('%s %% is sent as %s, two decimals as the server reads it', (percent, fraction) => {
    expect(shareRateFromPercent(percent)).toBe(fraction);
  });

  it.each(['12.5', '10.0', '0.1', '-5', '1e1', 'ten', '', '1000'])('refuses %j: only a whole percent fits two decimals', (percent) => {
    expect(shareRateFromPercent(percent)).toBeNull();
  });

  it("shows the server's fractions as percents", () => {
    expect(percentText('0.10')).toBe('10');
    expect(percentText('0.3')).toBe('30');
    expect(percentText('0.00')).toBe('0');
  });
});
