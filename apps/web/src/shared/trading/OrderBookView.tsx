import { Decimal, dec, ZERO } from '@openbourse/core';
import { DotLoading } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../format.ts';
import { type BookLevel, groupingSteps, groupLevels } from './book-grouping.ts';
import { formatQuantity } from './numbers.ts';

export type BookView = 'both' | 'bids' | 'asks';

interface Row {
  price: string;
  quantity: string;
  cumulative: Decimal;
}

function withCumulative(levels: BookLevel[], count: number): Row[] {
  let running = ZERO;
  return levels.slice(0, count).map(([price, quantity]) => {
    running = running.plus(quantity);
    return { price, quantity, cumulative: running };
  });
}

interface LevelProps {
  row: Row;
  side: 'bid' | 'ask';
  deepest: Decimal;
  quantityDecimals: number;
  onPick(price: string): void;
}

function Level({ row, side, deepest, quantityDecimals, onPick }: LevelProps) {
  const { t } = useTranslation('trading');
  // The bar is only a picture of depth; a percentage is precise enough.
  const width = deepest.isZero() ? 0 : row.cumulative.times(100).dividedBy(deepest).toDecimalPlaces(2).toNumber();
  return (
    <button type="button" className={`trading-book__level trading-book__level--${side}`} onClick={() => onPick(row.price)} title={t('book.pickHint')} data-testid={`trade-book-${side}`}>
      <span className="trading-book__bar" style={{ width: `${width}%` }} />
      <span className="trading-book__price">{formatDecimal(row.price)}</span>
      <span className="trading-book__quantity">{formatQuantity(row.quantity, quantityDecimals)}</span>
    </button>
  );
}

export interface BookSettings {
  view: BookView;
  /** Bucket size, a multiple of the tick size. */
  step: string;
}

const VIEWS: BookView[] = ['both', 'bids', 'asks'];

/** The view buttons: both sides, bids only, asks only. */
export function BookViews({ settings, onChange }: { settings: BookSettings; onChange(next: BookSettings): void }) {
  const { t } = useTranslation('trading');
  return (
    <div className="trading-book__views" role="radiogroup" aria-label={t('book.view')}>
      {VIEWS.map((view) => (
        // biome-ignore lint/a11y/useSemanticElements: a row of picture buttons reads better than radio inputs here.
        <button
          key={view}
          type="button"
          role="radio"
          aria-checked={settings.view === view}
          aria-label={t(`book.views.${view}`)}
          className={`trading-book__view trading-book__view--${view}${settings.view === view ? ' trading-book__view--on' : ''}`}
          onClick={() => onChange({ ...settings, view })}
          data-testid={`book-view-${view}`}
        >
          <span />
          <span />
        </button>
      ))}
    </div>
  );
}

/** The grouping choice: buckets of 1, 10, 100 or 1000 ticks. */
export function BookGrouping({ tickSize, settings, onChange }: { tickSize: string; settings: BookSettings; onChange(next: BookSettings): void }) {
  const { t } = useTranslation('trading');
  return (
    <label className="trading-book__grouping">
      <span className="muted">{t('book.grouping')}</span>
      <select value={settings.step} onChange={(event) => onChange({ ...settings, step: event.target.value })} data-testid="book-grouping">
        {groupingSteps(tickSize).map((step) => (
          <option key={step} value={step}>
            {formatDecimal(step)}
          </option>
        ))}
      </select>
    </label>
  );
}

interface Props {
  bids: BookLevel[] | undefined;
  asks: BookLevel[] | undefined;
  settings: BookSettings;
  quantityDecimals: number;
  /** Rows per side when both show; one side alone shows twice as many. */
  rows: number;
  priceLabel: string;
  amountLabel: string;
  /** Between the sides: the last price. */
  middle: ReactNode;
  stale?: boolean;
  onPick(price: string): void;
}

/**
 * An order book: asks above (best nearest the middle), bids below, each level
 * with a bar of the cumulative quantity, grouped into buckets of the chosen
 * step. Tapping a level hands its price to the order form.
 */
export function OrderBookView({ bids, asks, settings, quantityDecimals, rows, priceLabel, amountLabel, middle, stale, onPick }: Props) {
  const { t } = useTranslation('trading');
  if (!bids || !asks) {
    return (
      <div className="trading-book__loading" data-testid="trade-book-loading">
        <DotLoading color="primary" />
      </div>
    );
  }
  const count = settings.view === 'both' ? rows : rows * 2;
  const askRows = settings.view === 'bids' ? [] : withCumulative(groupLevels(asks, settings.step, 'ask'), count);
  const bidRows = settings.view === 'asks' ? [] : withCumulative(groupLevels(bids, settings.step, 'bid'), count);
  const deepest = Decimal.max(askRows.at(-1)?.cumulative ?? ZERO, bidRows.at(-1)?.cumulative ?? ZERO, dec(0));
  return (
    <div className="trading-book" data-testid="trade-book" data-live data-stale={stale}>
      <div className="trading-book__head">
        <span>{priceLabel}</span>
        <span>{amountLabel}</span>
      </div>
      {settings.view !== 'bids' ? (
        <div className="trading-book__side trading-book__side--asks">
          {askRows.length === 0 ? <div className="trading-book__empty muted">{t('book.empty')}</div> : null}
          {[...askRows].reverse().map((row) => (
            <Level key={row.price} row={row} side="ask" deepest={deepest} quantityDecimals={quantityDecimals} onPick={onPick} />
          ))}
        </div>
      ) : null}
      <div className="trading-book__middle">{middle}</div>
      {settings.view !== 'asks' ? (
        <div className="trading-book__side">
          {bidRows.map((row) => (
            <Level key={row.price} row={row} side="bid" deepest={deepest} quantityDecimals={quantityDecimals} onPick={onPick} />
          ))}
          {bidRows.length === 0 ? <div className="trading-book__empty muted">{t('book.empty')}</div> : null}
        </div>
      ) : null}
    </div>
  );
}
