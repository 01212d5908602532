import { Button, Dialog, Input, Segmented, Selector, Skeleton, Stepper } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../shared/api/request.ts';
import { formatChangePercent, formatDecimal, formatSignificant } from '../../shared/format.ts';
import { useQuote } from '../../shared/market/quotes.ts';
import { ROUTES } from '../../shared/navigation.ts';
import { useSession } from '../../shared/session.ts';
import { Facts, Section } from '../../shared/ui/Facts.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type Contract, type FuturesOrder, futuresPaths, type LeverDeal, type Side, useBatchClose, useLeverDeal, useSubmitFutures } from './api.ts';
import { PositionCard } from './PositionCard.tsx';
import { previewTicket, priceTicks, termsOf } from './preview.ts';
import './futures.css';

function Ticket({ deal, contract, feedPrice }: { deal: LeverDeal; contract: Contract; feedPrice: string }) {
  const { t } = useTranslation('futures');
  const [side, setSide] = useState<Side>('long');
  const [orderType, setOrderType] = useState<'market' | 'limit'>('market');
  const [multiple, setMultiple] = useState(contract.multiples.includes(10) ? 10 : (contract.multiples[0] as number));
  const [lots, setLots] = useState(contract.min_lots);
  const [limit, setLimit] = useState('');
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const submit = useSubmitFutures();
  const terms = useMemo(() => termsOf(contract), [contract]);
  const feedTicks = priceTicks(terms, feedPrice) ?? 0;
  const preview = previewTicket(terms, { side, lots, multiple, feedTicks, limit: orderType === 'limit' ? limit : undefined, takeProfit, stopLoss });
  const base = contract.symbol.split('/')[0];
  const tooMuch = preview !== null && preview.total !== '--' && Number(preview.total) > Number(deal.available);
  const issue = tooMuch ? t('issue.balance') : preview?.issue ? t(`issue.${preview.issue}`, { price: preview.liquidationForIssue }) : null;

  const send = async () => {
    try {
      const order = await submit.mutateAsync({
        currency_id: contract.currency_id,
        legal_id: contract.legal_id,
        type: side === 'long' ? 1 : 2,
        order_type: orderType,
        lots,
        multiple,
        target_price: orderType === 'limit' ? limit : undefined,
        target_profit_price: takeProfit || undefined,
        stop_loss_price: stopLoss || undefined,
      });
      toast((order as FuturesOrder).status === 'holding' ? t('done.opened') : t('done.entrusted'));
      setTakeProfit('');
      setStopLoss('');
    } catch {
      // The request layer has shown why.
    }
  };

  return (
    <Section testId="futures-ticket">
      <Segmented
        block
        className={`futures-side futures-side--${side}`}
        value={side}
        onChange={(value) => setSide(value as Side)}
        options={[
          { label: t('side.long'), value: 'long' },
          { label: t('side.short'), value: 'short' },
        ]}
        data-testid="futures-side"
      />
      <Segmented
        block
        className="futures-type"
        value={orderType}
        onChange={(value) => setOrderType(value as 'market' | 'limit')}
        options={[
          { label: t('type.market'), value: 'market' },
          { label: t('type.limit'), value: 'limit' },
        ]}
        data-testid="futures-type"
      />
      {orderType === 'limit' ? (
        <div className="futures-field">
          <span>{t('field.price')}</span>
          <Input inputMode="decimal" value={limit} onChange={setLimit} placeholder={formatDecimal(feedPrice)} data-testid="futures-limit" />
        </div>
      ) : null}
      <div className="futures-field">
        <span>{t('field.multiple')}</span>
        <Selector
          className="futures-multiples"
          columns={Math.min(5, contract.multiples.length)}
          options={contract.multiples.map((value) => ({ label: `×${value}`, value }))}
          value={[multiple]}
          onChange={(values) => values[0] !== undefined && setMultiple(values[0])}
        />
      </div>
      <div className="futures-field">
        <span>
          {t('field.lots')} <small>{t('field.lotSize', { size: contract.lot_size, base })}</small>
        </span>
        <Stepper min={contract.min_lots} max={contract.max_lots_per_order} digits={0} value={lots} onChange={(value) => setLots(Math.max(contract.min_lots, Math.floor(value ?? contract.min_lots)))} data-testid="futures-lots" />
      </div>
      <div className="futures-stops">
        <div className="futures-field">
          <span>{t('field.takeProfit')}</span>
          <Input inputMode="decimal" value={takeProfit} onChange={setTakeProfit} data-testid="futures-tp" />
        </div>
        <div className="futures-field">
          <span>{t('field.stopLoss')}</span>
          <Input inputMode="decimal" value={stopLoss} onChange={setStopLoss} data-testid="futures-sl" />
        </div>
      </div>
      <Facts
        facts={[
          { label: t('field.margin'), value: `${preview?.margin ?? '--'} USDT`, testId: 'futures-margin' },
          { label: t('field.fee'), value: `${preview?.fee ?? '--'} USDT`, testId: 'futures-fee' },
          { label: t('field.liquidation'), value: preview?.liquidation ?? '--', strong: true, testId: 'futures-liquidation' },
          { label: t('field.available'), value: `${formatSignificant(deal.available)} USDT` },
        ]}
      />
      {issue ? (
        <p className="futures-issue" role="alert" data-testid="futures-issue">
          {issue}
        </p>
      ) : null}
      <Button
        block
        size="large"
        className={`futures-submit futures-submit--${side}`}
        disabled={Boolean(issue) || !contract.market_open || (orderType === 'limit' && !limit)}
        loading={submit.isPending}
        onClick={send}
        data-testid="futures-submit"
      >
        {t('action.open', { side: t(`side.${side}`), lots })}
      </Button>
      {!contract.market_open ? <p className="futures-note">{t('note.closed')}</p> : null}
      <p className="futures-note">{t('note.spread', { spread: contract.spread, fee: Number(contract.fee_rate) * 100, overnight: Number(contract.overnight_rate) * 100 })}</p>
      <p className="futures-note futures-note--risk">{t('note.risk')}</p>
    </Section>
  );
}

