import { formatCompact, toneOf } from '@openbourse/core';
import { useTranslation } from 'react-i18next';
import type { Quote } from '../../../shared/market/quotes.ts';
import { useLiveStale } from '../../../shared/realtime/index.ts';
import { FiatValue } from '../../../shared/ui/Amount.tsx';
import { formatChangePercent, formatDecimal } from '../../../shared/format.ts';

/** Last price coloured by the 24 h change, its fiat equivalent, and the 24 h high, low and volume. */
export function PriceSummary({ quote }: { quote: Quote }) {
  const { t } = useTranslation('trade');
  const tone = toneOf(quote.change_percent);
  const stale = useLiveStale('tickers');
  return (
    <section className="trade-summary" data-testid="trade-summary" data-live data-stale={stale}>
      <div className="trade-summary__main">
        <div className={`trade-summary__price tone-${tone}`} data-testid="trade-last-price">
          {formatDecimal(quote.price)}
        </div>
        <div className="trade-summary__sub">
          <FiatValue usdt={quote.price} />
          <span className={`trade-summary__change tone-${tone}`}>{formatChangePercent(quote.change_percent)}</span>
        </div>
      </div>
      <dl className="trade-summary__stats">
        <div>
          <dt>{t('summary.high')}</dt>
          <dd>{formatDecimal(quote.high)}</dd>
        </div>
        <div>
          <dt>{t('summary.low')}</dt>
          <dd>{formatDecimal(quote.low)}</dd>
        </div>
        <div>
          <dt>{t('summary.volume', { currency: quote.base })}</dt>
          <dd>{formatCompact(quote.volume)}</dd>
        </div>
      </dl>
    </section>
  );
}
