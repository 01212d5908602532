import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, setupPageTests } from '../test-utils.tsx';
import { instrumentDefOf } from '@openbourse/core';
import { btcQuote } from './test-doubles.ts';
import { listenedChannels, pushFrame, setStale } from '../realtime/test-double.ts';
import { DepthPanel, OrderBook } from './PairOrderBook.tsx';

vi.mock('../realtime/index.ts', () => import('../realtime/test-double.ts'));

setupPageTests();

const def = instrumentDefOf(btcQuote);

const depth = {
  asks: [
    ['100010.00', '0.5000'],
    ['100020.00', '1.5000'],
  ],
  bids: [
    ['99990.00', '1.0000'],
    ['99980.00', '2.0000'],
  ],
  time: 1,
};

const prices = (side: 'ask' | 'bid') => screen.queryAllByTestId(`trade-book-${side}`).map((level) => level.querySelector('.trading-book__price')?.textContent);
const barWidths = (side: 'ask' | 'bid') => screen.queryAllByTestId(`trade-book-${side}`).map((level) => (level.querySelector('.trading-book__bar') as HTMLElement).style.width);

describe('OrderBook', () => {
  it('shows the live book: asks above with the best nearest the last price, bids below best first', async () => {
    const { unmount } = renderAt(<OrderBook quote={btcQuote} def={def} onPick={() => undefined} />);
    expect(await screen.findByTestId('trade-book-loading')).toBeTruthy();
    expect(listenedChannels()).toContain('depth:BTC/USDT');
    pushFrame('depth:BTC/USDT', depth, true);
    expect(await screen.findByTestId('trade-book')).toBeTruthy();
    expect(prices('ask')).toEqual(['100,020.00', '100,010.00']);
    expect(prices('bid')).toEqual(['99,990.00', '99,980.00']);
    expect(screen.getByText('100,000.00')).toBeTruthy();
    unmount();
    expect(listenedChannels()).not.toContain('depth:BTC/USDT');
  });

  it('draws cumulative depth against the deeper side', async () => {
    renderAt(<OrderBook quote={btcQuote} def={def} onPick={() => undefined} />);
    pushFrame('depth:BTC/USDT', depth, true);
    await screen.findByTestId('trade-book');
    // Cumulative: asks 0.5, 2.0; bids 1.0, 3.0 (the deepest).
    expect(barWidths('bid')).toEqual(['33.33%', '100%']);
    expect(barWidths('ask')).toEqual(['66.66%', '16.66%']);
  });

  it('follows each new picture of the book', async () => {
    renderAt(<OrderBook quote={btcQuote} def={def} onPick={() => undefined} />);
    pushFrame('depth:BTC/USDT', depth, true);
    await screen.findByTestId('trade-book');
    pushFrame('depth:BTC/USDT', { asks: [['100015.00', '0.1000']], bids: [], time: 2 });
    expect(prices('ask')).toEqual(['100,015.00']);
    expect(prices('bid')).toEqual([]);
    expect(screen.getByText('暂无挂单')).toBeTruthy();
  });

  it('hands a tapped level’s price to the order form', async () => {
    const onPick = vi.fn();
    renderAt(<OrderBook quote={btcQuote} def={def} onPick={onPick} />);
    pushFrame('depth:BTC/USDT', depth, true);
    await screen.findByTestId('trade-book');
    fireEvent.click(screen.getAllByTestId('trade-book-bid')[1] as HTMLElement);
    expect(onPick).toHaveBeenCalledWith('99980.00');
  });

  it('groups levels into multiples of the tick size, bids down and asks up', async () => {
    const onPick = vi.fn();
    renderAt(<OrderBook quote={btcQuote} def={def} onPick={onPick} />);
    pushFrame('depth:BTC/USDT', { asks: [['100000.01', '0.5000'], ['100000.50', '0.2500'], ['100001.20', '1.0000']], bids: [['99999.99', '1.0000'], ['99999.10', '2.0000'], ['99998.90', '0.1000']], time: 1 }, true);
    await screen.findByTestId('trade-book');
    fireEvent.change(screen.getByTestId('book-grouping'), { target: { value: '1' } });
    expect(prices('ask')).toEqual(['100,002', '100,001']);
    expect(prices('bid')).toEqual(['99,999', '99,998']);
    const quantities = (side: 'ask' | 'bid') => screen.queryAllByTestId(`trade-book-${side}`).map((level) => level.querySelector('.trading-book__quantity')?.textContent);
    // The lot has four decimals, so every quantity shows four.
    expect(quantities('ask')).toEqual(['1.0000', '0.7500']);
    expect(quantities('bid')).toEqual(['3.0000', '0.1000']);
    fireEvent.click(screen.getAllByTestId('trade-book-bid')[0] as HTMLElement);
    expect(onPick).toHaveBeenCalledWith('99999');
  });

  it('shows bids only or asks only', async () => {
    renderAt(<OrderBook quote={btcQuote} def={def} onPick={() => undefined} />);
    pushFrame('depth:BTC/USDT', depth, true);
    await screen.findByTestId('trade-book');
    fireEvent.click(screen.getByTestId('book-view-bids'));
    expect(prices('ask')).toEqual([]);
    expect(prices('bid')).toEqual(['99,990.00', '99,980.00']);
    fireEvent.click(screen.getByTestId('book-view-asks'));
    expect(prices('bid')).toEqual([]);
    expect(prices('ask')).toEqual(['100,020.00', '100,010.00']);
  });

  it('greys the book and the depth chart while the depth feed is lost, and shows them live again on its next picture', async () => {
    renderAt(
      <>
        <OrderBook quote={btcQuote} def={def} onPick={() => undefined} />
        <DepthPanel quote={btcQuote} />
      </>,
    );
    pushFrame('depth:BTC/USDT', depth, true);
    const panel = await screen.findByTestId('trade-depth-panel');
    const staleOf = () => [screen.getByTestId('trade-book').getAttribute('data-stale'), panel.getAttribute('data-stale')];
    expect(staleOf()).toEqual(['false', 'false']);
    setStale(['depth:BTC/USDT'], true);
    expect(staleOf()).toEqual(['true', 'true']);
    setStale(['depth:BTC/USDT'], false);
    expect(staleOf()).toEqual(['false', 'false']);
  });
});
