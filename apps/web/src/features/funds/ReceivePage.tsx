import { amountRule, dec, isAmount } from '@openbourse/core';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, type ImageUploadItem, NoticeBar, Selector, Skeleton, Tabs } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../shared/api/request.ts';
import { formatSignificant } from '../../shared/format.ts';
import { t as translate } from '../../shared/i18n/index.ts';
import { zodRule } from '../../shared/ui/form-rules.ts';
import { LoadError } from '../../shared/ui/LoadError.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { TestIdInput } from '../../shared/ui/TestIdInput.tsx';
import { type ChainInfo, type CoinInfo, fundsApi, refreshFunds, useCoinInfo, useDepositAddress } from './api.ts';
import { ChainPicker, CopyValue, Fact, KefuHint, PictureField, pictureRule, SuspendedNotice } from './components.tsx';
import './funds.css';

/** Deposit: the user's own address on the chosen chain (with QR and copy), or a payment voucher for review. */
export default function ReceivePage() {
  const { t } = useTranslation('funds');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const currency = (params.get('currency') ?? 'USDT').toUpperCase();
  const coin = useCoinInfo(currency);
  return (
    <div className="funds-page">
      <PageHeader
        title={t('receive.title', { currency })}
        fallback="/pages/fund/select?action=recharge"
        right={
          <button type="button" className="funds-header-link" onClick={() => navigate('/pages/fund/receive_withdraw_record?tab=deposit')} aria-label={t('records.title')} data-testid="receive-records">
            <FileOutline />
          </button>
        }
      />
      {coin.isError ? <LoadError title={t('errors.loadTitle')} description={t('errors.loadDescription')} onRetry={() => coin.refetch()} /> : null}
      {coin.data ? <ReceiveContent coin={coin.data} initialChain={params.get('chain') ?? undefined} /> : null}
      {coin.isPending ? <Skeleton.Paragraph lineCount={10} animated className="content-skeleton" /> : null}
    </div>
  );
}

function ReceiveContent({ coin, initialChain }: { coin: CoinInfo; initialChain: string | undefined }) {
  const { t } = useTranslation('funds');
  const [chainId, setChainId] = useState(coin.chains.find((chain) => chain.chain === initialChain)?.chain ?? coin.chains[0]?.chain);
  const chain = coin.chains.find((entry) => entry.chain === chainId) ?? coin.chains[0];
  const byAddress = chain?.deposit.address_deposits === 'on';
  const [tab, setTab] = useState<'address' | 'voucher'>(byAddress ? 'address' : 'voucher');
  if (!chain) return null;
  return (
    <>
      <ChainPicker chains={coin.chains} value={chain.chain} onChange={setChainId} />
      <SuspendedNotice chain={chain} />
      <Tabs activeKey={tab} onChange={(key) => setTab(key as 'address' | 'voucher')} className="funds-tabs">
        <Tabs.Tab title={t('receive.addressTab')} key="address" />
        <Tabs.Tab title={t('receive.voucherTab')} key="voucher" />
      </Tabs>
      {tab === 'address' ? <AddressPanel coin={coin} chain={chain} onVoucher={() => setTab('voucher')} /> : <VoucherForm coin={coin} chain={chain} />}
    </>
  );
}

