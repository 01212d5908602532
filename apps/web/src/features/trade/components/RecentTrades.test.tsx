import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, setupPageTests, stubApi } from '../../../shared/test-utils.tsx';
import { instrumentDefOf } from '@openbourse/core';
import { btcQuote } from '../../../shared/trading/test-doubles.ts';
import { listenedChannels, pushFrame } from '../../../shared/realtime/test-double.ts';
import { RecentTrades } from './RecentTrades.tsx';

vi.mock('../../../shared/realtime/index.ts', () => import('../../../shared/realtime/test-double.ts'));

setupPageTests();

const trade = (id: number, price: string, side: 'buy' | 'sell') => ({ id, price, amount: '0.1000', side, time: 1_700_000_000_000 + id });
const shownPrices = () => [...document.querySelectorAll('.trade-trades__row:not(.trade-trades__head) > span:first-child')].map((cell) => [cell.textContent, cell.className]);

describe('RecentTrades', () => {
  it('lists the stored trades newest first, then puts each new trade on top once', async () => {
    stubApi({ '/currency/trades': [trade(2, '100001.00', 'sell'), trade(1, '100000.00', 'buy')] });
    const { unmount } = renderAt(<RecentTrades quote={btcQuote} def={instrumentDefOf(btcQuote)} />);
    await screen.findByTestId('trade-trades');
    expect(shownPrices()).toEqual([
      ['100,001.00', 'tone-down'],
      ['100,000.00', 'tone-up'],
    ]);
    pushFrame('trades:BTC/USDT', trade(3, '100002.00', 'buy'));
    pushFrame('trades:BTC/USDT', trade(3, '100002.00', 'buy'));
    await waitFor(() => expect(shownPrices().map(([price]) => price)).toEqual(['100,002.00', '100,001.00', '100,000.00']));
    unmount();
    expect(listenedChannels()).not.toContain('trades:BTC/USDT');
  });

  it('marks the market’s prints from the feed beside this platform’s fills', async () => {
    stubApi({ '/currency/trades': [{ ...trade(7, '100003.00', 'buy'), source: 'feed' }, { ...trade(7, '100001.00', 'sell'), source: 'platform' }] });
    renderAt(<RecentTrades quote={btcQuote} def={instrumentDefOf(btcQuote)} />);
    await screen.findByTestId('trade-trades');
    expect(screen.getAllByTestId('trade-print-feed')).toHaveLength(1);
    expect(screen.getAllByTestId('trade-print')).toHaveLength(1);
    expect(screen.getByTestId('trade-feed-legend')).toBeTruthy();
  });
});
