import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { COMING_SOON } from './coming-soon-routes.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';

/** The one page every not-yet-built route shows, naming the feature the user asked for. */
export default function ComingSoonPage() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const feature = t(`comingSoon.features.${COMING_SOON[pathname] ?? 'market'}`);
  return (
    <>
      <PageHeader title={feature} />
      <div className="coming-soon" data-testid="coming-soon">
        <ErrorBlock status="empty" title={t('comingSoon.title')} description={t('comingSoon.description', { feature })} />
        <Button color="primary" fill="outline" onClick={() => navigate('/')}>
          {t('actions.goHome')}
        </Button>
      </div>
    </>
  );
}
