import { CheckShieldOutline, HistogramOutline, UnorderedListOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const POINTS: { key: 'fair' | 'ledger' | 'security'; icon: ReactNode }[] = [
  { key: 'fair', icon: <HistogramOutline /> },
  { key: 'ledger', icon: <UnorderedListOutline /> },
  { key: 'security', icon: <CheckShieldOutline /> },
];

/** Three reasons to trade here: market-feed prices, the double-entry ledger, security. */
export function HomeWhy({ site }: { site: string }) {
  const { t } = useTranslation('home');
  return (
    <section className="home-section" data-testid="home-why">
      <h2 className="home-section__title">{t('why.title', { site })}</h2>
      <div className="home-why">
        {POINTS.map((point) => (
          <div key={point.key} className="home-why__item">
            <span className="home-why__icon">{point.icon}</span>
            <div>
              <div className="home-why__title">{t(`why.${point.key}.title`)}</div>
              <div className="home-why__text">{t(`why.${point.key}.text`)}</div>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
