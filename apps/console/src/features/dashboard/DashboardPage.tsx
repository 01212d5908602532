import { CheckCircleFilled, CloseCircleFilled, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Flex, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { queuePage } from '../../queues/registry.ts';
import { ApiError, get, post } from '../../shared/api.ts';
import { formatAge, formatAmount, formatClock, formatTime } from '../../shared/format.ts';
import { useCan } from '../../shared/session.ts';

interface LedgerCheck {
  id: number;
  ok: boolean;
  entries: number;
  postings: number;
  accounts: number;
  violations: number;
  duration_ms: number;
  by_operator: number | null;
  at: number;
}

interface Dashboard {
  queues: { key: string; pending: number; can_decide: boolean }[];
  users_today: number;
  deposits_pending: number;
  withdrawals_pending: number;
  ledger_check: LedgerCheck | null;
  system_accounts: { account: string; currency: string; available: string; frozen: string }[];
  feeds: { symbol: string; kind: string; source: string | null; price: string | null; last_tick_at: number | null; age_ms: number | null; market_open: boolean }[];
  feed_config: string;
  time: number;
}

/** A price older than this while its market is open means the feed has stalled. */
const STALE_AFTER_MS = 60_000;

/** MARKET_FEED as configured: simulator, none, or live:<adapter> (the adapter's name is its own). */
function feedConfigLabel(t: TFunction, config: string): string {
  const live = /^live:(.+)$/.exec(config);
  return live ? `${t('feedSources.live')} (${live[1]})` : t(`feedSources.${config}`, { defaultValue: config });
}

export default function DashboardPage() {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const { message } = App.useApp();
  const dashboard = useQuery({ queryKey: ['dashboard'], queryFn: () => get<Dashboard>('/dashboard') });
  const runCheck = useMutation({
    mutationFn: () => post<LedgerCheck>('/dashboard/ledger-check'),
    onSuccess: (check) => {
      void message.open({ type: check.ok ? 'success' : 'error', content: check.ok ? t('dashboard.ledger.passed') : t('dashboard.ledger.failed', { count: check.violations }) });
      void client.invalidateQueries({ queryKey: ['dashboard'] });
    },
    onError: (error) => void message.error(error instanceof ApiError ? error.message : String(error)),
  });
  const data = dashboard.data;
  const check = data?.ledger_check;
  const queueShown = (key: string) => data?.queues.some((queue) => queue.key === key) ?? false;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('dashboard.title')}
        </Typography.Title>
        <Button icon={<ReloadOutlined />} onClick={() => void dashboard.refetch()} loading={dashboard.isFetching} data-testid="dashboard-refresh">
          {t('actions.refresh')}
        </Button>
      </Flex>

      <Row gutter={[16, 16]}>
        {data?.queues.map((queue) => (
          <Col key={queue.key} span={6}>
            <Card>
              <Link to={`/queues/${queue.key}`} data-testid={`dashboard-queue-${queue.key}`}>
                <Statistic title={t('dashboard.pendingIn', { queue: t(queuePage(queue.key)?.titleKey ?? queue.key) })} value={queue.pending} />
              </Link>
            </Card>
          </Col>
        ))}
        <Col span={6}>
          <Card>
            <Statistic title={t('dashboard.usersToday')} value={data?.users_today ?? 0} loading={!data} />
          </Card>
        </Col>
        {/* The funds figures for a role whose queue cards above do not already show them. */}
        {data && !queueShown('deposits') && (
          <Col span={6}>
            <Card>
              <Statistic title={t('dashboard.depositsPending')} value={data.deposits_pending} />
            </Card>
          </Col>
        )}
        {data && !queueShown('withdrawals') && (
          <Col span={6}>
            <Card>
              <Statistic title={t('dashboard.withdrawalsPending')} value={data.withdrawals_pending} />
            </Card>
          </Col>
        )}
      </Row>

      <Card
        title={t('dashboard.ledger.title')}
        extra={
          can('ledger.check') && (
            <Button type="primary" onClick={() => runCheck.mutate()} loading={runCheck.isPending} data-testid="ledger-check-run">
              {t('dashboard.ledger.run')}
            </Button>
          )
        }
      >
        {check ? (
          <Space size="large" wrap data-testid="ledger-check">
            {check.ok ? (
              <Tag icon={<CheckCircleFilled />} color="success">
                {t('dashboard.ledger.ok')}
              </Tag>
            ) : (
              <Tag icon={<CloseCircleFilled />} color="error">
                {t('dashboard.ledger.violations', { count: check.violations })}
              </Tag>
            )}
            <Typography.Text>{t('dashboard.ledger.at', { time: formatTime(check.at) })}</Typography.Text>
            <Typography.Text type="secondary">{check.by_operator === null ? t('dashboard.ledger.bySchedule') : t('dashboard.ledger.byOperator')}</Typography.Text>
            <Typography.Text type="secondary">{t('dashboard.ledger.counts', { entries: check.entries, postings: check.postings, accounts: check.accounts, ms: check.duration_ms })}</Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('dashboard.ledger.never')}</Typography.Text>
        )}
      </Card>

      <Row gutter={16}>
        <Col span={11}>
          <Card title={t('dashboard.system.title')} styles={{ body: { padding: 0 } }}>
            <Table
              size="small"
              rowKey={(row) => `${row.account}:${row.currency}`}
              dataSource={data?.system_accounts}
              loading={!data}
              pagination={false}
              scroll={{ y: 420 }}
              locale={{ emptyText: <Empty description={t('dashboard.system.empty')} /> }}
              columns={[
                { title: t('dashboard.system.account'), dataIndex: 'account', className: 'nowrap', render: (code: string) => t(`systemAccounts.${code}`, { defaultValue: code }) },
                { title: t('columns.currency'), dataIndex: 'currency' },
                { title: t('columns.available'), dataIndex: 'available', align: 'right', className: 'nowrap', render: formatAmount },
                { title: t('columns.frozen'), dataIndex: 'frozen', align: 'right', className: 'nowrap', render: formatAmount },
              ]}
            />
          </Card>
        </Col>
        <Col span={13}>
          <Card title={t('dashboard.feeds.title')} extra={<Typography.Text type="secondary">{t('dashboard.feeds.config', { feed: data ? feedConfigLabel(t, data.feed_config) : '' })}</Typography.Text>} styles={{ body: { padding: 0 } }}>
            <Table
              size="small"
              rowKey="symbol"
              dataSource={data?.feeds}
              loading={!data}
              pagination={false}
              scroll={{ y: 420 }}
              data-testid="feeds"
              columns={[
                { title: t('dashboard.feeds.symbol'), dataIndex: 'symbol' },
                { title: t('dashboard.feeds.source'), dataIndex: 'source', render: (source: string | null) => (source ? <Tag>{t(`feedSources.${source}`, { defaultValue: source })}</Tag> : '–') },
                { title: t('dashboard.feeds.price'), dataIndex: 'price', align: 'right', className: 'nowrap', render: (price: string | null) => price ?? '–' },
                { title: t('dashboard.feeds.lastTick'), dataIndex: 'last_tick_at', className: 'nowrap', render: (time: number | null) => formatClock(time) },
                {
                  title: t('dashboard.feeds.age'),
                  dataIndex: 'age_ms',
                  className: 'nowrap',
                  render: (age: number | null, row) => {
                    if (!row.market_open) return <Tag>{t('dashboard.feeds.closed')}</Tag>;
                    return <Typography.Text type={age === null || age > STALE_AFTER_MS ? 'danger' : undefined}>{formatAge(age)}</Typography.Text>;
                  },
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </Flex>
  );
}
