import { amountRule, dec, isAmount } from '@openbourse/core';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, NoticeBar, Radio, Skeleton, Space, Tabs } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../shared/api/request.ts';
import { formatSignificant, plainDecimal } from '../../shared/format.ts';
import { t as translate } from '../../shared/i18n/index.ts';
import { formatDateTime } from '../../shared/time.ts';
import { requiredRule, zodRule } from '../../shared/ui/form-rules.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { SecondFactorField, secondFactorValue } from '../../shared/ui/SecondFactorField.tsx';
import { TestIdInput } from '../../shared/ui/TestIdInput.tsx';
import {
  type BankPayout,
  type CoinInfo,
  type FundsUser,
  fundsApi,
  refreshFunds,
  useCoinInfo,
  useDomesticCard,
  useFundsUser,
  useInternationalCard,
  useSavedAddresses,
  type WithdrawalRouteName,
} from './api.ts';
import { ChainPicker, Fact, SuspendedNotice } from './components.tsx';
import './funds.css';

/** Withdraw to a saved address, the bank card or the international card: fee, amount received and today's limit shown before submitting. */
export default function WithdrawPage() {
  const { t } = useTranslation('funds');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const currency = (params.get('currency') ?? 'USDT').toUpperCase();
  const coin = useCoinInfo(currency);
  const user = useFundsUser();
  return (
    <div className="funds-page">
      <PageHeader
        title={t('withdraw.title', { currency })}
        fallback="/pages/fund/select?action=withdraw"
        right={
          <button type="button" className="funds-header-link" onClick={() => navigate('/pages/fund/receive_withdraw_record?tab=withdraw')} aria-label={t('records.title')} data-testid="withdraw-records">
            <FileOutline />
          </button>
        }
      />
      {coin.isError || user.isError ? <LoadError title={t('errors.loadTitle')} description={t('errors.loadDescription')} onRetry={() => Promise.all([coin.refetch(), user.refetch()])} /> : null}
      {coin.data && user.data ? <WithdrawContent coin={coin.data} user={user.data} initialChain={params.get('chain') ?? undefined} /> : null}
      {coin.isPending || user.isPending ? <Skeleton.Paragraph lineCount={12} animated className="content-skeleton" /> : null}
    </div>
  );
}

/** Minutes left of the withdrawal lock, kept current while the page is open. */
function useLockMinutes(lockedUntil: number | null): number {
  const left = () => (lockedUntil === null ? 0 : Math.max(0, Math.ceil((lockedUntil - Date.now()) / 60_000)));
  const [minutes, setMinutes] = useState(left);
  useEffect(() => {
    if (lockedUntil === null) return;
    const timer = setInterval(() => setMinutes(Math.max(0, Math.ceil((lockedUntil - Date.now()) / 60_000))), 30_000);
    return () => clearInterval(timer);
  }, [lockedUntil]);
  return minutes;
}

function Prerequisites({ coin, user, lockMinutes }: { coin: CoinInfo; user: FundsUser; lockMinutes: number }) {
  const { t } = useTranslation('funds');
  return (
    <>
      {user.verification.level < 1 ? (
        <NoticeBar
          color="alert"
          wrap
          className="funds-notice"
          data-testid="withdraw-verify-first"
          content={
            <span>
              {t('withdraw.verifyFirst')}{' '}
              <Link to="/pages/setting/real" className="funds-link">
                {t('withdraw.goVerify')}
              </Link>
            </span>
          }
        />
      ) : null}
      {user.verification.level >= 1 && !user.has_pay_password ? (
        <NoticeBar
          color="alert"
          wrap
          className="funds-notice"
          data-testid="withdraw-pay-password-first"
          content={
            <span>
              {t('withdraw.payPasswordFirst')}{' '}
              <Link to="/pages/setting/payPassword" className="funds-link">
                {t('withdraw.goPayPassword')}
              </Link>
            </span>
          }
        />
      ) : null}
      {lockMinutes > 0 ? (
        <NoticeBar
          color="alert"
          wrap
          className="funds-notice"
          data-testid="withdraw-locked"
          content={t('withdraw.locked', { hours: Math.floor(lockMinutes / 60), minutes: lockMinutes % 60, until: formatDateTime(coin.withdrawals_locked_until ?? 0) })}
        />
      ) : null}
    </>
  );
}

interface WithdrawValues {
  address_id?: number;
  number: string;
  pay_password: string;
  two_factor_code?: string;
}

interface RouteTerms {
  fee: string;
  min: string;
  max: string;
  enabled: boolean;
}

