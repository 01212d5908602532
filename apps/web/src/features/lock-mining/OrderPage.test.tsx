import { createHash, createHmac } from 'node:crypto';
import { commitmentOf, dailyRateFromSeed } from '@openbourse/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import type { LockDay, LockOrder } from './api.ts';
import OrderPage from './OrderPage.tsx';

const SEED = '5e'.repeat(32);
const RATE = dailyRateFromSeed(SEED, 3000, 4000);
const DAY = 86_400_000;

function day(number: number, paid: boolean, overrides: Partial<LockDay> = {}): LockDay {
  return {
    day: number,
    payout_at: Date.UTC(2026, 10, 25) + (number - 1) * DAY,
    rate_day: `2026-11-${24 + number}`,
    commitment: commitmentOf(SEED),
    committed_at: Date.UTC(2026, 10, 18),
    seed: paid ? SEED : null,
    rate: paid ? String(RATE / 10_000) : null,
    rate_millionths: paid ? RATE : null,
    range_min_millionths: 3000,
    range_max_millionths: 4000,
    late: false,
    amount: paid ? '3.500000' : null,
    paid_at: paid ? Date.UTC(2026, 10, 25) + (number - 1) * DAY : null,
    ...overrides,
  };
}

const order: LockOrder = {
  id: 41,
  product_id: 1,
  currency: 'USDT',
  icon: '/static/coins/usdt.svg',
  amount: '1000.000000',
  lock_days: 5,
  daily_rate_min: '0.3',
  daily_rate_max: '0.4',
  penalty_rate: '0.4',
  status: 1,
  state: 'running',
  locked_at: Date.UTC(2026, 10, 23, 5),
  value_at: Date.UTC(2026, 10, 24),
  expires_at: Date.UTC(2026, 10, 29),
  next_dividend_at: Date.UTC(2026, 10, 27),
  days_paid: 2,
  yield_paid: '7.000000',
  penalty: null,
  refund: null,
  closed_at: null,
  redeem_preview: { remaining_days: 3, penalty: '12.000000', refund: '988.000000' },
  // Day 2 claims a rate its seed does not give: the browser must say so.
  days: [day(1, true), day(2, true, { rate_millionths: RATE === 4000 ? 3000 : RATE + 1 }), day(3, false), day(4, false), day(5, false)],
};

setupPageTests({ signedIn: true });

describe('lock-mining order page', () => {
  it('verifies each paid day in the browser against its commitment and flags a mismatch', async () => {
    stubApi({ '/lh/deposit/order/detail': order });
    renderAt(<OrderPage />, '/pages/lockming/order?id=41');
    expect((await screen.findByTestId('lock-day-proof-1')).textContent).toContain('已验证');
    expect(screen.getByTestId('lock-day-proof-2').textContent).toContain('不符');
    expect(screen.getByTestId('lock-day-proof-3').textContent).toContain('待派息');
    expect(screen.getByTestId('lock-days-paid').textContent).toContain('2 / 5');
  });

  it('labels a matured order\'s closing time as the principal\'s return, not a redemption', async () => {
    const matured: LockOrder = { ...order, status: 2, state: 'matured', days_paid: 5, next_dividend_at: null, closed_at: Date.UTC(2026, 10, 29), redeem_preview: null, days: [1, 2, 3, 4, 5].map((number) => day(number, true)) };
    stubApi({ '/lh/deposit/order/detail': matured });
    renderAt(<OrderPage />, '/pages/lockming/order?id=41');
    expect((await screen.findByTestId('lock-closed-at')).textContent).toContain('本金返还时间');
  });

  it('states a recipe that standard SHA-256 and HMAC tools follow to the same commitment and rate', async () => {
    stubApi({ '/lh/deposit/order/detail': order });
    renderAt(<OrderPage />, '/pages/lockming/order?id=41');
    const recipe = (await screen.findByTestId('lock-recipe')).textContent ?? '';
    const message = /"([^"]+)"/.exec(recipe)?.[1] as string;
    expect(message).toBe('lock-mining.daily-rate:0');
    expect(recipe).toContain('min + N mod (max − min + 1)');
    // Done as the page says, with node's crypto instead of the app's code.
    const bytes = Buffer.from(SEED, 'hex');
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(commitmentOf(SEED));
    const n = BigInt(`0x${createHmac('sha256', bytes).update(message).digest('hex')}`);
    expect(3000 + Number(n % 1001n)).toBe(RATE);
  });

  it('shows the penalty and the refund before the early redemption is confirmed (spec 9: 0.4% × 3 × 1,000 = 12)', async () => {
    const { calledPaths } = stubApi({ '/lh/deposit/order/detail': order, '/lh/deposit/order/cancel': { ...order, status: 2, state: 'redeemed', penalty: '12.000000', refund: '988.000000', redeem_preview: null } });
    renderAt(<OrderPage />, '/pages/lockming/order?id=41');
    fireEvent.click(await screen.findByTestId('lock-redeem'));
    const dialog = await screen.findByTestId('lock-redeem-dialog');
    expect(screen.getByTestId('lock-redeem-penalty').textContent).toContain('12.00 USDT');
    expect(screen.getByTestId('lock-redeem-refund').textContent).toContain('988.00 USDT');
    expect(dialog.textContent).toContain('0.4% × 3 天 × 1,000.00 = 12.00 USDT');
    expect(calledPaths()).not.toContain('/api/lh/deposit/order/cancel');
    await act(async () => {
      fireEvent.click(screen.getByText('确认赎回', { selector: '.adm-dialog-button *, .adm-dialog-button' }));
    });
    await waitFor(() => expect(calledPaths()).toContain('/api/lh/deposit/order/cancel'));
  });
});
