import { toneOf } from '@openbourse/core';
import type { ReactNode } from 'react';
import { formatChangePercent, formatDecimal } from '../format.ts';
import { FiatValue } from '../ui/Amount.tsx';

export interface PairStat {
  label: string;
  value: string;
}

interface Props {
  price: string;
  changePercent: string;
  /** A few 24 h figures (high, low, volume), one short line each. */
  stats: PairStat[];
  stale?: boolean;
  /** Buttons on the right, e.g. the chart toggle. */
  actions?: ReactNode;
}

/** One compact band under the title: last price coloured by the change, its fiat value, the change and the 24 h figures. */
export function PairHeader({ price, changePercent, stats, stale, actions }: Props) {
  const tone = toneOf(changePercent);
  return (
    <section className="trading-pair" data-testid="trade-summary" data-live data-stale={stale}>
      <div className="trading-pair__main">
        <div className={`trading-pair__price tone-${tone}`} data-testid="trade-last-price">
          {formatDecimal(price)}
        </div>
        <div className="trading-pair__sub">
          <span className={`tone-${tone}`} data-testid="trade-change">
            {formatChangePercent(changePercent)}
          </span>
          <FiatValue usdt={price} />
        </div>
      </div>
      <dl className="trading-pair__stats">
        {stats.map((stat) => (
          <div key={stat.label}>
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
      {actions ? <div className="trading-pair__actions">{actions}</div> : null}
    </section>
  );
}
