import { isLanguage, type Language } from '@openbourse/i18n';
import { copyPaths } from './api.ts';

/** The two agreement routes of the spec: Chinese readers (simplified and traditional) get agreement_zh, everyone else agreement_en. */
export function agreementRoute(language: string): string {
  return copyPaths.agreement(language === 'zh' || language === 'hk' ? 'zh' : 'en');
}

/** The agreement in the reader's own language: the route of spec 2, with `lang` when it is neither zh nor en. */
export function agreementPath(language: string): string {
  const route = agreementRoute(language);
  return language === 'zh' || language === 'en' || !isLanguage(language) ? route : `${route}?lang=${language}`;
}

/** Which language an agreement route shows: `?lang=` when it names one of the ten, else the route's own. */
export function agreementLanguage(pathname: string, requested: string | null): Language {
  if (isLanguage(requested)) return requested;
  return pathname.endsWith('agreement_zh') ? 'zh' : 'en';
}
