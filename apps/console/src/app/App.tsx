import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Spin, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { HashRouter, Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/login/LoginPage.tsx';
import { SetupPage } from '../features/login/SetupPage.tsx';
import { useMe } from '../shared/session.ts';
import { ConsoleRoutes } from './routes.tsx';
import { SessionWatch } from './SessionWatch.tsx';
import { Shell } from './Shell.tsx';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 5_000 } } });

/** The spec's colours on antd's dark theme, the same family as the H5 app. */
const THEME = {
  algorithm: theme.darkAlgorithm,
  token: { colorPrimary: '#2277fc', colorSuccess: '#28ba98', colorWarning: '#d4ba83', colorError: '#f04a5a', colorBgLayout: '#0f1318', colorBgContainer: '#171c23', borderRadius: 6 },
};

function Gate() {
  const me = useMe();
  if (me.isLoading) return <Spin fullscreen />;
  return (
    <Routes>
      <Route path="/setup" element={<SetupPage />} />
      <Route path="/login" element={me.data ? <Navigate to="/" replace /> : <LoginPage />} />
      <Route path="/*" element={me.data ? <Shell><ConsoleRoutes /></Shell> : <Navigate to="/login" replace />} />
    </Routes>
  );
}

export function App() {
  const { i18n, t } = useTranslation();
  // antd's own text for a field that misses its pattern prints the regular expression to the operator.
  const validateMessages = { pattern: { mismatch: t('form.patternMismatch') } };
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={THEME} locale={i18n.language === 'zh' ? zhCN : enUS} form={{ validateMessages }}>
        <AntApp>
          <HashRouter>
            <SessionWatch />
            <Gate />
          </HashRouter>
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
