import { Button, DotLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Quote } from '../../../shared/market/quotes.ts';
import { useLiveStale } from '../../../shared/realtime/index.ts';
import { useRecentTrades } from '../api.ts';
import { formatClock } from '../format.ts';
import { formatDecimal } from '../../../shared/format.ts';

/** The pair's latest trades, newest first, coloured by the taker's side. */
export function RecentTrades({ quote }: { quote: Quote }) {
  const { t } = useTranslation('trade');
  const trades = useRecentTrades(quote.symbol);
  const stale = useLiveStale(`trades:${quote.symbol}`);
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
  return (
    <div className="trade-trades" data-testid="trade-trades" data-live data-stale={stale}>
      <div className="trade-trades__row trade-trades__head">
        <span>{t('trades.time')}</span>
        <span>{t('trades.price', { currency: quote.quote })}</span>
        <span>{t('trades.amount', { currency: quote.base })}</span>
      </div>
      {trades.data.length === 0 ? <div className="trade-trades__empty muted">{t('trades.empty')}</div> : null}
      {trades.data.map((trade) => (
        <div key={trade.id} className="trade-trades__row">
          <span className="muted">{formatClock(trade.time)}</span>
          <span className={trade.side === 'buy' ? 'tone-up' : 'tone-down'}>{formatDecimal(trade.price)}</span>
          <span>{formatDecimal(trade.amount)}</span>
        </div>
      ))}
    </div>
  );
}
