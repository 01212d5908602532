import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setStale } from '../../shared/realtime/test-double.ts';
import { makeQuote, renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import type { CopiedPosition, MyCopies } from './api.ts';
import MyCopiesPage from './MyCopiesPage.tsx';

vi.mock('../../shared/realtime/index.ts', () => import('../../shared/realtime/test-double.ts'));

const POSITION: CopiedPosition = {
  id: 7,
  symbol: 'BTC/USDT',
  side: 'long',
  status: 'holding',
  multiple: 1.5,
  lots: 15,
  open_price: '96000.00',
  open_tick_id: 120,
  margin: '960.00',
  pnl: null,
  feed_price: '96000.00',
  terms: { tick_size: '0.01', lot_size: '0.001', quote_scale: 2, spread_ticks: 0, fee_rate: '0.001', maintenance_margin_ratio: '0.005', overnight_rate: '0' },
  opened_at: 1795440451965,
  close: null,
  trader_user_id: 2,
  trader_nickname: 'trader1',
  trader_order_id: 11,
  linked: true,
  profit_share: '0.10',
};

const MINE: MyCopies = { follows: [], current: [POSITION], history: [], skipped: [], earnings: { total_profit: '0.00', shares_paid: '0.00' }, history_total: 0, history_has_more: false };

setupPageTests({ signedIn: true });

describe('MyCopiesPage', () => {
  it('greys a copied position’s live P&L and price while the ticker feed is lost, and shows them live again when it is back', async () => {
    stubApi({ '/follow/my': MINE, '/currency/quotation_new': [makeQuote('BTC/USDT', { price: '96100.00' })] });
    renderAt(<MyCopiesPage />);
    const card = await screen.findByTestId('copy-position-7');
    await screen.findByText('96,100.00');
    expect(card.getAttribute('data-stale')).toBe('false');
    expect(card.querySelector('[data-testid="copy-live-pnl"] [data-live]')).not.toBeNull();
    setStale(['tickers'], true);
    expect(card.getAttribute('data-stale')).toBe('true');
    setStale(['tickers'], false);
    expect(card.getAttribute('data-stale')).toBe('false');
  });
});
