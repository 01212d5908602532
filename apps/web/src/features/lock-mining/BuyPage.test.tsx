import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import type { LockProduct } from './api.ts';
import BuyPage from './BuyPage.tsx';

const DAY = 86_400_000;
const VALUE_AT = Date.UTC(2026, 10, 24);
const commitment = (day: string, min: number, max: number) => ({ day, commitment: 'ab'.repeat(32), committed_at: Date.UTC(2026, 10, 20), min_rate_millionths: min, max_rate_millionths: max });

/** A 5-day product whose range was edited from 0.3%–0.4% to 0.5%–0.6% after its first three payout dates were committed. */
const product: LockProduct = {
  id: 7,
  currency_id: 3,
  currency: 'USDT',
  icon: '/static/coins/usdt.svg',
  lock_days: 5,
  daily_rate_min: '0.5',
  daily_rate_max: '0.6',
  min_rate_millionths: 5000,
  max_rate_millionths: 6000,
  min_amount: '100.000000',
  max_per_user: '50000.000000',
  penalty_rate: '0.4',
  penalty_rate_millionths: 4000,
  dividend_time: '00:00',
  value_at: VALUE_AT,
  first_dividend_at: VALUE_AT + DAY,
  expires_at: VALUE_AT + 5 * DAY,
  user_locked: '0.000000',
  user_remaining: '50000.000000',
  commitments: [
    commitment('2026-11-24', 3000, 4000),
    commitment('2026-11-25', 3000, 4000),
    commitment('2026-11-26', 3000, 4000),
    commitment('2026-11-27', 3000, 4000),
    commitment('2026-11-28', 5000, 6000),
    commitment('2026-11-29', 5000, 6000),
    commitment('2026-11-30', 5000, 6000),
  ],
};

setupPageTests({ signedIn: true });

describe('lock-mining buy page', () => {
  it('previews day by day from the ranges committed for the lock\'s payout dates, not the product\'s edited range', async () => {
    stubApi({ '/lh/deposit/config': [product], '/wallet/detail': { available: '5000.000000', frozen: '0.000000' } });
    renderAt(<BuyPage />, '/pages/lockming/buy?id=7');
    // Payouts on the 25th to the 29th: three days at 0.3%–0.4%, two at 0.5%–0.6%.
    expect((await screen.findByTestId('lock-rate-range')).textContent).toContain('0.3% – 0.6%');
    fireEvent.change(screen.getByTestId('lock-amount').querySelector('input') as HTMLInputElement, { target: { value: '1000' } });
    await waitFor(() => expect(screen.getByTestId('lock-preview-daily').textContent).toContain('3.00 – 6.00 USDT'));
    // 3 × 3 + 2 × 5 = 19 up to 3 × 4 + 2 × 6 = 24.
    expect(screen.getByTestId('lock-preview-total').textContent).toContain('19.00 – 24.00 USDT');
    expect(screen.getByTestId('lock-commitment-2026-11-28').textContent).toContain('0.5% – 0.6%');
  });
});
