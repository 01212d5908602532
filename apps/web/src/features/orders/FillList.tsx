import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/time.ts';
import type { OrderFill, ReferenceTick } from './api.ts';
import { tickDeviation } from './order-display.ts';
import { Field } from './order-parts.tsx';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';

/** The market tick a fill settled against: anyone can check the fill price against it. */
function ReferenceTickBox({ tick, fillPrice }: { tick: ReferenceTick | null; fillPrice: string }) {
  const { t } = useTranslation('orders');
  if (!tick) return <div className="orders-tick orders-tick--none">{t('tick.none')}</div>;
  const deviation = tickDeviation(fillPrice, tick.price);
  return (
    <div className="orders-tick" data-testid="fill-tick">
      <div className="orders-tick__title">{t('tick.title')}</div>
      <dl className="orders-facts orders-facts--compact">
        <div className="orders-fact">
          <dt>{t('tick.id')}</dt>
          <dd data-testid="fill-tick-id">#{tick.id}</dd>
        </div>
        <div className="orders-fact">
          <dt>{t('tick.price')}</dt>
          <dd data-testid="fill-tick-price">{formatDecimal(tick.price)}</dd>
        </div>
        <div className="orders-fact">
          <dt>{t('tick.time')}</dt>
          <dd>{formatDateTime(tick.time)}</dd>
        </div>
        <div className="orders-fact">
          <dt>{t('tick.source')}</dt>
          <dd data-testid="fill-tick-source">{t(`tick.sources.${tick.source}`)}</dd>
        </div>
        <div className="orders-fact">
          <dt>{t('tick.deviation')}</dt>
          <dd>
            {formatDecimal(deviation.difference)} ({formatDecimal(deviation.percent)}%)
          </dd>
        </div>
      </dl>
    </div>
  );
}

function FillCard({ fill, base, quote }: { fill: OrderFill; base: string; quote: string }) {
  const { t } = useTranslation('orders');
  return (
    <li className="orders-fill" data-testid={`fill-${fill.id}`}>
      <div className="orders-fill__head">
        <span className="orders-fill__number">{t('fill.number', { id: fill.id })}</span>
        <span className={`orders-role orders-role--${fill.role}`}>{t(`fill.role.${fill.role}`)}</span>
      </div>
      <div className="orders-fill__grid">
        <Field label={`${t('fill.price')} (${quote})`} value={formatDecimal(fill.price)} />
        <Field label={`${t('fill.amount')} (${base})`} value={formatDecimal(fill.amount)} />
        <Field label={`${t('fill.fee')} (${fill.fee_currency})`} value={formatSignificant(fill.fee)} />
      </div>
      <div className="orders-fill__time">
        {t('fill.time')} {formatDateTime(fill.time)}
      </div>
      <ReferenceTickBox tick={fill.reference_tick} fillPrice={fill.price} />
    </li>
  );
}

interface Props {
  fills: OrderFill[];
  base: string;
  quote: string;
}

/** Each fill with its price, amount, role, fee, time and the reference tick it settled against. */
export function FillList({ fills, base, quote }: Props) {
  const { t } = useTranslation('orders');
  return (
    <section className="orders-section" data-testid="order-fills">
      <h2 className="orders-section__title">{fills.length > 0 ? t('detail.fillsCount', { count: fills.length }) : t('detail.fills')}</h2>
      <p className="orders-section__hint">{t('detail.fillsHint')}</p>
      {fills.length > 0 ? (
        <ul className="orders-fills">
          {fills.map((fill) => (
            <FillCard key={fill.id} fill={fill} base={base} quote={quote} />
          ))}
        </ul>
      ) : (
        <div className="orders-fills__empty">{t('detail.noFills')}</div>
      )}
    </section>
  );
}
