import { dec } from '@openbourse/core';
import { Avatar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatSignificant } from '../../shared/format.ts';
import { formatCalendarDay, formatDateTime } from '../../shared/time.ts';
import type { Trader } from './api.ts';

/** A fraction as the server sends rates ("0.6250", "0.10") read as a percent: "62.50%", "10%". */
export function percentOf(fraction: string): string {
  return `${formatSignificant(dec(fraction).times(100).toFixed(2), 0)}%`;
}

export const toneOf = (value: string | null | undefined) => (value == null ? 'flat' : dec(value).greaterThan(0) ? 'up' : dec(value).lessThan(0) ? 'down' : 'flat');

/** A signed amount in USDT, coloured by sign. */
export function Money({ value, testId }: { value: string; testId?: string }) {
  return (
    <span className={`copy-tone--${toneOf(value)}`} data-testid={testId}>
      {dec(value).greaterThan(0) ? '+' : ''}
      {formatSignificant(value)}
    </span>
  );
}

/** The statistics are refreshed hourly on the server; saying when keeps them honest. */
export function ComputedAt({ at }: { at: number | null | undefined }) {
  const { t } = useTranslation('copy');
  if (!at) return <p className="copy-computed">{t('computedNever')}</p>;
  return (
    <p className="copy-computed" data-testid="copy-computed-at">
      {t('computedAt', { time: formatDateTime(at) })}
    </p>
  );
}

export function TraderIdentity({ trader, size = 44 }: { trader: Pick<Trader, 'avatar' | 'nickname' | 'share_rate'>; size?: number }) {
  const { t } = useTranslation('copy');
  return (
    <div className="copy-identity">
      <Avatar src={trader.avatar} style={{ '--size': `${size}px`, '--border-radius': '50%' }} />
      <div className="copy-identity__text">
        <strong className="copy-identity__name">{trader.nickname}</strong>
        <span className="copy-identity__share">{t('stat.shareRate', { rate: percentOf(trader.share_rate) })}</span>
      </div>
    </div>
  );
}

const CURVE_WIDTH = 320;
const CURVE_HEIGHT = 120;

/**
 * The 30-day curve as the running total of the daily profits (display only:
 * plain numbers for coordinates), with the zero line, green above and red below.
 */
export function ProfitCurve({ days, compact = false }: { days: { day: string; profit: string }[]; compact?: boolean }) {
  const { t } = useTranslation('copy');
  let running = 0;
  const totals = days.map((entry) => {
    running += Number(entry.profit);
    return running;
  });
  if (totals.length === 0) return <p className="copy-empty">{t('curve.empty')}</p>;
  const height = compact ? 36 : CURVE_HEIGHT;
  const low = Math.min(0, ...totals);
  const high = Math.max(0, ...totals);
  const span = high - low || 1;
  const x = (index: number) => (totals.length === 1 ? CURVE_WIDTH / 2 : (index / (totals.length - 1)) * CURVE_WIDTH);
  const y = (value: number) => height - ((value - low) / span) * height;
  const points = totals.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(' ');
  const last = totals[totals.length - 1] ?? 0;
  const first = days[0];
  const latest = days.at(-1);
  return (
    <figure className={`copy-curve ${compact ? 'copy-curve--compact' : ''}`} data-testid="copy-curve">
      <svg viewBox={`0 0 ${CURVE_WIDTH} ${height}`} preserveAspectRatio="none" role="img" aria-label={t('curve.title')}>
        <line x1="0" x2={CURVE_WIDTH} y1={y(0)} y2={y(0)} className="copy-curve__zero" />
        <polyline points={points} className={`copy-curve__line copy-curve__line--${last >= 0 ? 'up' : 'down'}`} vectorEffect="non-scaling-stroke" />
      </svg>
      {compact ? null : (
        <figcaption className="copy-curve__axis">
          <span>{first ? formatCalendarDay(first.day) : null}</span>
          <span>{latest ? formatCalendarDay(latest.day) : null}</span>
        </figcaption>
      )}
    </figure>
  );
}
