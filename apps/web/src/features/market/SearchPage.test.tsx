import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../shared/session.ts';
import { makeQuote, renderAt, setupPageTests } from '../../shared/test-utils.tsx';
import type { MarketSearch } from './api.ts';
import SearchPage from './SearchPage.tsx';
import { LocationProbe, stubMarketApi } from './test-fixtures.tsx';

vi.mock('../../shared/realtime/index.ts', () => import('../../shared/realtime/test-double.ts'));

const BTC = makeQuote('BTC/USDT', { price: '96261.55', change_percent: '0.75', favourite: true });
const BCH = makeQuote('BCH/USDT', { price: '482.36', change_percent: '-2.63', favourite: false });
const ETH = makeQuote('ETH/USDT', { price: '3419.78', change_percent: '-9.15', favourite: false });
const AAPL = makeQuote('AAPL/USDT', { price: '231.50', kind: 'stock', market_open: false, favourite: false });

/** The server's search: symbols containing the keyword; hot and (signed in) recent only without one. */
function search(keyword: string): MarketSearch {
  if (keyword) return { results: [BTC, BCH, ETH, AAPL].filter((item) => item.symbol.includes(keyword.toUpperCase())).map(({ favourite: _, ...match }) => match), hot: [], recent: [] };
  return { results: [], hot: ['BTC/USDT', 'ETH/USDT', 'AAPL/USDT'], recent: session.get().token ? ['BCH/USDT'] : [] };
}

function renderSearch() {
  const stub = stubMarketApi({ '/currency/quotation_new': [BTC, BCH, ETH, AAPL] }, search);
  renderAt(
    <>
      <SearchPage />
      <LocationProbe />
    </>,
    '/pages/market/search',
  );
  return stub;
}

const type = (value: string) => {
  const input = screen.getByTestId('search-input').querySelector('input');
  if (!input) throw new Error('no search input');
  fireEvent.change(input, { target: { value } });
};

const rows = () => [...document.querySelectorAll('.quote-row')].map((row) => row.getAttribute('data-testid')?.replace('quote-', ''));

setupPageTests();

describe('SearchPage', () => {
  it('offers hot searches as chips before anything is typed; visitors have no recent list', async () => {
    renderSearch();
    const hot = await screen.findByTestId('search-hot');
    expect(hot.textContent).toContain('热门搜索');
    expect(screen.getByTestId('search-hot-BTC/USDT').textContent).toBe('BTC/USDT+0.75%');
    expect(screen.getByTestId('search-hot-ETH/USDT').textContent).toBe('ETH/USDT-9.15%');
    expect(screen.queryByTestId('search-recent')).toBeNull();
  });

  it('shows the recently viewed pairs to a signed-in user; a chip opens the trading page', async () => {
    session.signIn('test-token');
    renderSearch();
    fireEvent.click(await screen.findByTestId('search-recent-BCH/USDT'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/pages/transaction/currency?symbol=BCH%2FUSDT'));
  });

  it('waits for typing to pause 500 ms, then searches once and lists the matches with their stars', async () => {
    session.signIn('test-token');
    const { searchedKeywords } = renderSearch();
    await screen.findByTestId('search-hot');
    type('b');
    type('bt');
    type('btc');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(searchedKeywords()).toEqual(['']);
    await screen.findByTestId('search-results');
    expect(searchedKeywords()).toEqual(['', 'btc']);
    expect(rows()).toEqual(['BTC/USDT']);
    expect(screen.getByTestId('favourite-BTC/USDT').getAttribute('aria-pressed')).toBe('true');

    type('bch');
    await waitFor(() => expect(rows()).toEqual(['BCH/USDT']));
    expect(searchedKeywords()).toEqual(['', 'btc', 'bch']);
  });

  it('says so when nothing matches, and clearing the field brings back the suggestions', async () => {
    renderSearch();
    await screen.findByTestId('search-hot');
    type('zzz');
    expect((await screen.findByTestId('search-no-results')).textContent).toContain('未找到相关交易对');
    type('');
    expect(await screen.findByTestId('search-hot')).toBeTruthy();
  });
});
