import { BellOutline, UserCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSiteConfig } from '../../shared/api/queries.ts';
import { useUnreadNotifications } from '../../shared/notifications.ts';

/** Logo and site name from the site config, the notification centre with its unread badge, and the way to settings. */
export function HomeHeader({ fallbackName, fallbackLogo }: { fallbackName?: string; fallbackLogo?: string }) {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const settings = useSiteConfig().data?.settings;
  const name = settings?.site_name ?? fallbackName ?? '';
  const logo = settings?.site_logo ?? fallbackLogo;
  const unread = useUnreadNotifications();
  return (
    <header className="home-header">
      <div className="home-header__brand">
        {logo ? <img src={logo} alt="" className="home-header__logo" /> : null}
        <span className="home-header__name">{name}</span>
      </div>
      <div className="home-header__actions">
        <button type="button" className="home-header__action" aria-label={t('header.notifications')} onClick={() => navigate('/pages/notice/index')} data-testid="home-notifications">
          <BellOutline />
          {unread > 0 ? (
            <span className="home-header__unread" data-testid="home-unread">
              {unread > 99 ? '99+' : unread}
            </span>
          ) : null}
        </button>
        <button type="button" className="home-header__action" aria-label={t('header.settings')} onClick={() => navigate('/pages/setting/setting')} data-testid="home-settings">
          <UserCircleOutline />
        </button>
      </div>
    </header>
  );
}
