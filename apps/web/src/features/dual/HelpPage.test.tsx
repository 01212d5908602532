import { groupThousands, numberStyleOf } from '@openbourse/core';
import { LANGUAGE_CODES, localeOf } from '@openbourse/i18n';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../shared/i18n/index.ts';
import { renderAt, setupPageTests } from '../../shared/test-utils.tsx';
import HelpPage from './HelpPage.tsx';

setupPageTests();

describe('dual help page', () => {
  it.each(LANGUAGE_CODES)('works the example through with both outcomes in %s', async (language) => {
    await changeLanguage(language);
    renderAt(<HelpPage />, '/pages/invest/help');
    // Numbers as the language writes them: 101,000.00 in English, 101.000,00 in Spanish.
    const shown = (value: string) => groupThousands(value, numberStyleOf(localeOf(language)));
    // Call: 1 BTC at 100,000, 36.5% for 10 days (factor 1.01): 1.01 BTC kept, or 101,000 USDT converted.
    const call = (await screen.findByTestId('dual-help-call')).textContent ?? '';
    expect(call).toContain(`${shown('1.01')} BTC`);
    expect(call).toContain(`${shown('101000.00')} USDT`);
    expect(call).toContain(shown('100000'));
    expect(call).toContain(shown('36.5'));
    // Put: 9,000 USDT at 90,000: 0.101 BTC converted, or 9,090 USDT kept.
    const put = screen.getByTestId('dual-help-put').textContent ?? '';
    expect(put).toContain(`${shown('0.101')} BTC`);
    expect(put).toContain(`${shown('9090.00')} USDT`);
    expect(put).toContain(shown('90000'));
    expect(`${call}${put}`).not.toContain('{{');
    // In the reader's language, not the English fallback.
    if (language === 'en') expect(call).toContain('Sell high');
    else expect(call).not.toContain('Sell high');
  });
});
