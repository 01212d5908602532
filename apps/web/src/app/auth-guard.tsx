import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { toastThenGo } from '../shared/api/request.ts';
import { loginPath, navigateTo } from '../shared/navigation.ts';
import { useSession } from '../shared/session.ts';

/** Spec 6: a visitor on a protected page is told to log in and taken to login after 1.2 s. */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const { t } = useTranslation('shell');
  const location = useLocation();

  useEffect(() => {
    if (token) return;
    return toastThenGo(t('auth.pleaseLogin'), () => navigateTo(loginPath(`${location.pathname}${location.search}`), { replace: true }));
  }, [token, t, location.pathname, location.search]);

  return token ? children : null;
}
