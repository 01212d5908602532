import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';

type Answer = unknown | ((params: URLSearchParams) => { type: string; message: unknown });

/**
 * A fetch double for the funds pages: answers each API path with a value or
 * a function of the call's parameters, and records every call as
 * "POST /wallet/change?currency_id=3&...", `lang` left out.
 */
export function fakeFundsServer(answers: Record<string, Answer>) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    const params = method === 'POST' ? new URLSearchParams(String(init?.body ?? '')) : url.searchParams;
    params.delete('lang');
    calls.push(`${method} ${path}?${params}`);
    const answer = answers[path];
    const body = answer === undefined ? { type: 'error', message: `unexpected call ${path}` } : typeof answer === 'function' ? answer(params) : { type: 'ok', message: answer };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (path: string) => calls.filter((call) => call.split('?')[0]?.endsWith(` ${path}`)).map((call) => new URLSearchParams(call.split('?')[1]));
  return { calls, callsTo };
}

function Landing() {
  const location = useLocation();
  return <div data-testid="landing">{`${location.pathname}${location.search}`}</div>;
}

/** A page at an address; any other address shows a stand-in naming it, so a test can see where a link went. */
export function renderPage(element: ReactNode, path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const route = path.split('?')[0] ?? path;
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={null}>
          <Routes>
            <Route path={route} element={element} />
            <Route path="*" element={<Landing />} />
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export const ACCOUNTS = [
  { type: 2, code: 'change', name: '币币账户', currency_ids: [3, 1, 2] },
  { type: 1, code: 'legal', name: '法币账户', currency_ids: [3, 1, 2] },
  { type: 3, code: 'lever', name: '合约账户', currency_ids: [3] },
  { type: 8, code: 'stock', name: '股票账户', currency_ids: [3, 101] },
];

export const CURRENCIES = [
  { id: 3, symbol: 'USDT', name: 'Tether USD', icon: '', kind: 'crypto', scale: 6, display_decimals: 2 },
  { id: 1, symbol: 'BTC', name: 'Bitcoin', icon: '', kind: 'crypto', scale: 8, display_decimals: 6 },
  { id: 2, symbol: 'ETH', name: 'Ethereum', icon: '', kind: 'crypto', scale: 8, display_decimals: 6 },
  { id: 101, symbol: 'AAPL', name: 'Apple Inc.', icon: '', kind: 'stock', scale: 4, display_decimals: 2 },
];

const balance = (currency_id: number, currency: string, available: string, frozen = '0') => ({
  currency_id,
  currency,
  name: currency,
  icon: '',
  available,
  frozen,
  total: available,
  usdt_value: '0.00',
  fiat_value: '0.00',
});

export const WALLET = {
  fiat: { code: 'USD', symbol: '$', rate: '1' },
  total_usdt: '0.00',
  total_fiat: '0.00',
  accounts: [
    { type: 2, code: 'change', name: '币币账户', total_usdt: '0', total_fiat: '0', balances: [balance(3, 'USDT', '1000.000000'), balance(1, 'BTC', '0.50000000'), balance(2, 'ETH', '0.00000000')] },
    { type: 1, code: 'legal', name: '法币账户', total_usdt: '0', total_fiat: '0', balances: [balance(3, 'USDT', '0.000000'), balance(1, 'BTC', '0.00000000')] },
    { type: 3, code: 'lever', name: '合约账户', total_usdt: '0', total_fiat: '0', balances: [balance(3, 'USDT', '20.000000')] },
    { type: 8, code: 'stock', name: '股票账户', total_usdt: '0', total_fiat: '0', balances: [balance(3, 'USDT', '5000.000000'), balance(101, 'AAPL', '2.0000')] },
  ],
};
