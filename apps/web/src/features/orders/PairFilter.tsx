import { CheckList, Popup } from 'antd-mobile';
import { DownFill } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Quote } from '../../shared/market/quotes.ts';
import { PairIcon } from './order-parts.tsx';
import { formatDecimal } from '../../shared/format.ts';

/** The pair an order list is narrowed to, as `/coin/list` takes it. */
export interface PairChoice {
  currencyId: number;
  legalId: number;
}

const ALL = 'all';
const pairKey = (pair: PairChoice) => `${pair.currencyId}-${pair.legalId}`;

export const quoteOfPair = (quotes: Quote[], pair: PairChoice | null) =>
  pair ? quotes.find((quote) => quote.currency_id === pair.currencyId && quote.legal_id === pair.legalId) : undefined;

interface Props {
  quotes: Quote[];
  value: PairChoice | null;
  onChange(pair: PairChoice | null): void;
}

/** "All pairs" or one pair, picked from a sheet listing every instrument with its last price. */
export function PairFilter({ quotes, value, onChange }: Props) {
  const { t } = useTranslation('orders');
  const [open, setOpen] = useState(false);
  const chosen = quoteOfPair(quotes, value);
  const label = value ? (chosen?.symbol ?? '--') : t('filter.allPairs');

  // Tapping the pair already chosen unchecks it (empty keys): that keeps the choice and just closes.
  const choose = (keys: (string | number)[]) => {
    setOpen(false);
    if (keys.length === 0) return;
    const key = String(keys[0]);
    const quote = quotes.find((candidate) => pairKey({ currencyId: candidate.currency_id, legalId: candidate.legal_id }) === key);
    onChange(quote ? { currencyId: quote.currency_id, legalId: quote.legal_id } : null);
  };

  return (
    <>
      <button type="button" className={`orders-filter${value ? ' orders-filter--active' : ''}`} onClick={() => setOpen(true)} data-testid="orders-pair-filter">
        <span className="orders-filter__label">{label}</span>
        <DownFill className="orders-filter__arrow" />
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName="orders-popup" destroyOnClose>
        <div className="orders-popup__title">{t('filter.title')}</div>
        <CheckList value={[value ? pairKey(value) : ALL]} onChange={choose} className="orders-popup__list">
          <CheckList.Item value={ALL} data-testid="orders-pair-all">
            {t('filter.allPairs')}
          </CheckList.Item>
          {quotes.map((quote) => (
            <CheckList.Item
              key={quote.symbol}
              value={pairKey({ currencyId: quote.currency_id, legalId: quote.legal_id })}
              prefix={<PairIcon icon={quote.icon} symbol={quote.symbol} />}
              description={<span className="orders-popup__price">{formatDecimal(quote.price)}</span>}
              data-testid={`orders-pair-${quote.symbol}`}
            >
              {quote.symbol}
            </CheckList.Item>
          ))}
        </CheckList>
      </Popup>
    </>
  );
}
