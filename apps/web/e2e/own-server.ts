import type { Page } from 'playwright-core';
import { WEB_VERSION } from '../src/shared/session.ts';
import { screenshot } from './browser.ts';

/**
 * Helpers for browser tests that start a server of their own (e.g. with
 * CLOCK_CONTROL=1 so they can move its clock) instead of the shared one
 * `baseUrl()` names: its API, the session written into the app's storage,
 * its clock, and screenshots once toasts have gone.
 */
export type Call = <T = unknown>(path: string, params?: Record<string, string | number>, method?: 'GET' | 'POST', token?: string) => Promise<T>;

/** An API client for the server at `url()`; a call sends `defaultToken()` unless given another ('' for none), and answers the envelope's message or throws with the envelope. */
export function apiClient(url: () => string, defaultToken: () => string | undefined): Call {
  return async <T>(path: string, params: Record<string, string | number> = {}, method: 'GET' | 'POST' = 'POST', token = defaultToken()): Promise<T> => {
    const body = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
    const address = method === 'GET' ? `${url()}/api${path}?${body}` : `${url()}/api${path}`;
    const response = await fetch(address, { method, headers: token ? { authorization: token } : {}, body: method === 'POST' ? body : undefined });
    const envelope = (await response.json()) as { type: string; message: T };
    if (envelope.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(envelope)}`);
    return envelope.message;
  };
}

/** Stores the session the way the app does. The app reads its storage when it starts, so this writes on a same-origin address first; the web version too, or the app would clear storage. */
export async function storeSession(page: Page, url: string, entries: Record<string, string>): Promise<void> {
  await page.goto(`${url}/api/getSiteConfig`);
  await page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, { 'ob.webVersion': String(WEB_VERSION), ...entries });
}

/** The server's clock (dev routes of CLOCK_CONTROL=1). */
export function serverClock(call: Call) {
  const now = async () => (await call<{ now: number }>('/dev/clock', {}, 'GET')).now;
  return {
    now,
    /** Moves the clock forward to `moment` (never back) and runs every scheduled job, as time passing would. */
    async advanceTo(moment: number): Promise<void> {
      const current = await now();
      if (moment > current) await call('/dev/clock/advance', { ms: moment - current });
    },
  };
}

/** A phone screenshot once toasts have gone and a dialog has finished fading in (antd-mobile animates in JS). */
export async function settledShot(page: Page, name: string): Promise<void> {
  await page.locator('.adm-toast-main').waitFor({ state: 'detached' });
  await page.waitForTimeout(400);
  await screenshot(page, name);
}
