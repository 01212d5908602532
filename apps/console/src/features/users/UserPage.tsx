import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, type ButtonProps, Card, Descriptions, Flex, Input, Modal, Result, Table, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ApiError, get, post } from '../../shared/api.ts';
import { AuditTable } from '../../shared/AuditTable.tsx';
import { formatAmount, formatTime } from '../../shared/format.ts';
import { PagedTable } from '../../shared/PagedTable.tsx';
import { useCan } from '../../shared/session.ts';
import type { FeedTickRef, FuturesOrderRow, LoginEvent, Order, Posting, SecondsOptionRow, UserDetail } from './api.ts';
import { CopyTradingTab, EarnTab } from './EarnCopyTabs.tsx';
import { FuturesSymbol, TickText } from './cells.tsx';

const STATUS_COLOURS = { review: 'processing', verified: 'success', failed: 'error' } as const;

/** Freezing or unfreezing, with the reason the user (freeze) or the audit trail (both) will show. */
function FreezeButton({ user }: { user: UserDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const freezing = !user.frozen;
  const change = useMutation({
    mutationFn: () => post(`/users/${user.id}/${freezing ? 'freeze' : 'unfreeze'}`, { reason: reason.trim() }),
    onSuccess: () => {
      void message.success(freezing ? t('users.frozenDone') : t('users.unfrozenDone'));
      setOpen(false);
      setReason('');
      void client.invalidateQueries({ queryKey: ['user', user.id] });
      void client.invalidateQueries({ queryKey: [`/users/${user.id}/audit`] });
    },
    onError: (error) => void message.error(error instanceof ApiError ? error.message : String(error)),
  });
  return (
    <>
      <Button danger={freezing} type={freezing ? 'primary' : 'default'} onClick={() => setOpen(true)} data-testid={freezing ? 'user-freeze' : 'user-unfreeze'}>
        {freezing ? t('users.freeze') : t('users.unfreeze')}
      </Button>
      <Modal
        open={open}
        title={freezing ? t('users.freezeTitle') : t('users.unfreezeTitle')}
        okText={freezing ? t('users.freeze') : t('users.unfreeze')}
        cancelText={t('actions.cancel')}
        okButtonProps={{ danger: freezing, disabled: reason.trim() === '', loading: change.isPending, 'data-testid': 'freeze-confirm' } as ButtonProps}
        onOk={() => change.mutate()}
        onCancel={() => setOpen(false)}
      >
        <Typography.Paragraph type="secondary">{freezing ? t('users.freezeHint') : t('users.unfreezeHint')}</Typography.Paragraph>
        <Input.TextArea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={200} showCount rows={3} placeholder={t('users.reasonPlaceholder')} data-testid="freeze-reason" />
      </Modal>
    </>
  );
}

const FUTURES_STATUS_COLOURS = { entrusted: 'processing', holding: 'gold', closed: 'default', cancelled: 'default' } as const;
const OPTION_STATUS_COLOURS = { open: 'processing', won: 'success', lost: 'error', tied: 'default' } as const;

/** Everything about one user, for support and review: profile, verification, balances, postings, orders, futures and seconds options with their feed ticks, earn, copy trading, logins, audit. */
export default function UserPage() {
  const { t } = useTranslation();
  const can = useCan();
  const id = Number(useParams().id);
  const user = useQuery({ queryKey: ['user', id], queryFn: () => get<UserDetail>(`/users/${id}`) });

  if (user.error) return <Result status="404" title={user.error instanceof ApiError ? user.error.message : String(user.error)} />;
  const data = user.data;
  if (!data) return <Card loading />;

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('users.user', { id: data.id, name: data.nickname })}
        </Typography.Title>
        {can('users.freeze') && <FreezeButton user={data} />}
      </Flex>
      {data.frozen && (
        <Alert type="error" showIcon title={t('users.frozenSince', { time: formatTime(data.frozen_at) })} description={data.frozen_reason} data-testid="user-frozen" />
      )}
      <Card>
        <Descriptions column={3} size="small">
          <Descriptions.Item label={t('columns.email')}>{data.email ?? '–'}</Descriptions.Item>
          <Descriptions.Item label={t('columns.phone')}>{data.phone ? `+${data.area_code ?? ''} ${data.phone}` : '–'}</Descriptions.Item>
          <Descriptions.Item label={t('verification.currentLevel')}>{`Lv${data.verification_level}`}</Descriptions.Item>
          <Descriptions.Item label={t('users.registered')}>{formatTime(data.created_at)}</Descriptions.Item>
          <Descriptions.Item label={t('users.inviteCode')}>{data.invite_code}</Descriptions.Item>
          <Descriptions.Item label={t('users.inviter')}>{data.inviter_id ?? '–'}</Descriptions.Item>
          <Descriptions.Item label={t('users.creditScore')}>{data.credit_score}</Descriptions.Item>
          <Descriptions.Item label={t('users.failedLogins')}>{data.failed_logins}</Descriptions.Item>
          <Descriptions.Item label={t('users.lockedUntil')}>{formatTime(data.locked_until)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card styles={{ body: { paddingTop: 4 } }}>
        <Tabs
          items={[
            {
              key: 'balances',
              label: t('users.tabs.balances'),
              children: (
                <Table
                  size="small"
                  rowKey={(row) => `${row.account_type}:${row.currency}`}
                  pagination={false}
                  dataSource={data.balances}
                  data-testid="user-balances"
                  columns={[
                    { title: t('columns.account'), dataIndex: 'account_name' },
                    { title: t('columns.currency'), dataIndex: 'currency' },
                    { title: t('columns.available'), dataIndex: 'available', align: 'right', className: 'nowrap', render: formatAmount },
                    { title: t('columns.frozen'), dataIndex: 'frozen', align: 'right', className: 'nowrap', render: formatAmount },
                  ]}
                />
              ),
            },
            {
              key: 'verification',
              label: t('users.tabs.verification'),
              children: (
                <Table
                  size="small"
                  rowKey="id"
                  pagination={false}
                  dataSource={data.verifications}
                  columns={[
                    { title: t('columns.id'), dataIndex: 'id', width: 70 },
                    { title: t('verification.level'), dataIndex: 'level', render: (level: number) => `Lv${level}` },
                    { title: t('verification.name'), dataIndex: 'name', render: (name: string | null) => name ?? '–' },
                    { title: t('verification.cardId'), dataIndex: 'card_id', render: (card: string | null) => card ?? '–' },
                    { title: t('columns.status'), dataIndex: 'status', render: (status: keyof typeof STATUS_COLOURS) => <Tag color={STATUS_COLOURS[status]}>{t(`verification.status.${status}`)}</Tag> },
                    { title: t('verification.reason'), dataIndex: 'reason', render: (reason: string | null) => reason ?? '–' },
                    { title: t('verification.submitted'), dataIndex: 'submitted_at', render: (time: number) => formatTime(time) },
                    { title: t('verification.reviewed'), key: 'reviewed', render: (_, row) => (row.reviewed_at ? `${formatTime(row.reviewed_at)} · ${row.reviewed_by ?? ''}` : '–') },
                  ]}
                />
              ),
            },
            {
              key: 'postings',
              label: t('users.tabs.postings'),
              children: (
                <PagedTable<Posting>
                  path={`/users/${id}/postings`}
                  rowKey="id"
                  columns={[
                    { title: t('audit.time'), dataIndex: 'created_at', className: 'nowrap', render: (time: number) => formatTime(time) },
                    { title: t('users.postingType'), dataIndex: 'type_name' },
                    { title: t('columns.account'), dataIndex: 'account_name' },
                    { title: t('columns.currency'), dataIndex: 'currency' },
                    { title: t('users.bucket'), dataIndex: 'bucket', render: (bucket: string) => t(`columns.${bucket}`) },
                    { title: t('users.amount'), dataIndex: 'amount', align: 'right', className: 'nowrap', render: (amount: string) => <Typography.Text type={amount.startsWith('-') ? 'danger' : 'success'}>{amount}</Typography.Text> },
                    { title: t('users.balanceAfter'), dataIndex: 'balance_after', align: 'right', className: 'nowrap' },
                    { title: t('users.reference'), dataIndex: 'ref' },
                  ]}
                />
              ),
            },
            {
              key: 'orders',
              label: t('users.tabs.orders'),
              children: (
                <PagedTable<Order>
                  path={`/users/${id}/orders`}
                  rowKey="id"
                  columns={[
                    { title: t('audit.time'), dataIndex: 'created_at', className: 'nowrap', render: (time: number) => formatTime(time) },
                    { title: t('columns.id'), dataIndex: 'id' },
                    { title: t('users.symbol'), dataIndex: 'symbol' },
                    { title: t('users.side'), dataIndex: 'side', render: (side: string) => <Tag color={side === 'buy' ? 'success' : 'error'}>{t(`users.sides.${side}`)}</Tag> },
                    { title: t('users.orderType'), dataIndex: 'order_type', render: (type: string) => t(`users.orderTypes.${type}`) },
                    { title: t('users.price'), dataIndex: 'price', align: 'right' },
                    { title: t('users.amount'), dataIndex: 'amount', align: 'right' },
                    { title: t('users.filled'), dataIndex: 'filled_amount', align: 'right' },
                    { title: t('columns.status'), dataIndex: 'status', render: (status: string) => t(`users.orderStatus.${status}`) },
                  ]}
                />
              ),
            },
            {
              key: 'futures',
              label: t('users.tabs.futures'),
              children: (
                <PagedTable<FuturesOrderRow>
                  path={`/users/${id}/futures`}
                  rowKey="id"
                  scroll={{ x: 'max-content' }}
                  columns={[
                    { title: t('audit.time'), dataIndex: 'created_at', className: 'nowrap', render: (time: number) => formatTime(time) },
                    { title: t('columns.id'), dataIndex: 'id', className: 'nowrap' },
                    {
                      title: t('users.symbol'),
                      dataIndex: 'symbol',
                      className: 'nowrap',
                      render: (_, row) => <FuturesSymbol row={row} />,
                    },
                    { title: t('columns.status'), dataIndex: 'status', render: (status: FuturesOrderRow['status']) => <Tag color={FUTURES_STATUS_COLOURS[status]}>{t(`users.futuresStatus.${status}`)}</Tag> },
                    { title: t('users.openPrice'), key: 'open', align: 'right', className: 'nowrap', render: (_, row) => (row.open_price ? `${row.open_price} (#${row.open_tick_id ?? '–'})` : (row.limit_price ?? '–')) },
                    { title: t('users.tpSl'), key: 'stops', align: 'right', className: 'nowrap', render: (_, row) => `${row.take_profit ?? '–'} / ${row.stop_loss ?? '–'}` },
                    {
                      title: t('users.closeTick'),
                      key: 'closeTick',
                      render: (_, row) =>
                        row.close_reason ? (
                          <Flex vertical>
                            <span>{t(`users.closeReasons.${row.close_reason}`)}</span>
                            <TickText tick={row.close_tick} />
                            <Typography.Text type="secondary" className="nowrap">{`${t('users.closePrice')} ${row.close_price ?? '–'}`}</Typography.Text>
                          </Flex>
                        ) : (
                          '–'
                        ),
                    },
                    {
                      title: t('users.pnl'),
                      key: 'pnl',
                      align: 'right',
                      className: 'nowrap',
                      render: (_, row) =>
                        row.pnl === null ? (
                          '–'
                        ) : (
                          <Flex vertical>
                            <Typography.Text type={row.pnl.startsWith('-') ? 'danger' : 'success'}>{row.pnl}</Typography.Text>
                            <Typography.Text type="secondary">{`${t('users.payout')} ${row.payout ?? '–'}`}</Typography.Text>
                            {row.house_absorbed && Number(row.house_absorbed) > 0 ? <Typography.Text type="warning">{`${t('users.houseAbsorbed')} ${row.house_absorbed}`}</Typography.Text> : null}
                          </Flex>
                        ),
                    },
                  ]}
                />
              ),
            },
            {
              key: 'options',
              label: t('users.tabs.options'),
              children: (
                <PagedTable<SecondsOptionRow>
                  path={`/users/${id}/options`}
                  rowKey="id"
                  scroll={{ x: 'max-content' }}
                  columns={[
                    { title: t('audit.time'), dataIndex: 'created_at', className: 'nowrap', render: (time: number) => formatTime(time) },
                    { title: t('columns.id'), dataIndex: 'id', className: 'nowrap' },
                    { title: t('users.symbol'), dataIndex: 'symbol', className: 'nowrap' },
                    {
                      title: t('users.side'),
                      dataIndex: 'direction',
                      className: 'nowrap',
                      render: (direction: SecondsOptionRow['direction'], row) => (
                        <>
                          <Tag color={direction === 'up' ? 'success' : 'error'}>{t(`users.directions.${direction}`)}</Tag>
                          {t('users.period', { seconds: row.seconds })}
                        </>
                      ),
                    },
                    { title: t('users.stake'), key: 'stake', align: 'right', className: 'nowrap', render: (_, row) => `${row.stake ?? '–'} (${row.fee ?? '–'}) ${row.currency}` },
                    { title: t('users.openTick'), dataIndex: 'open_tick', render: (tick: FeedTickRef) => <TickText tick={tick} /> },
                    { title: t('users.settleTick'), dataIndex: 'settle_tick', render: (tick: FeedTickRef | null) => <TickText tick={tick} /> },
                    {
                      title: t('columns.status'),
                      dataIndex: 'status',
                      className: 'nowrap',
                      render: (status: SecondsOptionRow['status'], row) => (
                        <Flex vertical gap={2}>
                          <span>
                            <Tag color={OPTION_STATUS_COLOURS[status]}>{t(`users.optionStatus.${status}`)}</Tag>
                          </span>
                          {row.payout === null ? null : <Typography.Text type="secondary">{`${t('users.payout')} ${row.payout} ${row.currency}`}</Typography.Text>}
                        </Flex>
                      ),
                    },
                  ]}
                />
              ),
            },
            { key: 'earn', label: t('users.tabs.earn'), children: <EarnTab userId={id} /> },
            { key: 'copy', label: t('users.tabs.copy'), children: <CopyTradingTab userId={id} /> },
            {
              key: 'logins',
              label: t('users.tabs.logins'),
              children: (
                <PagedTable<LoginEvent>
                  path={`/users/${id}/logins`}
                  rowKey="id"
                  columns={[
                    { title: t('audit.time'), dataIndex: 'created_at', className: 'nowrap', render: (time: number) => formatTime(time) },
                    { title: t('users.outcome'), dataIndex: 'success', render: (success: boolean, row) => (success ? <Tag color="success">{t('users.loginOk')}</Tag> : <Tag color="error">{row.failure || t('users.loginFailed')}</Tag>) },
                    { title: t('audit.ip'), dataIndex: 'ip' },
                    { title: t('users.device'), dataIndex: 'user_agent', ellipsis: true },
                  ]}
                />
              ),
            },
            { key: 'audit', label: t('users.tabs.audit'), children: <AuditTable path={`/users/${id}/audit`} /> },
          ]}
        />
      </Card>
    </Flex>
  );
}
