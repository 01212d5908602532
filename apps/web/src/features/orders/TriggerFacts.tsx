import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../shared/format.ts';
import { formatDateTime } from '../../shared/time.ts';
import type { OrderTrigger } from './api.ts';

/** An order a stop placed: which conditional order, and the feed tick whose price fired it. */
export function TriggerFacts({ trigger }: { trigger: OrderTrigger }) {
  const { t } = useTranslation('orders');
  return (
    <section className="orders-section" data-testid="order-trigger">
      <h2 className="orders-section__title">{t('trigger.title')}</h2>
      <div className="orders-tick">
        <dl className="orders-facts orders-facts--compact">
          <div className="orders-fact">
            <dt>{t('trigger.kind')}</dt>
            <dd>
              {t(`conditional.kinds.${trigger.kind}`)} #{trigger.conditional_id}
            </dd>
          </div>
          <div className="orders-fact">
            <dt>{t('tick.id')}</dt>
            <dd data-testid="order-trigger-tick">#{trigger.tick.id}</dd>
          </div>
          <div className="orders-fact">
            <dt>{t('tick.price')}</dt>
            <dd data-testid="order-trigger-price">{formatDecimal(trigger.tick.price)}</dd>
          </div>
          <div className="orders-fact">
            <dt>{t('tick.time')}</dt>
            <dd>{formatDateTime(trigger.tick.time)}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
