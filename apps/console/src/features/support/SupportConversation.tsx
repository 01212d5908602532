import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Empty, Flex, Image, Input, Popconfirm, Row, Select, Space, Table, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError, get, post } from '../../shared/api.ts';
import { formatAmount, formatTime, isZeroAmount, trimZeros } from '../../shared/format.ts';
import { useCan, useMe } from '../../shared/session.ts';

export interface ConversationListItem {
  id: number;
  user_id: number | null;
  account: string | null;
  visitor: boolean;
  lang: string;
  topic: string | null;
  status: 'open' | 'closed';
  assigned_to: string | null;
  waiting_since: number | null;
  last_message_at: number;
  last_message: string;
  unread: number;
}

interface Message {
  id: number;
  sender: 'user' | 'operator';
  kind: 'text' | 'image';
  body: string;
  created_at: number;
  image_url: string | null;
}

interface MoneyRow {
  id: number;
  currency: string;
  amount: string;
  route: string;
  status: string;
  created_at: number;
}

interface ConversationDetail extends ConversationListItem {
  user_read_id: number;
  messages: Message[];
  context: {
    user: { id: number; nickname: string; email: string | null; phone: string | null; verification_level: number; frozen: boolean } | null;
    balances: { account_type: string; account_name: string; currency: string; available: string; frozen: string }[];
    orders: { id: number; symbol: string; side: string; type: string; status: string; created_at: number }[];
    futures: { id: number; symbol: string; side: string; lots: number; multiple: number; status: string; close_reason: string | null; pnl: string | null; created_at: number }[];
    options: { id: number; symbol: string; direction: string; seconds: number; stake: string; currency: string; status: string; payout: string | null; created_at: number }[];
    deposits: MoneyRow[];
    withdrawals: MoneyRow[];
  } | null;
}

/** How long the user has been waiting, in minutes or hours. */
export function waitingText(t: TFunction, since: number, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - since) / 60_000));
  return minutes < 60 ? t('support.minutes', { count: minutes }) : t('support.hours', { count: Math.floor(minutes / 60) });
}

/** Refreshes the open conversation this often: the console has no socket, and a chat must feel live. */
const POLL_MS = 3000;

