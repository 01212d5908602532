import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Empty, Flex, Segmented, Table, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { PagedTable } from '../../shared/PagedTable.tsx';
import type { CopyRow, DualOrderRow, EarnKind, IeoOrderRow, LockMiningOrderRow, UserCopyTrading } from './api.ts';
import { FuturesSymbol, TickText } from './cells.tsx';

const EARN_KINDS: EarnKind[] = ['lock_mining', 'ieo', 'dual'];
const EARN_STATUS_COLOURS: Record<string, string> = {
  running: 'processing',
  matured: 'success',
  redeemed: 'warning',
  pending: 'processing',
  allocated: 'gold',
  unlocked: 'success',
  purchased: 'processing',
  success: 'success',
  fail: 'default',
};
const COPY_PAGE_SIZE = 20;

/** A signed amount in red or green. */
function Signed({ amount }: { amount: string }) {
  return <Typography.Text type={amount.startsWith('-') ? 'danger' : 'success'}>{amount}</Typography.Text>;
}

/** Secondary lines under a cell's main value, skipping the empty ones. */
function Lines({ main, lines }: { main: ReactNode; lines: (string | null | false)[] }) {
  return (
    <Flex vertical className="nowrap">
      <span>{main}</span>
      {lines.filter(Boolean).map((line) => (
        <Typography.Text key={line as string} type="secondary">
          {line}
        </Typography.Text>
      ))}
    </Flex>
  );
}

