import { Button, ErrorBlock, Popup, Selector, Skeleton, Tabs, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatDateTime } from '../../shared/time.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type Coupon, type CouponStatus, useClaimTask, useCouponTasks, useCoupons, useFuturesPairs, useVoucher } from './api.ts';
import { formatSignificant } from '../../shared/format.ts';
import './coupons.css';
import { confirmOnce } from '../../shared/ui/confirm.ts';

const STATUSES: CouponStatus[] = ['available', 'used', 'expired'];

/** The coupon centre: the new-user tasks with their coupons, the user's coupons by status, and using a position voucher. */
export default function CouponPage() {
  const { t } = useTranslation('coupon');
  const [status, setStatus] = useState<CouponStatus>('available');
  const [voucher, setVoucher] = useState<Coupon | null>(null);
  return (
    <div className="coupon-page">
      <PageHeader title={t('title')} fallback="/pages/setting/setting" />
      <Tasks />
      <Tabs activeKey={status} onChange={(key) => setStatus(key as CouponStatus)}>
        {STATUSES.map((key) => (
          <Tabs.Tab key={key} title={t(`tabs.${key}`)} />
        ))}
      </Tabs>
      <CouponList status={status} onUse={setVoucher} />
      <VoucherPopup coupon={voucher} onClose={() => setVoucher(null)} />
    </div>
  );
}

function Tasks() {
  const { t } = useTranslation('coupon');
  const tasks = useCouponTasks();
  const claim = useClaimTask();
  if (!tasks.data) return null;
  return (
    <section className="coupon-tasks" data-testid="coupon-tasks">
      <h2 className="coupon-tasks__title">{t('tasks.title')}</h2>
      {tasks.data.map((task) => (
        <div key={task.task} className="coupon-task">
          <div className="coupon-task__text">
            <span className="coupon-task__name">{t(`tasks.${task.task}`)}</span>
            <span className="coupon-task__grant">{t('tasks.grants', { kind: t(`kinds.${task.grants.kind}`), amount: task.grants.face_value, currency: task.grants.currency, days: task.grants.valid_days })}</span>
          </div>
          <Button
            size="small"
            color="primary"
            fill={task.done && !task.claimed ? 'solid' : 'outline'}
            disabled={!task.done || task.claimed}
            loading={claim.isPending && claim.variables === task.task}
            onClick={() => claim.mutate(task.task, { onSuccess: () => Toast.show(t('claimed')) })}
            data-testid={`coupon-claim-${task.task}`}
          >
            {task.claimed ? t('tasks.claimedButton') : task.done ? t('tasks.claim') : t('tasks.todo')}
          </Button>
        </div>
      ))}
    </section>
  );
}

function CouponList({ status, onUse }: { status: CouponStatus; onUse: (coupon: Coupon) => void }) {
  const { t } = useTranslation('coupon');
  const coupons = useCoupons(status);
  if (coupons.isPending) return <Skeleton.Paragraph lineCount={5} animated className="coupon-skeleton" />;
  if (coupons.isError) return <LoadError title={t('loadTitle')} description={t('loadDescription')} onRetry={() => void coupons.refetch()} />;
  if (coupons.data.list.length === 0) return <ErrorBlock status="empty" title={t('empty')} description="" />;
  return (
    <div className="coupon-list" data-testid="coupon-list">
      {coupons.data.list.map((coupon) => (
        <article key={coupon.id} className={`coupon-card coupon-card--${coupon.status}`} data-testid="coupon-card">
          <div className="coupon-card__value">
            <strong>{coupon.face_value.replace(/\.?0+$/, '')}</strong>
            <span>{coupon.currency}</span>
          </div>
          <div className="coupon-card__body">
            <span className="coupon-card__kind">{t(`kinds.${coupon.kind}`)}</span>
            <span className="coupon-card__hint">{coupon.kind === 'fee' ? t('feeHint', { remaining: formatSignificant(coupon.remaining), currency: coupon.currency }) : t('voucherHint', { multiple: coupon.voucher_multiple ?? '' })}</span>
            <span className="coupon-card__validity">{t('validUntil', { time: formatDateTime(coupon.valid_until) })}</span>
          </div>
          {coupon.kind === 'voucher' && coupon.status === 'available' ? (
            <Button size="small" color="primary" onClick={() => onUse(coupon)} data-testid={`coupon-use-${coupon.id}`}>
              {t('use')}
            </Button>
          ) : null}
        </article>
      ))}
    </div>
  );
}

function VoucherPopup({ coupon, onClose }: { coupon: Coupon | null; onClose: () => void }) {
  const { t } = useTranslation('coupon');
  const navigate = useNavigate();
  const pairs = useFuturesPairs(coupon !== null);
  const use = useVoucher();
  const [symbol, setSymbol] = useState('BTC/USDT');
  const [side, setSide] = useState<'long' | 'short'>('long');
  const pair = pairs.data?.find((entry) => entry.symbol === symbol);
  const confirm = async () => {
    if (!coupon || !pair) return;
    const ok = await confirmOnce({ content: t('confirm', { amount: formatSignificant(coupon.face_value), currency: coupon.currency, symbol, side: t(`sides.${side}`), multiple: coupon.voucher_multiple ?? '' }) });
    if (!ok) return;
    use.mutate(
      { coupon_id: coupon.id, currency_id: pair.currency_id, legal_id: pair.legal_id, type: side },
      {
        onSuccess: () => {
          onClose();
          Toast.show(t('opened'));
          navigate('/pages/transaction/contract_order');
        },
      },
    );
  };
  return (
    <Popup visible={coupon !== null} onMaskClick={onClose} bodyClassName="coupon-popup">
      <h2 className="coupon-popup__title">{t('useTitle')}</h2>
      <p className="coupon-popup__note">{t('useNote')}</p>
      <span className="coupon-popup__label">{t('pair')}</span>
      <Selector columns={3} value={[symbol]} onChange={(value) => value[0] && setSymbol(value[0])} options={(pairs.data ?? []).map((entry) => ({ label: entry.symbol, value: entry.symbol }))} />
      <span className="coupon-popup__label">{t('direction')}</span>
      <Selector
        columns={2}
        value={[side]}
        onChange={(value) => value[0] && setSide(value[0])}
        options={[
          { label: t('sides.long'), value: 'long' as const },
          { label: t('sides.short'), value: 'short' as const },
        ]}
      />
      <Button block color="primary" className="coupon-popup__confirm" disabled={!pair} loading={use.isPending} onClick={() => void confirm()} data-testid="coupon-voucher-confirm">
        {t('open')}
      </Button>
    </Popup>
  );
}
