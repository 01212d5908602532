import { LANGUAGE_CODES } from '@openbourse/i18n';
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
    // Call: 1 BTC at 100,000, 36.5% for 10 days (factor 1.01): 1.01 BTC kept, or 101,000 USDT converted.
    const call = (await screen.findByTestId('dual-help-call')).textContent ?? '';
    expect(call).toContain('1.01 BTC');
    expect(call).toContain('101,000.00 USDT');
    expect(call).toContain('100,000');
    // Put: 9,000 USDT at 90,000: 0.101 BTC converted, or 9,090 USDT kept.
    const put = screen.getByTestId('dual-help-put').textContent ?? '';
    expect(put).toContain('0.101 BTC');
    expect(put).toContain('9,090.00 USDT');
    expect(put).toContain('90,000');
    expect(`${call}${put}`).not.toContain('{{');
    // In the reader's language, not the English fallback.
    if (language === 'en') expect(call).toContain('Sell high');
    else expect(call).not.toContain('Sell high');
  });
});
