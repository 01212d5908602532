import { type ChainId, canonicalAddress, isChainId } from '@openbourse/core';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, type ImageUploadItem, Selector, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from '../../shared/api/request.ts';
import { t as translate } from '../../shared/i18n/index.ts';
import { requiredRule } from '../../shared/ui/form-rules.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { TestIdInput } from '../../shared/ui/TestIdInput.tsx';
import { type ChainInfo, fundsApi, refreshFunds, useCoinInfo, useUserCurrencies } from './api.ts';
import { ChainPicker, PictureField, pictureRule } from './components.tsx';
import './funds.css';

interface AddressValues {
  name: string;
  address: string;
  memo?: string;
  qrcode: ImageUploadItem[];
}

/** Save a withdrawal address: coin, chain, a name, the address (checked for the chain here and on the server), the tag on XRP, and its QR picture. */
export default function AddWalletPage() {
  const { t } = useTranslation('funds');
  const [params] = useSearchParams();
  const [currency, setCurrency] = useState((params.get('currency') ?? 'USDT').toUpperCase());
  const currencies = useUserCurrencies();
  const coin = useCoinInfo(currency);
  const coins = (currencies.data ?? []).filter((entry) => entry.on_chain);
  return (
    <div className="funds-page">
      <PageHeader title={t('addWallet.title')} fallback="/pages/setting/wallet" />
      <div className="funds-section">
        <div className="funds-label">{t('addWallet.currency')}</div>
        <Selector columns={4} value={[currency]} onChange={(values) => values[0] && setCurrency(values[0])} options={coins.map((entry) => ({ label: entry.currency, value: entry.currency }))} data-testid="add-wallet-currency" />
      </div>
      {coin.data ? <AddressForm key={coin.data.currency} currency={coin.data.currency} chains={coin.data.chains} initialChain={params.get('chain') ?? undefined} /> : <Skeleton.Paragraph lineCount={8} animated className="content-skeleton" />}
    </div>
  );
}

function AddressForm({ currency, chains, initialChain }: { currency: string; chains: ChainInfo[]; initialChain: string | undefined }) {
  const { t } = useTranslation('funds');
  const navigate = useNavigate();
  const [form] = Form.useForm<AddressValues>();
  const [chainId, setChainId] = useState(chains.find((chain) => chain.chain === initialChain)?.chain ?? chains[0]?.chain);
  const chain = chains.find((entry) => entry.chain === chainId) ?? chains[0];
  const save = useMutation({
    mutationFn: (values: AddressValues) =>
      fundsApi.saveAddress({
        currency,
        chain: chain?.chain ?? '',
        name: values.name.trim(),
        address: values.address.trim(),
        memo: values.memo?.trim() || undefined,
        qrcode: values.qrcode[0]?.url ?? '',
      }),
    onSuccess: async (answer) => {
      toast(answer.message);
      await refreshFunds();
      if (window.history.state && window.history.state.idx > 0) navigate(-1);
      else navigate('/pages/setting/wallet', { replace: true });
    },
  });
  if (!chain) return null;
  const addressRule = {
    validator: async (_: unknown, value: string | undefined) => {
      const text = value?.trim() ?? '';
      if (text === '') throw new Error(translate('common:validation.required', { field: translate('common:fields.address') }));
      if (isChainId(chain.chain) && canonicalAddress(chain.chain as ChainId, text) === null) throw new Error(translate('common:errors.addressInvalid', { network: chain.network }));
    },
  };
  return (
    <>
      <ChainPicker chains={chains} value={chain.chain} onChange={setChainId} />
      <Form
        form={form}
        layout="vertical"
        mode="card"
        requiredMarkStyle="none"
        onFinish={(values: AddressValues) => save.mutate(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={save.isPending} data-testid="add-wallet-submit">
            {t('addWallet.save')}
          </Button>
        }
      >
        <Form.Item name="name" label={t('addWallet.name')} rules={[requiredRule('name')]}>
          <TestIdInput testId="add-wallet-name" maxLength={30} placeholder={t('addWallet.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="address" label={t('addWallet.address', { network: chain.network })} rules={[addressRule]}>
          <TestIdInput testId="add-wallet-address" maxLength={120} autoComplete="off" placeholder={t('addWallet.addressPlaceholder', { network: chain.network })} />
        </Form.Item>
        {chain.deposit.memo ? (
          <Form.Item name="memo" label={t('addWallet.memo')} description={t('addWallet.memoHint')}>
            <TestIdInput testId="add-wallet-memo" inputMode="numeric" maxLength={10} />
          </Form.Item>
        ) : null}
        <Form.Item name="qrcode" label={t('addWallet.qrcode')} rules={[pictureRule(translate('common:errors.qrcodeMissing'))]}>
          <PictureField testId="add-wallet-qrcode" directory="wallet" hint={t('addWallet.qrcodeHint')} />
        </Form.Item>
      </Form>
    </>
  );
}
