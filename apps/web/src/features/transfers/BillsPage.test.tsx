import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupPageTests } from '../../shared/test-utils.tsx';
import BillsPage from './BillsPage.tsx';
import CoinPage from './CoinPage.tsx';
import { ACCOUNTS, CURRENCIES, fakeFundsServer, renderPage } from './transfers-test-server.tsx';

setupPageTests({ signedIn: true });

const bill = (id: number, fields: Record<string, unknown>) => ({
  id,
  entry_id: id,
  type: 'transfer',
  type_name: '账户划转',
  currency_id: 3,
  currency: 'USDT',
  account_type: 2,
  account_name: '币币账户',
  bucket: 'available',
  amount: '-250.500000',
  balance_after: '749.500000',
  memo: '',
  ref_type: 'account_transfer',
  ref_id: '1',
  created_at: Date.UTC(2026, 10, 23, 2, 30),
  ...fields,
});
const BILLS = [
  bill(12, { account_type: 8, account_name: '股票账户', amount: '250.500000', balance_after: '250.500000' }),
  bill(11, {}),
  bill(10, { type: 'spot_hold', type_name: '委托冻结', bucket: 'frozen', amount: '10.000000', balance_after: '10.000000' }),
];
const page = (list: unknown[]) => ({ list, page: 1, limit: 20, total: list.length, has_more: false });

describe('BillsPage', () => {
  it("shows the rebate a fee paid to the user's inviter next to that fee, for information: no sign, no balance", async () => {
    fakeFundsServer({
      '/wallet/legal_log': page([
        bill(21, { id: 5, type: 'referral_rebate_paid', type_name: '邀请人返佣（平台从手续费中支付）', informational: true, amount: '0.019000', balance_after: null }),
        bill(20, { type: 'spot_trade', type_name: '成交结算', amount: '-95.095000', balance_after: '904.905000' }),
      ]),
      '/currency/list': CURRENCIES,
      '/wallet/transfer_accounts': ACCOUNTS,
    });
    renderPage(<BillsPage />, '/pages/setting/bill');
    const [rebate, fee] = await screen.findAllByTestId('bill');
    expect(rebate?.dataset.informational).toBe('true');
    expect(within(rebate as HTMLElement).getByTestId('bill-amount').textContent).toBe('0.019 USDT');
    expect(rebate?.textContent).toContain('仅供参考：不从您的余额扣除');
    expect(fee?.dataset.informational).toBeUndefined();
    expect(within(fee as HTMLElement).getByTestId('bill-amount').textContent).toBe('−95.095 USDT');
  });

  it('is titled like the home entry, lists every posting with its localized type, signed amount and balance, and filters by type and time', async () => {
    const server = fakeFundsServer({
      '/wallet/legal_log': (params: URLSearchParams) => ({ type: 'ok', message: page(params.get('kind') === 'spot_hold' ? BILLS.slice(2) : BILLS) }),
      '/currency/list': CURRENCIES,
      '/wallet/transfer_accounts': ACCOUNTS,
    });
    renderPage(<BillsPage />, '/pages/setting/bill');
    expect(await screen.findByText('账单')).toBeTruthy();
    const rows = await screen.findAllByTestId('bill');
    expect(rows).toHaveLength(3);
    expect(rows[0]?.textContent).toContain('账户划转');
    expect(within(rows[0] as HTMLElement).getByTestId('bill-amount').textContent).toBe('+250.50 USDT');
    expect(within(rows[1] as HTMLElement).getByTestId('bill-amount').textContent).toBe('−250.50 USDT');
    expect(rows[1]?.textContent).toContain('余额 749.50 USDT');
    expect(rows[2]?.textContent).toContain('冻结');

    fireEvent.click(screen.getByTestId('bills-filter-kind'));
    await act(async () => {
      fireEvent.click(await screen.findByTestId('bills-kind-spot_hold'));
    });
    await waitFor(() => expect(screen.getAllByTestId('bill')).toHaveLength(1));
    expect(server.callsTo('/wallet/legal_log').at(-1)?.get('kind')).toBe('spot_hold');

    fireEvent.click(screen.getByTestId('bills-filter-time'));
    await act(async () => {
      fireEvent.click(await screen.findByTestId('bills-time-week'));
    });
    await waitFor(() => expect(server.callsTo('/wallet/legal_log').at(-1)?.get('from')).not.toBeNull());
    const last = server.callsTo('/wallet/legal_log').at(-1);
    expect(Number(last?.get('to')) - Number(last?.get('from'))).toBe(7 * 86_400_000);
    expect(screen.getByTestId('bills-filter-time').textContent).toBe('近 7 天');
  });

  it('opens narrowed to one coin from the coin page, and says when nothing matches', async () => {
    const server = fakeFundsServer({ '/wallet/legal_log': page([]), '/currency/list': CURRENCIES, '/wallet/transfer_accounts': ACCOUNTS });
    renderPage(<BillsPage />, '/pages/fund/assets_all_record?currency=1');
    expect((await screen.findByTestId('bills-empty')).textContent).toContain('没有符合筛选条件的账单');
    expect(server.callsTo('/wallet/legal_log')[0]?.get('currency')).toBe('1');
    await waitFor(() => expect(screen.getByTestId('bills-filter-currency').textContent).toBe('BTC'));
  });
});

