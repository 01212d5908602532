import { TabBar } from 'antd-mobile';
import { AppOutline, ContentOutline, HistogramOutline, MessageOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSupportUnread } from '../shared/support/unread.ts';
import type { TabKey } from './routes.ts';

/** Spec 2: five tabs, in this order. */
const TABS: { key: TabKey; path: string; icon: React.ReactNode }[] = [
  { key: 'home', path: '/', icon: <AppOutline /> },
  { key: 'market', path: '/pages/market/market', icon: <HistogramOutline /> },
  { key: 'kefu', path: '/pages/kefu/index', icon: <MessageOutline /> },
  { key: 'order', path: '/pages/transaction/order', icon: <ContentOutline /> },
  { key: 'assets', path: '/pages/fund/assets', icon: <UserOutline /> },
];

export function BottomTabBar({ active }: { active: TabKey }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const supportUnread = useSupportUnread();
  return (
    <nav className="tab-bar">
      <TabBar activeKey={active} onChange={(key) => navigate(TABS.find((tab) => tab.key === key)?.path ?? '/')} safeArea>
        {TABS.map((tab) => (
          <TabBar.Item key={tab.key} icon={tab.icon} title={t(`tabs.${tab.key}`)} badge={tab.key === 'kefu' && supportUnread > 0 ? supportUnread : undefined} />
        ))}
      </TabBar>
    </nav>
  );
}
