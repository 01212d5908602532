import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupPageTests } from '../../shared/test-utils.tsx';
import { ACCOUNTS, fakeFundsServer, renderPage } from './transfers-test-server.tsx';
import TransferHistoryPage from './TransferHistoryPage.tsx';

setupPageTests({ signedIn: true });

const page = (list: unknown[]) => ({ list, page: 1, limit: 20, total: list.length, has_more: false });
const TRANSFER = { id: 3, currency_id: 3, currency: 'USDT', amount: '250.500000', from: ACCOUNTS[0], to: ACCOUNTS[3], created_at: Date.UTC(2026, 10, 23, 2, 30) };
const SWEEP = {
  id: 8,
  kind: 'small_balance',
  from_currency_id: 1,
  from_currency: 'BTC',
  to_currency_id: 3,
  to_currency: 'USDT',
  amount_in: '0.00000500',
  amount_out: '0.480287',
  fee: '0.000963',
  fee_currency: 'USDT',
  fee_rate: '0.002',
  rate: '96250',
  from_price: '96250.00',
  to_price: '1',
  ticks: [{ id: 4242, symbol: 'BTC/USDT', price: '96250.00', time: Date.UTC(2026, 10, 23, 2, 30), source: 'simulator' }],
  account: { type: 2, code: 'change', name: '币币账户' },
  created_at: Date.UTC(2026, 10, 23, 2, 31),
};

describe('TransferHistoryPage', () => {
  it('lists transfers between accounts, and conversions with their rate, fee and tick', async () => {
    fakeFundsServer({ '/wallet/hzhistory': page([TRANSFER]), '/user/conversion/list': page([SWEEP]) });
    renderPage(<TransferHistoryPage />, '/pages/fund/transfer_history');
    const transfer = await screen.findByTestId('history-transfer');
    expect(transfer.textContent).toContain('USDT250.50');
    expect(transfer.textContent).toContain('币币账户 → 股票账户');
    await act(async () => {
      fireEvent.click(screen.getByTestId('history-tab-conversions'));
    });
    const conversion = await screen.findByTestId('history-conversion');
    expect(conversion.textContent).toContain('BTC → USDT');
    expect(conversion.textContent).toContain('小额兑换');
    expect(conversion.textContent).toContain('+0.480287 USDT');
    expect(conversion.textContent).toContain('手续费 0.000963 USDT');
    expect(conversion.textContent).toContain('BTC/USDT 96,250.00 · 行情 #4242');
  });

  it('opens on the conversions when asked, and says when there are none', async () => {
    fakeFundsServer({ '/wallet/hzhistory': page([]), '/user/conversion/list': page([]) });
    renderPage(<TransferHistoryPage />, '/pages/fund/transfer_history?tab=conversions');
    expect((await screen.findByTestId('history-conversions-empty')).textContent).toContain('暂无记录');
  });
});
