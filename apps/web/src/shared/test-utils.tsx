import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { vi } from 'vitest';

/** Renders a page or part of one at a route, with a fresh query cache. */
export function renderAt(element: ReactNode, path = '/', route = '*') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
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
