import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, languageFromBrowser } from './languages.ts';

describe('languageFromBrowser', () => {
  it('takes the first of the browser languages that is one of the ten', () => {
    expect(languageFromBrowser(['de-DE', 'fr-CA', 'en-US'])).toBe('fra');
    expect(languageFromBrowser(['en-GB', 'zh-CN'])).toBe('en');
    expect(languageFromBrowser(['ja'])).toBe('jp');
    expect(languageFromBrowser(['ko-KR'])).toBe('kor');
    expect(languageFromBrowser(['th-TH'])).toBe('th');
    expect(languageFromBrowser(['es-419'])).toBe('spa');
    expect(languageFromBrowser(['ms-MY'])).toBe('may');
    expect(languageFromBrowser(['vi'])).toBe('vi');
  });

  it('tells traditional from simplified Chinese by region or script', () => {
    expect(languageFromBrowser(['zh-CN'])).toBe('zh');
    expect(languageFromBrowser(['zh-Hans-CN'])).toBe('zh');
    expect(languageFromBrowser(['zh-TW'])).toBe('hk');
    expect(languageFromBrowser(['zh-HK'])).toBe('hk');
    expect(languageFromBrowser(['zh-MO'])).toBe('hk');
    expect(languageFromBrowser(['zh-Hant-TW'])).toBe('hk');
  });

  it('falls back to the default language when none of the browser languages is offered', () => {
    expect(languageFromBrowser(['de-DE', 'ru'])).toBe(DEFAULT_LANGUAGE);
    expect(languageFromBrowser([])).toBe(DEFAULT_LANGUAGE);
  });

  it('answers only language codes we have, even when run from its own source text', () => {
    // index.html runs the function's source inline; it must not depend on anything around it.
    const inline = new Function(`return (${languageFromBrowser.toString()})`)() as typeof languageFromBrowser;
    for (const tags of [['zh-TW'], ['ko'], ['pt-BR'], ['EN-us']]) {
      expect(inline(tags)).toBe(languageFromBrowser(tags));
      expect(LANGUAGE_CODES).toContain(inline(tags));
    }
  });
});
