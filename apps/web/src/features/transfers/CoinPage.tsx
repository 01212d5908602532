import { dec } from '@openbourse/core';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatAmount, formatSignificant, withFiatSymbol } from '../../shared/format.ts';
import { tradePagePath } from '../../shared/navigation.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { type CoinAccount, type CoinDetail, useBills, useCoin } from './api.ts';
import { BillRow } from './BillRow.tsx';
import { CoinIcon } from './SheetPicker.tsx';
import './transfers.css';

const RECENT_POSTINGS = 10;

/** One coin across every account that holds it, its recent postings, and what can be done with it. Query: currency (symbol or id). */
export default function CoinPage() {
  const { t } = useTranslation('funds');
  const [params] = useSearchParams();
  const currency = params.get('currency');
  const coin = useCoin(currency);
  return (
    <div className="transfers-page">
      <PageHeader title={coin.data?.currency ?? currency ?? ''} fallback="/pages/fund/assets" />
      {coin.data ? (
        <CoinView coin={coin.data} />
      ) : coin.isError || currency === null ? (
        <LoadError title={t('coin.notFound')} description={t('error.description')} onRetry={coin.refetch} />
      ) : (
        <Skeleton.Paragraph lineCount={10} animated className="transfers-skeleton" />
      )}
    </div>
  );
}

/** The account a transfer most likely starts from: the one with the most available. */
const richest = (accounts: CoinAccount[]) => accounts.reduce<CoinAccount | undefined>((best, account) => (!best || dec(account.available).greaterThan(best.available) ? account : best), undefined);

function CoinView({ coin }: { coin: CoinDetail }) {
  const { t } = useTranslation('funds');
  const navigate = useNavigate();
  const onChain = coin.kind === 'crypto' && coin.chains.length > 0;
  const from = richest(coin.accounts);
  const actions = [
    // The deposit and withdrawal pages name the coin by its symbol, in their titles too.
    { key: 'deposit', route: `/pages/fund/receive?currency=${coin.currency}`, shown: onChain },
    { key: 'withdraw', route: `/pages/fund/withdraw?currency=${coin.currency}`, shown: onChain },
    { key: 'transfer', route: `/pages/fund/fundTransfer?currency=${coin.currency_id}${from ? `&from=${from.code}` : ''}`, shown: coin.accounts.length > 1 },
    { key: 'trade', route: coin.trade_symbol ? tradePagePath(coin.trade_symbol) : '/pages/market/market', shown: true },
  ].filter((action) => action.shown);
  return (
    <div className="transfers-coin">
      <section className="transfers-card transfers-coin__summary" data-testid="coin-summary">
        <div className="transfers-coin__name">
          <CoinIcon icon={coin.icon} size={32} />
          <div>
            <div className="transfers-coin__symbol">{coin.currency}</div>
            <div className="transfers-coin__full muted">{coin.name}</div>
          </div>
        </div>
        <div className="transfers-label transfers-label--spaced">{t('coin.total')}</div>
        <div className="transfers-coin__total" data-testid="coin-total">
          {formatSignificant(coin.total)}
        </div>
        <div className="transfers-coin__value muted">
          ≈ {withFiatSymbol(formatAmount(coin.fiat_value), coin.fiat)} {coin.fiat.code}
        </div>
        <div className="transfers-coin__split">
          <div>
            <div className="transfers-label">{t('coin.available')}</div>
            <div>{formatSignificant(coin.available)}</div>
          </div>
          <div>
            <div className="transfers-label">{t('coin.frozen')}</div>
            <div>{formatSignificant(coin.frozen)}</div>
          </div>
        </div>
      </section>

      <div className="transfers-coin__actions">
        {actions.map((action) => (
          <Button key={action.key} color={action.key === 'trade' ? 'primary' : 'default'} onClick={() => navigate(action.route)} data-testid={`coin-${action.key}`}>
            {t(`coin.actions.${action.key}`)}
          </Button>
        ))}
      </div>

      <section className="transfers-card" data-testid="coin-accounts">
        <h2 className="transfers-card__title">{t('coin.accounts')}</h2>
        {coin.accounts.map((account) => (
          <button
            type="button"
            key={account.code}
            className="transfers-coin-account"
            onClick={() => navigate(`/pages/fund/fundTransfer?currency=${coin.currency_id}&from=${account.code}`)}
            data-testid={`coin-account-${account.code}`}
          >
            <span className="transfers-coin-account__name">{account.name}</span>
            <span className="transfers-coin-account__amounts">
              <span className={dec(account.total).isZero() ? 'muted' : ''}>{formatSignificant(account.available)}</span>
              {dec(account.frozen).isZero() ? null : <span className="transfers-coin-account__frozen">{t('coin.frozenAmount', { amount: formatSignificant(account.frozen) })}</span>}
            </span>
          </button>
        ))}
      </section>

      <RecentPostings currencyId={coin.currency_id} />
    </div>
  );
}

function RecentPostings({ currencyId }: { currencyId: number }) {
  const { t } = useTranslation(['funds', 'shell']);
  const navigate = useNavigate();
  const bills = useBills({ currency: currencyId }, RECENT_POSTINGS);
  const list = bills.data?.pages[0]?.list ?? [];
  return (
    <section className="transfers-card" data-testid="coin-postings">
      <div className="transfers-card__row">
        <h2 className="transfers-card__title">{t('coin.recent')}</h2>
        <button type="button" className="transfers-link" onClick={() => navigate(`/pages/fund/assets_all_record?currency=${currencyId}`)} data-testid="coin-all-records">
          {t('shell:actions.viewAll')}
        </button>
      </div>
      {bills.isPending ? (
        <Skeleton.Paragraph lineCount={4} animated />
      ) : list.length === 0 ? (
        <ErrorBlock status="empty" title={t('bills.empty')} description="" className="transfers-empty transfers-empty--small" data-testid="coin-postings-empty" />
      ) : (
        list.map((bill) => <BillRow key={bill.id} bill={bill} />)
      )}
    </section>
  );
}
