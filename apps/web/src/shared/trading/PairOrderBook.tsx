import { deriveSpec, type InstrumentDef, toneOf } from '@openbourse/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../format.ts';
import type { Quote } from '../market/quotes.ts';
import { useLiveStale } from '../realtime/index.ts';
import { DepthChart } from './DepthChart.tsx';
import { BookGrouping, type BookSettings, BookViews, OrderBookView } from './OrderBookView.tsx';
import { FiatValue } from '../ui/Amount.tsx';
import { useDepth } from './market-data.ts';

/** Levels per side with both sides showing: what fits beside the form on a 390×844 screen. */
const ROWS_PER_SIDE = 7;

/**
 * The pair's live book beside the form: view (both, bids, asks), grouping by
 * multiples of the tick size, and the last price between the sides. Tapping
 * a level hands its price to the order form.
 */
export function OrderBook({ quote, def, onPick }: { quote: Quote; def: InstrumentDef; onPick(price: string): void }) {
  const { t } = useTranslation('trade');
  const depth = useDepth(quote.symbol);
  const stale = useLiveStale(`depth:${quote.symbol}`);
  const [settings, setSettings] = useState<BookSettings>({ view: 'both', step: def.tickSize });
  return (
    <div className="trade-book">
      <BookViews settings={settings} onChange={setSettings} />
      <OrderBookView
        bids={depth?.bids}
        asks={depth?.asks}
        settings={settings}
        quantityDecimals={deriveSpec(def).quantityDecimals}
        rows={ROWS_PER_SIDE}
        priceLabel={t('book.price', { currency: quote.quote })}
        amountLabel={t('book.amount', { currency: quote.base })}
        stale={stale}
        onPick={onPick}
        middle={
          <div className="trade-book__last">
            <span className={`trade-book__last-price tone-${toneOf(quote.change_percent)}`}>{formatDecimal(quote.price)}</span>
            <FiatValue usdt={quote.price} />
          </div>
        }
      />
      <BookGrouping tickSize={def.tickSize} settings={settings} onChange={setSettings} />
    </div>
  );
}

/** The depth chart of the same live book, for the chart panel. */
export function DepthPanel({ quote }: { quote: Quote }) {
  const depth = useDepth(quote.symbol);
  // Greyed, as the book is, while the connection cannot vouch for the picture.
  const stale = useLiveStale(`depth:${quote.symbol}`);
  return depth ? (
    <div data-live data-stale={stale} data-testid="trade-depth-panel">
      <DepthChart bids={depth.bids} asks={depth.asks} />
    </div>
  ) : null;
}
