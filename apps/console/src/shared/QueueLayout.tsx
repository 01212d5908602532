import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Segmented, Table, Typography } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { get, type Page } from './api.ts';
import { formatTime } from './format.ts';
import { refreshQueue } from './queries.ts';

export interface QueueItem {
  id: number;
  status: string;
}

export interface QueueLayoutProps<Item extends QueueItem> {
  /** The server queue's key: its list is GET /api/console/queues/<key>?status=&page=. */
  queueKey: string;
  title: string;
  /** The statuses to switch between; the first is the work list (items waiting for a decision). */
  statuses: { value: string; label: string }[];
  columns: ColumnsType<Item>;
  /** The selected item's detail and decision buttons; `onDecided` refreshes the list and counts and moves on. */
  renderDetail: (id: number, onDecided: () => void) => ReactNode;
}

const PAGE_SIZE = 15;

/**
 * The submitter's account over the time of the submission, in one cell: the
 * account is what tells items apart, and beside a time column of its own it
 * was clipped to a few characters in the list.
 */
export function submitterColumn<Item extends { account: string | null; submitted_at: number }>(t: TFunction): ColumnType<Item> {
  return {
    title: t('columns.user'),
    dataIndex: 'account',
    ellipsis: true,
    render: (account: string | null, row) => (
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Text ellipsis={{ tooltip: account }}>{account ?? '–'}</Typography.Text>
        <Typography.Text type="secondary" className="nowrap">
          {formatTime(row.submitted_at)}
        </Typography.Text>
      </Flex>
    ),
  };
}

/**
 * The shape every review queue shares: a list on the left (by status,
 * paged), the selected item on the right, side by side on a desktop screen.
 * The selection and status live in the address, so a link names one item.
 */
export function QueueLayout<Item extends QueueItem>({ queueKey, title, statuses, columns, renderDetail }: QueueLayoutProps<Item>) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const client = useQueryClient();
  // A hand-edited address with a status or page the queue does not have shows the work list's first page, not a validation error.
  const asked = params.get('status');
  const status = statuses.some(({ value }) => value === asked) ? (asked as string) : (statuses[0]?.value ?? '');
  const askedPage = Number(params.get('page'));
  const page = Number.isSafeInteger(askedPage) && askedPage > 0 ? askedPage : 1;
  const selected = Number(params.get('id')) || null;
  const list = useQuery({ queryKey: ['queue', queueKey, status, page], queryFn: () => get<Page<Item>>(`/queues/${queueKey}`, { status, page, limit: PAGE_SIZE }) });

  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) next.delete(key);
        else next.set(key, value);
      }
      return next;
    });

  const onDecided = () => {
    const rows = list.data?.list ?? [];
    const next = rows[rows.findIndex((row) => row.id === selected) + 1] ?? rows.find((row) => row.id !== selected);
    refreshQueue(client, queueKey);
    update({ id: next && status === statuses[0]?.value ? String(next.id) : null });
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        <Segmented options={statuses} value={status} onChange={(value) => update({ status: String(value), page: null, id: null })} data-testid="queue-status" />
      </Flex>
      <Flex gap={16} align="flex-start">
        <Card style={{ flex: '0 0 420px' }} styles={{ body: { padding: 0 } }}>
          <Table<Item>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data?.list}
            loading={list.isLoading}
            // A list that failed to load says why and offers a retry, instead of passing for an empty queue.
            locale={
              list.isError
                ? {
                    emptyText: (
                      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={list.error.message} data-testid="queue-load-error">
                        <Button onClick={() => void list.refetch()}>{t('actions.refresh')}</Button>
                      </Empty>
                    ),
                  }
                : undefined
            }
            data-testid="queue-list"
            rowClassName={(row) => (row.id === selected ? 'queue-row queue-row--selected' : 'queue-row')}
            onRow={(row) => ({ onClick: () => update({ id: String(row.id) }) })}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, showSizeChanger: false, onChange: (next) => update({ page: String(next) }) }}
          />
        </Card>
        <div style={{ flex: 1, minWidth: 0 }}>{selected ? renderDetail(selected, onDecided) : <Card><Empty description={t('queues.selectItem')} /></Card>}</div>
      </Flex>
    </Flex>
  );
}
