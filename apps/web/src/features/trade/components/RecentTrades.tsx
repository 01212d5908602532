import { deriveSpec, type InstrumentDef } from '@openbourse/core';
import { Button, DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../shared/format.ts';
import type { Quote } from '../../../shared/market/quotes.ts';
import { useLiveStale } from '../../../shared/realtime/index.ts';
import { formatQuantity } from '../../../shared/trading/numbers.ts';
import { useRecentTrades } from '../api.ts';
import { formatClock } from '../format.ts';

/**
 * The pair's latest trades, newest first, coloured by the taker's side. Prints
 * from the market feed are marked as such beside this platform's own fills,
 * so a quiet pair still shows where the market trades.
 */
export function RecentTrades({ quote, def }: { quote: Quote; def: InstrumentDef }) {
  const { t } = useTranslation('trade');
  const trades = useRecentTrades(quote.symbol);
  const stale = useLiveStale(`trades:${quote.symbol}`);
  const quantityDecimals = deriveSpec(def).quantityDecimals;
  if (trades.isPending) {
    return (
      <div className="trade-book__loading">
        <DotLoading color="primary" />
      </div>
    );
  }
  if (trades.isError) {
    return (
      <div className="trade-trades__empty">
        <span className="muted">{t('trades.loadFailed')}</span>
        <Button size="mini" color="primary" fill="outline" onClick={() => void trades.refetch()}>
          {t('shell:actions.retry')}
        </Button>
      </div>
    );
  }
  const hasFeed = trades.data.some((trade) => trade.source === 'feed');
  return (
    <div className="trade-trades" data-testid="trade-trades" data-live data-stale={stale}>
      <div className="trade-trades__row trade-trades__head">
        <span>{t('trades.price', { currency: quote.quote })}</span>
        <span>{t('trades.amount', { currency: quote.base })}</span>
        <span>{t('trades.time')}</span>
      </div>
      {trades.data.length === 0 ? <div className="trade-trades__empty muted">{t('trades.empty')}</div> : null}
      {trades.data.map((trade) => (
        <div key={`${trade.source ?? 'platform'}-${trade.id}`} className={`trade-trades__row${trade.source === 'feed' ? ' trade-trades__row--feed' : ''}`} data-testid={trade.source === 'feed' ? 'trade-print-feed' : 'trade-print'}>
          <span className={trade.side === 'buy' ? 'tone-up' : 'tone-down'}>{formatDecimal(trade.price)}</span>
          <span>
            {formatQuantity(trade.amount, quantityDecimals)}
            {trade.source === 'feed' ? (
              <abbr className="trade-trades__mark" title={t('trades.feedPrint')}>
                {t('trades.feedMark')}
              </abbr>
            ) : null}
          </span>
          <span className="muted">{formatClock(trade.time)}</span>
        </div>
      ))}
      {hasFeed ? (
        <p className="trade-trades__legend muted" data-testid="trade-feed-legend">
          <span className="trade-trades__mark">{t('trades.feedMark')}</span> {t('trades.feedPrint')}
        </p>
      ) : null}
    </div>
  );
}
