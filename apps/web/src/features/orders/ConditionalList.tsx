import { Button, ErrorBlock, InfiniteScroll, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from '../../shared/api/request.ts';
import { formatDecimal } from '../../shared/format.ts';
import { type ConditionalOrder, useCancelConditional, type useConditionalOrders } from '../../shared/market/conditional-orders.ts';
import { formatDateTime } from '../../shared/time.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { Field, pairUnits } from './order-parts.tsx';

type ConditionalQuery = ReturnType<typeof useConditionalOrders>;

/** The feed tick that fired it, and the order it placed. */
function TriggerOutcome({ order }: { order: ConditionalOrder }) {
  const { t } = useTranslation('orders');
  if (!order.trigger_tick) return order.fail_reason ? <p className="conditional-card__note">{t('conditional.failReason', { reason: order.fail_reason })}</p> : null;
  return (
    <p className="conditional-card__note" data-testid="conditional-tick">
      {t('conditional.firedBy', { id: order.trigger_tick.id, price: formatDecimal(order.trigger_tick.price), time: formatDateTime(order.trigger_tick.time) })}
      {order.order_id === null ? null : (
        <>
          {' · '}
          <Link to={`/pages/transaction/order-detail?id=${order.order_id}`}>{t('conditional.viewOrder')}</Link>
        </>
      )}
    </p>
  );
}

function ConditionalCard({ order }: { order: ConditionalOrder }) {
  const { t } = useTranslation('orders');
  const cancel = useCancelConditional();
  const { base, quote } = pairUnits(order.symbol);
  const side = order.side === 1 ? 'buy' : 'sell';
  return (
    <article className="order-card conditional-card" data-testid={`conditional-${order.id}`}>
      <header className="conditional-card__head">
        <span className={`conditional-card__side tone-${side === 'buy' ? 'up' : 'down'}`}>{t(`side.${side}`)}</span>
        <span className="conditional-card__symbol">{order.symbol}</span>
        <span className="conditional-card__kind">{t(`conditional.kinds.${order.kind}`)}</span>
        <span className={`conditional-card__status conditional-card__status--${order.status}`}>{t(`conditional.status.${order.status}`)}</span>
      </header>
      <div className="conditional-card__grid">
        <Field label={t('conditional.trigger', { unit: quote })} value={formatDecimal(order.trigger_price)} />
        <Field label={t('conditional.limit', { unit: quote })} value={order.limit_price === null ? t('fields.market') : formatDecimal(order.limit_price)} />
        <Field label={t('conditional.amount', { unit: base })} value={formatDecimal(order.amount)} />
      </div>
      <footer className="conditional-card__foot">
        <span className="muted">{formatDateTime(order.created_at)}</span>
        {order.status === 'waiting' ? (
          <Button
            size="small"
            fill="outline"
            className="conditional-card__cancel"
            loading={cancel.isPending}
            onClick={() => cancel.mutate(order.id, { onSuccess: () => toast(t('conditional.cancelled')) })}
            data-testid={`conditional-cancel-${order.id}`}
          >
            {t('actions.cancel')}
          </Button>
        ) : null}
      </footer>
      {order.group_id === null ? null : <p className="conditional-card__note muted">{t('conditional.oco')}</p>}
      <TriggerOutcome order={order} />
    </article>
  );
}

/** Stop-limit, take-profit and stop-loss orders the server holds until the feed price reaches them. */
export function ConditionalList({ query, status }: { query: ConditionalQuery; status: 'waiting' | 'finished' }) {
  const { t } = useTranslation('orders');
  if (query.isPending) return <Skeleton.Paragraph lineCount={6} animated className="orders-skeleton" />;
  if (query.isError && !query.data) return <LoadError title={t('error.title')} description={t('error.description')} onRetry={query.refetch} className="orders-error" />;
  const orders = query.data?.pages.flatMap((page) => page.list) ?? [];
  if (orders.length === 0) return <ErrorBlock status="empty" title={t(status === 'waiting' ? 'conditional.empty' : 'conditional.emptyFinished')} description={t('conditional.hint')} className="orders-empty" data-testid="conditional-empty" />;
  return (
    <div className="orders-list" data-testid="conditional-list">
      {orders.map((order) => (
        <ConditionalCard key={order.id} order={order} />
      ))}
      <InfiniteScroll hasMore={query.hasNextPage} loadMore={async () => void (await query.fetchNextPage({ throwOnError: true }))} />
    </div>
  );
}
