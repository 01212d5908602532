import { toneOf } from '@openbourse/core';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Quote } from '../../shared/market/quotes.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { useMarketSearch } from './api.ts';
import { formatChangePercent } from '../../shared/format.ts';

interface Props {
  quotesBySymbol: Map<string, Quote>;
  onOpen(symbol: string): void;
}

function SymbolChip({ symbol, quote, onOpen, testId }: { symbol: string; quote: Quote | undefined; onOpen(symbol: string): void; testId: string }) {
  return (
    <Button size="small" shape="rounded" className="search-chip" onClick={() => onOpen(symbol)} data-testid={testId}>
      {symbol}
      {quote ? <span className={`search-chip__change tone-${toneOf(quote.change_percent)}`}>{formatChangePercent(quote.change_percent)}</span> : null}
    </Button>
  );
}

/** What search offers before anything is typed: the pairs the user looked at last (signed in) and the trending ones. */
export function SearchSuggestions({ quotesBySymbol, onOpen }: Props) {
  const { t } = useTranslation('market');
  const suggestions = useMarketSearch('');
  if (!suggestions.data) {
    if (suggestions.isError) return <LoadError title={t('search.errorTitle')} description={t('error.description')} onRetry={suggestions.refetch} className="market-error" />;
    return <Skeleton.Paragraph lineCount={4} animated className="market-skeleton" />;
  }
  const { recent, hot } = suggestions.data;
  if (recent.length === 0 && hot.length === 0) return <ErrorBlock status="empty" className="market-empty" title={t('shell:empty.noData')} description="" />;
  const section = (key: 'recent' | 'hot', symbols: string[]) =>
    symbols.length > 0 ? (
      <section className="search-section" data-testid={`search-${key}`}>
        <h2 className="search-section__title">{t(`search.${key}`)}</h2>
        <div className="search-chips">
          {symbols.map((symbol) => (
            <SymbolChip key={symbol} symbol={symbol} quote={quotesBySymbol.get(symbol)} onOpen={onOpen} testId={`search-${key}-${symbol}`} />
          ))}
        </div>
      </section>
    ) : null;
  return (
    <>
      {section('recent', recent)}
      {section('hot', hot)}
    </>
  );
}
