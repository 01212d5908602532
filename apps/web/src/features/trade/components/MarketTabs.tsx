import type { InstrumentDef } from '@openbourse/core';
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Quote } from '../../../shared/market/quotes.ts';
import { OrderBook } from '../../../shared/trading/PairOrderBook.tsx';
import { RecentTrades } from './RecentTrades.tsx';

/** The right column: order book and recent trades; only the open tab is mounted, so only its channel is subscribed. */
export function MarketTabs({ quote, def, onPickPrice }: { quote: Quote; def: InstrumentDef; onPickPrice(price: string): void }) {
  const { t } = useTranslation('trade');
  return (
    <section className="trade-market">
      <Tabs className="trade-tabs" defaultActiveKey="book">
        <Tabs.Tab key="book" title={<span data-testid="trade-tab-book">{t('book.tab')}</span>} destroyOnClose>
          <OrderBook quote={quote} def={def} onPick={onPickPrice} />
        </Tabs.Tab>
        <Tabs.Tab key="trades" title={<span data-testid="trade-tab-trades">{t('trades.tab')}</span>} destroyOnClose>
          <RecentTrades quote={quote} def={def} />
        </Tabs.Tab>
      </Tabs>
    </section>
  );
}
