import enConsole from '@openbourse/i18n/console/en.json';
import zhConsole from '@openbourse/i18n/console/zh.json';
import enCommon from '@openbourse/i18n/locales/en/common.json';
import zhCommon from '@openbourse/i18n/locales/zh/common.json';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The console speaks Chinese and English. Its own texts live in
 * packages/i18n/console (outside the app's ten-language catalogue); names
 * shared with the app and the server (verification levels, document types,
 * account and posting types) come from common.json.
 */
export const CONSOLE_LANGUAGES = [
  { code: 'zh', name: '简体中文', locale: 'zh-CN' },
  { code: 'en', name: 'English', locale: 'en-US' },
] as const;

export type ConsoleLanguage = (typeof CONSOLE_LANGUAGES)[number]['code'];

const STORAGE_KEY = 'ob.console.lang';

function storedLanguage(): ConsoleLanguage {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored === 'zh' || stored === 'en') return stored;
  } catch {
    // Storage unavailable: the default applies.
  }
  return navigator.language.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { zh: { console: zhConsole, common: zhCommon }, en: { console: enConsole, common: enCommon } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  ns: ['console', 'common'],
  defaultNS: 'console',
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

export function currentLanguage(): ConsoleLanguage {
  return i18n.language === 'zh' ? 'zh' : 'en';
}

export function currentLocale(): string {
  return CONSOLE_LANGUAGES.find((language) => language.code === currentLanguage())?.locale ?? 'en-US';
}

export async function changeLanguage(language: ConsoleLanguage): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // Not remembered; it still applies now.
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = currentLocale();
}
