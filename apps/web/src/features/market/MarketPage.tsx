import { ErrorBlock, PullToRefresh, Skeleton, Tabs } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { type Quote, useQuotes } from '../../shared/market/quotes.ts';
import { useSession } from '../../shared/session.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { useOpenInstrument } from './api.ts';
import { FavouritesEmpty, FavouritesGuest } from './FavouritesEmpty.tsx';
import { QuoteColumns } from './QuoteColumns.tsx';
import { QuoteList } from './QuoteRow.tsx';
import { type QuoteSort, sortQuotes } from './sorting.ts';
import './market.css';

const MARKET_TABS = ['favourite', 'crypto', 'stock'] as const;
type MarketTab = (typeof MARKET_TABS)[number];

/** `?tab=stock` (a link into the stock quotes, e.g. from the news; the home grid's stock entry opens the stock contracts hub, pages/transaction/index2) and the other tab names select a tab; anything else shows crypto. */
function tabOf(param: string | null): MarketTab {
  return MARKET_TABS.find((tab) => tab === param) ?? 'crypto';
}

function quotesOfTab(quotes: Quote[], tab: MarketTab): Quote[] {
  return tab === 'favourite' ? quotes.filter((quote) => quote.favourite) : quotes.filter((quote) => quote.kind === tab);
}

/** Looks like a search field; opens the search page, where the real field gets the keyboard. */
function SearchEntry() {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  return (
    <button type="button" className="market-search-entry" onClick={() => navigate('/pages/market/search')} data-testid="market-search-entry">
      <SearchOutline />
      <span>{t('searchEntry')}</span>
    </button>
  );
}

/** The market tab (also /pages/quotation/index): favourites, crypto and stocks, sortable, live. */
export default function MarketPage() {
  const { t } = useTranslation('market');
  const { token } = useSession();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get('tab'));
  const [sort, setSort] = useState<QuoteSort>(null);
  const quotes = useQuotes();
  const openInstrument = useOpenInstrument();
  const rows = useMemo(() => sortQuotes(quotesOfTab(quotes.data ?? [], tab), sort), [quotes.data, tab, sort]);
  // The tab lives in the address so that back, reload and shared links keep it; replace, so back leaves the page instead of stepping through tabs.
  const selectTab = (key: string) => setParams({ tab: key }, { replace: true });

  const body = () => {
    if (tab === 'favourite' && !token) return <FavouritesGuest />;
    if (quotes.isError && !quotes.data) return <LoadError title={t('error.title')} description={t('error.description')} onRetry={quotes.refetch} className="market-error" />;
    if (!quotes.data) return <Skeleton.Paragraph lineCount={10} animated className="market-skeleton" />;
    if (rows.length === 0) return tab === 'favourite' ? <FavouritesEmpty onAdd={() => selectTab('crypto')} /> : <ErrorBlock status="empty" className="market-empty" title={t('emptyList')} description="" />;
    return <QuoteList quotes={rows} onOpen={openInstrument} />;
  };

  return (
    <div className="market" data-testid="market-page">
      <div className="market__top">
        <SearchEntry />
        <Tabs activeKey={tab} onChange={selectTab} stretch={false} className="market-tabs">
          {MARKET_TABS.map((key) => (
            <Tabs.Tab key={key} title={<span data-testid={`market-tab-${key}`}>{t(`tabs.${key}`)}</span>} />
          ))}
        </Tabs>
        {rows.length > 0 ? <QuoteColumns sort={sort} onSortChange={setSort} /> : null}
      </div>
      <PullToRefresh onRefresh={async () => void (await quotes.refetch())}>
        <div className="market__body">{body()}</div>
      </PullToRefresh>
    </div>
  );
}
