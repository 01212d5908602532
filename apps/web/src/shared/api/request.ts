import { TIMING } from '@openbourse/core';
import { Toast } from 'antd-mobile';
import { createElement } from 'react';
import { t } from '../i18n/index.ts';
import { currentRoute, loginPath, navigateTo, ROUTES } from '../navigation.ts';
import { session } from '../session.ts';
import { earlyRequestKey, takeEarlyResponse } from './early-requests.ts';
import { trackRequest } from './loading.ts';
import { isMoneyCall, isOffline, newClientOid, takesClientOid } from './money-calls.ts';

export type EnvelopeType = 'ok' | 'error' | '999' | '998' | 'http' | 'network' | 'offline' | 'timeout';

/** A rejected call: the user has already been told (toast) unless the call was silent. */
export class ApiError extends Error {
  constructor(
    readonly type: EnvelopeType | string,
    message: string,
  ) {
    super(message);
  }
}

export type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** Do not toast errors; the caller shows them (forms that show errors inline). 999/998 still redirect. */
  silent?: boolean;
  body?: FormData;
}

export function toast(message: string): void {
  Toast.show({ content: message, duration: TIMING.toastMs });
}

/**
 * Spec 6: the message stays readable for 1.2 s before `go` runs. The toast
 * renders a beat after it is asked for (longer on a busy phone), so the 1.2 s
 * count from the moment it is in the page; should it never get there (another
 * toast replaced it first), `go` still runs a second later. Returns a cancel.
 */
export function toastThenGo(message: string, go: () => void): () => void {
  let exact: ReturnType<typeof setTimeout> | undefined;
  const fallback = setTimeout(go, TIMING.redirectDelayMs + 1000);
  const onShown = (element: HTMLElement | null) => {
    if (!element || exact !== undefined) return;
    clearTimeout(fallback);
    exact = setTimeout(go, TIMING.redirectDelayMs);
  };
  Toast.show({ content: createElement('span', { ref: onShown }, message), duration: TIMING.toastMs });
  return () => {
    clearTimeout(fallback);
    clearTimeout(exact);
  };
}

function encode(params: Params): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== null) form.append(key, String(value));
  return form;
}

interface Envelope {
  type?: string;
  code?: number;
  message?: unknown;
}

/** A money call repeated this soon after an identical one is the same tap (a double tap), as is one repeated while the first is still on its way. */
export const SAME_TAP_MS = 800;

interface MoneyTap {
  answer: Promise<unknown>;
  sentAt: number;
  settled: boolean;
}

/** The money calls of the last moments, by user, path and parameters (see sameTap). */
const recentTaps = new Map<string, MoneyTap>();

/** Forgets the recent money calls (between tests: a call in one must not answer the next). */
export function forgetRecentTaps(): void {
  recentTaps.clear();
}

/**
 * One tap, one call. Every tap takes a fresh `client_oid`, so the server
 * cannot tell a double tap from two orders: an identical money call
 * (same user, path and parameters but its key) made while the first is on
 * its way or within SAME_TAP_MS gets the first one's answer instead of being
 * sent. Uploads are never merged.
 */
function sameTap<T>(path: string, params: Params, send: () => Promise<T>): Promise<T> {
  const { client_oid: _key, ...rest } = params;
  const signature = `${session.get().token ?? ''}\n${path}\n${encode(rest).toString()}`;
  const now = Date.now();
  const earlier = recentTaps.get(signature);
  if (earlier && (!earlier.settled || now - earlier.sentAt < SAME_TAP_MS)) return earlier.answer as Promise<T>;
  const tap: MoneyTap = { answer: send(), sentAt: now, settled: false };
  recentTaps.set(signature, tap);
  const settle = () => {
    tap.settled = true;
    setTimeout(() => {
      if (recentTaps.get(signature) === tap) recentTaps.delete(signature);
    }, SAME_TAP_MS);
  };
  tap.answer.then(settle, settle);
  return tap.answer as Promise<T>;
}

/**
 * Spec 7 and 8: form-encoded POST, lang on every call, token header, 60 s
 * timeout, envelope handling. A money call fails at once while offline, is
 * sent once (nothing here retries; a double tap is one call, see sameTap)
 * and carries a `client_oid` when its endpoint takes one, so the server
 * answers a resend of it with the first result.
 */
export function request<T>(path: string, params: Params = {}, options: RequestOptions = {}): Promise<T> {
  return isMoneyCall(path) && !options.body ? sameTap(path, params, () => send<T>(path, params, options)) : send<T>(path, params, options);
}

async function send<T>(path: string, params: Params, options: RequestOptions): Promise<T> {
  if (isMoneyCall(path) && isOffline()) {
    const error = new ApiError('offline', t('shell:request.offline'));
    if (!options.silent) toast(error.message);
    throw error;
  }
  const { token, lang } = session.get();
  const method = options.method ?? 'POST';
  const keyed = takesClientOid(path) && !params.client_oid ? { ...params, client_oid: newClientOid() } : params;
  const withLang = { ...keyed, lang };
  // Multipart bodies are read as a stream on the server, so their parameters travel in the query.
  const url = method === 'GET' || options.body ? `/api${path}?${encode(withLang)}` : `/api${path}`;
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = token;
  let body: BodyInit | undefined;
  if (options.body) {
    body = options.body;
  } else if (method === 'POST') {
    body = encode(withLang);
  }

  const done = trackRequest();
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMING.requestTimeoutMs);
  let response: Response;
  try {
    const early = options.body ? undefined : takeEarlyResponse(earlyRequestKey(method, url, body?.toString() ?? '', token));
    response = await (early ?? fetch(url, { method, headers, body, signal: controller.signal }));
  } catch {
    const error = controller.signal.aborted ? new ApiError('timeout', t('shell:request.timeout')) : new ApiError('network', t('shell:request.network'));
    if (!options.silent) toast(error.message);
    throw error;
  } finally {
    clearTimeout(timer);
    done();
  }

  if (response.status !== 200) {
    const error = new ApiError('http', t('shell:request.http', { status: response.status }));
    if (!options.silent) toast(error.message);
    throw error;
  }
  const envelope = (await response.json().catch(() => ({}))) as Envelope;
  if (envelope.type === 'ok' || envelope.code === 1) return envelope.message as T;

  const message = typeof envelope.message === 'string' ? envelope.message : t('shell:request.unknown');
  if (envelope.type === '999') {
    // Back to this page once logged in again, as the login guard does for a visitor.
    const backTo = currentRoute();
    session.clear();
    toastThenGo(message, () => navigateTo(loginPath(backTo)));
  } else if (envelope.type === '998') {
    toastThenGo(message, () => navigateTo(ROUTES.realMark));
  } else if (!options.silent) {
    toast(message);
  }
  throw new ApiError(envelope.type ?? 'error', message);
}

export const api = {
  get: <T>(path: string, params?: Params, options?: Omit<RequestOptions, 'method'>) => request<T>(path, params, { ...options, method: 'GET' }),
  post: <T>(path: string, params?: Params, options?: Omit<RequestOptions, 'method'>) => request<T>(path, params, { ...options, method: 'POST' }),
  /** Multipart upload; `message` is the file URL. */
  upload: (file: File, uploadDir = 'image') => {
    const form = new FormData();
    form.append('upload_dir', uploadDir);
    form.append('file', file);
    return request<string>('/user/upload', {}, { method: 'POST', body: form });
  },
};
