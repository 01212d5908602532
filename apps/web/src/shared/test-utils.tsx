import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { QUERY_DEFAULTS, queryClient } from './api/queries.ts';
import { forgetRecentTaps } from './api/request.ts';
import { changeLanguage, initI18n } from './i18n/index.ts';
import { initSession, session } from './session.ts';
import type { Quote } from './market/quotes.ts';

/**
 * Every page test starts in Chinese (the source language), signed out unless
 * asked otherwise, with nothing cached or stubbed from the test before.
 */
export function setupPageTests({ signedIn = false } = {}): void {
  beforeAll(async () => {
    initSession();
    await initI18n('zh');
  });
  beforeEach(async () => {
    if (signedIn) session.signIn('test-token');
    else session.clear();
    session.setLanguage('zh');
    await changeLanguage('zh');
  });
  afterEach(() => {
    queryClient.clear();
    forgetRecentTaps();
    vi.unstubAllGlobals();
  });
}

/** Renders a page or part of one at a route, with a fresh query cache and the app's defaults (mutations never paused or retried). */
export function renderAt(element: ReactNode, path = '/', route = '*') {
  const client = new QueryClient({ defaultOptions: { ...QUERY_DEFAULTS, queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={null}>
          <Routes>
            <Route path={route} element={element} />
            <Route path="/pages/common/login" element={<div data-testid="login-page" />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A fetch double answering API paths with envelopes; records every call. */
export function stubApi(answers: Record<string, unknown> = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
    const message = answers[path];
    const body = message === undefined ? { type: 'error', message: `unexpected call ${path}` } : { type: 'ok', message };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const calledPaths = () => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
  return { fetchMock, calledPaths };
}

/** A quote as `/currency/quotation_new` lists it; only what a test cares about needs saying. */
export function makeQuote(symbol: string, fields: Partial<Quote> = {}): Quote {
  const [base = '', quoteCurrency = 'USDT'] = symbol.split('/');
  return {
    symbol,
    price: '1.00',
    open_24h: '1.00',
    change: '0.00',
    change_percent: '0.00',
    high: '1.00',
    low: '1.00',
    volume: '1000',
    turnover: '1000',
    time: 1795440451965,
    tick_id: 1,
    market_open: true,
    next_open: null,
    currency_id: 1,
    legal_id: 3,
    base,
    quote: quoteCurrency,
    name: base,
    icon: `/static/coins/${base.toLowerCase()}.svg`,
    kind: 'crypto',
    tick_size: '0.01',
    lot_size: '0.0001',
    min_notional: '5',
    maker_fee_bps: 10,
    taker_fee_bps: 10,
    base_scale: 8,
    quote_scale: 6,
    ...fields,
  };
}
