import { useLocation } from 'react-router-dom';
import { stubApi } from '../../shared/test-utils.tsx';
import type { MarketSearch } from './api.ts';

/** Shows where the app navigated to, so a test can check the address a tap leads to. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

const envelope = (message: unknown) => new Response(JSON.stringify({ type: 'ok', message }), { status: 200, headers: { 'content-type': 'application/json' } });

/** The API double of `stubApi`, with `/market/search` answering per keyword. */
export function stubMarketApi(answers: Record<string, unknown>, search: (keyword: string) => MarketSearch) {
  const stub = stubApi(answers);
  const answerFixed = stub.fetchMock.getMockImplementation();
  stub.fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/market/search') return envelope(search(url.searchParams.get('keyword') ?? ''));
    if (!answerFixed) throw new Error('stubApi has no implementation');
    return answerFixed(input, init);
  });
  /** The keywords searched for, in order ('' is the hot/recent call). */
  const searchedKeywords = () =>
    stub.fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/market/search')
      .map((url) => url.searchParams.get('keyword') ?? '');
  /** The form bodies posted to a path. */
  const postedTo = (path: string) =>
    stub.fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === `/api${path}`).map(([, init]) => new URLSearchParams(String(init?.body ?? '')));
  return { ...stub, searchedKeywords, postedTo };
}
