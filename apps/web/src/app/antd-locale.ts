import type { Language } from '@openbourse/i18n';
import enUS from 'antd-mobile/es/locales/en-US';
// antd-mobile's own default, already in the shell whatever the language.
import zhCN from 'antd-mobile/es/locales/zh-CN';

type AntdLocale = typeof enUS;

/** antd-mobile's own texts (pickers, dialogs) per language; Chinese and English ship with the app, the rest load with the app's texts of that language. */
const loaders: Record<Language, () => Promise<{ default: AntdLocale }>> = {
  zh: async () => ({ default: zhCN }),
  hk: () => import('antd-mobile/es/locales/zh-HK'),
  en: async () => ({ default: enUS }),
  jp: () => import('antd-mobile/es/locales/ja-JP'),
  kor: () => import('antd-mobile/es/locales/ko-KR'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  fra: () => import('antd-mobile/es/locales/fr-FR'),
  spa: () => import('antd-mobile/es/locales/es-ES'),
  may: () => import('antd-mobile/es/locales/ms-MY'),
  vi: () => import('antd-mobile/es/locales/vi-VN'),
};

export async function loadAntdLocale(language: Language): Promise<AntdLocale> {
  return (await loaders[language]()).default;
}

export const defaultAntdLocale = enUS;

/** The app's words that stand in for antd-mobile's own. */
export interface AppTexts {
  noMore: string;
  confirm: string;
  cancel: string;
  pull: { pulling: string; canRelease: string; complete: string };
}

/**
 * antd-mobile's texts with the app's own where antd's translation is wrong or
 * too casual: the end of an infinite list reads "Non, plus maintenant." ("no,
 * not any more") in its French and "Hết rồi bạn ơi" ("that's all, buddy") in
 * its Vietnamese, a confirmation's button reads "Activer" ("turn on") and
 * pull-to-refresh "Rafraîchir la liste déroulante" ("refresh the drop-down
 * list") in its French. The app's "no more data", "Confirm", "Cancel" and
 * pull-to-refresh words of each language stand there.
 */
export function withAppTexts(locale: AntdLocale, texts: AppTexts): AntdLocale {
  return {
    ...locale,
    common: { ...locale.common, confirm: texts.confirm, cancel: texts.cancel },
    InfiniteScroll: { ...locale.InfiniteScroll, noMore: texts.noMore },
    PullToRefresh: { ...locale.PullToRefresh, ...texts.pull },
  };
}
