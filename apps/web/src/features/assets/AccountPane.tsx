import { CONVERSION, dec } from '@openbourse/core';
import { Checkbox, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { formatAmount, withFiatSymbol } from '../../shared/format.ts';
import { useSession } from '../../shared/session.ts';
import type { WalletAccount, WalletBalance } from './api.ts';
import { formatBalance, MASK } from './amounts.ts';
import { SmallBalancesPopup } from './SmallBalancesPopup.tsx';

function BalanceRow({ balance, hidden }: { balance: WalletBalance; hidden: boolean }) {
  const { t } = useTranslation('assets');
  const { fiat } = useSession();
  const navigate = useNavigate();
  const show = (text: string) => (hidden ? MASK : text);
  return (
    <List.Item
      className="assets-balance"
      prefix={balance.icon ? <img src={balance.icon} alt="" className="assets-balance__icon" /> : null}
      onClick={() => navigate(`/pages/fund/assets_record?currency=${balance.currency}`)}
      arrowIcon={false}
      data-testid={`assets-balance-${balance.currency}`}
    >
      <div className="assets-balance__head">
        <span className="assets-balance__symbol">{balance.currency}</span>
        <span className="assets-balance__total">{show(formatBalance(balance.total))}</span>
      </div>
      <div className="assets-balance__grid">
        <div>
          <div className="assets-balance__label">{t('balance.available')}</div>
          <div className="assets-balance__value">{show(formatBalance(balance.available))}</div>
        </div>
        <div>
          <div className="assets-balance__label">{t('balance.frozen')}</div>
          <div className="assets-balance__value">{show(formatBalance(balance.frozen))}</div>
        </div>
        <div className="assets-balance__right">
          <div className="assets-balance__label">{t('balance.value', { code: fiat.currency_code })}</div>
          <div className="assets-balance__value">
            {withFiatSymbol(show(formatAmount(balance.fiat_value)), { symbol: fiat.symbol, code: fiat.currency_code })}
          </div>
        </div>
      </div>
    </List.Item>
  );
}

/** Worth less than the small-balance threshold in USDT at the last price, zero included. */
export const isSmall = (balance: WalletBalance) => dec(balance.usdt_value).lessThan(CONVERSION.smallBalanceUsdt);

interface Props {
  account: WalletAccount;
  hidden: boolean;
  /** Whether balances worth under 1 USDT are left out; undefined until the user chooses. */
  hideSmall: boolean | undefined;
  onHideSmallChange(hide: boolean): void;
  /** The account holds coins the small-balance sweep would convert (as the server lists them). */
  sweepable: boolean;
}

/** One account: what it is for, its total and its currencies. */
export function AccountPane({ account, hidden, hideSmall, onHideSmallChange, sweepable }: Props) {
  const { t } = useTranslation('assets');
  const { fiat } = useSession();
  const [sweepOpen, setSweepOpen] = useState(false);
  // By default an account that holds something worth showing lists only that; an account of dust lists everything.
  const hiding = hideSmall ?? account.balances.some((balance) => !isSmall(balance));
  const rows = hiding ? account.balances.filter((balance) => !isSmall(balance)) : account.balances;
  return (
    <div className="assets-account" data-testid={`assets-account-${account.code}`}>
      <div className="assets-account__head">
        <div>
          <div className="assets-account__label">{t('account.total', { name: account.name })}</div>
          <div className="assets-account__total">
            {hidden ? MASK : formatAmount(account.total_usdt)} <span className="assets-account__unit">USDT</span>
          </div>
          <div className="assets-account__fiat">
            ≈ {withFiatSymbol(hidden ? MASK : formatAmount(account.total_fiat), { symbol: fiat.symbol, code: fiat.currency_code })}
          </div>
        </div>
      </div>
      <div className="assets-account__about muted" data-testid={`assets-account-about-${account.code}`}>
        {t(`account.about.${account.code}`, { defaultValue: '' })}
      </div>
      <div className="assets-account__tools">
        <Checkbox className="assets-account__small" checked={hiding} onChange={onHideSmallChange} data-testid={`assets-hide-small-${account.code}`}>
          {t('account.hideSmall')}
        </Checkbox>
        {sweepable ? (
          <button type="button" className="assets-account__sweep" onClick={() => setSweepOpen(true)} data-testid={`assets-sweep-${account.code}`}>
            {t('small.open')}
          </button>
        ) : null}
      </div>
      {rows.length > 0 ? (
        <List className="assets-balances">
          {rows.map((balance) => (
            <BalanceRow key={balance.currency_id} balance={balance} hidden={hidden} />
          ))}
        </List>
      ) : (
        <div className="assets-account__empty muted">{t('account.empty')}</div>
      )}
      <SmallBalancesPopup open={sweepOpen} onClose={() => setSweepOpen(false)} />
    </div>
  );
}