const COIN = {
  currency_id: 1,
  currency: 'BTC',
  name: 'Bitcoin',
  icon: '',
  kind: 'crypto',
  scale: 8,
  display_decimals: 6,
  chains: ['BTC'],
  available: '0.70000000',
  frozen: '0.10000000',
  total: '0.80000000',
  usdt_value: '77000.00',
  fiat_value: '77000.00',
  usdt_price: '96250',
  fiat: { code: 'USD', symbol: '$', rate: '1' },
  trade_symbol: 'BTC/USDT',
  accounts: [
    { type: 2, code: 'change', name: '币币账户', available: '0.50000000', frozen: '0.10000000', total: '0.60000000', usdt_value: '0', fiat_value: '0' },
    { type: 4, code: 'micro', name: '期权账户', available: '0.20000000', frozen: '0.00000000', total: '0.20000000', usdt_value: '0', fiat_value: '0' },
    { type: 1, code: 'legal', name: '法币账户', available: '0.00000000', frozen: '0.00000000', total: '0.00000000', usdt_value: '0', fiat_value: '0' },
  ],
};

describe('CoinPage', () => {
  it('shows the coin in every account with its recent bills, and links deposit, withdraw, transfer and trade', async () => {
    const server = fakeFundsServer({ '/wallet/coin': COIN, '/wallet/legal_log': page([bill(5, { currency_id: 1, currency: 'BTC', amount: '0.10000000', balance_after: '0.60000000' })]) });
    renderPage(<CoinPage />, '/pages/fund/assets_record?currency=BTC');
    expect((await screen.findByTestId('coin-total')).textContent).toBe('0.80');
    expect(screen.getByTestId('coin-account-change').textContent).toContain('0.50');
    expect(screen.getByTestId('coin-account-change').textContent).toContain('冻结 0.10');
    expect(screen.getByTestId('coin-account-micro').textContent).toContain('期权账户');
    expect((await screen.findAllByTestId('bill'))[0]?.textContent).toContain('+0.10 BTC');
    expect(server.callsTo('/wallet/legal_log')[0]?.get('currency')).toBe('1');
    expect(server.callsTo('/wallet/legal_log')[0]?.get('limit')).toBe('10');

    fireEvent.click(screen.getByTestId('coin-deposit'));
    // By symbol, as the deposit page names the coin in its title.
    expect((await screen.findByTestId('landing')).textContent).toBe('/pages/fund/receive?currency=BTC');
  });

  it('sends a transfer off from the account holding the most, and trade to the pair', async () => {
    fakeFundsServer({ '/wallet/coin': COIN, '/wallet/legal_log': page([]) });
    renderPage(<CoinPage />, '/pages/fund/assets_record?currency=BTC');
    fireEvent.click(await screen.findByTestId('coin-transfer'));
    expect((await screen.findByTestId('landing')).textContent).toBe('/pages/fund/fundTransfer?currency=1&from=change');
  });

  it('offers no deposit or withdrawal for a stock, and trades it on its pair', async () => {
    fakeFundsServer({ '/wallet/coin': { ...COIN, currency_id: 101, currency: 'AAPL', kind: 'stock', chains: [], trade_symbol: 'AAPL/USDT', accounts: [COIN.accounts[0]] }, '/wallet/legal_log': page([]) });
    renderPage(<CoinPage />, '/pages/fund/assets_record?currency=AAPL');
    await screen.findByTestId('coin-total');
    expect(screen.queryByTestId('coin-deposit')).toBeNull();
    expect(screen.queryByTestId('coin-withdraw')).toBeNull();
    expect(screen.queryByTestId('coin-transfer')).toBeNull();
    fireEvent.click(screen.getByTestId('coin-trade'));
    expect((await screen.findByTestId('landing')).textContent).toBe('/pages/transaction/currency?symbol=AAPL%2FUSDT');
  });
});
