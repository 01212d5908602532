/**
 * The home page's first requests go out from index.html's inline script
 * (build/first-page-preload.ts) while the app's code is still downloading; on
 * a phone that code takes seconds to arrive and run. The request layer takes
 * each answer instead of sending the same request again.
 */
export interface EarlyRequest {
  method: 'GET' | 'POST';
  path: string;
  params: Record<string, string>;
}

/** What the home page asks for as it opens (features/home/api.ts `prefetchHomePage`, and the site config). */
export const HOME_EARLY_REQUESTS: EarlyRequest[] = [
  { method: 'POST', path: '/index/home', params: {} },
  { method: 'GET', path: '/news/index_pop', params: {} },
  { method: 'GET', path: '/currency/quotation_new', params: {} },
  { method: 'GET', path: '/market/search', params: { keyword: '' } },
  { method: 'GET', path: '/getSiteConfig', params: {} },
];

/** Where the inline script leaves its pending answers, by `earlyRequestKey`. */
export const EARLY_RESPONSES = '__obEarlyResponses';

declare global {
  interface Window {
    [EARLY_RESPONSES]?: Record<string, Promise<Response>>;
  }
}

/**
 * One request as text: the inline script writes the same (method, address,
 * form body, token), so an answer is only reused for exactly that request.
 */
export function earlyRequestKey(method: string, url: string, body: string, token: string | null): string {
  return [method, url, body, token ?? ''].join(' ');
}

/** The answer to a request the inline script already sent, once; undefined when it sent none. */
export function takeEarlyResponse(key: string): Promise<Response> | undefined {
  const pending = window[EARLY_RESPONSES];
  const response = pending?.[key];
  if (pending && response) delete pending[key];
  return response;
}
