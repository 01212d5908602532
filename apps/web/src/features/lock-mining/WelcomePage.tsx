import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { Section } from '../../shared/ui/Facts.tsx';
import { lockPaths } from './api.ts';
import './lock-mining.css';

const STEPS = ['lock', 'daily', 'expiry', 'early', 'fair'] as const;

/** What lock mining is (pages/lockming/welcome): how a lock earns, ends and can be redeemed early, and why the rates are fair. */
export default function WelcomePage() {
  const { t } = useTranslation('lockMining');
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t('welcome.title')} fallback={lockPaths.list} />
      <div className="lock-page" data-testid="lock-welcome">
        <div className="lock-hero">
          <h1 className="lock-hero__title">{t('welcome.headline')}</h1>
          <p className="lock-hero__text">{t('welcome.lead')}</p>
        </div>
        <Section title={t('welcome.howTitle')}>
          <ol className="lock-steps">
            {STEPS.map((step, index) => (
              <li key={step} className="lock-steps__item">
                <span className="lock-steps__number">{index + 1}</span>
                <div>
                  <div className="lock-steps__title">{t(`welcome.steps.${step}.title`)}</div>
                  <p className="lock-steps__text">{t(`welcome.steps.${step}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </Section>
        <Section title={t('welcome.exampleTitle')}>
          <p className="lock-example">{t('welcome.example')}</p>
        </Section>
        <div className="lock-actions">
          <Button block color="primary" size="large" onClick={() => navigate(lockPaths.list)} data-testid="lock-welcome-start">
            {t('welcome.start')}
          </Button>
        </div>
      </div>
    </>
  );
}
