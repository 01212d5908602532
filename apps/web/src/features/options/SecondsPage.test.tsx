import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setStale } from '../../shared/realtime/test-double.ts';
import { makeQuote, renderAt, setupPageTests, stubApi } from '../../shared/test-utils.tsx';
import type { OptionPeriods, PayableCurrency, SecondsOption } from './api.ts';
import SecondsPage from './SecondsPage.tsx';

const periods: OptionPeriods = {
  match_id: 1,
  symbol: 'BTC/USDT',
  market_open: true,
  periods: [
    { seconds: 30, payout_rate: '80', fee_rate: '0.1', break_even_win_rate: '55.62', stakes: [{ currency_id: 3, currency: 'USDT', min: '10', max: '5000' }] },
    { seconds: 60, payout_rate: '82', fee_rate: '0.1', break_even_win_rate: '55.00', stakes: [{ currency_id: 3, currency: 'USDT', min: '10', max: '10000' }] },
  ],
};
const payable: PayableCurrency[] = [{ currency_id: 3, currency: 'USDT', scale: 6, icon: '', available: '100.000000', frozen: '0.000000' }];

vi.mock('../../shared/realtime/index.ts', () => import('../../shared/realtime/test-double.ts'));

setupPageTests({ signedIn: true });

describe('seconds option ticket', () => {
  it('previews the payout, the fee and the break-even win rate with core, warns about the risk, and refuses a stake under the minimum', async () => {
    stubApi({ '/currency/quotation_new': [makeQuote('BTC/USDT', { price: '96000.00', currency_id: 1 })], '/microtrade/seconds': periods, '/microtrade/payable_currencies': payable });
    renderAt(<SecondsPage />, '/pages/transaction/seconds?symbol=BTC%2FUSDT');
    await screen.findByTestId('options-ticket');
    expect(screen.getByTestId('options-risk').textContent).toMatch(/\S{10,}/);
    const stake = screen.getByTestId('options-stake').querySelector('input') as HTMLInputElement;
    fireEvent.change(stake, { target: { value: '50' } });
    expect(screen.getByTestId('options-win-payout').textContent).toContain('90');
    // The trading fee on top of the stake, and a break-even rate that counts it.
    expect(screen.getByTestId('options-fee').textContent).toContain('0.05 USDT');
    expect(screen.getByTestId('options-fee').textContent).toContain('0.1%');
    expect(screen.getByTestId('options-break-even').textContent).toContain('55.62%');
    fireEvent.click(screen.getByTestId('options-period-60'));
    expect(screen.getByTestId('options-win-payout').textContent).toContain('91');
    expect(screen.getByTestId('options-break-even').textContent).toContain('55.00%');
    fireEvent.change(stake, { target: { value: '5' } });
    expect(screen.getByTestId('options-issue').textContent).toContain('10');
    expect((screen.getByTestId('options-up') as HTMLButtonElement).disabled).toBe(true);
    // "Transfer in" opens the transfer form aimed at the options account, not the form's default.
    expect(screen.getByTestId('options-transfer').getAttribute('href')).toBe('/pages/fund/fundTransfer?from=change&to=micro');
  });
});

describe('the live price', () => {
  it('greys while the ticker feed is lost and is live again when it is back', async () => {
    stubApi({ '/currency/quotation_new': [makeQuote('BTC/USDT', { price: '96000.00', currency_id: 1 })], '/microtrade/seconds': periods, '/microtrade/payable_currencies': payable });
    renderAt(<SecondsPage />, '/pages/transaction/seconds?symbol=BTC%2FUSDT');
    const header = await screen.findByTestId('options-price');
    expect(header.getAttribute('data-stale')).toBe('false');
    expect(header.querySelector('[data-live-price]')).not.toBeNull();
    setStale(['tickers'], true);
    expect(header.getAttribute('data-stale')).toBe('true');
    setStale(['tickers'], false);
    expect(header.getAttribute('data-stale')).toBe('false');
  });
});

