import { ErrorBlock, Skeleton, Tabs, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';
import { formatDateTime } from '../../shared/time.ts';
import { Facts } from '../../shared/ui/Facts.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type DualOrder, type DualOrderStatus, dualPaths, useDualOrders } from './api.ts';
import { Outcomes } from './Outcomes.tsx';
import './dual.css';

const TABS = ['all', 'purchased', 'settling', 'success', 'fail'] as const;
const STATUS_COLORS: Record<DualOrderStatus, string> = { purchased: 'primary', settling: 'warning', success: 'success', fail: 'danger' };

/** What settled the order: the feed tick (id, time, price) and what it paid. */
function Settlement({ order }: { order: DualOrder }) {
  const { t } = useTranslation('dual');
  const settlement = order.settlement;
  if (!settlement) return null;
  return (
    <div className="dual-settlement" data-testid={`dual-settlement-${order.id}`}>
      <Facts
        facts={[
          settlement.tick
            ? { label: t('settlement.tick'), value: t('settlement.tickValue', { id: settlement.tick.id, price: formatDecimal(settlement.tick.price), time: formatDateTime(settlement.tick.time) }), testId: `dual-tick-${order.id}` }
            : { label: t('settlement.tick'), value: t('settlement.noTick') },
          { label: t('settlement.result'), value: settlement.converted ? t('settlement.converted') : t('settlement.kept') },
          { label: t('settlement.payout'), value: `${formatSignificant(settlement.payout)} ${settlement.payout_currency}`, strong: true, testId: `dual-payout-${order.id}` },
          { label: t('settlement.interest'), value: `${formatSignificant(settlement.interest)} ${settlement.payout_currency}` },
          { label: t('settlement.at'), value: formatDateTime(settlement.settled_at) },
        ]}
      />
    </div>
  );
}

function OrderCard({ order }: { order: DualOrder }) {
  const { t } = useTranslation('dual');
  return (
    <article className="dual-order" data-testid={`dual-order-${order.id}`}>
      <header className="dual-order__head">
        <img src={order.icon} alt="" className="dual-order__icon" />
        <span className="dual-order__pair">{order.pair}</span>
        <span className={`dual-order__type dual-order__type--${order.type}`}>{t(`direction.${order.type}.short`)}</span>
        <Tag color={STATUS_COLORS[order.status]} fill="outline" data-testid={`dual-status-${order.id}`}>
          {t(`status.${order.status}`)}
        </Tag>
      </header>
      <Facts
        facts={[
          { label: t('purchase.invested'), value: `${formatSignificant(order.invested)} ${order.invest_currency}` },
          { label: t('fields.linkedPrice'), value: formatDecimal(order.linked_price) },
          { label: t('fields.apr'), value: `${formatDecimal(order.apr)}%` },
          { label: t('fields.settlesAt'), value: formatDateTime(order.maturity_at) },
        ]}
      />
      {order.settlement ? <Settlement order={order} /> : <Outcomes type={order.type} coin={order.coin} linkedPrice={order.linked_price} kept={order.outcomes.kept} converted={order.outcomes.converted} />}
    </article>
  );
}

/** The user's dual orders (pages/invest/mine): purchased, settling, settled with the tick that decided them, or failed. */
export default function MinePage() {
  const { t } = useTranslation('dual');
  const [tab, setTab] = useState<DualOrderStatus | 'all'>('all');
  const orders = useDualOrders(tab);
  return (
    <>
      <PageHeader title={t('mine.title')} fallback={dualPaths.list} />
      <div className="dual-page" data-testid="dual-mine-page">
        <Tabs activeKey={tab} onChange={(key) => setTab(key as DualOrderStatus | 'all')} className="dual-tabs scroll-tabs">
          {TABS.map((key) => (
            <Tabs.Tab key={key} title={t(`tabs.${key}`)} />
          ))}
        </Tabs>
        {orders.data ? (
          orders.data.list.length > 0 ? (
            <div data-testid="dual-orders">
              {orders.data.list.map((order) => (
                <OrderCard key={order.id} order={order} />
              ))}
            </div>
          ) : (
            <ErrorBlock status="empty" title={t('mine.empty')} description="" className="dual-empty" data-testid="dual-orders-empty" />
          )
        ) : orders.isError ? (
          <LoadError title={t('error.title')} description={t('error.description')} onRetry={orders.refetch} />
        ) : (
          <Skeleton.Paragraph lineCount={8} animated className="dual-skeleton" />
        )}
      </div>
    </>
  );
}
