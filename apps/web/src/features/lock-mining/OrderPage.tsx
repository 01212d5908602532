import { DAILY_RATE_LABEL, millionthsToPercent } from '@openbourse/core';
import { Button, Dialog, ErrorBlock, Skeleton, Tabs, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../shared/api/request.ts';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';
import { formatCalendarDay, formatDateTime } from '../../shared/time.ts';
import { Facts, Section } from '../../shared/ui/Facts.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type LockDay, type LockOrder, lockPaths, useLockOrder, useLockOrders, useRedeem } from './api.ts';
import { proveDay } from './verify.ts';
import './lock-mining.css';

function StateTag({ order }: { order: LockOrder }) {
  const { t } = useTranslation('lockMining');
  const color = order.state === 'running' ? 'primary' : order.state === 'matured' ? 'success' : 'warning';
  return (
    <Tag color={color} fill="outline" data-testid={`lock-state-${order.id}`}>
      {t(`state.${order.state}`)}
    </Tag>
  );
}

/** A closed order was either redeemed early or returned at expiry: its closing time is labelled for which. */
const closedLabel = (order: LockOrder) => (order.state === 'matured' ? 'order.returnedAt' : 'order.closedAt');

function OrderCard({ order }: { order: LockOrder }) {
  const { t } = useTranslation('lockMining');
  const navigate = useNavigate();
  return (
    <button type="button" className="lock-order" onClick={() => navigate(lockPaths.order(order.id))} data-testid={`lock-order-${order.id}`}>
      <div className="lock-order__head">
        <img src={order.icon} alt="" className="lock-product__icon" />
        <span className="lock-order__amount">
          {formatSignificant(order.amount)} {order.currency}
        </span>
        <StateTag order={order} />
      </div>
      <Facts
        facts={[
          { label: t('order.daysPaid'), value: `${order.days_paid} / ${order.lock_days}` },
          { label: t('order.yieldPaid'), value: `${formatSignificant(order.yield_paid)} ${order.currency}`, strong: true },
          order.next_dividend_at !== null && { label: t('order.nextDividend'), value: formatDateTime(order.next_dividend_at) },
          { label: order.status === 1 ? t('order.expiresAt') : t(closedLabel(order)), value: formatDateTime(order.status === 1 ? order.expires_at : (order.closed_at ?? order.expires_at)) },
        ]}
      />
    </button>
  );
}

function OrderList() {
  const { t } = useTranslation('lockMining');
  const [status, setStatus] = useState<'1' | '2'>('1');
  const orders = useLockOrders(status === '1' ? 1 : 2);
  return (
    <>
      <Tabs activeKey={status} onChange={(key) => setStatus(key as '1' | '2')} className="lock-tabs">
        <Tabs.Tab key="1" title={t('orders.running')} />
        <Tabs.Tab key="2" title={t('orders.redeemed')} />
      </Tabs>
      {orders.data ? (
        orders.data.list.length > 0 ? (
          <div className="lock-orders" data-testid={`lock-orders-${status}`}>
            {orders.data.list.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </div>
        ) : (
          <ErrorBlock status="empty" title={t('orders.empty')} description="" className="lock-empty" data-testid={`lock-orders-empty-${status}`} />
        )
      ) : orders.isError ? (
        <LoadError title={t('error.title')} description={t('error.description')} onRetry={orders.refetch} />
      ) : (
        <Skeleton.Paragraph lineCount={6} animated className="lock-skeleton" />
      )}
    </>
  );
}

/** Early redemption: the penalty and the refund are shown before the user confirms. */
function RedeemButton({ order }: { order: LockOrder }) {
  const { t } = useTranslation('lockMining');
  const redeem = useRedeem();
  const [confirming, setConfirming] = useState(false);
  const preview = order.redeem_preview;
  if (!preview) return null;
  const confirm = async () => {
    try {
      await redeem.mutateAsync(order.id);
      toast(t('redeem.done'));
    } catch {
      // Already told (e.g. it matured meanwhile).
    }
  };
  return (
    <>
      <Button block fill="outline" color="warning" loading={redeem.isPending} onClick={() => setConfirming(true)} data-testid="lock-redeem">
        {t('redeem.action')}
      </Button>
      <Dialog
        visible={confirming}
        title={t('redeem.title')}
        content={
          <div data-testid="lock-redeem-dialog">
            <Facts
              facts={[
                { label: t('redeem.amount'), value: `${formatSignificant(order.amount)} ${order.currency}` },
                { label: t('redeem.remainingDays'), value: t('days', { count: preview.remaining_days }) },
                { label: t('redeem.penalty'), value: `${formatSignificant(preview.penalty)} ${order.currency}`, testId: 'lock-redeem-penalty' },
                { label: t('redeem.refund'), value: `${formatSignificant(preview.refund)} ${order.currency}`, strong: true, testId: 'lock-redeem-refund' },
              ]}
            />
            <p className="lock-note" data-testid="lock-redeem-formula">
              {t('redeem.formula', { rate: formatDecimal(order.penalty_rate), days: preview.remaining_days, amount: formatSignificant(order.amount), penalty: formatSignificant(preview.penalty), currency: order.currency })}
            </p>
            <p className="lock-note">{t('redeem.keepYields')}</p>
          </div>
        }
        closeOnAction
        onClose={() => setConfirming(false)}
        actions={[
          [
            { key: 'keep', text: t('redeem.keep') },
            { key: 'confirm', text: t('redeem.confirm'), bold: true, danger: true, onClick: confirm },
          ],
        ]}
      />
    </>
  );
}

function DayRow({ day, currency }: { day: LockDay; currency: string }) {
  const { t } = useTranslation('lockMining');
  const [open, setOpen] = useState(false);
  const proof = proveDay(day);
  return (
    <li className="lock-day" data-testid={`lock-day-${day.day}`}>
      <button type="button" className="lock-day__head" onClick={() => setOpen(!open)} aria-expanded={open}>
        <span className="lock-day__title">{t('order.day', { day: day.day, date: formatCalendarDay(day.rate_day) })}</span>
        <span className="lock-day__rate">{day.rate === null ? t('order.rateSealed') : `${formatDecimal(day.rate)}%`}</span>
        <span className="lock-day__amount">{day.amount === null ? '--' : `+${formatSignificant(day.amount)} ${currency}`}</span>
        <span className={`lock-day__proof lock-day__proof--${proof}`} data-testid={`lock-day-proof-${day.day}`}>
          {t(`proof.${proof}`)}
        </span>
      </button>
      {open ? (
        <div className="lock-day__detail">
          <Facts
            facts={[
              { label: t('order.payoutAt'), value: formatDateTime(day.payout_at) },
              { label: t('fair.commitment'), value: <code className="lock-hashes__hash">{day.commitment ?? t('fair.notYet')}</code> },
              { label: t('fair.committedAt'), value: day.committed_at === null ? '--' : formatDateTime(day.committed_at) },
              { label: t('fair.seed'), value: <code className="lock-hashes__hash">{day.seed ?? t('fair.sealed')}</code> },
              day.range_min_millionths !== null && { label: t('fair.range'), value: `${formatDecimal(millionthsToPercent(day.range_min_millionths))}% – ${formatDecimal(millionthsToPercent(day.range_max_millionths ?? 0))}%` },
            ]}
          />
          <p className="lock-note">{day.late ? t('fair.late') : t(`fair.explain.${proof}`)}</p>
        </div>
      ) : null}
    </li>
  );
}

function OrderDetail({ id }: { id: number }) {
  const { t } = useTranslation('lockMining');
  const order = useLockOrder(id);
  if (order.isError) return <LoadError title={t('error.orderTitle')} description={t('error.description')} onRetry={order.refetch} error={order.error} />;
  if (!order.data) return <Skeleton.Paragraph lineCount={10} animated className="lock-skeleton" />;
  const data = order.data;
  return (
    <div data-testid="lock-order-detail">
      <Section title={`${formatSignificant(data.amount)} ${data.currency}`} extra={<StateTag order={data} />}>
        <Facts
          facts={[
            { label: t('order.yieldPaid'), value: `${formatSignificant(data.yield_paid)} ${data.currency}`, strong: true, testId: 'lock-yield-paid' },
            { label: t('order.daysPaid'), value: `${data.days_paid} / ${data.lock_days}`, testId: 'lock-days-paid' },
            { label: t('product.dailyRate'), value: `${formatDecimal(data.daily_rate_min)}% – ${formatDecimal(data.daily_rate_max)}%` },
            data.next_dividend_at !== null && { label: t('order.nextDividend'), value: formatDateTime(data.next_dividend_at), testId: 'lock-next-dividend' },
            { label: t('order.lockedAt'), value: formatDateTime(data.locked_at) },
            { label: t('buy.valueAt'), value: formatDateTime(data.value_at) },
            { label: t('order.expiresAt'), value: formatDateTime(data.expires_at) },
            data.penalty !== null && { label: t('redeem.penalty'), value: `${formatSignificant(data.penalty)} ${data.currency}`, testId: 'lock-penalty' },
            data.refund !== null && { label: t('redeem.refund'), value: `${formatSignificant(data.refund)} ${data.currency}` },
            data.closed_at !== null && { label: t(closedLabel(data)), value: formatDateTime(data.closed_at), testId: 'lock-closed-at' },
          ]}
        />
        {data.status === 1 ? (
          <div className="lock-actions lock-actions--inline">
            <RedeemButton order={data} />
          </div>
        ) : null}
      </Section>
      <Section title={t('order.daysTitle')} testId="lock-days">
        <p className="lock-note">{t('fair.daysText')}</p>
        {/* The recipe in words, so a user can check a day with their own tools instead of trusting this page's code. */}
        <p className="lock-note" data-testid="lock-recipe">
          {t('fair.recipe', { message: `"${DAILY_RATE_LABEL}:0"` })}
        </p>
        <ul className="lock-days">
          {/* A closed order lists the days it was paid; the days after an early redemption never come. */}
          {(data.status === 1 ? data.days : data.days.filter((day) => day.paid_at !== null)).map((day) => (
            <DayRow key={day.day} day={day} currency={data.currency} />
          ))}
        </ul>
      </Section>
    </div>
  );
}

/** The user's locks (pages/lockming/order), or one of them with every day's rate and its proof (?id=). */
export default function OrderPage() {
  const { t } = useTranslation('lockMining');
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const single = Number.isSafeInteger(id) && id > 0;
  return (
    <>
      <PageHeader title={single ? t('order.title') : t('orders.title')} fallback={single ? lockPaths.orders : lockPaths.list} />
      <div className="lock-page" data-testid="lock-order-page">
        {single ? <OrderDetail id={id} /> : <OrderList />}
      </div>
    </>
  );
}
