import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { session } from '../../shared/session.ts';
import { renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import CurrencyPage from './CurrencyPage.tsx';
import { aaplQuote, btcQuote } from '../../shared/trading/test-doubles.ts';
import { pushFrame } from '../../shared/realtime/test-double.ts';

vi.mock('../../shared/realtime/index.ts', () => import('../../shared/realtime/test-double.ts'));
// The chart has its own test; here it would need a canvas.
vi.mock('../../shared/trading/KlineChart.tsx', () => ({ KlineChart: () => <div data-testid="trade-chart" /> }));

const ethQuote = { ...btcQuote, symbol: 'ETH/USDT', currency_id: 2, base: 'ETH', name: 'Ethereum', price: '3400.00' };

const answers = {
  '/currency/quotation_new': [btcQuote, ethQuote, aaplQuote],
  '/wallet/detail': { account_code: 'change', base: { currency: 'BTC', available: '1.00000000', frozen: '0' }, quote: { currency: 'USDT', available: '10000.000000', frozen: '0' } },
  '/coin/list': { list: [], page: 1, limit: 10, total: 0, has_more: false },
  '/market/viewed': true,
};

const openPage = (search = '') => renderAt(<CurrencyPage />, `/pages/transaction/currency${search}`, '/pages/transaction/currency');

setupPageTests();

describe('CurrencyPage', () => {
  it('trades BTC/USDT when no symbol is given, and a visitor gets no star and records no view', async () => {
    const { calledPaths } = stubApi(answers);
    openPage();
    expect((await screen.findByTestId('trade-pair')).textContent).toBe('BTC/USDT');
    expect(screen.getByTestId('trade-last-price').textContent).toBe('100,000.00');
    expect(screen.queryByTestId('trade-favourite')).toBeNull();
    expect(screen.queryByTestId('trade-open-orders')).toBeNull();
    expect(calledPaths()).not.toContain('/api/market/viewed');
  });

  it('signed in: records the view, shows the star and the open orders of the pair', async () => {
    session.signIn('token');
    const { fetchMock, calledPaths } = stubApi(answers);
    openPage('?symbol=ETH%2FUSDT');
    expect((await screen.findByTestId('trade-pair')).textContent).toBe('ETH/USDT');
    expect(screen.getByTestId('trade-favourite')).toBeTruthy();
    await waitFor(() => expect(calledPaths()).toContain('/api/market/viewed'));
    const viewed = fetchMock.mock.calls.find(([input]) => String(input).includes('/market/viewed'));
    expect(new URLSearchParams(String(viewed?.[1]?.body)).get('symbol')).toBe('ETH/USDT');
    expect(await screen.findByTestId('trade-open-orders')).toBeTruthy();
    const list = fetchMock.mock.calls.find(([input]) => String(input).includes('/coin/list'));
    expect(new URL(String(list?.[0]), 'http://localhost').searchParams.get('currency_id')).toBe('2');
  });

  it('warns that a stock cannot trade while its market is closed', async () => {
    stubApi(answers);
    openPage('?symbol=AAPL%2FUSDT');
    expect((await screen.findByTestId('trade-market-closed')).textContent).toMatch(/美股休市中/);
  });

  it('says when the pair does not exist', async () => {
    stubApi(answers);
    openPage('?symbol=NOPE%2FUSDT');
    expect(await screen.findByTestId('trade-not-found')).toBeTruthy();
  });

  it('puts a tapped book price into the limit price field', async () => {
    stubApi(answers);
    openPage();
    await screen.findByTestId('trade-form');
    fireEvent.click(screen.getByTestId('trade-type-market'));
    pushFrame('depth:BTC/USDT', { asks: [['100010.00', '0.5000']], bids: [['99990.00', '1.0000']], time: 1 }, true);
    fireEvent.click(await screen.findByTestId('trade-book-ask'));
    expect(screen.getByTestId('trade-price').querySelector('input')?.value).toBe('100010.00');
    // The field flashes on each pick, even of the same price again.
    const filled = () => screen.getByTestId('trade-price').querySelector('.trading-field__box')?.getAttribute('data-filled');
    expect(filled()).toBe('1');
    fireEvent.click(screen.getByTestId('trade-book-ask'));
    expect(filled()).toBe('2');
  });

  it('switches pair from the searchable sheet', async () => {
    stubApi(answers);
    openPage();
    fireEvent.click(await screen.findByTestId('trade-pair'));
    fireEvent.change(screen.getByTestId('trade-pairs-search').querySelector('input') as HTMLInputElement, { target: { value: 'ethereum' } });
    await waitFor(() => expect(screen.queryByTestId('trade-pair-BTC/USDT')).toBeNull());
    fireEvent.click(screen.getByTestId('trade-pair-ETH/USDT'));
    await waitFor(() => expect(screen.getByTestId('trade-pair').textContent).toBe('ETH/USDT'));
    expect(screen.getByTestId('trade-last-price').textContent).toBe('3,400.00');
  });
});
