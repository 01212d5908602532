import { PullToRefresh, Segmented, Tabs } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSpotOrders } from '../../shared/market/orders.ts';
import { useQuotes } from '../../shared/market/quotes.ts';
import { useSession } from '../../shared/session.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useConditionalOrders } from '../../shared/market/conditional-orders.ts';
import { type FillFilter, useUserFills } from './api.ts';
import { CancelAllButton } from './CancelAllButton.tsx';
import { ConditionalList } from './ConditionalList.tsx';
import { dayEnd, dayStart, FillFilters, TradeHistory } from './TradeHistory.tsx';
import { OrderList } from './OrderList.tsx';
import { type PairChoice, PairFilter, quoteOfPair } from './PairFilter.tsx';
import { VisitorPrompt } from './VisitorPrompt.tsx';
import './orders.css';

const TAB_KEYS = ['open', 'conditional', 'history', 'fills'] as const;
type TabKey = (typeof TAB_KEYS)[number];
const isTabKey = (value: string | null): value is TabKey => TAB_KEYS.includes(value as TabKey);

/**
 * Tab and pair live in the address (`?tab=history&currency_id=1&legal_id=3`),
 * so coming back from an order's details restores the same list.
 */
function useListChoice() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabKey = isTabKey(requested) ? requested : 'open';
  const currencyId = Number(params.get('currency_id'));
  const legalId = Number(params.get('legal_id'));
  const pair: PairChoice | null = currencyId > 0 && legalId > 0 ? { currencyId, legalId } : null;

  const update = (next: { tab: TabKey; pair: PairChoice | null }) => {
    const search = new URLSearchParams();
    if (next.tab !== 'open') search.set('tab', next.tab);
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
  const [conditionalStatus, setConditionalStatus] = useState<'waiting' | 'finished'>('waiting');
  const [fillChoice, setFillChoice] = useState<{ side?: FillFilter['side']; from: string; to: string }>({ from: '', to: '' });
  // Open orders always load: their count titles the tab. The other lists load once their tab is shown.
  const openOrders = useSpotOrders({ status: 1, ...filter });
  const history = useSpotOrders({ status: 2, ...filter }, tab === 'history');
  const conditional = useConditionalOrders({ status: conditionalStatus === 'waiting' ? 1 : 2, ...filter }, tab === 'conditional');
  const fills = useUserFills({ ...filter, side: fillChoice.side, from: dayStart(fillChoice.from), to: dayEnd(fillChoice.to) }, tab === 'fills');
  const quotes = useQuotes();
  const quoteList = quotes.data ?? [];
  const quoteBySymbol = useMemo(() => new Map((quotes.data ?? []).map((quote) => [quote.symbol, quote])), [quotes.data]);
  const openCount = openOrders.data?.pages[0]?.total;
  const active = { open: openOrders, history, conditional, fills }[tab];

  return (
    <>
      <div className="orders-toolbar">
        <Tabs activeKey={tab} onChange={(key) => setTab(isTabKey(key) ? key : 'open')} className="orders-tabs scroll-tabs">
          <Tabs.Tab key="open" title={<span data-testid="orders-tab-open">{openCount === undefined ? t('tabs.open') : t('tabs.openCount', { count: openCount })}</span>} />
          <Tabs.Tab key="conditional" title={<span data-testid="orders-tab-conditional">{t('tabs.conditional')}</span>} />
          <Tabs.Tab key="history" title={<span data-testid="orders-tab-history">{t('tabs.history')}</span>} />
          <Tabs.Tab key="fills" title={<span data-testid="orders-tab-fills">{t('tabs.fills')}</span>} />
        </Tabs>
        <div className="orders-toolbar__row">
          <PairFilter quotes={quoteList} value={pair} onChange={setPair} />
          {tab === 'open' ? <CancelAllButton openOrders={openOrders} pair={pair} symbol={quoteOfPair(quoteList, pair)?.symbol ?? null} /> : null}
          {tab === 'conditional' ? (
            <Segmented
              className="orders-conditional-status"
              value={conditionalStatus}
              onChange={(value) => setConditionalStatus(value === 'finished' ? 'finished' : 'waiting')}
              options={[
                { value: 'waiting', label: <span data-testid="conditional-waiting">{t('conditional.status.waiting')}</span> },
                { value: 'finished', label: <span data-testid="conditional-finished">{t('conditional.finished')}</span> },
              ]}
            />
          ) : null}
        </div>
        {tab === 'fills' ? <FillFilters side={fillChoice.side} from={fillChoice.from} to={fillChoice.to} onChange={(next) => setFillChoice((current) => ({ ...current, ...next }))} /> : null}
      </div>
      <PullToRefresh onRefresh={() => Promise.all([active.refetch(), quotes.refetch()]).then(() => undefined)}>
        {tab === 'conditional' ? (
          <ConditionalList query={conditional} status={conditionalStatus} />
        ) : tab === 'fills' ? (
          <TradeHistory query={fills} />
        ) : (
          <OrderList key={tab} kind={tab} query={tab === 'open' ? openOrders : history} quoteBySymbol={quoteBySymbol} />
        )}
      </PullToRefresh>
    </>
  );
}

/** The orders tab: open orders, conditional orders, order history and trade history, live as orders fill or are cancelled. */
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
