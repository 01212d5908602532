import { toneOf } from '@openbourse/core';
import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { formatChangePercent, formatDecimal } from '../../shared/format.ts';
import { useQuotes } from '../../shared/market/quotes.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { futuresPaths } from './api.ts';
import './futures.css';

/** Which contracts each hub lists: the home grid's margin entry opens the crypto contracts, its stock entry the stock contracts. */
const HUB_KIND: Record<string, 'crypto' | 'stock'> = { '/pages/transaction/index': 'crypto', '/pages/transaction/index2': 'stock' };

/** pages/transaction/index and index2: the contracts of one kind with live prices, and the way to seconds options. */
export default function HubPage() {
  const { t } = useTranslation(['futures', 'market']);
  const { pathname } = useLocation();
  const kind = HUB_KIND[pathname] ?? 'crypto';
  const quotes = useQuotes();
  const list = (quotes.data ?? []).filter((quote) => quote.kind === kind);
  return (
    <>
      <PageHeader title={kind === 'crypto' ? t('hub.margin') : t('hub.stocks')} />
      <div className="futures-page" data-testid={`futures-hub-${kind}`}>
        <div className="futures-hub-links">
          <Link to={futuresPaths.orders} className="futures-hub-link">
            {t('action.myOrders')}
          </Link>
          <Link to={list[0] ? `${futuresPaths.seconds}?symbol=${encodeURIComponent(list[0].symbol)}` : futuresPaths.seconds} className="futures-hub-link" data-testid="futures-hub-seconds">
            {t('hub.seconds')}
          </Link>
          <Link to={futuresPaths.transfer} className="futures-hub-link">
            {t('action.transfer')}
          </Link>
        </div>
        {quotes.data && list.length === 0 ? <p className="futures-empty">{t('hub.empty')}</p> : null}
        <ul className="futures-hub">
          {list.map((quote) => (
            <li key={quote.symbol}>
              <Link to={futuresPaths.contract(quote.symbol)} className="futures-hub__row" data-testid={`futures-hub-${quote.symbol}`}>
                <span className="futures-hub__name">
                  <strong>
                    {quote.symbol}
                    {quote.kind === 'stock' && !quote.market_open ? (
                      <Tag fill="outline" color="var(--ob-text-3)" className="futures-hub__closed">
                        {t('market:row.closed')}
                      </Tag>
                    ) : null}
                  </strong>
                  <small>{quote.name}</small>
                </span>
                <span className="futures-hub__price">{formatDecimal(quote.price)}</span>
                <span className={`futures-hub__change futures-tone--${toneOf(quote.change_percent)}`}>{formatChangePercent(quote.change_percent)}</span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="futures-note futures-note--risk">{t('note.risk')}</p>
      </div>
    </>
  );
}
