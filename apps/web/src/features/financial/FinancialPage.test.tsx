import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import type { Overview } from './api.ts';
import FinancialPage from './FinancialPage.tsx';

/** A user whose only lock was redeemed early: one day's yield of 3.5 USDT, a 16 USDT penalty. */
const overview: Overview = {
  fiat: { code: 'USD', symbol: '$', rate: '1' },
  products: {
    lock_mining: { count: 5, shortest_days: 5, longest_days: 30, best_daily_rate: '0.7' },
    dual: { on_sale: 6, best_apr: '55.4', coins: ['BTC', 'ETH'] },
    ieo: { warmup: 1, in_progress: 1, finished: 1 },
    upcoming_ieos: [],
  },
  holdings: {
    locked: [],
    locked_usdt: '0.00',
    locked_fiat: '0.00',
    earnings: [{ kind: 'lock_mining', currency: 'USDT', icon: '/static/coins/usdt.svg', amount: '-12.500000', usdt_value: '-12.50', fiat_value: '-12.50' }],
    total_earnings_usdt: '-12.50',
    total_earnings_fiat: '-12.50',
    next_payments: [],
    dual_settling: [],
    counts: { lock_mining: 0, dual: 0, ieo: 0 },
  },
};

setupPageTests({ signedIn: true });

describe('financial overview page', () => {
  it('shows earnings net of early-redemption penalties, says so, and puts the sign before the currency symbol', async () => {
    stubApi({ '/financial/overview': overview });
    renderAt(<FinancialPage />, '/pages/financial/index');
    expect((await screen.findByTestId('fin-total-earnings')).textContent).toBe('-$12.50');
    expect(screen.getByTestId('fin-earning-rows').textContent).toContain('≈ -$12.50');
    expect(screen.getByTestId('fin-net-note').textContent).toBe('已扣除提前赎回违约金：锁仓收益减去已支付的违约金');
  });
});
