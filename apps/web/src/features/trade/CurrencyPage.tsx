
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { type Quote, useQuote } from '../../shared/market/quotes.ts';
import { useSession } from '../../shared/session.ts';
import { FrozenBanner } from '../../shared/ui/FrozenBanner.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { ChartPanel } from '../../shared/trading/ChartPanel.tsx';
import { useStableDef } from '../../shared/trading/market-data.ts';
import { QuoteSummary } from '../../shared/trading/QuoteSummary.tsx';
import { TradingLayout } from '../../shared/trading/TradingLayout.tsx';
import '../../shared/trading/trading.css';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useRecordView } from './api.ts';
import { KlineChart } from '../../shared/trading/KlineChart.tsx';
import { MarketClosedBanner } from './components/MarketClosedBanner.tsx';
import { MarketTabs } from './components/MarketTabs.tsx';
import { DepthPanel } from '../../shared/trading/PairOrderBook.tsx';
import { OpenOrders } from './components/OpenOrders.tsx';
import { OrderForm } from './components/OrderForm.tsx';
import { PairSwitcher } from './components/PairSwitcher.tsx';
import { TradeHeader } from './components/TradeHeader.tsx';
import { useOrderDraft } from './order-draft.ts';
import './trade.css';
import { tradePagePath } from '../../shared/navigation.ts';

const DEFAULT_SYMBOL = 'BTC/USDT';

function TradeScreen({ quote }: { quote: Quote }) {
  const navigate = useNavigate();
  const { token } = useSession();
  const def = useStableDef(quote);
  const { draft, update, pickPrice, picks } = useOrderDraft(quote.price, def);
  const [switching, setSwitching] = useState(false);
  const [chartOpen, setChartOpen] = useState(false);
  useRecordView(quote.symbol);
  return (
    <div className="trade">
      <TradeHeader quote={quote} onSwitchPair={() => setSwitching(true)} />
      <TradingLayout
        top={
          <>
            <FrozenBanner />
            {quote.market_open ? null : <MarketClosedBanner nextOpen={quote.next_open} />}
            <QuoteSummary quote={quote} chartOpen={chartOpen} onToggleChart={() => setChartOpen((open) => !open)} chartToggleTestId="trade-chart-toggle" />
            <ChartPanel open={chartOpen} render={(tab, fullScreen) => (tab === 'kline' ? <KlineChart def={def} fullScreen={fullScreen} /> : <DepthPanel quote={quote} />)} />
          </>
        }
        form={<OrderForm quote={quote} def={def} draft={draft} onChange={update} pricePicks={picks} />}
        book={<MarketTabs quote={quote} def={def} onPickPrice={pickPrice} />}
        bottom={token ? <OpenOrders quote={quote} def={def} /> : null}
      />
      <PairSwitcher
        visible={switching}
        current={quote.symbol}
        onClose={() => setSwitching(false)}
        onSelect={(symbol) => {
          setSwitching(false);
          navigate(tradePagePath(symbol), { replace: true });
        }}
      />
    </div>
  );
}

/** Spot and stock trading for one pair, `?symbol=BTC%2FUSDT` (BTC/USDT when absent). */
export default function CurrencyPage() {
  const { t } = useTranslation('trade');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const symbol = params.get('symbol') ?? DEFAULT_SYMBOL;
  const quote = useQuote(symbol);

  // Keyed by symbol: another pair starts with a fresh form, chart and subscriptions.
  if (quote.data) return <TradeScreen key={symbol} quote={quote.data} />;
  return (
    <>
      <PageHeader title={t('title')} fallback="/pages/market/market" />
      {quote.isError ? (
        <LoadError title={t('loadError.title')} description={t('loadError.description')} onRetry={quote.refetch} />
      ) : quote.isSuccess ? (
        <ErrorBlock status="empty" title={t('notFound.title')} description={t('notFound.description')} data-testid="trade-not-found">
          <Button color="primary" onClick={() => navigate(tradePagePath(DEFAULT_SYMBOL), { replace: true })}>
            {t('notFound.back')}
          </Button>
        </ErrorBlock>
      ) : (
        <Skeleton.Paragraph lineCount={8} animated className="trade-skeleton" />
      )}
    </>
  );
}
