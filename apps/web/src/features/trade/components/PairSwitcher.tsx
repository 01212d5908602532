import { toneOf } from '@openbourse/core';
import { List, Popup, SearchBar } from 'antd-mobile';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Quote, useQuotes } from '../../../shared/market/quotes.ts';
import { formatChangePercent, formatDecimal } from '../../../shared/format.ts';

const matches = (quote: Quote, keyword: string) => quote.symbol.includes(keyword) || quote.name.toUpperCase().includes(keyword);

interface Props {
  visible: boolean;
  current: string;
  onClose(): void;
  onSelect(symbol: string): void;
}

/** A bottom sheet listing every instrument with its live price; the search matches symbol or name. */
export function PairSwitcher({ visible, current, onClose, onSelect }: Props) {
  const { t } = useTranslation('trade');
  const quotes = useQuotes();
  const [search, setSearch] = useState('');
  const keyword = useDeferredValue(search.trim().toUpperCase());
  const shown = (quotes.data ?? []).filter((quote) => keyword === '' || matches(quote, keyword));
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="trade-pairs" destroyOnClose>
      <div className="trade-pairs__title">{t('pairs.title')}</div>
      <SearchBar className="trade-pairs__search" placeholder={t('pairs.search')} value={search} onChange={setSearch} data-testid="trade-pairs-search" />
      <div className="trade-pairs__list">
        {shown.length === 0 ? (
          <div className="trade-pairs__empty muted">{t('pairs.empty')}</div>
        ) : (
          <List>
            {shown.map((quote) => (
              <List.Item
                key={quote.symbol}
                className={quote.symbol === current ? 'trade-pairs__item--current' : undefined}
                prefix={<img src={quote.icon} alt="" className="trade-pairs__icon" />}
                description={quote.name}
                extra={
                  <span className="trade-pairs__quote">
                    <span className="trade-pairs__price">{formatDecimal(quote.price)}</span>
                    <span className={`trade-pairs__change tone-${toneOf(quote.change_percent)}`}>{formatChangePercent(quote.change_percent)}</span>
                  </span>
                }
                onClick={() => onSelect(quote.symbol)}
                arrowIcon={false}
                data-testid={`trade-pair-${quote.symbol}`}
              >
                {quote.symbol}
              </List.Item>
            ))}
          </List>
        )}
      </div>
    </Popup>
  );
}
