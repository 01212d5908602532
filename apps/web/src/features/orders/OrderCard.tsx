import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { SpotOrder } from '../../shared/market/orders.ts';
import type { Quote } from '../../shared/market/quotes.ts';
import { CancelOrderButton } from './CancelOrderButton.tsx';
import { cancelReasonKey } from './order-display.ts';
import { FillProgress, OrderHeading, pairUnits } from './order-parts.tsx';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';

const orderDetailPath = (id: number) => `/pages/transaction/currency_order?id=${id}`;

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="order-card__field" data-testid={testId}>
      <div className="order-card__label">{label}</div>
      <div className="order-card__value">{value}</div>
    </div>
  );
}

interface Props {
  order: SpotOrder;
  /** The pair's live quote: its icon, and for open orders the last price to compare with. */
  quote: Quote | undefined;
}

/**
 * One order in a list. The whole card opens the order's details through a
 * button stretched underneath its content, so an open order's Cancel button
 * can sit inside the card without nesting one button in another.
 */
export function OrderCard({ order, quote }: Props) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const open = order.status === 'open';
  const units = pairUnits(order.symbol);
  const reason = cancelReasonKey(order);
  const price = order.order_type === 'market' ? t('fields.market') : formatDecimal(order.price);

  return (
    <article className="order-card" data-testid={`order-card-${order.id}`}>
      <button
        type="button"
        className="order-card__link"
        aria-label={`${t('detail.title')} ${order.symbol}`}
        onClick={() => navigate(orderDetailPath(order.id))}
        data-testid={`order-open-${order.id}`}
      />
      <OrderHeading order={order} icon={quote?.icon} block="order-card">
        <RightOutline className="order-card__arrow" />
      </OrderHeading>
      <FillProgress order={order} />
      <div className="order-card__grid">
        <Field label={t('fields.price', { unit: units.quote })} value={price} testId="order-price" />
        {open ? <Field label={t('fields.lastPrice', { unit: units.quote })} value={quote ? formatDecimal(quote.price) : '--'} testId="order-last-price" /> : null}
        <Field label={t('fields.avgPrice', { unit: units.quote })} value={order.average_price ? formatDecimal(order.average_price) : '--'} />
        <Field label={t('fields.turnover', { unit: units.quote })} value={formatSignificant(order.turnover)} />
        <Field label={t('fields.fee', { unit: order.fee_currency })} value={formatSignificant(order.fee)} />
        {open ? (
          <div className="order-card__action">
            <CancelOrderButton order={order} />
          </div>
        ) : null}
      </div>
      {reason ? (
        <div className="order-card__reason">
          <span className="order-card__label">{t('fields.reason')}</span> <span data-testid="order-reason">{t(`reason.${reason}`)}</span>
        </div>
      ) : null}
    </article>
  );
}
