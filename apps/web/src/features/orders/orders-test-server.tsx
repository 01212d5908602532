import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import { queryClient } from '../../shared/api/queries.ts';
import type { SpotOrder } from '../../shared/market/orders.ts';
import type { Quote } from '../../shared/market/quotes.ts';
import type { OrderFill, ReferenceTick } from './api.ts';

/** Test support: a stand-in for the spot API (list, cancel, detail, quotes) that keeps its orders as a server would. */

export function makeOrder(overrides: Partial<SpotOrder> & Pick<SpotOrder, 'id'>): SpotOrder {
  return {
    symbol: 'BTC/USDT',
    currency_id: 1,
    legal_id: 3,
    account_type: 2,
    type: 2,
    side: 'sell',
    order_type: 'limit',
    time_in_force: 'GTC',
    price: '99000.00',
    amount: '0.0500',
    filled_amount: '0.0000',
    remaining_amount: '0.0500',
    average_price: null,
    turnover: '0.000000',
    fee: '0.000000',
    fee_currency: 'USDT',
    held: '0.05000000',
    held_currency: 'BTC',
    status: 'open',
    status_code: 1,
    cancel_reason: null,
    reference_tick_id: 199,
    created_at: Date.now() - 60_000,
    updated_at: Date.now() - 60_000,
    ...overrides,
  };
}

/** A market buy of 0.01 BTC that filled at once: its price is the protection price, its average the fill. */
export const filledMarketBuy = makeOrder({
  id: 765,
  type: 1,
  side: 'buy',
  order_type: 'market',
  time_in_force: 'IOC',
  price: '101012.46',
  amount: '0.0100',
  filled_amount: '0.0100',
  remaining_amount: '0.0000',
  average_price: '96221.59',
  turnover: '962.215900',
  fee: '0.962215',
  held: '0.000000',
  held_currency: 'USDT',
  status: 'filled',
  status_code: 2,
});

const envelope = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

interface Setup {
  orders: SpotOrder[];
  quotes?: Quote[];
  fills?: Record<number, OrderFill[]>;
  placementTicks?: Record<number, ReferenceTick>;
}

export function fakeOrdersServer({ orders: initial, quotes = [], fills = {}, placementTicks = {} }: Setup) {
  const orders = [...initial];
  /** Every call as "METHOD /path?params", lang left out. */
  const calls: string[] = [];

  const list = (params: URLSearchParams) => {
    const status = Number(params.get('status'));
    const page = Number(params.get('page') ?? 1);
    const limit = Number(params.get('limit') ?? 10);
    const currencyId = params.get('currency_id');
    const matching = orders
      .filter((order) => (status === 1 ? order.status === 'open' : order.status !== 'open'))
      .filter((order) => currencyId === null || order.currency_id === Number(currencyId))
      .sort((a, b) => b.id - a.id);
    const slice = matching.slice((page - 1) * limit, page * limit);
    return { list: slice, page, limit, total: matching.length, has_more: page * limit < matching.length };
  };

  const cancel = (id: number) => {
    const index = orders.findIndex((order) => order.id === id);
    const order = orders[index];
    if (!order) return { type: 'error', message: '委托不存在' };
    if (order.status !== 'open') return { type: 'error', message: '该委托已完成或已撤销' };
    const cancelled: SpotOrder = { ...order, status: 'cancelled', status_code: 2, cancel_reason: 'user', held: '0', updated_at: Date.now() };
    orders[index] = cancelled;
    return { type: 'ok', message: cancelled };
  };

  const cancelAll = (currencyId: string | null) => {
    const matching = orders.filter((order) => order.status === 'open' && (currencyId === null || order.currency_id === Number(currencyId)));
    for (const order of matching) cancel(order.id);
    return { type: 'ok', message: { cancelled: matching.length } };
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(/^\/api/, '');
    const method = init?.method ?? 'GET';
    const params = method === 'POST' ? new URLSearchParams(String(init?.body ?? '')) : url.searchParams;
    params.delete('lang');
    calls.push(`${method} ${path}?${params}`);
    switch (path) {
      case '/coin/list':
        return envelope({ type: 'ok', message: list(params) });
      case '/coin/cancel':
        return envelope(cancel(Number(params.get('id'))));
      case '/coin/cancel_all':
        return envelope(cancelAll(params.get('currency_id')));
      case '/coin/detail': {
        const order = orders.find((candidate) => candidate.id === Number(params.get('id')));
        return envelope(order ? { type: 'ok', message: { order, reference_tick: placementTicks[order.id] ?? null, fills: fills[order.id] ?? [] } } : { type: 'error', message: '委托不存在' });
      }
      case '/currency/quotation_new':
        return envelope({ type: 'ok', message: quotes });
      default:
        return envelope({ type: 'error', message: `unexpected call ${path}` });
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return { orders, calls, fetchMock };
}

function Landing({ name }: { name: string }) {
  const location = useLocation();
  return <div data-testid={name}>{`${location.pathname}${location.search}`}</div>;
}

/** Where the orders pages link to; in tests each is a stand-in showing the address it was opened with. */
const LINKED_PAGES = [
  { path: '/pages/transaction/currency_order', name: 'detail-page' },
  { path: '/pages/market/market', name: 'market-page' },
  { path: '/pages/common/login', name: 'login-page' },
];

/**
 * Renders a page with the app's own query client: the shared order hooks refresh
 * lists through that client (on cancel and on the `orders` channel), so a fresh
 * client would never see those refreshes.
 */
export function renderOrdersPage(element: ReactNode, path: string) {
  const pathname = path.split('?')[0];
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Suspense fallback={null}>
          <Routes>
            <Route path={pathname} element={element} />
            {LINKED_PAGES.filter((page) => page.path !== pathname).map((page) => (
              <Route key={page.path} path={page.path} element={<Landing name={page.name} />} />
            ))}
          </Routes>
        </Suspense>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
