import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import { chainInfo, coinInfo } from './funds-fixtures.ts';
import ReceivePage from './ReceivePage.tsx';

setupPageTests({ signedIn: true });

const xrp = coinInfo({
  currency: 'XRP',
  chains: [chainInfo('XRP', { network: 'XRP Ledger', deposit: { route: 'tag', address_deposits: 'on', min: '1.000000', confirmations: 1, memo: true } })],
});

describe('ReceivePage', () => {
  it('shows the user\'s address with its QR code, and on XRP the tag with the warning that a deposit without it is lost', async () => {
    stubApi({
      '/wallet/get_info': xrp,
      '/wallet/get_in_address': { currency: 'XRP', chain: 'XRP', network: 'XRP Ledger', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', tag: 42, memo_required: true, qr_code: 'data:image/png;base64,AAAA', min_deposit: '1.000000', confirmations: 1, contract: null },
    });
    renderAt(<ReceivePage />, '/pages/fund/receive?currency=XRP');
    expect((await screen.findByTestId('receive-address')).textContent).toBe('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh');
    expect(screen.getByTestId('receive-tag').textContent).toBe('42');
    expect(screen.getByTestId('receive-tag-warning').textContent).toContain('未填标签');
    expect(screen.getByTestId('receive-qr').getAttribute('src')).toBe('data:image/png;base64,AAAA');
  });

  it('sends a coin without address deposits to the voucher form, which refuses to submit without the voucher', async () => {
    const { calledPaths } = stubApi({
      '/wallet/get_info': coinInfo({ currency: 'SOL', chains: [chainInfo('SOL', { deposit: { route: 'voucher', address_deposits: 'voucher', min: '0.01000000', confirmations: 32, memo: false } })] }),
    });
    renderAt(<ReceivePage />, '/pages/fund/receive?currency=SOL');
    // Opens on the voucher form; the address tab explains why there is no address.
    expect((await screen.findByTestId('voucher-kefu-hint')).textContent).toContain('联系客服');
    await act(async () => {
      fireEvent.click(screen.getByText('链上充值'));
    });
    expect(screen.getByTestId('receive-no-address').textContent).toContain('SOL 通过付款凭证充值');
    await act(async () => {
      fireEvent.click(screen.getByTestId('receive-go-voucher'));
    });
    const amount = screen.getByTestId('voucher-amount').querySelector('input') as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '5' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('voucher-submit'));
    });
    expect(await screen.findByText('请上传充值凭证')).toBeTruthy();
    expect(calledPaths()).not.toContain('/api/wallet/charge_req');
    expect(calledPaths()).not.toContain('/api/wallet/get_in_address');
  });

  it('holds a crypto-transfer voucher to its network\'s minimum and a bank transfer to the lowest one, before sending anything', async () => {
    const { calledPaths } = stubApi({
      '/wallet/get_info': coinInfo({ chains: [chainInfo('ERC20', { deposit: { route: 'voucher', address_deposits: 'voucher', min: '10.000000', confirmations: 12, memo: false } }), chainInfo('TRC20')] }),
    });
    renderAt(<ReceivePage />, '/pages/fund/receive?currency=USDT');
    const amount = (await screen.findByTestId('voucher-amount')).querySelector('input') as HTMLInputElement;
    expect(screen.getByText('最小充值 10.00 USDT')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '5' } });
    await act(async () => {
      fireEvent.click(screen.getByTestId('voucher-submit'));
    });
    expect(await screen.findByText('最小充值数量为 10.00 USDT')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByText('银行转账'));
    });
    expect(await screen.findByText('最小充值 1.00 USDT')).toBeTruthy();
    expect(calledPaths()).not.toContain('/api/wallet/charge_req');
  });

  it('says so when the chain is suspended, with the reason', async () => {
    stubApi({ '/wallet/get_info': coinInfo({ currency: 'ADA', chains: [chainInfo('ADA', { network: 'Cardano', enabled: false, reason: '网络升级中', deposit: { route: 'voucher', address_deposits: 'voucher', min: '1.000000', confirmations: 15, memo: false } })] }) });
    renderAt(<ReceivePage />, '/pages/fund/receive?currency=ADA');
    expect((await screen.findByTestId('chain-suspended')).textContent).toContain('网络升级中');
  });
});
