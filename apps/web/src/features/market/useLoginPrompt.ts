import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { toastThenGo } from '../../shared/api/request.ts';
import { ROUTES } from '../../shared/navigation.ts';

/** The login link that brings the visitor back to where they were. */
export function useLoginPath(): string {
  const location = useLocation();
  return `${ROUTES.login}?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
}

/** Spec 6, as the auth guard does it: a visitor who taps a members-only action is told to log in and taken there after 1.2 s. */
export function useLoginPrompt(): () => void {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  return () => {
    toastThenGo(t('auth.pleaseLogin'), () => navigate(loginPath));
  };
}