function EarnStatus({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Tag color={EARN_STATUS_COLOURS[status]}>{t(`users.earnStatus.${status}`)}</Tag>;
}

/** A user's lock-mining orders, IEO subscriptions and dual-investment orders, one kind at a time, with the terms stored on each and how it settled. */
export function EarnTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<EarnKind>('lock_mining');
  const table = { path: `/users/${userId}/earn`, query: { kind }, rowKey: 'id', scroll: { x: 'max-content' } } as const;
  const time = { title: t('audit.time'), dataIndex: 'created_at', className: 'nowrap', render: (value: number) => formatTime(value) };
  const idColumn = { title: t('columns.id'), dataIndex: 'id', className: 'nowrap' };
  const status = { title: t('columns.status'), dataIndex: 'status', render: (value: string) => <EarnStatus status={value} /> };
  return (
    <Flex vertical gap={12}>
      <Segmented<EarnKind> value={kind} onChange={setKind} options={EARN_KINDS.map((value) => ({ value, label: t(`users.earnKinds.${value}`) }))} data-testid="user-earn-kind" />
      {kind === 'lock_mining' && (
        <PagedTable<LockMiningOrderRow>
          key={kind}
          {...table}
          columns={[
            { ...time, dataIndex: 'locked_at' },
            idColumn,
            {
              title: t('users.earnProduct'),
              key: 'product',
              render: (_, row) => (
                <Lines main={t('users.lockTerms', { id: row.product_id, days: row.lock_days, min: row.daily_rate_percent.min, max: row.daily_rate_percent.max })} lines={[t('users.penaltyRate', { rate: row.penalty_rate_percent })]} />
              ),
            },
            { title: t('users.amount'), key: 'amount', align: 'right', className: 'nowrap', render: (_, row) => `${row.amount} ${row.currency}` },
            status,
            {
              title: t('users.accrual'),
              key: 'dates',
              render: (_, row) => (
                <Lines main={formatTime(row.value_at)} lines={[`→ ${formatTime(row.expires_at)}`, row.closed_at !== null && t('users.closedAt', { time: formatTime(row.closed_at) })]} />
              ),
            },
            { title: t('users.yieldPaid'), key: 'yield', align: 'right', render: (_, row) => <Lines main={`${row.yield_paid} ${row.currency}`} lines={[t('users.daysPaid', { days: row.days_paid })]} /> },
            { title: t('users.penaltyRefund'), key: 'penalty', align: 'right', className: 'nowrap', render: (_, row) => (row.penalty === null && row.refund === null ? '–' : `${row.penalty ?? '–'} / ${row.refund ?? '–'} ${row.currency}`) },
          ]}
        />
      )}
      {kind === 'ieo' && (
        <PagedTable<IeoOrderRow>
          key={kind}
          {...table}
          columns={[
            time,
            idColumn,
            { title: t('users.earnProduct'), key: 'project', render: (_, row) => <Lines main={`#${row.project_id} ${row.project} (${row.token})`} lines={[t('users.subscribeEnd', { time: formatTime(row.subscribe_end) })]} /> },
            { title: t('users.ieoPrice'), key: 'price', align: 'right', className: 'nowrap', render: (_, row) => `${row.price} ${row.pay_currency}` },
            { title: t('users.ieoCommitted'), key: 'committed', align: 'right', render: (_, row) => <Lines main={`${row.committed} ${row.token}`} lines={[`${row.held} ${row.pay_currency}`]} /> },
            status,
            {
              title: t('users.allocation'),
              key: 'allocation',
              render: (_, row) =>
                row.allocated === null ? (
                  '–'
                ) : (
                  <Lines
                    main={t('users.allocated', { amount: `${row.allocated} ${row.token}` })}
                    lines={[
                      t('users.allocationPaid', { paid: `${row.paid ?? '–'} ${row.pay_currency}`, refunded: `${row.refunded ?? '–'} ${row.pay_currency}` }),
                      row.capped === true && t('users.capped', { cap: `${row.cap ?? '–'} ${row.token}` }),
                      formatTime(row.allocated_at),
                    ]}
                  />
                ),
            },
            { title: t('users.unlocksColumn'), key: 'unlocks', className: 'nowrap', render: (_, row) => formatTime(row.unlocked_at ?? row.unlocks_at) },
          ]}
        />
      )}
      {kind === 'dual' && (
        <PagedTable<DualOrderRow>
          key={kind}
          {...table}
          columns={[
            time,
            idColumn,
            {
              title: t('users.earnProduct'),
              key: 'product',
              render: (_, row) => t('users.dualTerms', { id: row.product_id, coin: row.coin, direction: t(`users.dualDirections.${row.direction}`), price: row.linked_price, apr: row.apr_percent, days: row.days }),
            },
            { title: t('users.invested'), key: 'invested', align: 'right', className: 'nowrap', render: (_, row) => `${row.invested} ${row.invest_currency} (${row.shares})` },
            status,
            { title: t('users.maturity'), dataIndex: 'maturity_at', className: 'nowrap', render: (value: number) => formatTime(value) },
            { title: t('users.settlement'), dataIndex: 'settle_tick', render: (tick: DualOrderRow['settle_tick']) => <TickText tick={tick} /> },
            {
              title: t('users.dualPayout'),
              key: 'payout',
              align: 'right',
              render: (_, row) =>
                row.payout === null ? '–' : <Lines main={`${row.payout} ${row.payout_currency ?? ''}`} lines={[t('users.interest', { amount: row.interest ?? '–' }), row.converted === true && t('users.converted'), formatTime(row.settled_at)]} />,
            },
          ]}
        />
      )}
    </Flex>
  );
}

