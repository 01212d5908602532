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

  it("says a copy closed by its trader was the trader's close, and a copy the user kept and closed was closed by hand", async () => {
    const close = { reason: 'manual', tick: { id: 300, time: 1795440500000, price: '96500.00' }, close_price: '96500.00', pnl: '7.50', closed_at: 1795440500000 };
    const byTrader: CopiedPosition = { ...POSITION, id: 8, status: 'closed', close };
    const keptAndClosed: CopiedPosition = { ...POSITION, id: 9, status: 'closed', linked: false, close };
    stubApi({ '/follow/my': { ...MINE, current: [], history: [byTrader, keptAndClosed], history_total: 2 }, '/currency/quotation_new': [] });
    renderAt(<MyCopiesPage />);
    expect((await screen.findByTestId('copy-past-reason-8')).textContent).toContain('交易员平仓');
    expect(screen.getByTestId('copy-past-reason-9').textContent).toContain('手动平仓');
  });
});
