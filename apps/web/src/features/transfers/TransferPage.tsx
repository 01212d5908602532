import { Button, Skeleton, Toast } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { SwapIcon } from '../../shared/ui/SwapIcon.tsx';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { formatSignificant, plainDecimal } from '../../shared/format.ts';
import { FrozenBanner } from '../../shared/ui/FrozenBanner.tsx';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { InputIssue, UnitInput } from '../../shared/ui/UnitInput.tsx';
import { type TransferAccount, useAccountTransfer, useCurrencies, useTransferAccounts, useWalletAccounts } from './api.ts';
import { checkAmount } from './amounts.ts';
import { CoinIcon, SheetPicker } from './SheetPicker.tsx';
import './transfers.css';

const DEFAULT_FROM = 'change';
const DEFAULT_TO = 'stock';

/** Two accounts that share the currency, falling back to the first that do when the address names ones that do not. */
function shared(from: TransferAccount | undefined, to: TransferAccount | undefined): number[] {
  return from && to ? from.currency_ids.filter((id) => to.currency_ids.includes(id)) : [];
}

/** Moves money between two of the user's own accounts: instant and free. Query: from, to (account codes), currency (id). */
export default function TransferPage() {
  const { t } = useTranslation('funds');
  const navigate = useNavigate();
  const accounts = useTransferAccounts();
  return (
    <div className="transfers-page">
      <PageHeader
        title={t('transfer.title')}
        fallback="/pages/fund/assets"
        right={
          <button type="button" className="transfers-header-link" onClick={() => navigate('/pages/fund/transfer_history?tab=transfers')} aria-label={t('history.title')} data-testid="transfer-history">
            <ClockCircleOutline />
          </button>
        }
      />
      <FrozenBanner />
      {accounts.data ? (
        <TransferForm accounts={accounts.data} />
      ) : accounts.isError ? (
        <LoadError title={t('error.title')} description={t('error.description')} onRetry={accounts.refetch} />
      ) : (
        <Skeleton.Paragraph lineCount={8} animated className="transfers-skeleton" />
      )}
    </div>
  );
}

