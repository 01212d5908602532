import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setStale } from '../../shared/realtime/test-double.ts';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import type { FuturesOrder } from './api.ts';
import { PositionCard } from './PositionCard.tsx';
import { holding } from './test-fixtures.ts';

vi.mock('../../shared/realtime/index.ts', () => import('../../shared/realtime/test-double.ts'));


setupPageTests({ signedIn: true });

describe('PositionCard', () => {
  it('greys a holding position’s live P&L, risk rate and price while the ticker feed is lost, and shows them live again when it is back', async () => {
    stubApi();
    renderAt(<PositionCard order={holding({ id: 7 })} feedPrice="96100.00" marketOpen />);
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
      ...holding({ id: 7 }),
      status: 'closed',
      close: { reason: 'manual', tick: { id: 130, time: 1795440460000, price: '96100.00' }, close_price: '96100.00', pnl: '1.00', fee: '0.96', payout: '96.04', house_absorbed: '0.000000', closed_at: 1795440460000 },
    };
    renderAt(<PositionCard order={closed} feedPrice="96100.00" marketOpen />);
    setStale(['tickers'], true);
    expect((await screen.findByTestId('futures-order-7')).getAttribute('data-stale')).toBe('false');
    setStale(['tickers'], false);
  });
});
