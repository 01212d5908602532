import { TIMING } from '@openbourse/core';
import { ErrorBlock, SearchBar, Skeleton } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type Quote, useQuotes } from '../../shared/market/quotes.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { useMarketSearch, useOpenInstrument } from './api.ts';
import { QuoteList } from './QuoteRow.tsx';
import { SearchSuggestions } from './SearchSuggestions.tsx';
import { useDebouncedValue } from './useDebouncedValue.ts';
import './market.css';

/** The server accepts keywords up to 20 characters. */
const KEYWORD_MAX = 20;

function SearchResults({ keyword, quotesBySymbol, onOpen }: { keyword: string; quotesBySymbol: Map<string, Quote>; onOpen(symbol: string): void }) {
  const { t } = useTranslation('market');
  const search = useMarketSearch(keyword);
  if (!search.data) {
    if (search.isError) return <LoadError title={t('search.errorTitle')} description={t('error.description')} onRetry={search.refetch} className="market-error" />;
    return <Skeleton.Paragraph lineCount={6} animated className="market-skeleton" />;
  }
  if (search.data.results.length === 0) {
    return <ErrorBlock status="empty" className="market-empty" title={t('search.noResultsTitle')} description={t('search.noResultsText')} data-testid="search-no-results" />;
  }
  // Matches are a snapshot; the live list supplies current prices and the favourite star.
  const results = search.data.results.map((match) => quotesBySymbol.get(match.symbol) ?? match);
  return (
    <div data-testid="search-results">
      <QuoteList quotes={results} onOpen={onOpen} />
    </div>
  );
}

/** Search by symbol or name with hot and recently viewed pairs; every pair opens its trading page. */
export default function SearchPage() {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const keyword = useDebouncedValue(input.trim(), TIMING.debounceMs);
  const quotes = useQuotes();
  const openInstrument = useOpenInstrument();
  const quotesBySymbol = useMemo(() => new Map((quotes.data ?? []).map((quote) => [quote.symbol, quote])), [quotes.data]);
  // Like the page header's back: to the previous page, or to the market tab when search was opened from a link.
  const close = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate('/pages/market/market', { replace: true }));

  return (
    <div className="market-search" data-testid="search-page">
      <div className="market-search__bar">
        <SearchBar
          autoFocus
          value={input}
          onChange={setInput}
          maxLength={KEYWORD_MAX}
          placeholder={t('search.placeholder')}
          showCancelButton={() => true}
          cancelText={t('shell:actions.cancel')}
          onCancel={close}
          data-testid="search-input"
        />
      </div>
      {input.trim() === '' ? (
        <SearchSuggestions quotesBySymbol={quotesBySymbol} onOpen={openInstrument} />
      ) : keyword === '' ? (
        <Skeleton.Paragraph lineCount={6} animated className="market-skeleton" />
      ) : (
        <SearchResults keyword={keyword} quotesBySymbol={quotesBySymbol} onOpen={openInstrument} />
      )}
    </div>
  );
}
