import { type CommonMessages, commonResources, DEFAULT_LANGUAGE, isLanguage, type Language, languageFromTag, localeOf } from '@openbourse/i18n';
import { formatSignificant, numberStyleOf } from '@openbourse/core';
import i18next, { type TFunction } from 'i18next';

type LeafPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : LeafPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every key of the shared catalogue, checked at compile time. */
export type MessageKey = LeafPaths<CommonMessages>;
/**
 * A parameter may itself be a message key, translated into the same language
 * (e.g. a field's label), a moment shown in the language's date format in
 * the given time zone, or an amount of money (the ledger's decimal string,
 * '10.000000') written as the app writes amounts in that language ('10.00',
 * '10,00' in French).
 */
export type MessageParams = Record<string, string | number | { key: MessageKey } | { dateTime: number; timeZone: string } | { amount: string }>;

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

/** A moment in a message, written as the app writes moments (its formatDateTime): the language's date order in digits, a 24-hour clock, the zone named. */
function formatMoment(language: Language, time: number, timeZone: string): string {
  return new Intl.DateTimeFormat(localeOf(language), { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone, timeZoneName: 'short' }).format(time);
}

export function translate(language: Language, key: string, params?: MessageParams): string {
  let t = fixed.get(language);
  if (!t) {
    t = translator.getFixedT(language);
    fixed.set(language, t);
  }
  const resolved: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params ?? {})) {
    if (typeof value !== 'object') resolved[name] = value;
    else if ('key' in value) resolved[name] = t(value.key) as string;
    else if ('amount' in value) resolved[name] = formatSignificant(value.amount, 2, numberStyleOf(localeOf(language)));
    else resolved[name] = formatMoment(language, value.dateTime, value.timeZone);
  }
  return t(key, resolved) as string;
}

export function hasMessage(key: string): boolean {
  return translator.exists(key, { lng: DEFAULT_LANGUAGE });
}

/** An account type's name in the reader's language; its code for a type users never see (the system accounts). */
export function accountTypeName(language: Language, code: string): string {
  const key = `accountTypes.${code}`;
  return hasMessage(key) ? translate(language, key) : code;
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
