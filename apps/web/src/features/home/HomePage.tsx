import { Skeleton } from 'antd-mobile';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { useSiteConfig } from '../../shared/api/queries.ts';
import { useHome } from './api.ts';
import { HomeBanners } from './HomeBanners.tsx';
import { HomeGuides } from './HomeGuides.tsx';
import { HomeHeader } from './HomeHeader.tsx';
import { HomeMenu } from './HomeMenu.tsx';
import { HomeNotices } from './HomeNotices.tsx';
import { HomeQuotes } from '../market/index.ts';
import { HomePopup } from './HomePopup.tsx';
import { HomeWhy } from './HomeWhy.tsx';
import './home.css';

/** The home tab: banners, notices, the entry grid, live quotes, the new-user guide and why OpenBourse. */
export default function HomePage() {
  const { t } = useTranslation('home');
  const home = useHome();
  const siteName = useSiteConfig().data?.settings.site_name ?? home.data?.site.name ?? 'OpenBourse';
  // The page's own sections render in a background pass after the quotes: on a slow phone the first live price then paints before banners, menu and guides are built.
  const data = useDeferredValue(home.data ?? null, null);

  return (
    <div className="home">
      <HomeHeader fallbackName={data?.site.name} fallbackLogo={data?.site.logo} />
      {data ? (
        <>
          <HomeBanners banners={data.banners} />
          <HomeNotices notices={data.notices} />
          <HomeMenu menu={data.menu} />
        </>
      ) : home.isError ? (
        <LoadError title={t('error.title')} description={t('error.description')} onRetry={home.refetch} className="home-error" />
      ) : (
        <div className="home-skeleton" data-testid="home-loading">
          <Skeleton animated className="home-skeleton__banner" />
          <Skeleton.Paragraph lineCount={5} animated />
        </div>
      )}
      {/* Mounted from the start, so live prices load alongside the page's own data rather than after it. */}
      <HomeQuotes />
      {data ? <HomeGuides guides={data.guides} /> : null}
      {data ? <HomeWhy site={siteName} /> : null}
      {data ? <HomePopup /> : null}
    </div>
  );
}
