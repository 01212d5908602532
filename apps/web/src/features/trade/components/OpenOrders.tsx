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
import { useListTaps } from '../../../shared/ui/list-taps.ts';
import { TpslPopup } from './TpslPopup.tsx';

/** One figure of an order row: its label (with the unit) and value. */
interface Figure {
  label: string;
  value: string;
}

interface OrderRowProps {
  testId: string;
  side: 'buy' | 'sell';
  /** What kind of order it is: limit, market, stop-limit, take-profit… */
  kind: string;
  createdAt: number;
  figures: Figure[];
  cancelling: boolean;
  cancelTestId: string;
  onCancel: () => void;
}

/** The row every waiting order shows: side and kind, when, a cancel button, and its figures. */
function OrderRow({ testId, side, kind, createdAt, figures, cancelling, cancelTestId, onCancel }: OrderRowProps) {
  const { t } = useTranslation('trade');
  return (
    <li className="trade-order" data-testid={testId}>
      <div className="trade-order__head">
        <span className={`trade-order__side ${side === 'buy' ? 'tone-up' : 'tone-down'}`}>
          {t(`form.${side}`)} · {kind}
        </span>
        <span className="trade-order__time muted">{formatDateTime(createdAt)}</span>
        <Button size="mini" fill="outline" className="trade-order__cancel" loading={cancelling} onClick={onCancel} data-testid={cancelTestId}>
          {t('orders.cancel')}
        </Button>
      </div>
      <dl className="trade-order__grid">
        {figures.map((figure) => (
          <div key={figure.label}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

function OpenOrderRow({ order, quote, decimals, tap }: { order: SpotOrder; quote: Quote; decimals: number; tap: (act: () => void) => void }) {
  const { t } = useTranslation('trade');
  const cancel = useCancelOrder();
  return (
    <OrderRow
      testId="trade-open-order"
      side={order.side}
      kind={t(`form.${order.order_type}`)}
      createdAt={order.created_at}
      figures={[
        { label: `${t('orders.price')} (${quote.quote})`, value: formatDecimal(order.price) },
        { label: `${t('orders.amount')} (${quote.base})`, value: formatQuantity(order.amount, decimals) },
        { label: `${t('orders.filled')} (${quote.base})`, value: formatQuantity(order.filled_amount, decimals) },
      ]}
      cancelling={cancel.isPending}
      cancelTestId="trade-cancel"
      onCancel={() => tap(() => cancel.mutate(order.id, { onSuccess: () => toast(t('orders.cancelled')) }))}
    />
  );
}

function ConditionalRow({ order, quote, decimals, tap }: { order: ConditionalOrder; quote: Quote; decimals: number; tap: (act: () => void) => void }) {
  const { t } = useTranslation('trade');
  const cancel = useCancelConditional();
  return (
    <OrderRow
      testId="trade-conditional-order"
      side={order.side === 1 ? 'buy' : 'sell'}
      kind={t(`conditional.kinds.${order.kind}`)}
      createdAt={order.created_at}
      figures={[
        { label: `${t('conditional.trigger')} (${quote.quote})`, value: formatDecimal(order.trigger_price) },
        { label: `${t('orders.price')} (${quote.quote})`, value: order.limit_price === null ? t('form.market') : formatDecimal(order.limit_price) },
        { label: `${t('orders.amount')} (${quote.base})`, value: formatQuantity(order.amount, decimals) },
      ]}
      cancelling={cancel.isPending}
      cancelTestId="trade-conditional-cancel"
      onCancel={() => tap(() => cancel.mutate(order.id, { onSuccess: () => toast(t('orders.cancelled')) }))}
    />
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
  // A cancelled order's row goes at once: the second tap of a double tap would cancel the next one.
  const tap = useListTaps();
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
        <div className="trade-orders__links">
          <button type="button" className="trade-orders__tpsl" onClick={() => setTpslOpen(true)} data-testid="trade-tpsl-open">
            {t('tpsl.open')}
          </button>
          <Link to="/pages/transaction/order" className="trade-orders__all" data-testid="trade-all-orders">
            {t('orders.all')}
            <RightOutline />
          </Link>
        </div>
      </header>
      {empty ? <div className="trade-orders__empty muted">{t(list === 'open' ? 'orders.empty' : 'conditional.empty')}</div> : null}
      <ul className="trade-orders__list">
        {list === 'open'
          ? openRows.map((order) => <OpenOrderRow key={order.id} order={order} quote={quote} decimals={decimals} tap={tap} />)
          : conditionalRows.map((order) => <ConditionalRow key={order.id} order={order} quote={quote} decimals={decimals} tap={tap} />)}
      </ul>
      {active.hasNextPage ? <InfiniteScroll loadMore={async () => void (await active.fetchNextPage())} hasMore={active.hasNextPage} /> : null}
      <TpslPopup quote={quote} def={def} visible={tpslOpen} onClose={() => setTpslOpen(false)} />
    </section>
  );
}
