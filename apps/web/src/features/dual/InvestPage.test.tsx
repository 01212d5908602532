import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import type { DualProduct } from './api.ts';
import InvestPage from './InvestPage.tsx';

const solPut: DualProduct = {
  id: 31,
  pair: 'SOL/USDT',
  currency_id: 6,
  coin: 'SOL',
  icon: '/static/coins/sol.svg',
  type: 'put',
  linked_price: '180',
  apr: '30',
  days: 2,
  maturity_at: Date.UTC(2026, 10, 25, 8),
  maturity_date: '2026-11-25',
  invest_currency: 'USDT',
  share_amount: '100.000000',
  total_shares: 100,
  sold_shares: 0,
  remaining_shares: 100,
  progress: '0.00',
  sale_start: Date.UTC(2026, 10, 23),
  sale_end: Date.UTC(2026, 10, 25, 7),
  on_sale: true,
  feed_price: '190.00',
  per_share: { kept: { currency: 'USDT', amount: '100.164383', interest: '0.164383' }, converted: { currency: 'SOL', amount: '0.55646879', interest: '0.00091323' } },
};

setupPageTests({ signedIn: true });

describe('dual product list', () => {
  it('takes its coin tabs from the server, so an operator-made product on another coin has its tab', async () => {
    const coins = [
      { currency_id: 1, coin: 'BTC', icon: '/static/coins/btc.svg' },
      { currency_id: 2, coin: 'ETH', icon: '/static/coins/eth.svg' },
      { currency_id: 6, coin: 'SOL', icon: '/static/coins/sol.svg' },
    ];
    const { fetchMock } = stubApi({ '/dual/coins': coins, '/dual/index': [solPut] });
    renderAt(<InvestPage />, '/pages/invest/invest');
    const tabs = await screen.findByTestId('dual-coins');
    expect(tabs.textContent).toBe('BTCETHSOL');
    fireEvent.click(screen.getByText('SOL'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/dual/index') && String(input).includes('currency_id=6'))).toBe(true));
    expect((await screen.findByTestId('dual-type-call')).textContent).toContain('SOL');
  });
});
