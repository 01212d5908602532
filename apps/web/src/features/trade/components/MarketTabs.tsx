import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { Quote } from '../../../shared/market/quotes.ts';
import { OrderBook } from './OrderBook.tsx';
import { RecentTrades } from './RecentTrades.tsx';

/** Order book and recent trades; only the open tab is mounted, so only its channel is subscribed. */
export function MarketTabs({ quote, onPickPrice }: { quote: Quote; onPickPrice(price: string): void }) {
  const { t } = useTranslation('trade');
  return (
    <section className="trade-card trade-market">
      <Tabs className="trade-tabs" defaultActiveKey="book">
        <Tabs.Tab key="book" title={t('book.tab')} destroyOnClose>
          <OrderBook quote={quote} onPick={onPickPrice} />
        </Tabs.Tab>
        <Tabs.Tab key="trades" title={t('trades.tab')} destroyOnClose>
          <RecentTrades quote={quote} />
        </Tabs.Tab>
      </Tabs>
    </section>
  );
}
