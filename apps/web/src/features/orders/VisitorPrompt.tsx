import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ROUTES } from '../../shared/navigation.ts';

/** The orders tab stays reachable for visitors (it is a tab), so it asks them to log in instead of redirecting. */
export function VisitorPrompt() {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const location = useLocation();
  const redirect = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <ErrorBlock status="empty" title={t('visitor.title')} description={t('visitor.description')} className="orders-visitor" data-testid="orders-visitor">
      <div className="orders-visitor__actions">
        <Button color="primary" onClick={() => navigate(`${ROUTES.login}?redirect=${redirect}`)} data-testid="orders-login">
          {t('shell:actions.login')}
        </Button>
        <Button fill="outline" onClick={() => navigate(ROUTES.register)} data-testid="orders-register">
          {t('shell:actions.register')}
        </Button>
      </div>
    </ErrorBlock>
  );
}
