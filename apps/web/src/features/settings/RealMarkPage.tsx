import { Button, Result, Skeleton } from 'antd-mobile';
import { ExclamationShieldOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useRealState } from './api.ts';
import { LevelLimits, VerificationBadge } from './components.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';

/** Where an action that needs verification (answer type 998) leads: why, where the user stands, and the way on. */
export default function RealMarkPage() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const { data } = useRealState();
  // Someone at the highest level has nothing left to verify; everyone else is told why they were sent here.
  const fullyVerified = data?.level === 2;
  return (
    <>
      <PageHeader title={t('realMark.title')} fallback="/pages/setting/setting" />
      {fullyVerified ? (
        <Result status="success" className="settings-result" title={t('real.doneTitle')} description={t('real.doneDescription')} />
      ) : (
        <Result icon={<ExclamationShieldOutline className="gold" />} status="warning" className="settings-result" title={t('realMark.heading')} description={t('realMark.description')} />
      )}
      <div className="settings-state settings-state--compact" data-testid="real-mark-state">
        <div className="settings-state__label muted">{t('realMark.current')}</div>
        {data ? (
          <>
            <div className="settings-state__level">{data.level > 0 ? t(`common:verification.levels.${data.level}`) : t('common:verification.states.none')}</div>
            <VerificationBadge verification={data} />
          </>
        ) : (
          <Skeleton.Title animated />
        )}
      </div>
      <section className="settings-section">
        <h2 className="settings-section__title">{t('real.limitsTitle')}</h2>
        <div className="settings-intro muted">{t('realMark.limitsIntro')}</div>
        <LevelLimits current={data?.level} />
      </section>
      <div className="form-actions">
        <Button block color="primary" size="large" onClick={() => navigate('/pages/setting/real')} data-testid="real-mark-go">
          {fullyVerified ? t('realMark.view') : t('realMark.go')}
        </Button>
      </div>
    </>
  );
}
