import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setStale } from '../../shared/realtime/test-double.ts';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import type { FuturesOrder } from './api.ts';
import { PositionCard } from './PositionCard.tsx';

vi.mock('../../shared/realtime/index.ts', () => import('../../shared/realtime/test-double.ts'));

const HOLDING: FuturesOrder = {
  id: 7,
  symbol: 'BTC/USDT',
  currency_id: 1,
  legal_id: 3,
  side: 'long',
  order_type: 'market',
  status: 'holding',
  multiple: 10,
  lots: 1,
  quantity: '0.010',
  limit_price: null,
  open_price: '96000.00',
  open_tick_id: 120,
  margin: '96.00',
  entrust_hold: '0.00',
  open_fee: '0.96',
  overnight_fees: '0.000000',
  take_profit: null,
  stop_loss: null,
  liquidation_price: '86880.00',
  feed_price: '96000.00',
  pnl: '0.00',
  risk_rate: '100.00',
  pnl_at_take_profit: null,
  pnl_at_stop_loss: null,
  terms: { tick_size: '0.01', lot_size: '0.01', quote_scale: 2, spread_ticks: 0, fee_rate: '0.001', maintenance_margin_ratio: '0.005', overnight_rate: '0' },
  created_at: 1795440451965,
  opened_at: 1795440451965,
  close: null,
  copy: null,
};

setupPageTests({ signedIn: true });

describe('PositionCard', () => {
  it('greys a holding position’s live P&L, risk rate and price while the ticker feed is lost, and shows them live again when it is back', async () => {
    stubApi();
    renderAt(<PositionCard order={HOLDING} feedPrice="96100.00" marketOpen />);
    const card = await screen.findByTestId('futures-order-7');
    expect(card.getAttribute('data-stale')).toBe('false');
    expect(screen.getByTestId('futures-live-pnl').hasAttribute('data-live')).toBe(true);
    expect(screen.getByText('96,100.00').closest('[data-live]')).not.toBeNull();
    setStale(['tickers'], true);
    expect(card.getAttribute('data-stale')).toBe('true');
    setStale(['tickers'], false);
    expect(card.getAttribute('data-stale')).toBe('false');
  });

  it('never greys a closed order: its figures are settled, not live', async () => {
    stubApi();
    const closed: FuturesOrder = {
      ...HOLDING,
      status: 'closed',
      close: { reason: 'manual', tick: { id: 130, time: 1795440460000, price: '96100.00' }, close_price: '96100.00', pnl: '1.00', fee: '0.96', payout: '96.04', house_absorbed: '0.000000', closed_at: 1795440460000 },
    };
    renderAt(<PositionCard order={closed} feedPrice="96100.00" marketOpen />);
    setStale(['tickers'], true);
    expect((await screen.findByTestId('futures-order-7')).getAttribute('data-stale')).toBe('false');
    setStale(['tickers'], false);
  });
});
