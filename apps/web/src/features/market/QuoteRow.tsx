import { dec, type Tone, toneOf } from '@openbourse/core';
import { Image, List, Tag } from 'antd-mobile';
import { StarFill, StarOutline } from 'antd-mobile-icons';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Quote, useToggleFavourite } from '../../shared/market/quotes.ts';
import { useLiveStale } from '../../shared/realtime/index.ts';
import { useSession } from '../../shared/session.ts';
import { FiatValue } from '../../shared/ui/Amount.tsx';
import { useLoginPrompt } from './useLoginPrompt.ts';
import { formatChangePercent, formatCompactNumber, formatDecimal } from '../../shared/format.ts';
import './quote-row.css';

/** How long a changed price stays highlighted: long enough to notice, short enough not to distract. */
const FLASH_MS = 700;

/** 'up' or 'down' for a moment after the price moved, so the eye catches live changes. */
function usePriceFlash(price: string): 'up' | 'down' | null {
  const previous = useRef(price);
  const [flash, setFlash] = useState<'up' | 'down' | null>(null);
  useEffect(() => {
    if (previous.current === price) return;
    setFlash(dec(price).greaterThan(previous.current) ? 'up' : 'down');
    previous.current = price;
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [price]);
  return flash;
}

/** The coin or company logo; its first letter while loading or when the image is missing. */
function PairIcon({ quote }: { quote: Quote }) {
  const letter = <span className="pair-icon__letter">{quote.base.slice(0, 1)}</span>;
  // Sized by quote-row.css, smaller on narrow phones.
  return <Image src={quote.icon} fit="contain" className="pair-icon" placeholder={letter} fallback={letter} alt="" />;
}

/** Base symbol in bold and "/USDT" small, as exchanges write a pair. */
export function PairName({ quote }: { quote: Quote }) {
  return (
    <span className="pair-name">
      <span className="pair-name__base">{quote.base}</span>
      <span className="pair-name__quote">/{quote.quote}</span>
    </span>
  );
}

const BADGE_COLOURS: Record<Tone, string> = { up: 'var(--ob-up)', down: 'var(--ob-down)', flat: 'var(--ob-flat)' };

/** The 24 h change on a solid badge: green up, red down, grey unchanged (spec 9). */
function ChangeBadge({ percent }: { percent: string }) {
  const tone = toneOf(percent);
  return (
    <Tag color={BADGE_COLOURS[tone]} className={`change-badge change-badge--${tone}`} data-live>
      {formatChangePercent(percent)}
    </Tag>
  );
}

function FavouriteStar({ quote }: { quote: Quote }) {
  const { t } = useTranslation('market');
  const { token } = useSession();
  const toggle = useToggleFavourite();
  const askToLogIn = useLoginPrompt();
  const favourite = quote.favourite === true;
  const onClick = (event: MouseEvent) => {
    // The star sits inside the row; its tap must not also open the trading page.
    event.stopPropagation();
    if (!token) askToLogIn();
    else toggle.mutate({ symbol: quote.symbol, favourite: !favourite });
  };
  return (
    <button
      type="button"
      className={`favourite-star${favourite ? ' favourite-star--on' : ''}`}
      aria-label={t(favourite ? 'row.removeFavourite' : 'row.addFavourite')}
      aria-pressed={favourite}
      onClick={onClick}
      data-testid={`favourite-${quote.symbol}`}
    >
      {favourite ? <StarFill /> : <StarOutline />}
    </button>
  );
}

interface Props {
  quote: Quote;
  onOpen(symbol: string): void;
  /** Off where the list is only a glance (home page), not a place to manage the watchlist. */
  withFavourite?: boolean;
}

/** One pair: logo, name, 24 h volume, last price with its fiat value, and the 24 h change. */
function QuoteRow({ quote, onOpen, withFavourite = true }: Props) {
  const { t } = useTranslation('market');
  const flash = usePriceFlash(quote.price);
  return (
    <List.Item
      className="quote-row"
      arrowIcon={false}
      onClick={() => onOpen(quote.symbol)}
      prefix={
        <span className="quote-row__prefix">
          {withFavourite ? <FavouriteStar quote={quote} /> : null}
          <PairIcon quote={quote} />
        </span>
      }
      extra={
        <span className="quote-row__numbers">
          <span className="quote-row__price-cell">
            <span className={`quote-row__price${flash ? ` quote-row__price--flash-${flash}` : ''}`} data-testid={`price-${quote.symbol}`} data-live-price>
              {formatDecimal(quote.price)}
            </span>
            <span className="quote-row__fiat">
              <FiatValue usdt={quote.price} />
            </span>
          </span>
          <ChangeBadge percent={quote.change_percent} />
        </span>
      }
      data-testid={`quote-${quote.symbol}`}
    >
      <PairName quote={quote} />
      <span className="quote-row__volume">
        {quote.kind === 'stock' && !quote.market_open ? <Tag fill="outline" color="var(--ob-text-3)" className="closed-tag">{t('row.closed')}</Tag> : null}
        {t('row.volume', { value: formatCompactNumber(quote.volume) })}
      </span>
    </List.Item>
  );
}

/** Pairs as rows; every row opens its trading page. */
export function QuoteList({ quotes, onOpen, withFavourite }: { quotes: Quote[]; onOpen(symbol: string): void; withFavourite?: boolean }) {
  const stale = useLiveStale('tickers');
  return (
    <List className="quote-list" data-stale={stale}>
      {quotes.map((quote) => (
        <QuoteRow key={quote.symbol} quote={quote} onOpen={onOpen} withFavourite={withFavourite} />
      ))}
    </List>
  );
}
