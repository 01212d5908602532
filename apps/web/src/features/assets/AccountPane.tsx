import { dec } from '@openbourse/core';
import { Checkbox, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session.ts';
import type { WalletAccount, WalletBalance } from './api.ts';
import { formatBalance, MASK } from './amounts.ts';
import { formatAmount } from '../../shared/format.ts';

function BalanceRow({ balance, hidden }: { balance: WalletBalance; hidden: boolean }) {
  const { t } = useTranslation('assets');
  const { fiat } = useSession();
  const show = (text: string) => (hidden ? MASK : text);
  return (
    <List.Item
      className="assets-balance"
      prefix={balance.icon ? <img src={balance.icon} alt="" className="assets-balance__icon" /> : null}
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
            {fiat.symbol}
            {show(formatAmount(balance.fiat_value))}
          </div>
        </div>
      </div>
    </List.Item>
  );
}

const isZero = (balance: WalletBalance) => dec(balance.total).isZero();

interface Props {
  account: WalletAccount;
  hidden: boolean;
  /** Whether zero balances are left out; undefined until the user chooses. */
  hideZero: boolean | undefined;
  onHideZeroChange(hide: boolean): void;
}

/** One account: its total and its currencies. */
export function AccountPane({ account, hidden, hideZero, onHideZeroChange }: Props) {
  const { t } = useTranslation('assets');
  const { fiat } = useSession();
  // By default an account that holds something lists only what it holds; an empty one lists every currency.
  const hiding = hideZero ?? account.balances.some((balance) => !isZero(balance));
  const rows = hiding ? account.balances.filter((balance) => !isZero(balance)) : account.balances;
  return (
    <div className="assets-account" data-testid={`assets-account-${account.code}`}>
      <div className="assets-account__head">
        <div>
          <div className="assets-account__label">{t('account.total', { name: account.name })}</div>
          <div className="assets-account__total">
            {hidden ? MASK : formatAmount(account.total_usdt)} <span className="assets-account__unit">USDT</span>
          </div>
          <div className="assets-account__fiat">
            ≈ {fiat.symbol}
            {hidden ? MASK : formatAmount(account.total_fiat)}
          </div>
        </div>
        <Checkbox className="assets-account__zero" checked={hiding} onChange={onHideZeroChange} data-testid={`assets-hide-zero-${account.code}`}>
          {t('account.hideZero')}
        </Checkbox>
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
    </div>
  );
}
