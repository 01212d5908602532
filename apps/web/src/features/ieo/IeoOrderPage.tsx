import { ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';
import { formatDateTime } from '../../shared/time.ts';
import { Facts } from '../../shared/ui/Facts.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type IeoOrder, ieoPaths, useIeoOrders } from './api.ts';
import './ieo.css';

/** Why the allocation differs from the pro-rata share when the per-user caps left tokens for the others. */
function Redistribution({ order }: { order: IeoOrder }) {
  const { t } = useTranslation('ieo');
  const allocation = order.allocation;
  if (!allocation?.oversubscribed) return null;
  const token = order.token;
  if (allocation.basis === 'redistributed' && allocation.redistribution) {
    const { pool, uncapped_committed } = allocation.redistribution;
    return (
      <p className="ieo-formula" data-testid={`ieo-redistribution-${order.id}`}>
        {t('allocation.redistributed', { pool: formatSignificant(pool, 0), uncapped: formatSignificant(uncapped_committed, 0), committed: formatSignificant(order.committed, 0), allocated: formatSignificant(allocation.allocated, 0), token })}
      </p>
    );
  }
  if (allocation.basis === 'commitment') {
    return (
      <p className="ieo-formula" data-testid={`ieo-redistribution-${order.id}`}>
        {t('allocation.reachedCommitment', { committed: formatSignificant(order.committed, 0), token })}
      </p>
    );
  }
  return null;
}

/** The allocation arithmetic as it was computed: committed ÷ total committed × issuance, the cap, what was allocated and paid. */
function Allocation({ order }: { order: IeoOrder }) {
  const { t } = useTranslation('ieo');
  const allocation = order.allocation;
  if (!allocation) return null;
  return (
    <div className="ieo-allocation" data-testid={`ieo-allocation-${order.id}`}>
      <p className="ieo-formula">
        {allocation.oversubscribed
          ? t('allocation.formula', { committed: formatSignificant(order.committed, 0), total: formatSignificant(allocation.total_committed, 0), issuance: formatSignificant(allocation.total_issuance, 0), share: formatSignificant(allocation.pro_rata, 0), token: order.token })
          : t('allocation.full', { committed: formatSignificant(order.committed, 0), token: order.token })}
      </p>
      <Redistribution order={order} />
      <Facts
        facts={[
          { label: t('allocation.cap'), value: `${formatSignificant(allocation.cap, 0)} ${order.token}${allocation.capped ? ` · ${t('allocation.capped')}` : ''}` },
          { label: t('allocation.allocated'), value: `${formatSignificant(allocation.allocated, 0)} ${order.token}`, strong: true },
          { label: t('allocation.paid'), value: `${formatSignificant(allocation.paid)} ${order.pay_currency}` },
          { label: t('allocation.refunded'), value: `${formatSignificant(allocation.refunded)} ${order.pay_currency}` },
          { label: order.status === 'unlocked' ? t('allocation.unlocked') : t('allocation.unlocksAt'), value: formatDateTime(order.unlocked_at ?? order.unlocks_at) },
        ]}
      />
    </div>
  );
}

function OrderCard({ order }: { order: IeoOrder }) {
  const { t } = useTranslation('ieo');
  const navigate = useNavigate();
  return (
    <article className="ieo-card ieo-order" data-testid={`ieo-order-${order.id}`}>
      <button type="button" className="ieo-card__head ieo-order__head" onClick={() => navigate(ieoPaths.subscribe(order.project_id))}>
        <img src={order.icon} alt="" className="ieo-card__icon" />
        <div className="ieo-card__names">
          <span className="ieo-card__name">{order.name}</span>
          <span className="ieo-card__token">{order.token}</span>
        </div>
        <span className={`ieo-order__status ieo-order__status--${order.status}`}>{t(`orderStatus.${order.status}`)}</span>
      </button>
      <Facts
        facts={[
          { label: t('subscribe.amount'), value: `${formatSignificant(order.committed, 0)} ${order.token}` },
          { label: t('fields.price'), value: `${formatDecimal(order.price)} ${order.pay_currency}` },
          { label: t('orders.held'), value: `${formatSignificant(order.held)} ${order.pay_currency}` },
          { label: t('orders.subscribedAt'), value: formatDateTime(order.created_at) },
          !order.allocation && { label: t('orders.allocationAt'), value: formatDateTime(order.subscribe_end) },
        ]}
      />
      <Allocation order={order} />
    </article>
  );
}

/** The user's subscriptions (pages/ieo/order), each with its allocation once the sale has ended. */
export default function IeoOrderPage() {
  const { t } = useTranslation('ieo');
  const orders = useIeoOrders();
  return (
    <>
      <PageHeader title={t('orders.title')} fallback={ieoPaths.list} />
      <div className="ieo-page" data-testid="ieo-order-page">
        {orders.data ? (
          orders.data.list.length > 0 ? (
            <div data-testid="ieo-orders">
              {orders.data.list.map((order) => (
                <OrderCard key={order.id} order={order} />
              ))}
            </div>
          ) : (
            <ErrorBlock status="empty" title={t('orders.empty')} description="" className="ieo-empty" data-testid="ieo-orders-empty" />
          )
        ) : orders.isError ? (
          <LoadError title={t('error.title')} description={t('error.description')} onRetry={orders.refetch} />
        ) : (
          <Skeleton.Paragraph lineCount={8} animated className="ieo-skeleton" />
        )}
      </div>
    </>
  );
}
