import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, setDefaultConfig } from 'antd-mobile';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient, useSiteConfig } from '../shared/api/queries.ts';
import { useSession } from '../shared/session.ts';
import { defaultAntdLocale, loadAntdLocale, withAppTexts } from './antd-locale.ts';
import './antd-react19.ts';
import { ConnectionBar } from './connection-bar.tsx';
import { AppRouter } from './router.tsx';
import { SlowRequestIndicator } from './slow-request-indicator.tsx';
import { placeToastsAwayFromTaps } from './toast-placement.ts';

function SiteConfigLoader() {
  useSiteConfig();
  return null;
}

export function App() {
  const { lang } = useSession();
  const [antdLocale, setAntdLocale] = useState(defaultAntdLocale);
  useEffect(() => {
    let current = true;
    void loadAntdLocale(lang).then((locale) => current && setAntdLocale(locale));
    return () => {
      current = false;
    };
  }, [lang]);
  useEffect(placeToastsAwayFromTaps, []);
  const { t } = useTranslation('shell');
  const locale = useMemo(() => withAppTexts(antdLocale, {
        noMore: t('empty.noMore'),
        confirm: t('actions.confirm'),
        cancel: t('actions.cancel'),
        pull: { pulling: t('pull.pulling'), canRelease: t('pull.canRelease'), complete: t('pull.complete') },
      }), [antdLocale, t]);
  // Dialog.confirm and the other imperative dialogs render outside this tree: they read the default config, so it follows the language too.
  useEffect(() => setDefaultConfig({ locale }), [locale]);

  return (
    <ConfigProvider locale={locale}>
      <QueryClientProvider client={queryClient}>
        <SiteConfigLoader />
        <ConnectionBar />
        <AppRouter />
        <SlowRequestIndicator />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
