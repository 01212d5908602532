import { Button, InfiniteScroll, Skeleton, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotes } from '../../shared/market/quotes.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type FuturesStatus, useFuturesOrderPages } from './api.ts';
import { BatchCloseDialog } from './ContractPage.tsx';
import { PositionCard } from './PositionCard.tsx';
import './futures.css';

const TABS: FuturesStatus[] = ['holding', 'entrusted', 'closed', 'cancelled'];

/** pages/transaction/contract_order: positions with live P&L and their actions, entrusts with cancel, history with the closing tick and reason, cancelled entrusts. */
export default function ContractOrderPage() {
  const { t } = useTranslation('futures');
  const [tab, setTab] = useState<FuturesStatus>('holding');
  const [batch, setBatch] = useState<0 | 1 | 2 | null>(null);
  const orders = useFuturesOrderPages(tab);
  const quotes = useQuotes();
  const quoteOf = (symbol: string) => quotes.data?.find((quote) => quote.symbol === symbol);
  const list = orders.data?.pages.flatMap((page) => page.list) ?? [];

  return (
    <>
      <PageHeader title={t('orders')} fallback="/pages/transaction/contract" />
      <div className="futures-page" data-testid="futures-orders-page">
        <Tabs activeKey={tab} onChange={(key) => setTab(key as FuturesStatus)} className="futures-tabs">
          {TABS.map((key) => (
            <Tabs.Tab key={key} title={t(`tabs.${key}`)} />
          ))}
        </Tabs>
        {tab === 'holding' && list.length > 0 ? (
          <div className="futures-batch">
            <Button size="small" fill="outline" onClick={() => setBatch(0)} data-testid="futures-close-all">
              {t('action.closeAll')}
            </Button>
            <Button size="small" fill="outline" onClick={() => setBatch(1)}>
              {t('action.closeLongs')}
            </Button>
            <Button size="small" fill="outline" onClick={() => setBatch(2)}>
              {t('action.closeShorts')}
            </Button>
          </div>
        ) : null}
        {orders.isPending ? <Skeleton.Paragraph lineCount={6} animated className="futures-skeleton" /> : null}
        {orders.isError ? <LoadError title={t('error.title')} description={t('error.description')} onRetry={() => void orders.refetch()} /> : null}
        {orders.data && list.length === 0 ? <p className="futures-empty">{t('empty')}</p> : null}
        <div className="futures-list">
          {list.map((order) => (
            <PositionCard key={order.id} order={order} feedPrice={quoteOf(order.symbol)?.price} marketOpen={quoteOf(order.symbol)?.market_open ?? true} />
          ))}
        </div>
        {list.length > 0 ? <InfiniteScroll loadMore={async () => void (await orders.fetchNextPage())} hasMore={orders.hasNextPage} /> : null}
        <BatchCloseDialog type={batch} onClose={() => setBatch(null)} />
      </div>
    </>
  );
}
