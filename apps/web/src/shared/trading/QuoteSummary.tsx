import { HistogramOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatCompactNumber, formatDecimal } from '../format.ts';
import type { Quote } from '../market/quotes.ts';
import { useLiveStale } from '../realtime/index.ts';
import { PairHeader } from './PairHeader.tsx';

/** A trading page's pair header from a live quote: last price, change, 24 h high, low and volume, and the button that opens the chart. */
export function QuoteSummary({ quote, chartOpen, onToggleChart, chartToggleTestId }: { quote: Quote; chartOpen: boolean; onToggleChart(): void; chartToggleTestId: string }) {
  const { t } = useTranslation('trade');
  const stale = useLiveStale('tickers');
  return (
    <PairHeader
      price={quote.price}
      changePercent={quote.change_percent}
      stale={stale}
      stats={[
        { label: t('summary.high'), value: formatDecimal(quote.high) },
        { label: t('summary.low'), value: formatDecimal(quote.low) },
        { label: t('summary.volume', { currency: quote.base }), value: formatCompactNumber(quote.volume) },
      ]}
      actions={
        <button type="button" className="trading-icon-button" aria-expanded={chartOpen} aria-label={t('chart.toggle')} onClick={onToggleChart} data-testid={chartToggleTestId}>
          <HistogramOutline />
        </button>
      }
    />
  );
}
