import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupPageTests } from '../../shared/test-utils.tsx';
import { ACCOUNTS, CURRENCIES, fakeFundsServer, renderPage, WALLET } from './transfers-test-server.tsx';
import TransferPage from './TransferPage.tsx';

setupPageTests({ signedIn: true });

const typeAmount = (value: string) => fireEvent.change(screen.getByTestId('transfer-amount').querySelector('input') as HTMLInputElement, { target: { value } });

function serve() {
  return fakeFundsServer({
    '/wallet/transfer_accounts': ACCOUNTS,
    '/currency/list': CURRENCIES,
    '/wallet/list': WALLET,
    '/user/info': { frozen: null },
    '/wallet/change': (params: URLSearchParams) => ({
      type: 'ok',
      message: { id: 7, currency_id: 3, currency: 'USDT', amount: `${params.get('number')}.000000`, from: ACCOUNTS[0], to: ACCOUNTS[3], created_at: Date.now() },
    }),
  });
}

describe('TransferPage', () => {
  it('moves USDT from spot to stock by default, with "all" filling in what is available', async () => {
    const server = serve();
    renderPage(<TransferPage />, '/pages/fund/fundTransfer');
    expect((await screen.findByTestId('transfer-from')).textContent).toContain('币币账户');
    expect(screen.getByTestId('transfer-to').textContent).toContain('股票账户');
    await waitFor(() => expect(screen.getByTestId('transfer-available').textContent).toBe('币币账户可用：1,000.00 USDT'));
    expect(screen.getByTestId('transfer-submit').hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByTestId('transfer-all'));
    expect((screen.getByTestId('transfer-amount').querySelector('input') as HTMLInputElement).value).toBe('1000');
    await act(async () => {
      fireEvent.click(screen.getByTestId('transfer-submit'));
    });
    await waitFor(() => expect(server.callsTo('/wallet/change')).toHaveLength(1));
    expect(Object.fromEntries(server.callsTo('/wallet/change')[0] ?? [])).toEqual({ currency_id: '3', number: '1000', from_field: 'change', to_field: 'stock', client_oid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await screen.findByText('已将 1,000.00 USDT 划转至股票账户')).toBeTruthy();
  });

  it('says what is wrong with an amount before sending it', async () => {
    const server = serve();
    renderPage(<TransferPage />, '/pages/fund/fundTransfer');
    await waitFor(() => expect(screen.getByTestId('transfer-available').textContent).toContain('1,000.00'));
    typeAmount('1.0000001');
    expect(screen.getByTestId('transfer-issue').textContent).toBe('最多输入 6 位小数');
    typeAmount('1000.5');
    expect(screen.getByTestId('transfer-issue').textContent).toBe('可用余额不足');
    typeAmount('0');
    expect(screen.getByTestId('transfer-issue').textContent).toBe('请输入大于 0 的数量');
    expect(screen.getByTestId('transfer-submit').hasAttribute('disabled')).toBe(true);
    typeAmount('12.5');
    expect(screen.queryByTestId('transfer-issue')).toBeNull();
    expect(server.callsTo('/wallet/change')).toHaveLength(0);
  });

  it('opens with the accounts and coin of its address, swaps them, and offers only coins both accounts hold', async () => {
    serve();
    renderPage(<TransferPage />, '/pages/fund/fundTransfer?from=legal&to=change&currency=1');
    expect((await screen.findByTestId('transfer-from')).textContent).toContain('法币账户');
    expect(screen.getByTestId('transfer-to').textContent).toContain('币币账户');
    await waitFor(() => expect(screen.getByTestId('transfer-currency').textContent).toContain('BTC'));
    fireEvent.click(screen.getByTestId('transfer-swap'));
    expect(screen.getByTestId('transfer-from').textContent).toContain('币币账户');
    await waitFor(() => expect(screen.getByTestId('transfer-available').textContent).toBe('币币账户可用：0.50 BTC'));

    // The futures account holds only USDT: choosing it as the destination narrows the coin to USDT.
    fireEvent.click(screen.getByTestId('transfer-to'));
    fireEvent.click(await screen.findByTestId('transfer-to-lever'));
    await waitFor(() => expect(screen.getByTestId('transfer-currency').textContent).toContain('USDT'));
    fireEvent.click(screen.getByTestId('transfer-currency'));
    expect(await screen.findByTestId('transfer-currency-3')).toBeTruthy();
    expect(screen.queryByTestId('transfer-currency-1')).toBeNull();
  });
});
