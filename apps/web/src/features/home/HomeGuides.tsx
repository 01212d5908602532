import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { newsListPath } from '../../shared/navigation.ts';
import { articlePath, type HomeArticle } from './api.ts';

/** The new-user guide articles; "all" opens the guide's tab of the news list. */
export function HomeGuides({ guides }: { guides: HomeArticle[] }) {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  if (guides.length === 0) return null;
  return (
    <section className="home-section" data-testid="home-guides">
      <div className="home-section__head">
        <h2 className="home-section__title">{t('guides.title')}</h2>
        <Link to={newsListPath('guide')} className="home-section__more" data-testid="home-guides-all">
          {t('guides.all')}
        </Link>
      </div>
      <List className="home-guides">
        {guides.map((guide) => (
          <List.Item
            key={guide.id}
            onClick={() => navigate(articlePath(guide.id))}
            prefix={guide.image ? <img src={guide.image} alt="" className="home-guides__thumb" /> : null}
            description={guide.summary && guide.summary !== guide.title ? guide.summary : undefined}
          >
            {guide.title}
          </List.Item>
        ))}
      </List>
    </section>
  );
}
