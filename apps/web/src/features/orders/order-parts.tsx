import { ProgressBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SpotOrder } from '../../shared/market/orders.ts';
import { formatDateTime, formatRelativeTime } from '../../shared/time.ts';
import { fillPercent, orderStatusKey } from './order-display.ts';
import { useNow } from '../../shared/use-now.ts';
import { formatDecimal } from '../../shared/format.ts';

/** "BTC/USDT" → base and quote, for the units next to amounts and prices. */
export function pairUnits(symbol: string): { base: string; quote: string } {
  const [base = symbol, quote = ''] = symbol.split('/');
  return { base, quote };
}

/** A label and its value in an order, fill or conditional card's grid. */
export function Field({ label, value }: { label: string; value: string }) {
  return (
    <span className="order-card__field">
      <span className="order-card__label">{label}</span>
      <span className="order-card__value">{value}</span>
    </span>
  );
}

export function PairIcon({ icon, symbol }: { icon: string | undefined; symbol: string }) {
  if (icon) return <img src={icon} alt="" className="orders-pair-icon" />;
  return <span className="orders-pair-icon orders-pair-icon--monogram">{symbol.slice(0, 1)}</span>;
}

export function SideTag({ side }: { side: SpotOrder['side'] }) {
  const { t } = useTranslation('orders');
  return <span className={`orders-side orders-side--${side}`}>{t(`side.${side}`)}</span>;
}

/** "Limit", "Limit · IOC" or "Market"; market orders are always IOC, so that is not repeated. */
export function OrderTypeText({ order }: { order: Pick<SpotOrder, 'order_type' | 'time_in_force'> }) {
  const { t } = useTranslation('orders');
  const timeInForce = order.order_type === 'limit' && order.time_in_force !== 'GTC' ? ` · ${order.time_in_force}` : '';
  return (
    <span className="orders-type">
      {t(`type.${order.order_type}`)}
      {timeInForce}
    </span>
  );
}

export function OrderStatusText({ order }: { order: Pick<SpotOrder, 'status' | 'filled_amount'> }) {
  const { t } = useTranslation('orders');
  const status = orderStatusKey(order);
  return (
    <span className={`orders-status orders-status--${status}`} data-testid="order-status">
      {t(`status.${status}`)}
    </span>
  );
}

/** Filled amount against the order amount, as text and as a bar. */
export function FillProgress({ order }: { order: Pick<SpotOrder, 'filled_amount' | 'amount' | 'symbol'> }) {
  const { t } = useTranslation('orders');
  const percent = fillPercent(order.filled_amount, order.amount);
  return (
    <div className="orders-progress">
      <div className="orders-progress__text">
        <span className="orders-progress__amounts">
          <span className="orders-progress__label">{t('fields.filled')}</span> {formatDecimal(order.filled_amount)} / {formatDecimal(order.amount)} {pairUnits(order.symbol).base}
        </span>
        <span className="orders-progress__percent">{formatDecimal(percent)}%</span>
      </div>
      {/* The bar's width only; the exact share is the decimal text above. */}
      <ProgressBar percent={Number(percent)} className="orders-progress__bar" />
    </div>
  );
}

const DAY_MS = 86_400_000;

/** Within a day "3 min ago" reads better than a date; older orders show the local date and time. */
export function OrderTime({ time }: { time: number }) {
  const now = useNow(30_000);
  const full = formatDateTime(time);
  return (
    <time className="orders-time" dateTime={new Date(time).toISOString()} title={full}>
      {now - time < DAY_MS ? formatRelativeTime(time, now) : full}
    </time>
  );
}

/** The top line of an order wherever it is shown (a list card, the detail page): pair, side, type, time and status. */
export function OrderHeading({ order, icon, block, children }: { order: SpotOrder; icon: string | undefined; block: 'order-card' | 'order-summary'; children?: ReactNode }) {
  return (
    <div className={`${block}__head`}>
      <PairIcon icon={icon} symbol={order.symbol} />
      <div className={`${block}__title`}>
        <div className={`${block}__pair`}>
          <span className={`${block}__symbol`}>{order.symbol}</span>
          <SideTag side={order.side} />
          <OrderTypeText order={order} />
        </div>
        <OrderTime time={order.created_at} />
      </div>
      <OrderStatusText order={order} />
      {children}
    </div>
  );
}
