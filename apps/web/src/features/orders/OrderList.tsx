import { Button, ErrorBlock, InfiniteScroll, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SpotOrder, useSpotOrders } from '../../shared/market/orders.ts';
import type { Quote } from '../../shared/market/quotes.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { OrderCard } from './OrderCard.tsx';

export type OrdersQuery = ReturnType<typeof useSpotOrders>;

/**
 * Every loaded order once: with offset paging, an order placed while paging
 * shifts the next page, so its first row may repeat the last one already shown.
 */
export function loadedOrders(query: Pick<OrdersQuery, 'data'>): SpotOrder[] {
  const byId = new Map<number, SpotOrder>();
  for (const page of query.data?.pages ?? []) for (const order of page.list) if (!byId.has(order.id)) byId.set(order.id, order);
  return [...byId.values()];
}

function EmptyOrders({ kind }: { kind: 'open' | 'history' }) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  return (
    <ErrorBlock status="empty" title={t(`empty.${kind}`)} description={t('empty.hint')} className="orders-empty" data-testid={`orders-empty-${kind}`}>
      <Button color="primary" fill="outline" onClick={() => navigate('/pages/market/market')} data-testid="orders-go-market">
        {t('actions.trade')}
      </Button>
    </ErrorBlock>
  );
}

interface Props {
  kind: 'open' | 'history';
  query: OrdersQuery;
  quoteBySymbol: Map<string, Quote>;
}

/** One tab's orders: skeleton, error with retry, empty state, or the cards with load-more. */
export function OrderList({ kind, query, quoteBySymbol }: Props) {
  const { t } = useTranslation('orders');
  if (query.isPending) return <Skeleton.Paragraph lineCount={8} animated className="orders-skeleton" />;
  if (query.isError && !query.data) return <LoadError title={t('error.title')} description={t('error.description')} onRetry={query.refetch} className="orders-error" />;
  const orders = loadedOrders(query);
  if (orders.length === 0) return <EmptyOrders kind={kind} />;
  return (
    <div className="orders-list" data-testid={`orders-list-${kind}`}>
      {orders.map((order) => (
        <OrderCard key={order.id} order={order} quote={quoteBySymbol.get(order.symbol)} />
      ))}
      <InfiniteScroll
        hasMore={query.hasNextPage}
        loadMore={async () => {
          // Throwing lets InfiniteScroll offer "retry" instead of silently stopping.
          await query.fetchNextPage({ throwOnError: true });
        }}
      />
    </div>
  );
}
