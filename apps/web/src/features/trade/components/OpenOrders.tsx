import { deriveSpec, type InstrumentDef } from '@openbourse/core';
import { Button, InfiniteScroll } from 'antd-mobile';
import { useState } from 'react';
import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { toast } from '../../../shared/api/request.ts';
import { type SpotOrder, useCancelOrder, useSpotOrders } from '../../../shared/market/orders.ts';
import type { Quote } from '../../../shared/market/quotes.ts';
import { formatDateTime } from '../../../shared/time.ts';
import { formatDecimal } from '../../../shared/format.ts';
import { type ConditionalOrder, useCancelConditional, useConditionalOrders } from '../../../shared/market/conditional-orders.ts';
import { formatQuantity } from '../../../shared/trading/numbers.ts';
import { TpslPopup } from './TpslPopup.tsx';

function OpenOrderRow({ order, quote, decimals }: { order: SpotOrder; quote: Quote; decimals: number }) {
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
          <dd>{formatQuantity(order.amount, decimals)}</dd>
        </div>
        <div>
          <dt>
            {t('orders.filled')} ({quote.base})
          </dt>
          <dd>{formatQuantity(order.filled_amount, decimals)}</dd>
        </div>
      </dl>
    </li>
  );
}

function ConditionalRow({ order, quote, decimals }: { order: ConditionalOrder; quote: Quote; decimals: number }) {
  const { t } = useTranslation('trade');
  const cancel = useCancelConditional();
  const side = order.side === 1 ? 'buy' : 'sell';
  return (
    <li className="trade-order" data-testid="trade-conditional-order">
      <div className="trade-order__head">
        <span className={`trade-order__side ${side === 'buy' ? 'tone-up' : 'tone-down'}`}>
          {t(`form.${side}`)} · {t(`conditional.kinds.${order.kind}`)}
        </span>
        <span className="trade-order__time muted">{formatDateTime(order.created_at)}</span>
        <Button
          size="mini"
          fill="outline"
          className="trade-order__cancel"
          loading={cancel.isPending}
          onClick={() => cancel.mutate(order.id, { onSuccess: () => toast(t('orders.cancelled')) })}
          data-testid="trade-conditional-cancel"
        >
          {t('orders.cancel')}
        </Button>
      </div>
      <dl className="trade-order__grid">
        <div>
          <dt>
            {t('conditional.trigger')} ({quote.quote})
          </dt>
          <dd>{formatDecimal(order.trigger_price)}</dd>
        </div>
        <div>
          <dt>
            {t('orders.price')} ({quote.quote})
          </dt>
          <dd>{order.limit_price === null ? t('form.market') : formatDecimal(order.limit_price)}</dd>
        </div>
        <div>
          <dt>
            {t('orders.amount')} ({quote.base})
          </dt>
          <dd>{formatQuantity(order.amount, decimals)}</dd>
        </div>
      </dl>
    </li>
  );
}

type ListKey = 'open' | 'conditional';

/**
 * The signed-in user's open orders and waiting conditional orders on this
 * pair, live, each with cancel, and the way to every order.
 */
export function OpenOrders({ quote, def }: { quote: Quote; def: InstrumentDef }) {
  const { t } = useTranslation('trade');
  const [list, setList] = useState<ListKey>('open');
  const [tpslOpen, setTpslOpen] = useState(false);
  const pair = { currencyId: quote.currency_id, legalId: quote.legal_id };
  const orders = useSpotOrders({ status: 1, ...pair });
  const conditional = useConditionalOrders({ status: 1, ...pair });
  const decimals = deriveSpec(def).quantityDecimals;
  const openRows = orders.data?.pages.flatMap((page) => page.list) ?? [];
  const conditionalRows = conditional.data?.pages.flatMap((page) => page.list) ?? [];
  const active = list === 'open' ? orders : conditional;
  const empty = active.isSuccess && (list === 'open' ? openRows : conditionalRows).length === 0;
  return (
    <section className="trade-card trade-orders" data-testid="trade-open-orders">
      <header className="trade-orders__head">
        <div className="trade-orders__tabs" role="tablist">
          <button type="button" role="tab" aria-selected={list === 'open'} className="trade-orders__tab" onClick={() => setList('open')} data-testid="trade-orders-open">
            {t('orders.title')} ({orders.data?.pages[0]?.total ?? 0})
          </button>
          <button type="button" role="tab" aria-selected={list === 'conditional'} className="trade-orders__tab" onClick={() => setList('conditional')} data-testid="trade-orders-conditional">
            {t('conditional.title')} ({conditional.data?.pages[0]?.total ?? 0})
          </button>
        </div>
        <button type="button" className="trade-orders__tpsl" onClick={() => setTpslOpen(true)} data-testid="trade-tpsl-open">
          {t('tpsl.open')}
        </button>
        <Link to="/pages/transaction/order" className="trade-orders__all" data-testid="trade-all-orders">
          {t('orders.all')}
          <RightOutline />
        </Link>
      </header>
      {empty ? <div className="trade-orders__empty muted">{t(list === 'open' ? 'orders.empty' : 'conditional.empty')}</div> : null}
      <ul className="trade-orders__list">
        {list === 'open'
          ? openRows.map((order) => <OpenOrderRow key={order.id} order={order} quote={quote} decimals={decimals} />)
          : conditionalRows.map((order) => <ConditionalRow key={order.id} order={order} quote={quote} decimals={decimals} />)}
      </ul>
      {active.hasNextPage ? <InfiniteScroll loadMore={async () => void (await active.fetchNextPage())} hasMore={active.hasNextPage} /> : null}
      <TpslPopup quote={quote} def={def} visible={tpslOpen} onClose={() => setTpslOpen(false)} />
    </section>
  );
}
