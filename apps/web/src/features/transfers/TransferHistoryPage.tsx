import { ErrorBlock, InfiniteScroll, Skeleton, Tabs, Tag } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatSignificant } from '../../shared/format.ts';
import { formatDateTime } from '../../shared/time.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import type { Page } from '../../shared/api/page.ts';
import { type AccountTransfer, type Conversion, useConversionHistory, useTransferHistory } from './api.ts';
import { TickFacts } from './TickFacts.tsx';
import { readableRate } from './amounts.ts';
import './transfers.css';

type HistoryTab = 'transfers' | 'conversions';

/** Transfers between accounts and conversions between coins, newest first. Query: tab. */
export default function TransferHistoryPage() {
  const { t } = useTranslation('funds');
  const [params, setParams] = useSearchParams();
  const tab: HistoryTab = params.get('tab') === 'conversions' ? 'conversions' : 'transfers';
  return (
    <div className="transfers-page">
      <PageHeader title={t('history.title')} fallback="/pages/fund/assets" />
      <Tabs className="transfers-tabs" activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })}>
        <Tabs.Tab key="transfers" title={<span data-testid="history-tab-transfers">{t('history.transfers')}</span>}>
          <TransferList />
        </Tabs.Tab>
        <Tabs.Tab key="conversions" title={<span data-testid="history-tab-conversions">{t('history.conversions')}</span>}>
          <ConversionList />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}

interface PagedQuery<T> {
  data?: { pages: Page<T>[] };
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  refetch(): unknown;
  fetchNextPage(options: { throwOnError: boolean }): Promise<unknown>;
}

/** Skeleton, error with retry, empty state, or the rows with load-more. */
function PagedList<T extends { id: number }>({ query, render, testId }: { query: PagedQuery<T>; render(item: T): ReactNode; testId: string }) {
  const { t } = useTranslation('funds');
  if (query.isPending) return <Skeleton.Paragraph lineCount={6} animated className="transfers-skeleton" />;
  if (query.isError && !query.data) return <LoadError title={t('error.title')} description={t('error.description')} onRetry={() => void query.refetch()} />;
  const seen = new Set<number>();
  const items = (query.data?.pages ?? []).flatMap((page) => page.list).filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
  if (items.length === 0) return <ErrorBlock status="empty" title={t('history.empty')} description="" className="transfers-empty" data-testid={`${testId}-empty`} />;
  return (
    <div className="transfers-list" data-testid={testId}>
      {items.map(render)}
      <InfiniteScroll
        hasMore={query.hasNextPage}
        loadMore={async () => {
          await query.fetchNextPage({ throwOnError: true });
        }}
      />
    </div>
  );
}

function TransferList() {
  const query = useTransferHistory();
  return <PagedList query={query} testId="history-transfers" render={(transfer) => <TransferRow key={transfer.id} transfer={transfer} />} />;
}

function TransferRow({ transfer }: { transfer: AccountTransfer }) {
  return (
    <article className="transfers-row" data-testid="history-transfer">
      <div className="transfers-row__main">
        <span className="transfers-row__title">{transfer.currency}</span>
        <span className="transfers-row__amount">{formatSignificant(transfer.amount)}</span>
      </div>
      <div className="transfers-row__sub">
        <span>
          {transfer.from.name} → {transfer.to.name}
        </span>
        <span>{formatDateTime(transfer.created_at)}</span>
      </div>
    </article>
  );
}

function ConversionList() {
  const query = useConversionHistory();
  return <PagedList query={query} testId="history-conversions" render={(conversion) => <ConversionRow key={conversion.id} conversion={conversion} />} />;
}

function ConversionRow({ conversion }: { conversion: Conversion }) {
  const { t } = useTranslation('funds');
  return (
    <article className="transfers-row" data-testid="history-conversion">
      <div className="transfers-row__main">
        <span className="transfers-row__title">
          {conversion.from_currency} → {conversion.to_currency}
          {conversion.kind === 'small_balance' ? (
            <Tag className="transfers-tag" fill="outline">
              {t('history.smallBalance')}
            </Tag>
          ) : null}
        </span>
        <span className="transfers-row__amount tone-up">
          +{formatSignificant(conversion.amount_out)} {conversion.to_currency}
        </span>
      </div>
      <div className="transfers-row__sub">
        <span>
          −{formatSignificant(conversion.amount_in)} {conversion.from_currency}
        </span>
        <span>{formatDateTime(conversion.created_at)}</span>
      </div>
      <div className="transfers-row__sub">
        <span>
          {t('convert.rate')} {readableRate(conversion.rate, conversion.from_currency, conversion.to_currency)}
        </span>
        <span>
          {t('convert.feePaid')} {formatSignificant(conversion.fee)} {conversion.fee_currency}
        </span>
      </div>
      <TickFacts ticks={conversion.ticks} testId="history-conversion-ticks" />
    </article>
  );
}