function TransferForm({ accounts }: { accounts: TransferAccount[] }) {
  const { t } = useTranslation('funds');
  const [params] = useSearchParams();
  const wallet = useWalletAccounts();
  const currencies = useCurrencies();
  const transfer = useAccountTransfer();
  const byCode = (code: string | null) => accounts.find((account) => account.code === code);
  const [fromCode, setFromCode] = useState(() => byCode(params.get('from'))?.code ?? DEFAULT_FROM);
  const [toCode, setToCode] = useState(() => {
    const asked = byCode(params.get('to'))?.code;
    if (asked && asked !== fromCode) return asked;
    return fromCode === DEFAULT_TO ? DEFAULT_FROM : DEFAULT_TO;
  });
  const from = byCode(fromCode);
  const to = byCode(toCode);
  const choices = shared(from, to);
  const [currencyId, setCurrencyId] = useState(() => Number(params.get('currency')) || 3);
  const effectiveCurrency = choices.includes(currencyId) ? currencyId : choices[0];
  const [amount, setAmount] = useState('');

  const balanceOf = (code: string | undefined, id: number | undefined) =>
    wallet.data?.accounts.find((account) => account.code === code)?.balances.find((balance) => balance.currency_id === id);
  const fromBalance = balanceOf(fromCode, effectiveCurrency);
  const currencyInfo = (id: number | undefined) => currencies.data?.find((currency) => currency.id === id);
  const symbol = fromBalance?.currency ?? currencyInfo(effectiveCurrency)?.symbol ?? '';
  const scale = currencyInfo(effectiveCurrency)?.scale ?? 0;
  const checked = checkAmount(amount, scale, fromBalance?.available);

  const accountOptions = useMemo(() => accounts.map((account) => ({ value: account.code, label: account.name })), [accounts]);

  const pickFrom = (code: string) => {
    if (code === toCode) setToCode(fromCode);
    setFromCode(code);
  };
  const pickTo = (code: string) => {
    if (code === fromCode) setFromCode(toCode);
    setToCode(code);
  };
  const swap = () => {
    setFromCode(toCode);
    setToCode(fromCode);
  };

  const submit = () => {
    if (checked.minor === null || effectiveCurrency === undefined) return;
    transfer.mutate(
      { currencyId: effectiveCurrency, amount: amount.trim(), from: fromCode, to: toCode },
      {
        onSuccess: (done) => {
          Toast.show({ content: t('transfer.done', { amount: formatSignificant(done.amount), currency: done.currency, to: done.to.name }) });
          setAmount('');
        },
      },
    );
  };

  return (
    <div className="transfers-form">
      <section className="transfers-card transfers-route">
        <div className="transfers-route__ends">
          <div className="transfers-route__end">
            <span className="transfers-label">{t('transfer.from')}</span>
            <SheetPicker title={t('transfer.fromTitle')} value={fromCode} options={accountOptions} onChange={pickFrom} testId="transfer-from">
              {from?.name}
            </SheetPicker>
          </div>
          <div className="transfers-route__end">
            <span className="transfers-label">{t('transfer.to')}</span>
            <SheetPicker title={t('transfer.toTitle')} value={toCode} options={accountOptions} onChange={pickTo} testId="transfer-to">
              {to?.name}
            </SheetPicker>
          </div>
        </div>
        <button type="button" className="transfers-swap" onClick={swap} aria-label={t('transfer.swap')} data-testid="transfer-swap">
          <SwapIcon />
        </button>
      </section>

      <section className="transfers-card">
        <span className="transfers-label">{t('transfer.currency')}</span>
        {choices.length > 0 ? (
          <SheetPicker
            title={t('transfer.currencyTitle')}
            value={effectiveCurrency === undefined ? undefined : String(effectiveCurrency)}
            options={choices.map((id) => {
              const balance = balanceOf(fromCode, id);
              const info = currencyInfo(id);
              return {
                value: String(id),
                label: balance?.currency ?? info?.symbol ?? String(id),
                prefix: <CoinIcon icon={balance?.icon ?? info?.icon} />,
                description: balance ? t('transfer.availableShort', { amount: formatSignificant(balance.available) }) : undefined,
              };
            })}
            onChange={(value) => setCurrencyId(Number(value))}
            testId="transfer-currency"
            className="transfers-picker--wide"
          >
            <CoinIcon icon={fromBalance?.icon ?? currencyInfo(effectiveCurrency)?.icon} size={20} /> {symbol}
          </SheetPicker>
        ) : (
          <div className="transfers-hint transfers-hint--warn" data-testid="transfer-no-currency">
            {t('transfer.nothingShared')}
          </div>
        )}

        <span className="transfers-label transfers-label--spaced">{t('transfer.amount')}</span>
        <UnitInput
          value={amount}
          onChange={setAmount}
          unit={symbol}
          placeholder={t('transfer.amountPlaceholder')}
          testId="transfer-amount"
          onAll={() => fromBalance && setAmount(plainDecimal(fromBalance.available))}
          allLabel={t('transfer.all')}
          allTestId="transfer-all"
        />
        <div className="transfers-available" data-testid="transfer-available">
          {t('transfer.available', { account: from?.name ?? '', amount: fromBalance ? formatSignificant(fromBalance.available) : '--', currency: symbol })}
        </div>
        {checked.issue ? (
          <InputIssue testId="transfer-issue">{t(`issues.${checked.issue}`, { decimals: scale })}</InputIssue>
        ) : null}
      </section>

      <p className="transfers-note muted">{t('transfer.note')}</p>
      <Button block color="primary" size="large" disabled={checked.minor === null} loading={transfer.isPending} onClick={submit} data-testid="transfer-submit">
        {t('transfer.submit')}
      </Button>
    </div>
  );
}
