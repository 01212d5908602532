import { Button, InfiniteScroll } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from '../../../shared/api/request.ts';
import { type SpotOrder, useCancelOrder, useSpotOrders } from '../../../shared/market/orders.ts';
import type { Quote } from '../../../shared/market/quotes.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { formatDecimal } from '../../../shared/format.ts';

function OpenOrderRow({ order, quote }: { order: SpotOrder; quote: Quote }) {
  const { t } = useTranslation('trade');
  const cancel = useCancelOrder();
  return (
    <li className="trade-order" data-testid="trade-open-order">
      <div className="trade-order__head">
        <span className={`trade-order__side ${order.side === 'buy' ? 'tone-up' : 'tone-down'}`}>
          {t(`form.${order.side}`)} · {t(`form.${order.order_type}`)}
        </span>
        <span className="trade-order__time muted">{formatDateTime(order.created_at)}</span>
        <Button
          size="mini"
          fill="outline"
          className="trade-order__cancel"
          loading={cancel.isPending}
          onClick={() => cancel.mutate(order.id, { onSuccess: () => toast(t('orders.cancelled')) })}
          data-testid="trade-cancel"
        >
          {t('orders.cancel')}
        </Button>
      </div>
      <dl className="trade-order__grid">
        <div>
          <dt>
            {t('orders.price')} ({quote.quote})
          </dt>
          <dd>{formatDecimal(order.price)}</dd>
        </div>
        <div>
          <dt>
            {t('orders.amount')} ({quote.base})
          </dt>
          <dd>{formatDecimal(order.amount)}</dd>
        </div>
        <div>
          <dt>
            {t('orders.filled')} ({quote.base})
          </dt>
          <dd>{formatDecimal(order.filled_amount)}</dd>
        </div>
      </dl>
    </li>
  );
}

/** The signed-in user's open orders on this pair, live, each with cancel, and the way to every order. */
export function OpenOrders({ quote }: { quote: Quote }) {
  const { t } = useTranslation('trade');
  const orders = useSpotOrders({ status: 1, currencyId: quote.currency_id, legalId: quote.legal_id });
  const list = orders.data?.pages.flatMap((page) => page.list) ?? [];
  const total = orders.data?.pages[0]?.total ?? 0;
  return (
    <section className="trade-card trade-orders" data-testid="trade-open-orders">
      <header className="trade-orders__head">
        <h2 className="trade-orders__title">
          {t('orders.title')} ({total})
        </h2>
        <Link to="/pages/transaction/order" className="trade-orders__all" data-testid="trade-all-orders">
          {t('orders.all')}
          <RightOutline />
        </Link>
      </header>
      {orders.isSuccess && list.length === 0 ? <div className="trade-orders__empty muted">{t('orders.empty')}</div> : null}
      <ul className="trade-orders__list">
        {list.map((order) => (
          <OpenOrderRow key={order.id} order={order} quote={quote} />
        ))}
      </ul>
      {orders.hasNextPage ? <InfiniteScroll loadMore={async () => void (await orders.fetchNextPage())} hasMore={orders.hasNextPage} /> : null}
    </section>
  );
}
