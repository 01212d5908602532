import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { pushFrame } from '../../shared/realtime/test-double.ts';
import { renderAt, setupPageTests } from '../../shared/test-utils.tsx';
import AssetsPage from './AssetsPage.tsx';

vi.mock('../../shared/realtime/index.ts', () => import('../../shared/realtime/test-double.ts'));

setupPageTests({ signedIn: true });

function CoinAddress() {
  return <div data-testid="coin-address">{useLocation().search}</div>;
}

const balance = (currency_id: number, currency: string, total: string, usdt_value: string) => ({
  currency_id,
  currency,
  name: currency,
  icon: '',
  available: total,
  frozen: '0',
  total,
  usdt_value,
  fiat_value: usdt_value,
});
const WALLET = {
  fiat: { code: 'USD', symbol: '$', rate: '1' },
  total_usdt: '1000.48',
  total_fiat: '1000.48',
  accounts: [
    {
      type: 2,
      code: 'change',
      name: '币币账户',
      total_usdt: '1000.48',
      total_fiat: '1000.48',
      balances: [balance(3, 'USDT', '1000.000000', '1000.00'), balance(1, 'BTC', '0.00000500', '0.48'), balance(2, 'ETH', '0.00000000', '0.00')],
    },
    { type: 8, code: 'stock', name: '股票账户', total_usdt: '0', total_fiat: '0', balances: [balance(3, 'USDT', '0.000000', '0.00')] },
  ],
};
const SMALL = {
  threshold_usdt: '1',
  fee_bps: 20,
  next_allowed_at: null,
  items: [{ account: { type: 2, code: 'change', name: '币币账户' }, currency_id: 1, currency: 'BTC', icon: '', amount: '0.00000500', usdt_value: '0.481250', receive: '0.480287' }],
  total_receive: '0.480287',
};
const USER = { id: 1, account: 'demo@openbourse.test', nickname: 'Demo', head_portrait: '', verification: { level: 2, state: 'verified', pending_level: null }, frozen: null };

function serve() {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
      calls.push(path);
      const answers: Record<string, unknown> = {
        '/wallet/list': WALLET,
        '/user/info': USER,
        '/wallet/small_balances': SMALL,
        '/wallet/small_balances/convert': { total_receive: '0.480287', next_allowed_at: Date.now() + 6 * 3_600_000, converted: [] },
      };
      return new Response(JSON.stringify({ type: 'ok', message: answers[path] }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

describe('AssetsPage', () => {
  it('names each account and what it is for, and hides balances under 1 USDT until asked', async () => {
    serve();
    renderAt(<AssetsPage />, '/pages/fund/assets');
    const spot = await screen.findByTestId('assets-account-change');
    expect(within(spot).getByTestId('assets-account-about-change').textContent).toBe('买卖和闪兑数字货币');
    expect(within(spot).queryByTestId('assets-balance-USDT')).toBeTruthy();
    expect(within(spot).queryByTestId('assets-balance-BTC')).toBeNull();
    fireEvent.click(within(spot).getByTestId('assets-hide-small-change'));
    expect(within(spot).getByTestId('assets-balance-BTC')).toBeTruthy();
    expect(within(spot).getByTestId('assets-balance-ETH')).toBeTruthy();
  });

  it('follows the balances live: money moved on another page or tab is fetched again', async () => {
    const calls = serve();
    renderAt(<AssetsPage />, '/pages/fund/assets');
    await screen.findByTestId('assets-account-change');
    const fetched = calls.filter((path) => path === '/wallet/list').length;
    pushFrame('balances', { time: Date.now() });
    await waitFor(() => expect(calls.filter((path) => path === '/wallet/list').length).toBe(fetched + 1));
  });

  it('opens a coin\'s page from its row', async () => {
    serve();
    renderAt(
      <Routes>
        <Route path="/pages/fund/assets" element={<AssetsPage />} />
        <Route path="/pages/fund/assets_record" element={<CoinAddress />} />
      </Routes>,
      '/pages/fund/assets',
    );
    fireEvent.click(within(await screen.findByTestId('assets-account-change')).getByTestId('assets-balance-USDT'));
    expect((await screen.findByTestId('coin-address')).textContent).toBe('?currency=USDT');
  });

  it('offers the five actions, transfer and convert leading to their own pages', async () => {
    serve();
    renderAt(<AssetsPage />, '/pages/fund/assets');
    await screen.findByTestId('assets-account-change');
    expect(screen.getAllByTestId(/^assets-action-/).map((action) => action.textContent)).toEqual(['充值', '提现', '划转', '闪兑', '账单']);
  });

  it('sweeps small balances into USDT from the account that has them', async () => {
    const calls = serve();
    renderAt(<AssetsPage />, '/pages/fund/assets');
    const sweep = await screen.findByTestId('assets-sweep-change');
    expect(screen.queryByTestId('assets-sweep-stock')).toBeNull();
    fireEvent.click(sweep);
    const popup = await screen.findByTestId('small-balances');
    await waitFor(() => expect(within(popup).getByTestId('small-balance-BTC-change').textContent).toContain('≈ 0.480287 USDT'));
    expect(within(popup).getByTestId('small-balances-total').textContent).toBe('预计获得 0.480287 USDT');
    await act(async () => {
      fireEvent.click(within(popup).getByTestId('small-balances-convert'));
    });
    await waitFor(() => expect(calls).toContain('/wallet/small_balances/convert'));
    expect(await screen.findByText('已兑换为 0.480287 USDT')).toBeTruthy();
  });
});