describe('the pair', () => {
  it('offers every pair quoted in USDT, crypto and stocks, and a tap switches the ticket to it', async () => {
    const ethPeriods: OptionPeriods = { ...periods, match_id: 2, symbol: 'ETH/USDT' };
    const aaplPeriods: OptionPeriods = { ...periods, match_id: 101, symbol: 'AAPL/USDT', periods: [periods.periods[1] as OptionPeriods['periods'][number]] };
    const quotes = [
      makeQuote('BTC/USDT', { price: '96000.00', currency_id: 1 }),
      makeQuote('ETH/USDT', { price: '3000.00', currency_id: 2 }),
      makeQuote('AAPL/USDT', { price: '231.50', currency_id: 101, kind: 'stock' }),
      makeQuote('ETH/BTC', { price: '0.03', currency_id: 2, legal_id: 1 }),
    ];
    const periodsOf: Record<string, OptionPeriods> = { '1': periods, '2': ethPeriods, '101': aaplPeriods };
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        asked.push(`${url.pathname}${url.search}`);
        const answers: Record<string, unknown> = { '/api/currency/quotation_new': quotes, '/api/microtrade/seconds': periodsOf[url.searchParams.get('match_id') ?? ''], '/api/microtrade/payable_currencies': payable };
        const message = answers[url.pathname];
        return new Response(JSON.stringify(message === undefined ? { type: 'error', message: `unexpected call ${url.pathname}` } : { type: 'ok', message }), { headers: { 'content-type': 'application/json' } });
      }),
    );
    renderAt(<SecondsPage />, '/pages/transaction/seconds?symbol=ETH%2FUSDT');
    await screen.findByTestId('options-ticket');
    expect(screen.getByTestId('options-price').textContent).toContain('ETH/USDT');
    expect(screen.getByTestId('options-pair-ETH/USDT').getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('options-pair-ETH/BTC')).toBeNull();
    fireEvent.click(screen.getByTestId('options-pair-AAPL/USDT'));
    await screen.findByText('AAPL/USDT', { selector: '.options-price__symbol' });
    // The stock's own periods: 60 seconds only here.
    await screen.findByTestId('options-period-60');
    expect(screen.queryByTestId('options-period-30')).toBeNull();
    expect(asked.some((path) => path.startsWith('/api/microtrade/seconds') && path.includes('match_id=101'))).toBe(true);
  });
});

describe('a placed option', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the settlement over the socket after its countdown, asking for the result at most once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const placed: SecondsOption = {
      id: 7,
      match_id: 1,
      symbol: 'BTC/USDT',
      currency_id: 3,
      currency: 'USDT',
      type: 'up',
      seconds: 30,
      number: '50.000000',
      fee: '0.050000',
      payout_rate: '80',
      break_even_win_rate: '55.56',
      win_payout: '90.000000',
      status: 'open',
      created_at: 0,
      expires_at: 30_000,
      seconds_left: 30,
      open_tick: { id: 1, time: 0, price: '96000.00' },
      settle_tick: null,
      payout: null,
      profit: null,
      settled_at: null,
    };
    const { calledPaths } = stubApi({
      '/currency/quotation_new': [makeQuote('BTC/USDT', { price: '96000.00', currency_id: 1 })],
      '/microtrade/seconds': periods,
      '/microtrade/payable_currencies': payable,
      '/microtrade/submit': placed,
      '/microtrade/get_result': placed,
    });
    renderAt(<SecondsPage />, '/pages/transaction/seconds?symbol=BTC%2FUSDT');
    await screen.findByTestId('options-ticket');
    fireEvent.change(screen.getByTestId('options-stake').querySelector('input') as HTMLInputElement, { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('options-up'));
    await screen.findByTestId('options-active');
    const asked = () => calledPaths().filter((path) => path.endsWith('/microtrade/get_result')).length;
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    const beforeExpiry = asked();
    // A minute past expiry without the socket's event: one request, not one a second.
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(asked()).toBe(beforeExpiry + 1);
  });
});
