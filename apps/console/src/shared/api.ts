import { currentLanguage, i18n } from './i18n.ts';

/**
 * Calls to /api/console: JSON, the session cookie (sent by the browser, never
 * readable here), the CSRF token on every state change, the interface
 * language, and the server's envelope unwrapped. A `999` answer means the
 * session is gone (signed out, idle, expired): the app returns to sign-in.
 */
export class ApiError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;

let csrfToken: string | undefined;
let sessionLost: (message: string) => void = () => {};

export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

export function onSessionLost(handler: (message: string) => void): void {
  sessionLost = handler;
}

/** The address of a console API path with the query and the language, e.g. for a download link. */
export function apiUrl(path: string, query: Query = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  search.set('lang', currentLanguage());
  return `/api/console${path}?${search}`;
}

async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (method === 'POST') {
    headers['content-type'] = 'application/json';
    if (csrfToken) headers['x-csrf-token'] = csrfToken;
  }
  let response: Response;
  try {
    response = await fetch(url, { method, headers, credentials: 'same-origin', body: method === 'POST' ? JSON.stringify({ ...(body as object), lang: currentLanguage() }) : undefined });
  } catch {
    throw new ApiError('network', i18n.t('errors.network'));
  }
  let envelope: { type?: string; message?: unknown };
  try {
    envelope = await response.json();
  } catch {
    throw new ApiError('http', i18n.t('errors.http', { status: response.status }));
  }
  if (envelope.type === 'ok') return envelope.message as T;
  const message = typeof envelope.message === 'string' ? envelope.message : i18n.t('errors.http', { status: response.status });
  if (envelope.type === '999') sessionLost(message);
  throw new ApiError(envelope.type ?? 'error', message);
}

export const get = <T>(path: string, query: Query = {}) => call<T>('GET', apiUrl(path, query));
export const post = <T>(path: string, body: object = {}) => call<T>('POST', apiUrl(path), body);

/** A page of a list, as every console list answers. */
export interface Page<T> {
  list: T[];
  page: number;
  limit: number;
  total: number;
  has_more: boolean;
}