function Visitor() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <div className="futures-actions">
      <Button block color="primary" onClick={() => navigate(`${ROUTES.login}?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`)}>
        {t('actions.login')}
      </Button>
    </div>
  );
}

/** pages/transaction/contract?symbol=: the futures ticket (long or short, market or limit, multiple, lots, TP/SL) previewed with core, and the pair's open positions. */
export default function ContractPage() {
  const { t } = useTranslation('futures');
  const [params, setParams] = useSearchParams();
  const symbol = params.get('symbol') ?? 'BTC/USDT';
  const { token } = useSession();
  const quote = useQuote(symbol);
  const deal = useLeverDeal(quote.data?.currency_id ?? 0, quote.data?.legal_id ?? 3);
  const contract = deal.data?.contract;
  const positions = deal.data?.positions ?? [];
  const [confirmClose, setConfirmClose] = useState(false);

  return (
    <>
      <PageHeader
        title={`${symbol} · ${t('title')}`}
        fallback="/pages/transaction/index"
        right={
          <Link to={futuresPaths.orders} className="futures-header-link" data-testid="futures-orders-link">
            {t('action.myOrders')}
          </Link>
        }
      />
      <div className="futures-page" data-testid="futures-contract-page">
        <div className="futures-price" data-testid="futures-price">
          <strong className={`futures-price__value futures-tone--${Number(quote.data?.change_percent ?? 0) >= 0 ? 'up' : 'down'}`}>{quote.data ? formatDecimal(quote.data.price) : '--'}</strong>
          <span className={`futures-tone--${Number(quote.data?.change_percent ?? 0) >= 0 ? 'up' : 'down'}`}>{quote.data ? formatChangePercent(quote.data.change_percent) : ''}</span>
        </div>
        {deal.data ? (
          <div className="futures-pairs">
            {deal.data.contracts
              .filter((entry) => entry.kind === contract?.kind)
              .map((entry) => (
                <button type="button" key={entry.symbol} className={`futures-pair ${entry.symbol === symbol ? 'futures-pair--active' : ''}`} onClick={() => setParams({ symbol: entry.symbol }, { replace: true })}>
                  {entry.symbol.split('/')[0]}
                </button>
              ))}
          </div>
        ) : null}
        {!token ? <Visitor /> : null}
        {token && (deal.isPending || !quote.data) && !deal.isError ? <Skeleton.Paragraph lineCount={8} animated className="futures-skeleton" /> : null}
        {deal.isError ? <LoadError title={t('error.title')} description={t('error.description')} onRetry={() => void deal.refetch()} /> : null}
        {deal.data && contract && quote.data ? (
          <>
            <Facts
              className="futures-account"
              facts={[
                { label: t('field.available'), value: `${formatSignificant(deal.data.available)} USDT`, testId: 'futures-available' },
                { label: t('field.usedMargin'), value: `${formatSignificant(deal.data.used_margin)} USDT` },
                { label: t('field.accountRisk'), value: deal.data.account_risk_rate ? `${deal.data.account_risk_rate}%` : '--' },
              ]}
            />
            <Ticket deal={deal.data} contract={contract} feedPrice={quote.data.price} />
            <Section
              title={t('tabs.holding')}
              extra={
                positions.some((row) => row.status === 'holding') ? (
                  <Button size="mini" fill="outline" onClick={() => setConfirmClose(true)}>
                    {t('action.closeAll')}
                  </Button>
                ) : null
              }
              testId="futures-positions"
            >
              {positions.length === 0 ? <p className="futures-empty">{t('empty')}</p> : positions.map((order) => <PositionCard key={order.id} order={order} feedPrice={quote.data?.price} />)}
            </Section>
            <BatchCloseDialog type={confirmClose ? 0 : null} onClose={() => setConfirmClose(false)} />
          </>
        ) : null}
      </div>
    </>
  );
}

/** Confirms and closes the user's positions: all, longs only or shorts only (`type` as /lever/batch_close takes it). */
export function BatchCloseDialog({ type, onClose }: { type: 0 | 1 | 2 | null; onClose: () => void }) {
  const { t } = useTranslation('futures');
  const batch = useBatchClose();
  const run = async () => {
    if (type === null) return;
    try {
      await batch.mutateAsync(type);
      toast(t('done.closed'));
    } catch {
      // The request layer has shown why.
    }
  };
  return (
    <Dialog
      visible={type !== null}
      content={t('confirm.batch')}
      closeOnAction
      onClose={onClose}
      actions={[[{ key: 'cancel', text: t('shell:actions.cancel') }, { key: 'close', text: t('action.close'), bold: true, onClick: run }]]}
    />
  );
}
