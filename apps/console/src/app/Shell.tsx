import { AuditOutlined, DashboardOutlined, FileTextOutlined, FundOutlined, GiftOutlined, GoldOutlined, LockOutlined, LogoutOutlined, SafetyCertificateOutlined, TeamOutlined, UploadOutlined, VerticalAlignBottomOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Flex, Layout, Menu, Select, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { QUEUE_PAGES } from '../queues/registry.ts';
import { post, setCsrfToken } from '../shared/api.ts';
import { CONSOLE_LANGUAGES, type ConsoleLanguage, changeLanguage } from '../shared/i18n.ts';
import { useQueues } from '../shared/queries.ts';
import { ME_KEY, useCan, useMe } from '../shared/session.ts';

const QUEUE_ICONS: Record<string, ReactNode> = { verification: <SafetyCertificateOutlined />, deposits: <VerticalAlignBottomOutlined />, withdrawals: <UploadOutlined /> };

/** The signed-in frame: the menu (only what the role may open), who is signed in, the language, sign-out. */
export function Shell({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const me = useMe().data;
  const can = useCan();
  const queues = useQueues();
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const pending = new Map((queues.data ?? []).map((queue) => [queue.key, queue.pending]));

  const items = [
    can('dashboard.view') && { key: '/', icon: <DashboardOutlined />, label: t('nav.dashboard') },
    ...QUEUE_PAGES.filter((queue) => can(queue.view)).map((queue) => ({
      key: `/queues/${queue.key}`,
      icon: QUEUE_ICONS[queue.key] ?? <SafetyCertificateOutlined />,
      label: (
        <Flex justify="space-between" align="center">
          {t(queue.titleKey)}
          <Badge count={pending.get(queue.key) ?? 0} size="small" data-testid={`menu-pending-${queue.key}`} />
        </Flex>
      ),
    })),
    can('users.view') && { key: '/users', icon: <TeamOutlined />, label: t('nav.users') },
    can('content.view') && { key: '/content', icon: <FileTextOutlined />, label: t('nav.content') },
    can('earn.view') && { key: '/earn/lock-mining', icon: <LockOutlined />, label: t('nav.lockMining') },
    can('earn.view') && { key: '/earn/ieo', icon: <GoldOutlined />, label: t('nav.ieo') },
    can('earn.view') && { key: '/earn/dual', icon: <FundOutlined />, label: t('nav.dual') },
    can('coupons.view') && { key: '/coupons', icon: <GiftOutlined />, label: t('nav.coupons') },
    can('audit.view') && { key: '/audit', icon: <AuditOutlined />, label: t('nav.audit') },
  ].filter((item) => item !== false);

  const selected = items.map((item) => item.key).filter((key) => (key === '/' ? location.pathname === '/' : location.pathname.startsWith(key)));

  const signOut = async () => {
    try {
      await post('/auth/logout');
    } finally {
      setCsrfToken(undefined);
      client.clear();
      client.setQueryData(ME_KEY, null);
      navigate('/login', { replace: true });
    }
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={232} theme="dark" className="console-sider">
        <Flex align="center" gap={10} className="console-brand">
          <img src="/static/logo.svg" alt="" width={28} height={28} />
          <Typography.Text strong>{t('brand')}</Typography.Text>
        </Flex>
        <Menu theme="dark" mode="inline" selectedKeys={selected} items={items} onClick={({ key }) => navigate(key)} data-testid="console-menu" />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="console-header" style={{ background: '#171c23', padding: '0 24px' }}>
          <Flex justify="flex-end" align="center" gap={16} style={{ height: '100%' }}>
            <Select<ConsoleLanguage>
              size="small"
              value={i18n.language as ConsoleLanguage}
              options={CONSOLE_LANGUAGES.map((language) => ({ value: language.code, label: language.name }))}
              onChange={(language) => void changeLanguage(language).then(() => client.invalidateQueries())}
              style={{ width: 120 }}
              data-testid="language"
            />
            <Typography.Text data-testid="operator-email">{me?.operator.email}</Typography.Text>
            {me && <Tag color="blue">{t(`roles.${me.operator.role}`)}</Tag>}
            <Button icon={<LogoutOutlined />} onClick={() => void signOut()} data-testid="sign-out">
              {t('auth.signOut')}
            </Button>
          </Flex>
        </Layout.Header>
        <Layout.Content className="console-content">{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}
