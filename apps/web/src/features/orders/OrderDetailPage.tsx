import { ErrorBlock, PullToRefresh, Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useQuote } from '../../shared/market/quotes.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type OrderDetail, useOrderDetail } from './api.ts';
import { CancelOrderButton } from './CancelOrderButton.tsx';
import { FillList } from './FillList.tsx';
import { TriggerFacts } from './TriggerFacts.tsx';
import { OrderFacts, OrderSummary } from './OrderFacts.tsx';
import { pairUnits } from './order-parts.tsx';
import './orders.css';

function parseOrderId(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

function DetailContent({ detail, onChanged }: { detail: OrderDetail; onChanged: () => void }) {
  const { order, fills } = detail;
  const quote = useQuote(order.symbol);
  return (
    <>
      <OrderSummary order={order} quote={quote.data} />
      <OrderFacts order={order} placementTick={detail.reference_tick} />
      {detail.trigger ? <TriggerFacts trigger={detail.trigger} /> : null}
      <FillList fills={fills} {...pairUnits(order.symbol)} />
      {order.status === 'open' ? (
        <div className="orders-detail__actions">
          <CancelOrderButton order={order} block onCancelled={onChanged} />
        </div>
      ) : null}
    </>
  );
}

/** One order's full facts and its fills, each with the market tick it settled against. */
export default function OrderDetailPage() {
  const { t } = useTranslation('orders');
  const [params] = useSearchParams();
  const id = parseOrderId(params.get('id'));
  const detail = useOrderDetail(id);
  const refetch = () => void detail.refetch();

  let content: ReactNode;
  if (id === null) content = <ErrorBlock status="empty" title={t('detail.notFound')} description={t('detail.missingId')} className="orders-error" />;
  else if (detail.data) content = <DetailContent detail={detail.data} onChanged={refetch} />;
  else if (detail.isError) content = <LoadError title={t('detail.error')} description={detail.error.message} onRetry={detail.refetch} className="orders-error" />;
  else content = <Skeleton.Paragraph lineCount={10} animated className="orders-skeleton" />;

  return (
    <>
      <PageHeader title={t('detail.title')} fallback="/pages/transaction/order?tab=history" />
      <PullToRefresh onRefresh={() => detail.refetch().then(() => undefined)}>
        <div className="orders-detail" data-testid="order-detail">
          {content}
        </div>
      </PullToRefresh>
    </>
  );
}
