import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import type { DualProduct } from './api.ts';
import PurchasePage from './PurchasePage.tsx';

const product: DualProduct = {
  id: 7,
  pair: 'BTC/USDT',
  currency_id: 1,
  coin: 'BTC',
  icon: '/static/coins/btc.svg',
  type: 'call',
  linked_price: '100000',
  apr: '36.5',
  days: 10,
  maturity_at: Date.UTC(2026, 11, 3, 8),
  maturity_date: '2026-12-03',
  invest_currency: 'BTC',
  share_amount: '0.10000000',
  total_shares: 100,
  sold_shares: 0,
  remaining_shares: 100,
  progress: '0.00',
  sale_start: Date.UTC(2026, 10, 23),
  sale_end: Date.UTC(2026, 11, 3, 7),
  on_sale: true,
  feed_price: '96250.00',
  per_share: { kept: { currency: 'BTC', amount: '0.10100000', interest: '0.00100000' }, converted: { currency: 'USDT', amount: '10100.000000', interest: '100.000000' } },
};

setupPageTests({ signedIn: true });

describe('dual purchase page', () => {
  it('shows both outcomes with numbers and states the tie rule before buying', async () => {
    stubApi({ '/dual/detail': product, '/wallet/detail': { available: '1.00000000' } });
    renderAt(<PurchasePage />, '/pages/invest/purchase?id=7');
    const kept = await screen.findByTestId('dual-outcome-kept');
    // One share of 0.1 BTC at 36.5% for 10 days: × 1.01.
    expect(kept.textContent).toContain('结算价低于 100,000');
    expect(kept.textContent).toContain('0.101 BTC');
    const converted = screen.getByTestId('dual-outcome-converted');
    expect(converted.textContent).toContain('结算价不低于 100,000（含等于）');
    expect(converted.textContent).toContain('10,100.00 USDT');
    expect(screen.getByTestId('dual-tie-rule').textContent).toContain('恰好等于挂钩价 100,000');
    expect(screen.getByTestId('dual-invested').textContent).toContain('0.10 BTC');
    expect(screen.getByTestId('dual-feed-price').textContent).toContain('96,250.00');
  });

  it('takes the whole part of a typed fraction of shares, prices that, and says so while the fraction is shown', async () => {
    stubApi({ '/dual/detail': product, '/wallet/detail': { available: '1.00000000' } });
    renderAt(<PurchasePage />, '/pages/invest/purchase?id=7');
    const field = (await screen.findByRole('spinbutton')) as HTMLInputElement;
    fireEvent.focus(field);
    fireEvent.input(field, { target: { value: '2.5' } });
    // Two shares of 0.1 BTC, not three.
    expect(screen.getByTestId('dual-invested').textContent).toContain('0.20 BTC');
    expect(screen.getByText('只能购买整数份：将购买 2 份')).toBeTruthy();
    fireEvent.blur(field);
    expect(screen.queryByText(/只能购买整数份/)).toBeNull();
    // A decimal comma, as a French phone types it, the same.
    fireEvent.focus(field);
    fireEvent.input(field, { target: { value: '3,5' } });
    expect(screen.getByTestId('dual-invested').textContent).toContain('0.30 BTC');
  });

  it('opened without an id says there is nothing to show, instead of loading forever, and asks nothing of the product', async () => {
    const { calledPaths } = stubApi({});
    renderAt(<PurchasePage />, '/pages/invest/purchase');
    await screen.findByTestId('missing-item');
    expect(calledPaths()).not.toContain('/api/dual/detail');
  });
});
