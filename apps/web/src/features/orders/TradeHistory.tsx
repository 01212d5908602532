import { ErrorBlock, InfiniteScroll, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDecimal, formatSignificant } from '../../shared/format.ts';
import { formatDateTime } from '../../shared/time.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import type { FillFilter, UserFill, useUserFills } from './api.ts';
import { Field, pairUnits } from './order-parts.tsx';

type FillsQuery = ReturnType<typeof useUserFills>;

/** A local calendar day typed in a date field, as the unix ms of its start ('' → undefined). */
export function dayStart(day: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date).getTime();
}

/** The start of the day after, so "to 24 May" includes all of 24 May. */
export function dayEnd(day: string): number | undefined {
  const start = dayStart(day);
  if (start === undefined) return undefined;
  const next = new Date(start);
  next.setDate(next.getDate() + 1);
  return next.getTime();
}

interface FiltersProps {
  side: FillFilter['side'];
  from: string;
  to: string;
  onChange(next: { side?: FillFilter['side']; from?: string; to?: string }): void;
}

/** Side (all, buy, sell) and a date range in the device's calendar. */
export function FillFilters({ side, from, to, onChange }: FiltersProps) {
  const { t } = useTranslation('orders');
  return (
    <div className="fills-filters">
      <select className="fills-filters__side" aria-label={t('fills.sideFilter')} value={side ?? 0} onChange={(event) => onChange({ side: (Number(event.target.value) || undefined) as FillFilter['side'] })} data-testid="fills-side">
        <option value={0}>{t('fills.allSides')}</option>
        <option value={1}>{t('side.buy')}</option>
        <option value={2}>{t('side.sell')}</option>
      </select>
      <label className="fills-filters__date">
        <span className="muted">{t('fills.from')}</span>
        <input type="date" value={from} max={to || undefined} onChange={(event) => onChange({ from: event.target.value })} data-testid="fills-from" />
      </label>
      <label className="fills-filters__date">
        <span className="muted">{t('fills.to')}</span>
        <input type="date" value={to} min={from || undefined} onChange={(event) => onChange({ to: event.target.value })} data-testid="fills-to" />
      </label>
    </div>
  );
}

function FillRow({ fill }: { fill: UserFill }) {
  const { t } = useTranslation('orders');
  const { base, quote } = pairUnits(fill.symbol);
  return (
    <article className="order-card fills-row" data-testid={`user-fill-${fill.id}`}>
      <header className="conditional-card__head">
        <span className={`conditional-card__side tone-${fill.side === 'buy' ? 'up' : 'down'}`}>{t(`side.${fill.side}`)}</span>
        <Link to={`/pages/transaction/order-detail?id=${fill.order_id}`} className="conditional-card__symbol">
          {fill.symbol}
        </Link>
        <span className={`orders-role orders-role--${fill.role}`}>{t(`fill.role.${fill.role}`)}</span>
        <span className="muted fills-row__time">{formatDateTime(fill.time)}</span>
      </header>
      <div className="conditional-card__grid">
        <Field label={`${t('fill.price')} (${quote})`} value={formatDecimal(fill.price)} />
        <Field label={`${t('fill.amount')} (${base})`} value={formatDecimal(fill.amount)} />
        <Field label={`${t('fills.total')} (${quote})`} value={formatSignificant(fill.total)} />
      </div>
      <footer className="fills-row__foot muted">
        <span>
          {t('fill.fee')} {formatSignificant(fill.fee)} {fill.fee_currency}
        </span>
        {fill.tick_id === null ? null : <span>{t('fills.tick', { id: fill.tick_id })}</span>}
      </footer>
    </article>
  );
}

/** The user's fills across orders, newest first. */
export function TradeHistory({ query }: { query: FillsQuery }) {
  const { t } = useTranslation('orders');
  if (query.isPending) return <Skeleton.Paragraph lineCount={6} animated className="orders-skeleton" />;
  if (query.isError && !query.data) return <LoadError title={t('error.title')} description={t('error.description')} onRetry={query.refetch} className="orders-error" />;
  const fills = query.data?.pages.flatMap((page) => page.list) ?? [];
  if (fills.length === 0) return <ErrorBlock status="empty" title={t('fills.empty')} description={t('empty.hint')} className="orders-empty" data-testid="fills-empty" />;
  return (
    <div className="orders-list" data-testid="fills-list">
      {fills.map((fill) => (
        <FillRow key={fill.id} fill={fill} />
      ))}
      <InfiniteScroll hasMore={query.hasNextPage} loadMore={async () => void (await query.fetchNextPage({ throwOnError: true }))} />
    </div>
  );
}