function AddressPanel({ coin, chain, onVoucher }: { coin: CoinInfo; chain: ChainInfo; onVoucher(): void }) {
  const { t } = useTranslation('funds');
  const availability = chain.deposit.address_deposits;
  const address = useDepositAddress(coin.currency, chain.chain, availability === 'on' && chain.enabled);
  if (availability !== 'on') {
    return (
      <div className="funds-card" data-testid="receive-no-address">
        <NoticeBar color="info" wrap className="funds-notice" content={availability === 'off' ? t('receive.addressOff', { network: chain.network }) : t('receive.voucherOnly', { currency: coin.currency })} />
        <Button block color="primary" onClick={onVoucher} data-testid="receive-go-voucher">
          {t('receive.useVoucher')}
        </Button>
      </div>
    );
  }
  if (!chain.enabled) return null;
  if (address.isError) return <LoadError title={t('errors.loadTitle')} description={address.error.message} onRetry={() => address.refetch()} />;
  if (!address.data) return <Skeleton.Paragraph lineCount={8} animated className="content-skeleton" />;
  const deposit = address.data;
  return (
    <div className="funds-card" data-testid="receive-address-panel">
      {deposit.tag !== null ? <NoticeBar color="alert" wrap className="funds-notice" data-testid="receive-tag-warning" content={t('receive.tagWarning', { network: chain.network })} /> : null}
      <img className="funds-qr" src={deposit.qr_code} alt={t('receive.qrAlt', { currency: coin.currency })} width={200} height={200} data-testid="receive-qr" />
      <CopyValue label={t('receive.address', { network: chain.network })} value={deposit.address} testId="receive-address" />
      {deposit.tag !== null ? <CopyValue label={t('receive.tag')} value={String(deposit.tag)} testId="receive-tag" strong /> : null}
      <div className="funds-facts">
        <Fact label={t('receive.minimum')}>{`${formatSignificant(chain.deposit.min)} ${coin.currency}`}</Fact>
        <Fact label={t('receive.confirmations')}>{chain.deposit.confirmations}</Fact>
        {chain.contract ? <Fact label={t('receive.contract')}>{`…${chain.contract.slice(-8)}`}</Fact> : null}
      </div>
      <ul className="funds-notes muted" data-testid="receive-notes">
        <li>{t('receive.noteOnly', { currency: coin.currency, network: chain.network })}</li>
        <li>{t('receive.noteConfirmations', { count: chain.deposit.confirmations })}</li>
        <li>{t('receive.noteMinimum', { min: formatSignificant(chain.deposit.min), currency: coin.currency })}</li>
      </ul>
    </div>
  );
}

interface VoucherValues {
  type: number[];
  amount: string;
  account?: string;
  voucher: ImageUploadItem[];
}

function VoucherForm({ coin, chain }: { coin: CoinInfo; chain: ChainInfo }) {
  const { t } = useTranslation('funds');
  const navigate = useNavigate();
  const [form] = Form.useForm<VoucherValues>();
  const bank = (Form.useWatch('type', form) ?? [0])[0] === 1;
  // A crypto transfer is checked against its network's minimum; a bank transfer, which names no network, against the lowest.
  const minimum = bank ? coin.voucher.min : chain.deposit.min;
  const amountRules = [
    zodRule(amountRule, undefined, 'amount'),
    {
      validator: async (_: unknown, value: string | undefined) => {
        const text = value?.trim() ?? '';
        if (isAmount(text) && dec(text).lessThan(minimum)) throw new Error(translate('common:errors.belowMinDeposit', { min: formatSignificant(minimum), currency: coin.currency }));
      },
    },
  ];
  const submit = useMutation({
    mutationFn: (values: VoucherValues) => {
      const bank = values.type[0] === 1;
      return fundsApi.submitVoucher({
        currency: coin.currency,
        amount: values.amount.trim(),
        type: bank ? 1 : 0,
        chain: bank ? undefined : chain.chain,
        account: values.account?.trim() || undefined,
        voucher: values.voucher[0]?.url ?? '',
      });
    },
    onSuccess: async (answer) => {
      toast(answer.message);
      await refreshFunds();
      navigate('/pages/fund/receive_withdraw_record?tab=deposit');
    },
  });
  return (
    <>
      <KefuHint text={t('voucher.kefuFirst')} testId="voucher-kefu-hint" topic="recharge" />
      <Form
        form={form}
        layout="vertical"
        mode="card"
        requiredMarkStyle="none"
        initialValues={{ type: [0] }}
        onFinish={(values: VoucherValues) => submit.mutate(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={submit.isPending} disabled={!chain.enabled} data-testid="voucher-submit">
            {t('voucher.submit')}
          </Button>
        }
      >
        <Form.Item name="type" label={t('voucher.type')}>
          <Selector
            columns={2}
            options={[
              { label: t('voucher.types.0'), value: 0 },
              { label: t('voucher.types.1'), value: 1 },
            ]}
            data-testid="voucher-type"
          />
        </Form.Item>
        <Form.Item name="amount" label={t('voucher.amount', { currency: coin.currency })} rules={amountRules} description={t('voucher.minimum', { min: formatSignificant(minimum), currency: coin.currency })}>
          <TestIdInput testId="voucher-amount" decimal placeholder={t('voucher.amountPlaceholder')} />
        </Form.Item>
        <Form.Item name="account" label={t('voucher.account')}>
          <TestIdInput testId="voucher-account" placeholder={t('voucher.accountPlaceholder')} maxLength={100} />
        </Form.Item>
        <Form.Item name="voucher" label={t('voucher.picture')} rules={[pictureRule(t('common:errors.voucherMissing'))]}>
          <PictureField testId="voucher-picture" directory="voucher" hint={t('voucher.pictureHint')} />
        </Form.Item>
      </Form>
    </>
  );
}
