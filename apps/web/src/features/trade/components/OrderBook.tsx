import { Decimal, toneOf, ZERO } from '@openbourse/core';
import { DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Quote } from '../../../shared/market/quotes.ts';
import { FiatValue } from '../../../shared/ui/Amount.tsx';
import { useLiveStale } from '../../../shared/realtime/index.ts';
import { type DepthLevel, useDepth } from '../api.ts';
import { formatDecimal } from '../../../shared/format.ts';

/** Levels shown per side: enough to read the book without pushing the form far down. */
const LEVELS_PER_SIDE = 8;

interface Row {
  price: string;
  quantity: string;
  /** Quantity from the best price up to and including this level. */
  cumulative: Decimal;
}

function withCumulative(levels: DepthLevel[]): Row[] {
  let running = ZERO;
  return levels.slice(0, LEVELS_PER_SIDE).map(([price, quantity]) => {
    running = running.plus(quantity);
    return { price, quantity, cumulative: running };
  });
}

interface LevelProps {
  row: Row;
  side: 'bid' | 'ask';
  deepest: Decimal;
  onPick(price: string): void;
}

function Level({ row, side, deepest, onPick }: LevelProps) {
  const { t } = useTranslation('trade');
  // The bar is only a picture of depth; its width needs no more precision than a percentage.
  const width = deepest.isZero() ? 0 : row.cumulative.times(100).dividedBy(deepest).toDecimalPlaces(2).toNumber();
  return (
    <button type="button" className={`trade-book__level trade-book__level--${side}`} onClick={() => onPick(row.price)} title={t('book.pickHint')} data-testid={`trade-book-${side}`}>
      <span className="trade-book__bar" style={{ width: `${width}%` }} />
      <span className="trade-book__price">{formatDecimal(row.price)}</span>
      <span className="trade-book__quantity">{formatDecimal(row.quantity)}</span>
    </button>
  );
}

/**
 * The live order book: asks above (best nearest the middle), bids below,
 * each level with a bar of the cumulative quantity, the last price between
 * them. Tapping a level hands its price to the order form.
 */
export function OrderBook({ quote, onPick }: { quote: Quote; onPick(price: string): void }) {
  const { t } = useTranslation('trade');
  const depth = useDepth(quote.symbol);
  const stale = useLiveStale(`depth:${quote.symbol}`);
  if (!depth) {
    return (
      <div className="trade-book__loading" data-testid="trade-book-loading">
        <DotLoading color="primary" />
      </div>
    );
  }
  const asks = withCumulative(depth.asks);
  const bids = withCumulative(depth.bids);
  const deepest = Decimal.max(asks.at(-1)?.cumulative ?? ZERO, bids.at(-1)?.cumulative ?? ZERO);
  return (
    <div className="trade-book" data-testid="trade-book" data-live data-stale={stale}>
      <div className="trade-book__head">
        <span>{t('book.price', { currency: quote.quote })}</span>
        <span>{t('book.amount', { currency: quote.base })}</span>
      </div>
      <div className="trade-book__side">
        {asks.length === 0 ? <div className="trade-book__empty muted">{t('book.empty')}</div> : null}
        {[...asks].reverse().map((row) => (
          <Level key={row.price} row={row} side="ask" deepest={deepest} onPick={onPick} />
        ))}
      </div>
      <div className="trade-book__last">
        <span className={`trade-book__last-price tone-${toneOf(quote.change_percent)}`}>{formatDecimal(quote.price)}</span>
        <FiatValue usdt={quote.price} />
      </div>
      <div className="trade-book__side">
        {bids.map((row) => (
          <Level key={row.price} row={row} side="bid" deepest={deepest} onPick={onPick} />
        ))}
        {bids.length === 0 ? <div className="trade-book__empty muted">{t('book.empty')}</div> : null}
      </div>
    </div>
  );
}
