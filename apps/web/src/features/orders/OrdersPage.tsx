import { PullToRefresh, Tabs } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSpotOrders } from '../../shared/market/orders.ts';
import { useQuotes } from '../../shared/market/quotes.ts';
import { useSession } from '../../shared/session.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { CancelAllButton } from './CancelAllButton.tsx';
import { OrderList } from './OrderList.tsx';
import { type PairChoice, PairFilter, quoteOfPair } from './PairFilter.tsx';
import { VisitorPrompt } from './VisitorPrompt.tsx';
import './orders.css';

type TabKey = 'open' | 'history';

/**
 * Tab and pair live in the address (`?tab=history&currency_id=1&legal_id=3`),
 * so coming back from an order's details restores the same list.
 */
function useListChoice() {
  const [params, setParams] = useSearchParams();
  const tab: TabKey = params.get('tab') === 'history' ? 'history' : 'open';
  const currencyId = Number(params.get('currency_id'));
  const legalId = Number(params.get('legal_id'));
  const pair: PairChoice | null = currencyId > 0 && legalId > 0 ? { currencyId, legalId } : null;

  const update = (next: { tab: TabKey; pair: PairChoice | null }) => {
    const search = new URLSearchParams();
    if (next.tab === 'history') search.set('tab', 'history');
    if (next.pair) {
      search.set('currency_id', String(next.pair.currencyId));
      search.set('legal_id', String(next.pair.legalId));
    }
    setParams(search, { replace: true });
  };
  return { tab, pair, setTab: (next: TabKey) => update({ tab: next, pair }), setPair: (next: PairChoice | null) => update({ tab, pair: next }) };
}

function SignedInOrders() {
  const { t } = useTranslation('orders');
  const { tab, pair, setTab, setPair } = useListChoice();
  const filter = pair ?? {};
  // Open orders always load: their count titles the tab. History loads once its tab is shown.
  const openOrders = useSpotOrders({ status: 1, ...filter });
  const history = useSpotOrders({ status: 2, ...filter }, tab === 'history');
  const quotes = useQuotes();
  const quoteList = quotes.data ?? [];
  const quoteBySymbol = useMemo(() => new Map((quotes.data ?? []).map((quote) => [quote.symbol, quote])), [quotes.data]);
  const openCount = openOrders.data?.pages[0]?.total;
  const active = tab === 'open' ? openOrders : history;

  return (
    <>
      <div className="orders-toolbar">
        <Tabs activeKey={tab} onChange={(key) => setTab(key === 'history' ? 'history' : 'open')} className="orders-tabs">
          <Tabs.Tab key="open" title={<span data-testid="orders-tab-open">{openCount === undefined ? t('tabs.open') : t('tabs.openCount', { count: openCount })}</span>} />
          <Tabs.Tab key="history" title={<span data-testid="orders-tab-history">{t('tabs.history')}</span>} />
        </Tabs>
        <div className="orders-toolbar__row">
          <PairFilter quotes={quoteList} value={pair} onChange={setPair} />
          {tab === 'open' ? <CancelAllButton openOrders={openOrders} pair={pair} symbol={quoteOfPair(quoteList, pair)?.symbol ?? null} /> : null}
        </div>
      </div>
      <PullToRefresh onRefresh={() => Promise.all([active.refetch(), quotes.refetch()]).then(() => undefined)}>
        <OrderList key={tab} kind={tab} query={active} quoteBySymbol={quoteBySymbol} />
      </PullToRefresh>
    </>
  );
}

/** The orders tab: open orders and order history, live as orders fill or are cancelled. */
export default function OrdersPage() {
  const { t } = useTranslation('orders');
  const { token } = useSession();
  return (
    <>
      <PageHeader title={t('title')} back={false} />
      {token ? <SignedInOrders /> : <VisitorPrompt />}
    </>
  );
}