function WithdrawContent({ coin, user, initialChain }: { coin: CoinInfo; user: FundsUser; initialChain: string | undefined }) {
  const { t } = useTranslation('funds');
  const navigate = useNavigate();
  const [form] = Form.useForm<WithdrawValues>();
  const [route, setRoute] = useState<WithdrawalRouteName>('address');
  const [chainId, setChainId] = useState(coin.chains.find((chain) => chain.chain === initialChain)?.chain ?? coin.chains[0]?.chain);
  const chain = coin.chains.find((entry) => entry.chain === chainId) ?? coin.chains[0];
  const bank: BankPayout | undefined = coin.bank.find((entry) => entry.route === route);
  const terms: RouteTerms | undefined = route === 'address' ? chain && { ...chain.withdraw, enabled: chain.enabled } : bank;
  const lockMinutes = useLockMinutes(coin.withdrawals_locked_until);
  const amount = Form.useWatch('number', form) ?? '';

  const submit = useMutation({
    mutationFn: (values: WithdrawValues) =>
      fundsApi.withdraw({
        currency: coin.currency,
        number: values.number.trim(),
        type: route,
        address_id: route === 'address' ? values.address_id : undefined,
        pay_password: values.pay_password,
        ...secondFactorValue(values.two_factor_code),
      }),
    onSuccess: async (answer) => {
      toast(answer.message);
      await refreshFunds();
      navigate('/pages/fund/receive_withdraw_record?tab=withdraw');
    },
  });

  const blocked = user.verification.level < 1 || !user.has_pay_password || lockMinutes > 0 || !terms?.enabled;
  const amountValid = isAmount(amount.trim());
  const receive = terms && amountValid ? dec(amount.trim()).minus(terms.fee) : null;
  const tabs: WithdrawalRouteName[] = ['address', ...coin.bank.map((entry) => entry.route)];

  const amountRules = [
    zodRule(amountRule, undefined, 'number'),
    {
      validator: async (_: unknown, value: string | undefined) => {
        const text = value?.trim() ?? '';
        if (!terms || !isAmount(text)) return;
        const entered = dec(text);
        if (entered.lessThan(terms.min)) throw new Error(translate('common:errors.belowMinWithdrawal', { min: formatSignificant(terms.min), currency: coin.currency }));
        if (entered.greaterThan(terms.max)) throw new Error(translate('common:errors.aboveMaxWithdrawal', { max: formatSignificant(terms.max), currency: coin.currency }));
        if (entered.lessThanOrEqualTo(terms.fee)) throw new Error(translate('common:errors.amountBelowFee', { fee: formatSignificant(terms.fee), currency: coin.currency }));
        if (entered.greaterThan(coin.available)) throw new Error(translate('common:errors.insufficientBalance'));
        if (coin.withdraw_limit.remaining !== null && entered.greaterThan(coin.withdraw_limit.remaining)) throw new Error(translate('common:errors.withdrawalLimitExceeded', { remaining: coin.withdraw_limit.remaining_btc }));
      },
    },
  ];

  return (
    <>
      <Prerequisites coin={coin} user={user} lockMinutes={lockMinutes} />
      {tabs.length > 1 ? (
        <Tabs activeKey={route} onChange={(key) => setRoute(key as WithdrawalRouteName)} className="funds-tabs">
          {tabs.map((key) => (
            <Tabs.Tab title={t(`withdraw.tabs.${key}`)} key={key} />
          ))}
        </Tabs>
      ) : null}
      {route === 'address' && chain ? (
        <>
          <ChainPicker
            chains={coin.chains}
            value={chain.chain}
            onChange={(next) => {
              setChainId(next);
              form.setFieldValue('address_id', undefined);
            }}
          />
          <SuspendedNotice chain={chain} />
        </>
      ) : null}
      {route !== 'address' && bank && !bank.enabled ? <NoticeBar color="alert" wrap className="funds-notice" content={t('withdraw.bankSuspended', { reason: bank.reason ?? '' })} /> : null}
      <Form
        form={form}
        layout="vertical"
        mode="card"
        requiredMarkStyle="none"
        onFinish={(values: WithdrawValues) => submit.mutate(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={submit.isPending} disabled={blocked} data-testid="withdraw-submit">
            {t('withdraw.submit')}
          </Button>
        }
      >
        {route === 'address' && chain ? (
          <Form.Item name="address_id" label={t('withdraw.address')} rules={[{ required: true, message: translate('common:errors.withdrawalAddressRequired') }]}>
            <AddressChoice currency={coin.currency} chain={chain.chain} />
          </Form.Item>
        ) : (
          <CardSummary route={route as 'bank' | 'bank_international'} />
        )}
        <Form.Item
          name="number"
          label={t('withdraw.amount')}
          rules={amountRules}
          extra={
            <button type="button" className="funds-all" onClick={() => form.setFieldValue('number', plainDecimal(coin.available))} data-testid="withdraw-all">
              {t('withdraw.all')}
            </button>
          }
          description={t('withdraw.available', { amount: formatSignificant(coin.available), currency: coin.currency })}
        >
          <TestIdInput testId="withdraw-amount" decimal placeholder={terms ? t('withdraw.amountPlaceholder', { min: formatSignificant(terms.min) }) : ''} />
        </Form.Item>
        <Form.Item label={t('withdraw.summary')}>
          <div className="funds-facts" data-testid="withdraw-summary">
            <Fact label={t('withdraw.fee')} testId="withdraw-fee">{terms ? `${formatSignificant(terms.fee)} ${coin.currency}` : '–'}</Fact>
            <Fact label={t('withdraw.receive')} testId="withdraw-receive">
              {receive?.greaterThan(0) ? `${formatSignificant(receive.toFixed())} ${coin.currency}` : '–'}
            </Fact>
            <Fact label={t('withdraw.limits')}>{terms ? `${formatSignificant(terms.min)} – ${formatSignificant(terms.max)} ${coin.currency}` : '–'}</Fact>
            <Fact label={t('withdraw.remainingToday')} testId="withdraw-remaining">
              {coin.withdraw_limit.remaining === null
                ? `${formatSignificant(coin.withdraw_limit.remaining_btc)} BTC`
                : `${formatSignificant(coin.withdraw_limit.remaining)} ${coin.currency} (${formatSignificant(coin.withdraw_limit.remaining_btc)} BTC)`}
            </Fact>
          </div>
        </Form.Item>
        <Form.Item name="pay_password" label={t('withdraw.payPassword')} rules={[requiredRule('pay_password')]}>
          <TestIdInput testId="withdraw-pay-password" type="password" autoComplete="off" placeholder={t('withdraw.payPasswordPlaceholder')} maxLength={64} />
        </Form.Item>
        <SecondFactorField enabled={user.two_factor_enabled} />
      </Form>
      <ul className="funds-notes muted">
        <li>{t('withdraw.noteReview')}</li>
        {coin.withdraw_limit.level > 0 ? <li>{t('withdraw.noteLimit', { limit: formatSignificant(coin.withdraw_limit.limit_btc), level: coin.withdraw_limit.level })}</li> : null}
      </ul>
    </>
  );
}

/** The saved addresses of this coin and chain, one to pick; or the way to add one. */
function AddressChoice({ currency, chain, value, onChange }: { currency: string; chain: string; value?: number; onChange?(id: number): void }) {
  const { t } = useTranslation('funds');
  const addresses = useSavedAddresses(currency);
  const addLink = `/pages/setting/addWallet?currency=${currency}&chain=${chain}`;
  const matching = addresses.data?.filter((entry) => entry.chain === chain);
  // The only saved address of the chain is the one meant: it is chosen, not asked for.
  const only = matching?.length === 1 ? matching[0]?.id : undefined;
  useEffect(() => {
    if (only !== undefined && value === undefined) onChange?.(only);
  }, [only, value, onChange]);
  if (!addresses.data || !matching) return <Skeleton.Paragraph lineCount={2} animated />;
  return (
    <div className="funds-addresses" data-testid="withdraw-addresses">
      {matching.length > 0 ? (
        <Radio.Group value={value} onChange={(next) => onChange?.(Number(next))}>
          <Space direction="vertical" block>
            {matching.map((entry) => (
              <Radio key={entry.id} value={entry.id} block className="funds-address-option" data-testid={`withdraw-address-${entry.id}`}>
                <span className="funds-address-option__name">{entry.name}</span>
                <span className="funds-address-option__value funds-mono">{entry.address}</span>
                {entry.memo ? <span className="funds-address-option__value">{t('withdraw.tag', { tag: entry.memo })}</span> : null}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      ) : (
        <div className="muted">{t('withdraw.noAddress')}</div>
      )}
      <Link to={addLink} className="funds-link funds-add-link" data-testid="withdraw-add-address">
        {t('withdraw.addAddress')}
      </Link>
    </div>
  );
}

/** The saved card a bank withdrawal pays to, or the way to add it. */
function CardSummary({ route }: { route: 'bank' | 'bank_international' }) {
  const { t } = useTranslation('funds');
  const domestic = useDomesticCard();
  const international = useInternationalCard();
  const card = route === 'bank' ? domestic : international;
  const path = route === 'bank' ? '/pages/setting/bank' : '/pages/setting/bank_international';
  if (card.isPending) return <Skeleton.Paragraph lineCount={2} animated />;
  return (
    <div className="funds-card funds-card--inline" data-testid="withdraw-card">
      {card.data ? (
        <>
          <div className="funds-card__title">{card.data.bank_name}</div>
          <div className="funds-mono">{card.data.bank_account}</div>
          <div className="muted">{card.data.real_name}</div>
        </>
      ) : (
        <Link to={path} className="funds-link" data-testid="withdraw-add-card">
          {route === 'bank' ? t('withdraw.addCard') : t('withdraw.addInternationalCard')}
        </Link>
      )}
    </div>
  );
}
