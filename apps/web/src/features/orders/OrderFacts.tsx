import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpotOrder } from '../../shared/market/orders.ts';
import type { Quote } from '../../shared/market/quotes.ts';
import type { ReferenceTick } from './api.ts';
import { formatDateTime } from '../../shared/time.ts';
import { cancelReasonKey } from './order-display.ts';
import { FillProgress, OrderHeading, OrderStatusText, pairUnits, SideTag } from './order-parts.tsx';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';

/** Pair, side, type and status at a glance, with how much has filled. */
export function OrderSummary({ order, quote }: { order: SpotOrder; quote: Quote | undefined }) {
  return (
    <section className="orders-section order-summary" data-testid="order-summary">
      <OrderHeading order={order} icon={quote?.icon} block="order-summary" />
      <FillProgress order={order} />
    </section>
  );
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="orders-fact" data-testid={testId}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const withUnit = (value: string, unit: string) => `${value} ${unit}`;

/** Every fact the server keeps about the order, in full precision. */
export function OrderFacts({ order, placementTick }: { order: SpotOrder; placementTick: ReferenceTick | null }) {
  const { t } = useTranslation('orders');
  const { base, quote } = pairUnits(order.symbol);
  const market = order.order_type === 'market';
  const reason = cancelReasonKey(order);
  return (
    <section className="orders-section">
      <dl className="orders-facts" data-testid="order-facts">
        <Fact label={t('detail.orderId')}>{order.id}</Fact>
        <Fact label={t('detail.created')}>{formatDateTime(order.created_at)}</Fact>
        <Fact label={t('detail.updated')}>{formatDateTime(order.updated_at)}</Fact>
        <Fact label={t('detail.side')}>
          <SideTag side={order.side} />
        </Fact>
        <Fact label={t('detail.type')}>{t(`type.${order.order_type}`)}</Fact>
        {market ? null : <Fact label={t('detail.timeInForce')}>{t(`timeInForce.${order.time_in_force}`)}</Fact>}
        {market ? (
          <Fact label={t('detail.protectionPrice')} testId="order-fact-price">
            {withUnit(formatDecimal(order.price), quote)}
          </Fact>
        ) : (
          <Fact label={t('detail.price')} testId="order-fact-price">
            {withUnit(formatDecimal(order.price), quote)}
          </Fact>
        )}
        <Fact label={t('detail.amount')}>{withUnit(formatDecimal(order.amount), base)}</Fact>
        <Fact label={t('detail.filled')}>{withUnit(formatDecimal(order.filled_amount), base)}</Fact>
        <Fact label={t('detail.remaining')}>{withUnit(formatDecimal(order.remaining_amount), base)}</Fact>
        <Fact label={t('detail.avgPrice')}>{order.average_price ? withUnit(formatDecimal(order.average_price), quote) : '--'}</Fact>
        <Fact label={t('detail.turnover')}>{withUnit(formatSignificant(order.turnover), quote)}</Fact>
        <Fact label={t('detail.fee')}>{withUnit(formatSignificant(order.fee), order.fee_currency)}</Fact>
        {order.status === 'open' ? <Fact label={t('detail.held')}>{withUnit(formatDecimal(order.held), order.held_currency)}</Fact> : null}
        <Fact label={t('detail.status')}>
          <OrderStatusText order={order} />
        </Fact>
        {reason ? (
          <Fact label={t('detail.reason')} testId="order-fact-reason">
            {t(`reason.${reason}`)}
          </Fact>
        ) : null}
        {placementTick ? (
          <Fact label={t('detail.placementTick')} testId="order-fact-placement-tick">
            #{placementTick.id} · {withUnit(formatDecimal(placementTick.price), quote)} · {formatDateTime(placementTick.time)}
          </Fact>
        ) : null}
      </dl>
    </section>
  );
}
