import { type CommonMessages, commonResources, DEFAULT_LANGUAGE, isLanguage, type Language, languageFromTag } from '@openbourse/i18n';
import i18next, { type TFunction } from 'i18next';

type LeafPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : LeafPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of the shared catalogue, checked at compile time. */
export type MessageKey = LeafPaths<CommonMessages>;
/** A parameter may itself be a message key, translated into the same language (e.g. a field's label). */
export type MessageParams = Record<string, string | number | { key: MessageKey }>;

const translator = i18next.createInstance();
void translator.init({
  resources: Object.fromEntries(Object.entries(commonResources).map(([language, messages]) => [language, { common: messages }])),
  lng: DEFAULT_LANGUAGE,
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: ['common'],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

const fixed = new Map<Language, TFunction>();

export function translate(language: Language, key: string, params?: MessageParams): string {
  let t = fixed.get(language);
  if (!t) {
    t = translator.getFixedT(language);
    fixed.set(language, t);
  }
  const resolved: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params ?? {})) resolved[name] = typeof value === 'object' ? (t(value.key) as string) : value;
  return t(key, resolved) as string;
}

export function hasMessage(key: string): boolean {
  return translator.exists(key, { lng: DEFAULT_LANGUAGE });
}

/** `lang` from the query or body wins; uploads may only send Accept-Language (zh-cn, en, zh-tw). */
export function resolveLanguage(query: unknown, body: unknown, acceptLanguage: string | undefined): Language {
  for (const source of [query, body]) {
    if (source && typeof source === 'object' && 'lang' in source) {
      const value = (source as { lang: unknown }).lang;
      if (isLanguage(value)) return value;
    }
  }
  return languageFromTag(acceptLanguage) ?? DEFAULT_LANGUAGE;
}