/** A user's copy trading: their trader record if any, their follows, their copied orders (paged) and the newest skipped copies with why. */
export function CopyTradingTab({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const path = `/users/${userId}/copy-trading`;
  const result = useQuery({ queryKey: [path, page], queryFn: () => get<UserCopyTrading>(path, { page, limit: COPY_PAGE_SIZE }) });
  const data = result.data;
  if (!data) return <Card loading={result.isFetching} variant="borderless" />;
  return (
    <Flex vertical gap={16} data-testid="user-copy-trading">
      {data.trader && (
        <Descriptions title={t('users.traderRecord')} column={4} size="small">
          <Descriptions.Item label={t('users.traderNickname')}>{data.trader.nickname}</Descriptions.Item>
          <Descriptions.Item label={t('users.shareRate')}>{data.trader.share_rate}</Descriptions.Item>
          <Descriptions.Item label={t('users.followerCount')}>{`${data.trader.follower_count} / ${data.trader.max_followers}`}</Descriptions.Item>
          <Descriptions.Item label={t('users.approvedAt')}>{formatTime(data.trader.approved_at)}</Descriptions.Item>
        </Descriptions>
      )}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('users.follows')}
      </Typography.Title>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={data.follows}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('users.noFollows')} /> }}
        columns={[
          { title: t('users.trader'), key: 'trader', render: (_, row) => `#${row.trader_user_id} ${row.trader_nickname}` },
          { title: t('users.followType'), key: 'type', render: (_, row) => t(`users.followTypes.${row.type}`, { number: row.number }) },
          { title: t('columns.status'), dataIndex: 'status', render: (status: 'following' | 'cancelled') => <Tag color={status === 'following' ? 'processing' : 'default'}>{t(`users.followStatus.${status}`)}</Tag> },
          { title: t('users.since'), dataIndex: 'since', className: 'nowrap', render: (value: number) => formatTime(value) },
          { title: t('earn.updated'), dataIndex: 'updated_at', className: 'nowrap', render: (value: number) => formatTime(value) },
        ]}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('users.copies')}
      </Typography.Title>
      <Table<CopyRow>
        size="small"
        rowKey="id"
        scroll={{ x: 'max-content' }}
        loading={result.isFetching}
        dataSource={data.copies.list}
        pagination={{ current: page, pageSize: COPY_PAGE_SIZE, total: data.copies.total, showSizeChanger: false, onChange: setPage, hideOnSinglePage: true }}
        columns={[
          { title: t('audit.time'), dataIndex: 'created_at', className: 'nowrap', render: (value: number) => formatTime(value) },
          { title: t('columns.id'), dataIndex: 'order_id', className: 'nowrap' },
          { title: t('users.trader'), key: 'trader', render: (_, row) => <Lines main={`#${row.trader_user_id} ${row.trader_nickname}`} lines={[t('users.traderOrder', { id: row.trader_order_id })]} /> },
          {
            title: t('users.symbol'),
            dataIndex: 'symbol',
            className: 'nowrap',
            render: (_, row) => <FuturesSymbol row={row} />,
          },
          { title: t('columns.status'), key: 'status', render: (_, row) => <Lines main={t(`users.futuresStatus.${row.status}`)} lines={[row.close_reason !== null && t(`users.closeReasons.${row.close_reason}`)]} /> },
          { title: t('users.copyTicks'), key: 'ticks', className: 'nowrap', render: (_, row) => <Lines main={`#${row.open_tick_id} / ${row.close_tick_id === null ? '–' : `#${row.close_tick_id}`}`} lines={[row.open_price]} /> },
          { title: t('users.linked'), dataIndex: 'linked', render: (linked: boolean) => (linked ? <Tag color="processing">{t('users.linked')}</Tag> : <Tag>{t('users.selfHeld')}</Tag>) },
          { title: t('users.pnl'), dataIndex: 'pnl', align: 'right', className: 'nowrap', render: (pnl: string | null) => (pnl === null ? '–' : <Signed amount={pnl} />) },
          { title: t('users.profitShare'), key: 'share', align: 'right', className: 'nowrap', render: (_, row) => <Lines main={row.profit_share} lines={[`${t('users.shareRate')} ${row.share_rate}`]} /> },
        ]}
      />
      <Flex align="baseline" gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('users.skips')}
        </Typography.Title>
        {data.skips_total > data.skips.length && <Typography.Text type="secondary">{t('users.skipsShown', { shown: data.skips.length, total: data.skips_total })}</Typography.Text>}
      </Flex>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={data.skips}
        columns={[
          { title: t('audit.time'), dataIndex: 'at', className: 'nowrap', render: (value: number) => formatTime(value) },
          { title: t('users.trader'), key: 'trader', render: (_, row) => <Lines main={`#${row.trader_user_id} ${row.trader_nickname}`} lines={[t('users.traderOrder', { id: row.trader_order_id })]} /> },
          { title: t('users.symbol'), dataIndex: 'symbol', className: 'nowrap' },
          { title: t('users.skipReason'), key: 'reason', render: (_, row) => <Lines main={row.reason} lines={[row.reason_key]} /> },
        ]}
      />
    </Flex>
  );
}
