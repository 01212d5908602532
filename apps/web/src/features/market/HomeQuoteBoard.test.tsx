import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeQuote, renderAt, setupPageTests } from '../../shared/test-utils.tsx';
import HomeQuotes from './HomeQuoteBoard.tsx';
import { setStale } from '../../shared/realtime/test-double.ts';
import { LocationProbe, stubMarketApi } from './test-fixtures.tsx';

vi.mock('../../shared/realtime/index.ts', () => import('../../shared/realtime/test-double.ts'));

const QUOTES = [
  makeQuote('BTC/USDT', { price: '96261.55', change_percent: '0.75' }),
  makeQuote('ETH/USDT', { price: '3419.78', change_percent: '-9.15' }),
  makeQuote('SOL/USDT', { price: '178.39', change_percent: '4.90' }),
  makeQuote('XRP/USDT', { price: '2.2794', change_percent: '-4.49' }),
  makeQuote('AAPL/USDT', { price: '231.50', change_percent: '0.00', kind: 'stock', market_open: false }),
];

function renderHomeQuotes() {
  stubMarketApi({ '/currency/quotation_new': QUOTES }, () => ({ results: [], hot: ['ETH/USDT', 'BTC/USDT', 'SOL/USDT', 'AAPL/USDT'], recent: [] }));
  renderAt(
    <>
      <HomeQuotes />
      <LocationProbe />
    </>,
  );
}

const rows = () => [...document.querySelectorAll('.quote-row')].map((row) => row.getAttribute('data-testid')?.replace('quote-', ''));

setupPageTests();

describe('HomeQuotes', () => {
  it('shows the first three hot pairs as cards and the hot list, without favourite stars', async () => {
    renderHomeQuotes();
    await screen.findByTestId('home-card-SOL/USDT');
    expect([...document.querySelectorAll('.home-quote-card')].map((card) => card.getAttribute('data-testid'))).toEqual([
      'home-card-ETH/USDT',
      'home-card-BTC/USDT',
      'home-card-SOL/USDT',
    ]);
    expect(screen.getByTestId('home-card-ETH/USDT').textContent).toContain('-9.15%');
    expect(rows()).toEqual(['ETH/USDT', 'BTC/USDT', 'SOL/USDT', 'AAPL/USDT']);
    expect(document.querySelector('.favourite-star')).toBeNull();
  });

  it('ranks gainers and losers, leaving out unchanged pairs', async () => {
    renderHomeQuotes();
    fireEvent.click(await screen.findByTestId('home-board-gainers'));
    expect(rows()).toEqual(['SOL/USDT', 'BTC/USDT']);
    fireEvent.click(screen.getByTestId('home-board-losers'));
    expect(rows()).toEqual(['ETH/USDT', 'XRP/USDT']);
  });

  it('cards open the trading page and "more" the market tab', async () => {
    renderHomeQuotes();
    fireEvent.click(await screen.findByTestId('home-card-BTC/USDT'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/pages/transaction/currency?symbol=BTC%2FUSDT'));
    fireEvent.click(screen.getByTestId('home-quotes-more'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/pages/market/market'));
  });

  it('greys cards and rows while the ticker feed is lost, and shows them live again when it is back', async () => {
    renderHomeQuotes();
    await screen.findByTestId('home-card-BTC/USDT');
    const staleSections = () => [...document.querySelectorAll('[data-stale="true"]')].map((element) => element.getAttribute('data-testid') ?? element.className);
    expect(staleSections()).toEqual([]);
    setStale(['tickers'], true);
    expect(screen.getByTestId('home-quotes').getAttribute('data-stale')).toBe('true');
    expect(document.querySelector('.quote-list')?.getAttribute('data-stale')).toBe('true');
    setStale(['tickers'], false);
    expect(staleSections()).toEqual([]);
  });
});
