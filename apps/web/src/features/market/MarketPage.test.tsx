import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../shared/api/request.ts';
import { session } from '../../shared/session.ts';
import { makeQuote, renderAt, setupPageTests } from '../../shared/test-utils.tsx';
import MarketPage from './MarketPage.tsx';
import { LocationProbe, stubMarketApi } from './test-fixtures.tsx';

vi.mock('../../shared/realtime/index.ts', () => import('../../shared/realtime/test-double.ts'));
// Toasts are antd-mobile's imperative rendering, which the app sets up for React 19 at start; here they are only recorded.
vi.mock('../../shared/api/request.ts', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../shared/api/request.ts')>()), toast: vi.fn() }));

const QUOTES = [
  makeQuote('BTC/USDT', { price: '96261.55', change_percent: '0.75', volume: '18176.7120', favourite: false }),
  makeQuote('ETH/USDT', { price: '3419.78', change_percent: '-9.15', volume: '246332.9116', favourite: true }),
  makeQuote('DOGE/USDT', { price: '0.31223', change_percent: '0.00', volume: '1996123343', favourite: false }),
  makeQuote('AAPL/USDT', { price: '231.50', change_percent: '0.00', kind: 'stock', market_open: false, favourite: false }),
];
const noSearch = () => ({ results: [], hot: [], recent: [] });

function stubMarket(quotes = QUOTES) {
  return stubMarketApi({ '/currency/quotation_new': quotes, '/optional/add': '已加入自选', '/optional/del': '已取消自选' }, noSearch);
}

/** The symbols of the listed rows, top to bottom. */
const listed = () => [...document.querySelectorAll('.quote-row')].map((row) => row.getAttribute('data-testid')?.replace('quote-', ''));

function renderMarket(path = '/pages/market/market') {
  return renderAt(
    <>
      <MarketPage />
      <LocationProbe />
    </>,
    path,
  );
}

setupPageTests();

beforeEach(() => {
  vi.mocked(toast).mockClear();
});

describe('MarketPage', () => {
  it('opens on the crypto tab with price, compact volume and a coloured change badge per pair', async () => {
    stubMarket();
    renderMarket();
    await screen.findByTestId('quote-BTC/USDT');
    expect(listed()).toEqual(['BTC/USDT', 'ETH/USDT', 'DOGE/USDT']);
    const btc = screen.getByTestId('quote-BTC/USDT');
    expect(within(btc).getByTestId('price-BTC/USDT').textContent).toBe('96,261.55');
    expect(btc.textContent).toContain('18.1K');
    expect(btc.querySelector('.change-badge--up')?.textContent).toBe('+0.75%');
    expect(screen.getByTestId('quote-ETH/USDT').querySelector('.change-badge--down')?.textContent).toBe('-9.15%');
    expect(screen.getByTestId('quote-DOGE/USDT').querySelector('.change-badge--flat')?.textContent).toBe('0.00%');
    expect(screen.getByTestId('price-DOGE/USDT').textContent).toBe('0.31223');
  });

  it('honours ?tab=stock and marks a closed market; switching tabs keeps the tab in the address', async () => {
    stubMarket();
    renderMarket('/pages/market/market?tab=stock');
    const aapl = await screen.findByTestId('quote-AAPL/USDT');
    expect(listed()).toEqual(['AAPL/USDT']);
    expect(aapl.textContent).toContain('休市');
    fireEvent.click(screen.getByTestId('market-tab-crypto'));
    await waitFor(() => expect(listed()).toEqual(['BTC/USDT', 'ETH/USDT', 'DOGE/USDT']));
    expect(screen.getByTestId('location').textContent).toBe('/pages/market/market?tab=crypto');
  });

  it('sorts by a tapped column: descending, ascending, then the listing order again', async () => {
    stubMarket();
    renderMarket();
    await screen.findByTestId('quote-BTC/USDT');
    fireEvent.click(screen.getByTestId('sort-change'));
    expect(listed()).toEqual(['BTC/USDT', 'DOGE/USDT', 'ETH/USDT']);
    expect(screen.getByTestId('sort-change').getAttribute('data-direction')).toBe('desc');
    fireEvent.click(screen.getByTestId('sort-change'));
    expect(listed()).toEqual(['ETH/USDT', 'DOGE/USDT', 'BTC/USDT']);
    fireEvent.click(screen.getByTestId('sort-change'));
    expect(listed()).toEqual(['BTC/USDT', 'ETH/USDT', 'DOGE/USDT']);
    fireEvent.click(screen.getByTestId('sort-price'));
    expect(listed()).toEqual(['BTC/USDT', 'ETH/USDT', 'DOGE/USDT']);
    fireEvent.click(screen.getByTestId('sort-price'));
    expect(listed()).toEqual(['DOGE/USDT', 'ETH/USDT', 'BTC/USDT']);
    fireEvent.click(screen.getByTestId('sort-name'));
    expect(listed()).toEqual(['BTC/USDT', 'DOGE/USDT', 'ETH/USDT']);
    expect(screen.getByTestId('sort-price').getAttribute('data-direction')).toBe('none');
  });

  it('adds and removes favourites with the star, and the favourites tab follows', async () => {
    session.signIn('test-token');
    const { postedTo } = stubMarket();
    renderMarket('/pages/market/market?tab=favourite');
    await screen.findByTestId('quote-ETH/USDT');
    expect(listed()).toEqual(['ETH/USDT']);

    fireEvent.click(screen.getByTestId('market-tab-crypto'));
    const star = await screen.findByTestId('favourite-BTC/USDT');
    expect(star.getAttribute('aria-pressed')).toBe('false');
    await act(async () => {
      fireEvent.click(star);
    });
    await waitFor(() => expect(postedTo('/optional/add').map((body) => body.get('symbol'))).toEqual(['BTC/USDT']));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('已加入自选'));
    expect(screen.getByTestId('favourite-BTC/USDT').getAttribute('aria-pressed')).toBe('true');
    // The star's tap does not open the pair.
    expect(screen.getByTestId('location').textContent).toBe('/pages/market/market?tab=crypto');

    fireEvent.click(screen.getByTestId('market-tab-favourite'));
    await waitFor(() => expect(listed()).toEqual(['BTC/USDT', 'ETH/USDT']));
    await act(async () => {
      fireEvent.click(screen.getByTestId('favourite-ETH/USDT'));
    });
    await waitFor(() => expect(postedTo('/optional/del').map((body) => body.get('symbol'))).toEqual(['ETH/USDT']));
    expect(listed()).toEqual(['BTC/USDT']);
  });

  it('an empty watchlist offers to add pairs from the crypto list', async () => {
    session.signIn('test-token');
    stubMarket(QUOTES.map((item) => ({ ...item, favourite: false })));
    renderMarket('/pages/market/market?tab=favourite');
    fireEvent.click(await screen.findByTestId('favourites-add'));
    await screen.findByTestId('quote-BTC/USDT');
    expect(screen.getByTestId('location').textContent).toBe('/pages/market/market?tab=crypto');
  });

  it('asks a visitor who taps the star to log in first', async () => {
    const { fetchMock } = stubMarket();
    renderMarket();
    fireEvent.click(await screen.findByTestId('favourite-BTC/USDT'));
    // The real toast: the 1.2 s before login count from when it is on screen.
    await screen.findByText('请先登录');
    await screen.findByTestId('login-page', {}, { timeout: 3000 });
    expect(fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname)).toEqual(['/api/currency/quotation_new']);
  });

  it('shows visitors a log-in invitation on the favourites tab', async () => {
    stubMarket();
    renderMarket('/pages/market/market?tab=favourite');
    expect((await screen.findByTestId('favourites-guest')).textContent).toContain('登录后查看自选');
  });

  it('a tapped row opens the pair on the trading page', async () => {
    session.signIn('test-token');
    stubMarket();
    renderMarket();
    fireEvent.click(await screen.findByTestId('quote-ETH/USDT'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/pages/transaction/currency?symbol=ETH%2FUSDT'));
  });

  it('opens search from the search entry', async () => {
    stubMarket();
    renderMarket();
    fireEvent.click(await screen.findByTestId('market-search-entry'));
    expect(screen.getByTestId('location').textContent).toBe('/pages/market/search');
  });
});
