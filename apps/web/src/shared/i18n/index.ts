import { TIMING } from '@openbourse/core';
import { DEFAULT_LANGUAGE, type Language, localeOf } from '@openbourse/i18n';
import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { withTimeout } from '../timeout.ts';

type Messages = { default: Record<string, unknown> };

/** Every language × namespace file, by `language/namespace`; the build puts each language's files in one chunk. */
const loaders = new Map(
  Object.entries(import.meta.glob<Messages>('@locales/*/*.json')).map(([path, load]) => {
    const [, language, namespace] = /locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
    return [`${language}/${namespace}`, load];
  }),
);

/**
 * Every namespace, loaded before a page needs it: one first asked for while a
 * page renders would suspend that page and render it again once loaded. The
 * app starts with the first page's (FIRST_NAMESPACES) and loads the rest right
 * after its first render (`loadAllNamespaces`); tests load them all at once.
 */
const NAMESPACES = [...new Set([...loaders.keys()].map((key) => key.split('/')[1] ?? ''))];

export const i18n = i18next.createInstance();

/** English stands in for a key the user's language lacks. */
const FALLBACK_LANGUAGE: Language = 'en';
let fallbackRequested = false;

/**
 * Every language has every key (packages/i18n's completeness test), so the
 * fallback's texts are not fetched with the first load (a phone would pay for
 * a second language it does not show): the first key found missing loads
 * them, and the pages showing the key render again with the English text.
 */
function loadFallbackLanguage(): void {
  if (fallbackRequested) return;
  fallbackRequested = true;
  void i18n.loadLanguages(FALLBACK_LANGUAGE).then(() => {
    i18n.options.fallbackLng = [FALLBACK_LANGUAGE];
    return i18n.changeLanguage(i18n.language);
  });
}

export async function initI18n(language: Language, namespaces: readonly string[] = NAMESPACES): Promise<void> {
  await i18n
    .use(initReactI18next)
    .use(
      resourcesToBackend((lng: string, ns: string) => {
        const load = loaders.get(`${lng}/${ns}`);
        if (!load) return Promise.reject(new Error(`no translations for ${lng}/${ns}`));
        return withTimeout(load(), TIMING.chunkLoadTimeoutMs, `locales/${lng}/${ns}.json`).then((module) => module.default);
      }),
    )
    .init({
      lng: language,
      fallbackLng: false,
      saveMissing: true,
      missingKeyHandler: loadFallbackLanguage,
      ns: [...namespaces],
      defaultNS: 'shell',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  applyDocumentLanguage(language);
}

/** The namespaces initI18n was not asked for; a page that needs one before they arrive suspends until it has it. */
export function loadAllNamespaces(): Promise<void> {
  return i18n.loadNamespaces(NAMESPACES);
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}

function applyDocumentLanguage(language: Language): void {
  document.documentElement.lang = localeOf(language);
}

export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options ?? {}) as string;

export function currentLocale(): string {
  return localeOf((i18n.language as Language | undefined) ?? DEFAULT_LANGUAGE);
}
