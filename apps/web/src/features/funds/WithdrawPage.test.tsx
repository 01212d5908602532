import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import { formatDateTime } from '../../shared/time.ts';
import { coinInfo } from './funds-fixtures.ts';
import WithdrawPage from './WithdrawPage.tsx';

setupPageTests({ signedIn: true });

const user = (fields: Record<string, unknown> = {}) => ({ id: 7, nickname: 'demo', has_pay_password: true, two_factor_enabled: false, verification: { level: 1, state: 'verified' }, ...fields });
const savedTron = { list: [{ id: 5, currency_id: 3, currency: 'USDT', icon: '', chain: 'TRC20', network: 'TRON (TRC20)', name: '交易所', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', memo: null, created_at: 1 }], page: 1, has_more: false };

const type = (testId: string, value: string) => {
  const input = screen.getByTestId(testId).querySelector('input');
  if (!input) throw new Error(`no input in ${testId}`);
  fireEvent.change(input, { target: { value } });
};

describe('WithdrawPage', () => {
  it('shows the fee, what arrives and today\'s limit before submitting, then sends the chosen address, amount and fund password', async () => {
    const { fetchMock } = stubApi({ '/wallet/get_info': coinInfo(), '/user/info': user(), '/user/wallet/list': savedTron, '/wallet/out': { id: 1, message: '提币申请已提交' }, '/recharge/log': { list: [], page: 1, has_more: false } });
    renderAt(<WithdrawPage />, '/pages/fund/withdraw?currency=USDT&chain=TRC20');
    fireEvent.click(await screen.findByTestId('withdraw-address-5'));
    type('withdraw-amount', '100');
    await waitFor(() => expect(screen.getByTestId('withdraw-receive').textContent).toBe('99.00 USDT'));
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('1.00 USDT');
    expect(screen.getByTestId('withdraw-remaining').textContent).toBe('19,000,000.00 USDT (200.00 BTC)');
    type('withdraw-pay-password', 'Fund12345');
    await act(async () => {
      fireEvent.click(screen.getByTestId('withdraw-submit'));
    });
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/wallet/out'))).toBe(true));
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('/wallet/out'));
    const body = new URLSearchParams(String(call?.[1]?.body));
    expect(Object.fromEntries(body)).toMatchObject({ currency: 'USDT', number: '100', type: 'address', address_id: '5', pay_password: 'Fund12345' });
  });

  it('chooses the only saved address of the chain by itself, and writes the limits and the minimum with the currency', async () => {
    const { fetchMock } = stubApi({ '/wallet/get_info': coinInfo(), '/user/info': user(), '/user/wallet/list': savedTron, '/wallet/out': { id: 1, message: '提币申请已提交' }, '/recharge/log': { list: [], page: 1, has_more: false } });
    renderAt(<WithdrawPage />, '/pages/fund/withdraw?currency=USDT&chain=TRC20');
    await screen.findByTestId('withdraw-address-5');
    await waitFor(() => expect(screen.getByTestId('withdraw-address-5').querySelector('input')?.checked).toBe(true));
    expect(screen.getByTestId('withdraw-summary').textContent).toMatch(/\d – [\d,.]+ USDT/);
    type('withdraw-amount', '100');
    type('withdraw-pay-password', 'Fund12345');
    await act(async () => {
      fireEvent.click(screen.getByTestId('withdraw-submit'));
    });
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/wallet/out'))).toBe(true));
    const call = fetchMock.mock.calls.find(([input]) => String(input).includes('/wallet/out'));
    expect(new URLSearchParams(String(call?.[1]?.body)).get('address_id')).toBe('5');
  });

  it('stops an amount above the balance before any call', async () => {
    const { fetchMock } = stubApi({ '/wallet/get_info': coinInfo(), '/user/info': user(), '/user/wallet/list': savedTron });
    renderAt(<WithdrawPage />, '/pages/fund/withdraw?currency=USDT&chain=TRC20');
    fireEvent.click(await screen.findByTestId('withdraw-address-5'));
    type('withdraw-amount', '600');
    type('withdraw-pay-password', 'Fund12345');
    await act(async () => {
      fireEvent.click(screen.getByTestId('withdraw-submit'));
    });
    expect(await screen.findByText('余额不足')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/wallet/out'))).toBe(false);
  });

  it('shows the time left of the lock after a security change, and the way to Lv1 or a fund password when missing', async () => {
    const until = Date.now() + (5 * 60 + 30) * 60_000;
    stubApi({ '/wallet/get_info': coinInfo({ withdrawals_locked_until: until }), '/user/info': user(), '/user/wallet/list': savedTron });
    const { unmount } = renderAt(<WithdrawPage />, '/pages/fund/withdraw?currency=USDT');
    expect((await screen.findByTestId('withdraw-locked')).textContent).toContain('还需 5 小时 30 分钟');
    // The unlock moment is written the one way the app writes a moment: the device's time zone, named.
    expect(screen.getByTestId('withdraw-locked').textContent).toContain(formatDateTime(until));
    expect((screen.getByTestId('withdraw-submit') as HTMLButtonElement).disabled).toBe(true);
    unmount();

    stubApi({ '/wallet/get_info': coinInfo(), '/user/info': user({ verification: { level: 0 }, has_pay_password: false }), '/user/wallet/list': savedTron });
    renderAt(<WithdrawPage />, '/pages/fund/withdraw?currency=USDT');
    expect(await screen.findByTestId('withdraw-verify-first')).toBeTruthy();
  });

  it('pays a bank withdrawal to the saved card, or points to adding one', async () => {
    stubApi({ '/wallet/get_info': coinInfo(), '/user/info': user(), '/user/wallet/list': savedTron, '/user/cash_info': null });
    renderAt(<WithdrawPage />, '/pages/fund/withdraw?currency=USDT');
    await act(async () => {
      fireEvent.click(await screen.findByText('银行卡'));
    });
    expect((await screen.findByTestId('withdraw-add-card')).textContent).toContain('添加银行卡');
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('2.00 USDT');
  });
});
