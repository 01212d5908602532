import { List, SearchBar, Skeleton } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatSignificant } from '../../shared/format.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useUserCurrencies } from './api.ts';
import './funds.css';

/** Choose the coin to deposit (`?action=recharge`, the default) or withdraw (`?action=withdraw`), with what the user holds of each (to withdraw: what the withdrawal form will offer). */
export default function SelectPage() {
  const { t } = useTranslation('funds');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const withdrawing = params.get('action') === 'withdraw';
  const [search, setSearch] = useState('');
  const currencies = useUserCurrencies();
  const term = search.trim().toUpperCase();
  const coins = (currencies.data ?? []).filter((coin) => coin.on_chain && (term === '' || coin.currency.includes(term) || coin.name.toUpperCase().includes(term)));
  const target = withdrawing ? '/pages/fund/withdraw' : '/pages/fund/receive';

  return (
    <div className="funds-page">
      <PageHeader
        title={withdrawing ? t('select.withdrawTitle') : t('select.depositTitle')}
        fallback="/pages/fund/assets"
        right={
          <button type="button" className="funds-header-link" onClick={() => navigate(`/pages/fund/receive_withdraw_record?tab=${withdrawing ? 'withdraw' : 'deposit'}`)} aria-label={t('records.title')} data-testid="select-records">
            <FileOutline />
          </button>
        }
      />
      <div className="funds-search">
        <SearchBar placeholder={t('select.search')} value={search} onChange={setSearch} data-testid="select-search" />
      </div>
      {currencies.isError ? <LoadError title={t('errors.loadTitle')} description={t('errors.loadDescription')} onRetry={() => currencies.refetch()} /> : null}
      {currencies.isPending ? <Skeleton.Paragraph lineCount={8} animated className="content-skeleton" /> : null}
      {currencies.data ? (
        <List className="funds-coins" data-testid="select-list">
          {coins.map((coin) => (
            <List.Item
              key={coin.id}
              prefix={<img className="funds-coin-icon" src={coin.icon} alt="" width={32} height={32} />}
              description={coin.name}
              extra={<span className="funds-coins__total">{formatSignificant(withdrawing ? coin.withdrawable : coin.total)}</span>}
              onClick={() => navigate(`${target}?currency=${coin.currency}`)}
              data-testid={`select-coin-${coin.currency}`}
            >
              {coin.currency}
            </List.Item>
          ))}
          {coins.length === 0 ? <div className="funds-empty muted">{t('select.none')}</div> : null}
        </List>
      ) : null}
    </div>
  );
}
