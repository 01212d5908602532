import { DownFill, StarFill, StarOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { type Quote, useToggleFavourite } from '../../../shared/market/quotes.ts';
import { useSession } from '../../../shared/session.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';

function FavouriteStar({ quote }: { quote: Quote }) {
  const { t } = useTranslation('trade');
  const toggle = useToggleFavourite();
  const favourite = quote.favourite === true;
  return (
    <button
      type="button"
      className={`trade-star${favourite ? ' trade-star--on' : ''}`}
      aria-label={favourite ? t('favourite.remove') : t('favourite.add')}
      aria-pressed={favourite}
      disabled={toggle.isPending}
      onClick={() => toggle.mutate({ symbol: quote.symbol, favourite: !favourite })}
      data-testid="trade-favourite"
    >
      {favourite ? <StarFill /> : <StarOutline />}
    </button>
  );
}

/** The pair's name (tap to switch pairs) and, signed in, the watchlist star. */
export function TradeHeader({ quote, onSwitchPair }: { quote: Quote; onSwitchPair(): void }) {
  const { t } = useTranslation('trade');
  const { token } = useSession();
  return (
    <PageHeader
      fallback="/pages/market/market"
      title={
        <button type="button" className="trade-pair" onClick={onSwitchPair} aria-label={t('pairs.switch')} data-testid="trade-pair">
          {quote.symbol}
          <DownFill className="trade-pair__caret" />
        </button>
      }
      right={token ? <FavouriteStar quote={quote} /> : null}
    />
  );
}