/** One conversation: the chat with the reply box and canned answers on the left, the user's context on the right. */
export function SupportConversation({ id, onDecided }: { id: number; onDecided: () => void }) {
  const { t } = useTranslation();
  const can = useCan();
  const me = useMe().data;
  const client = useQueryClient();
  const { message } = App.useApp();
  const [draft, setDraft] = useState('');
  const key = ['support-conversation', id];
  const detail = useQuery({ queryKey: key, queryFn: () => get<ConversationDetail>(`/queues/support/${id}`), refetchInterval: POLL_MS });
  const data = detail.data;
  const canned = useQuery({ queryKey: ['support-canned', data?.lang], queryFn: () => get<{ key: string; text: string }[]>('/queues/support/canned', { answer_lang: data?.lang }), enabled: Boolean(data) });
  const replying = can('support.reply') && data?.status === 'open';
  const lastUserMessage = data?.messages.filter((item) => item.sender === 'user').at(-1)?.id ?? 0;

  // Opening the conversation reads it: the user sees "read".
  useEffect(() => {
    if (replying && data && data.unread > 0) void post(`/queues/support/${id}/read`).then(() => client.invalidateQueries({ queryKey: ['queue', 'support'] }));
  }, [replying, data, id, client]);

  const onError = (error: unknown) => void message.error(error instanceof ApiError ? error.message : String(error));
  const refresh = () => {
    void client.invalidateQueries({ queryKey: key });
    void client.invalidateQueries({ queryKey: ['queue', 'support'] });
    void client.invalidateQueries({ queryKey: ['queues'] });
  };
  const reply = useMutation({
    mutationFn: () => post(`/queues/support/${id}/reply`, { content: draft.trim() }),
    onSuccess: () => {
      setDraft('');
      refresh();
    },
    onError,
  });
  const assign = useMutation({ mutationFn: () => post(`/queues/support/${id}/assign`), onSuccess: refresh, onError });
  const close = useMutation({
    mutationFn: () => post(`/queues/support/${id}/close`),
    onSuccess: () => {
      void message.success(t('support.closedDone'));
      onDecided();
    },
    onError,
  });

  if (!data) return <Card loading={detail.isLoading}>{detail.error instanceof ApiError && detail.error.message}</Card>;
  const context = data.context;

  return (
    <Card
      data-testid="support-conversation"
      title={
        <Space>
          {t('support.conversation', { id: data.id })}
          <Tag>{data.lang}</Tag>
          {data.topic && <Tag color="gold">{t(`support.topics.${data.topic}`)}</Tag>}
          {data.assigned_to && <Tag>{t('support.assignedTo', { operator: data.assigned_to })}</Tag>}
        </Space>
      }
      extra={
        replying && (
          <Space>
            {data.assigned_to !== me?.operator.email && (
              <Button onClick={() => assign.mutate()} loading={assign.isPending} data-testid="support-assign">
                {t('support.assign')}
              </Button>
            )}
            <Popconfirm title={t('support.closeConfirm')} onConfirm={() => close.mutate()} okText={t('support.close')} cancelText={t('actions.cancel')}>
              <Button danger data-testid="support-close">
                {t('support.close')}
              </Button>
            </Popconfirm>
          </Space>
        )
      }
    >
      <Row gutter={24}>
        <Col span={14}>
          <Flex vertical gap={8} className="support-chat" data-testid="support-messages">
            {data.messages.map((item) => (
              <Flex key={item.id} vertical align={item.sender === 'user' ? 'flex-start' : 'flex-end'}>
                <div className={`support-bubble support-bubble--${item.sender}`}>
                  {item.kind === 'image' && item.image_url ? <Image src={item.image_url} width={160} /> : <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{item.body}</Typography.Text>}
                </div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatTime(item.created_at)}
                  {item.sender === 'operator' && item.id <= data.user_read_id ? ` · ${t('support.readByUser')}` : ''}
                  {item.sender === 'user' && item.id === lastUserMessage && data.waiting_since ? ` · ${waitingText(t, data.waiting_since)}` : ''}
                </Typography.Text>
              </Flex>
            ))}
            {data.messages.length === 0 && <Empty />}
          </Flex>
          {replying && (
            <Flex vertical gap={8} style={{ marginTop: 12 }}>
              <Select
                placeholder={t('support.canned')}
                value={null}
                options={(canned.data ?? []).map((answer) => ({ value: answer.text, label: t(`support.cannedKeys.${answer.key}`) }))}
                onChange={(text: string) => setDraft((current) => (current ? `${current}\n${text}` : text))}
                data-testid="support-canned"
              />
              <Input.TextArea value={draft} onChange={(event) => setDraft(event.target.value)} rows={3} maxLength={2000} placeholder={t('support.replyPlaceholder')} data-testid="support-reply" />
              <Button type="primary" disabled={!draft.trim()} loading={reply.isPending} onClick={() => reply.mutate()} data-testid="support-send">
                {t('support.send')}
              </Button>
            </Flex>
          )}
        </Col>
        <Col span={10}>
          {context?.user ? (
            <Flex vertical gap={12} data-testid="support-context">
              <Descriptions column={1} size="small" bordered styles={{ label: { whiteSpace: 'nowrap' } }}>
                <Descriptions.Item label={t('columns.user')}>
                  <Link to={`/users/${context.user.id}`}>{`#${context.user.id} ${context.user.nickname}`}</Link>
                  <Tag style={{ marginLeft: 8 }}>{`Lv${context.user.verification_level}`}</Tag>
                  {context.user.frozen && <Tag color="error">{t('users.frozen')}</Tag>}
                </Descriptions.Item>
                <Descriptions.Item label={t('columns.email')}>{context.user.email ?? context.user.phone ?? '–'}</Descriptions.Item>
              </Descriptions>
              <Table
                size="small"
                scroll={{ x: 'max-content' }}
                rowKey={(row) => `${row.account_type}-${row.currency}`}
                pagination={false}
                title={() => t('support.balances')}
                dataSource={context.balances}
                // Account and currency share a column, one above the other: side by side they pushed the frozen column past the panel's edge.
                columns={[
                  {
                    title: t('columns.account'),
                    dataIndex: 'account_name',
                    render: (account: string, row) => (
                      <Flex vertical>
                        <Typography.Text strong>{row.currency}</Typography.Text>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {account}
                        </Typography.Text>
                      </Flex>
                    ),
                  },
                  {
                    title: t('columns.available'),
                    dataIndex: 'available',
                    align: 'right',
                    // What is frozen goes under what is available: a column of its own was pushed past the panel's edge by long amounts.
                    render: (available: string, row) => (
                      <Flex vertical align="end">
                        <span>{formatAmount(trimZeros(available))}</span>
                        {isZeroAmount(row.frozen) ? null : (
                          <Typography.Text type="secondary" style={{ fontSize: 12 }} className="nowrap">
                            {t('columns.frozen')} {formatAmount(trimZeros(row.frozen))}
                          </Typography.Text>
                        )}
                      </Flex>
                    ),
                  },
                ]}
              />
              <Table
                size="small"
                scroll={{ x: 'max-content' }}
                rowKey="id"
                pagination={false}
                title={() => t('support.orders')}
                dataSource={context.orders}
                columns={[
                  { title: t('columns.id'), dataIndex: 'id' },
                  { title: t('support.symbol'), dataIndex: 'symbol' },
                  { title: t('columns.status'), dataIndex: 'status', render: (status: string, row) => `${t(`users.sides.${row.side}`)} ${t(`users.orderTypes.${row.type}`)} · ${t(`users.orderStatus.${status}`)}` },
                ]}
              />
              <Table
                size="small"
                scroll={{ x: 'max-content' }}
                rowKey="id"
                pagination={false}
                title={() => t('support.futures')}
                dataSource={context.futures}
                data-testid="support-context-futures"
                columns={[
                  { title: t('columns.id'), dataIndex: 'id' },
                  { title: t('support.symbol'), dataIndex: 'symbol', render: (symbol: string, row) => `${symbol} ${t(`users.futuresSides.${row.side}`)} ${t('users.lotsTimes', { lots: row.lots, multiple: row.multiple })}` },
                  { title: t('columns.status'), dataIndex: 'status', render: (status: string, row) => [t(`users.futuresStatus.${status}`), row.close_reason ? t(`users.closeReasons.${row.close_reason}`) : null, row.pnl].filter(Boolean).join(' · ') },
                ]}
              />
              <Table
                size="small"
                scroll={{ x: 'max-content' }}
                rowKey="id"
                pagination={false}
                title={() => t('support.options')}
                dataSource={context.options}
                data-testid="support-context-options"
                columns={[
                  { title: t('columns.id'), dataIndex: 'id' },
                  { title: t('support.symbol'), dataIndex: 'symbol', render: (symbol: string, row) => `${symbol} ${t(`users.directions.${row.direction}`)} ${t('users.period', { seconds: row.seconds })} · ${row.stake} ${row.currency}` },
                  { title: t('columns.status'), dataIndex: 'status', render: (status: string, row) => (row.payout === null ? t(`users.optionStatus.${status}`) : `${t(`users.optionStatus.${status}`)} · ${row.payout} ${row.currency}`) },
                ]}
              />
              {(['deposits', 'withdrawals'] as const).map((kind) => (
                <Table
                  key={kind}
                  size="small"
                  scroll={{ x: 'max-content' }}
                  rowKey="id"
                  pagination={false}
                  title={() => t(`support.${kind}`)}
                  dataSource={context[kind]}
                  columns={[
                    { title: t('columns.id'), dataIndex: 'id' },
                    { title: t('funds.amount'), dataIndex: 'amount', render: (amount: string, row: MoneyRow) => `${trimZeros(amount)} ${row.currency}` },
                    { title: t('columns.status'), dataIndex: 'status', render: (status: string) => t(`${kind}.status.${status}`) },
                    { title: t('funds.submitted'), dataIndex: 'created_at', render: (time: number) => formatTime(time) },
                  ]}
                />
              ))}
            </Flex>
          ) : (
            <Empty description={t('support.visitorContext')} />
          )}
        </Col>
      </Row>
    </Card>
  );
}
