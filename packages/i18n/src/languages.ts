/** The ten interface languages of spec section 1, in the picker's order. */
export const LANGUAGES = [
  { code: 'zh', nativeName: '简体中文', locale: 'zh-CN' },
  { code: 'hk', nativeName: '繁體中文', locale: 'zh-HK' },
  { code: 'en', nativeName: 'English', locale: 'en-US' },
  { code: 'jp', nativeName: '日本語', locale: 'ja-JP' },
  { code: 'kor', nativeName: '한국어', locale: 'ko-KR' },
  { code: 'th', nativeName: 'ภาษาไทย', locale: 'th-TH' },
  { code: 'fra', nativeName: 'Français', locale: 'fr-FR' },
  { code: 'spa', nativeName: 'Español', locale: 'es-ES' },
  { code: 'may', nativeName: 'Bahasa Melayu', locale: 'ms-MY' },
  { code: 'vi', nativeName: 'Tiếng Việt', locale: 'vi-VN' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

export const DEFAULT_LANGUAGE: Language = 'zh';

export const LANGUAGE_CODES: readonly Language[] = LANGUAGES.map((language) => language.code);

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

/** Accept-Language style tags (zh-cn, zh-tw, en, ja ...) mapped onto our codes. */
const TAG_ALIASES: Record<string, Language> = {
  'zh-cn': 'zh',
  'zh-hans': 'zh',
  'zh-tw': 'hk',
  'zh-hk': 'hk',
  'zh-hant': 'hk',
  ja: 'jp',
  ko: 'kor',
  fr: 'fra',
  es: 'spa',
  ms: 'may',
};

export function languageFromTag(tag: string | undefined): Language | undefined {
  if (!tag) return undefined;
  const first = tag.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (isLanguage(first)) return first;
  if (TAG_ALIASES[first]) return TAG_ALIASES[first];
  const primary = first.split('-')[0] ?? '';
  if (isLanguage(primary)) return primary;
  return TAG_ALIASES[primary];
}

export function localeOf(language: Language): string {
  return LANGUAGES.find((entry) => entry.code === language)?.locale ?? 'en-US';
}

/**
 * The interface language for a first visit: the first of the browser's
 * languages (`navigator.languages`, most preferred first) that is one of the
 * ten, else Chinese (the spec's default). Traditional Chinese (Taiwan, Hong
 * Kong, Macau, or the Hant script) is `hk`.
 *
 * Self-contained on purpose (no reference outside its own body): the H5 app's
 * index.html runs its source inline, to start loading that language's texts
 * before the app's scripts have arrived.
 */
export function languageFromBrowser(tags: readonly string[]): Language {
  const byTag: Record<string, Language> = {
    'zh-tw': 'hk',
    'zh-hk': 'hk',
    'zh-mo': 'hk',
    'zh-hant': 'hk',
    zh: 'zh',
    en: 'en',
    ja: 'jp',
    ko: 'kor',
    th: 'th',
    fr: 'fra',
    es: 'spa',
    ms: 'may',
    vi: 'vi',
  };
  for (const tag of tags) {
    const subtags = tag.toLowerCase().split('-');
    // zh-hant-tw, then zh-hant, then zh: the most specific match wins.
    for (let length = subtags.length; length > 0; length -= 1) {
      const language = byTag[subtags.slice(0, length).join('-')];
      if (language) return language;
    }
  }
  return 'zh';
}
