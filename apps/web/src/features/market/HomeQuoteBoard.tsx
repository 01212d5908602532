import { dec, toneOf } from '@openbourse/core';
import { Grid, Skeleton } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type Quote, useQuotes } from '../../shared/market/quotes.ts';
import { useLiveStale } from '../../shared/realtime/index.ts';
import { useOpenInstrument, useTrending } from './api.ts';
import { PairName, QuoteList } from './QuoteRow.tsx';
import { sortQuotes } from './sorting.ts';
import './home-quotes.css';
import { formatChangePercent, formatDecimal } from '../../shared/format.ts';

const CARD_COUNT = 3;
const LIST_ROWS = 8;

type Board = 'hot' | 'gainers' | 'losers';
const BOARDS: Board[] = ['hot', 'gainers', 'losers'];

/** The pairs a board lists: the trending ones, or the biggest movers each way (unchanged pairs are no movers). */
function boardQuotes(board: Board, quotes: Quote[], hot: Quote[]): Quote[] {
  if (board === 'hot') return hot;
  if (board === 'gainers') return sortQuotes(quotes.filter((quote) => dec(quote.change_percent).greaterThan(0)), { column: 'change', direction: 'desc' });
  return sortQuotes(quotes.filter((quote) => dec(quote.change_percent).lessThan(0)), { column: 'change', direction: 'asc' });
}

function QuoteCard({ quote, onOpen }: { quote: Quote; onOpen(symbol: string): void }) {
  const tone = toneOf(quote.change_percent);
  return (
    <Grid.Item className="home-quote-card" onClick={() => onOpen(quote.symbol)} data-testid={`home-card-${quote.symbol}`}>
      <PairName quote={quote} />
      <div className={`home-quote-card__price tone-${tone}`} data-live-price>{formatDecimal(quote.price)}</div>
      <div className={`home-quote-card__change tone-${tone}`} data-live>{formatChangePercent(quote.change_percent)}</div>
    </Grid.Item>
  );
}

/** The home page's live quotes: three trending pairs as cards, then a short board of hot pairs or top movers. */
export default function HomeQuoteBoard() {
  const { t } = useTranslation('market');
  const quotes = useQuotes();
  const trending = useTrending();
  const openInstrument = useOpenInstrument();
  const [board, setBoard] = useState<Board>('hot');
  const stale = useLiveStale('tickers');
  if (quotes.isError) return null;
  if (!quotes.data || trending.isPending) return <Skeleton.Paragraph lineCount={6} animated className="home-quotes__skeleton" />;

  const all = quotes.data;
  const bySymbol = new Map(all.map((quote) => [quote.symbol, quote]));
  // Should the trending list be unavailable, the exchange's first-listed crypto pairs stand in.
  const hot = trending.data ? trending.data.hot.flatMap((symbol) => bySymbol.get(symbol) ?? []) : all.filter((quote) => quote.kind === 'crypto');
  const rows = boardQuotes(board, all, hot).slice(0, LIST_ROWS);

  return (
    <section className="home-quotes" aria-label={t('home.title')} data-testid="home-quotes" data-stale={stale}>
      <Grid columns={CARD_COUNT} gap={8} className="home-quotes__cards">
        {hot.slice(0, CARD_COUNT).map((quote) => (
          <QuoteCard key={quote.symbol} quote={quote} onOpen={openInstrument} />
        ))}
      </Grid>
      <div className="home-quotes__head">
        {/* Plain buttons, not antd's Tabs: its first-layout measuring cost a slow phone a second before the first price showed. */}
        <div role="tablist" className="home-quotes__boards">
          {BOARDS.map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={board === key}
              className={`home-quotes__board${board === key ? ' home-quotes__board--active' : ''}`}
              onClick={() => setBoard(key)}
              data-testid={`home-board-${key}`}
            >
              {t(`home.${key}`)}
            </button>
          ))}
        </div>
        <Link to="/pages/market/market" className="home-quotes__more" data-testid="home-quotes-more">
          {t('home.more')}
          <RightOutline />
        </Link>
      </div>
      {rows.length > 0 ? <QuoteList quotes={rows} onOpen={openInstrument} withFavourite={false} /> : <div className="home-quotes__none muted">{t('home.none')}</div>}
    </section>
  );
}
