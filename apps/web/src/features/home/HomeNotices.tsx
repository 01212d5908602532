import { NoticeBar } from 'antd-mobile';
import { SoundOutline } from 'antd-mobile-icons';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { newsListPath } from '../../shared/navigation.ts';
import { articlePath, type HomeArticle } from './api.ts';

/** The latest news titles scrolling in one line; each title opens its article, "more" the news list. */
export function HomeNotices({ notices }: { notices: HomeArticle[] }) {
  const { t } = useTranslation('home');
  if (notices.length === 0) return null;
  return (
    <NoticeBar
      className="home-notice"
      data-testid="home-notice"
      icon={<SoundOutline />}
      speed={40}
      extra={
        <Link to={newsListPath()} className="home-notice__more" data-testid="home-news-more">
          {t('notices.more')}
        </Link>
      }
      content={
        <span className="home-notice__items">
          {notices.map((notice, index) => (
            <Fragment key={notice.id}>
              {index > 0 ? <span className="home-notice__dot" aria-hidden="true" /> : null}
              <Link to={articlePath(notice.id)} className="home-notice__link">
                {notice.title}
              </Link>
            </Fragment>
          ))}
        </span>
      }
    />
  );
}
