import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchChromium } from '../../../scripts/lib/chromium.ts';
import { REPO_ROOT } from '../../../scripts/lib/demo-server.ts';
import { inject } from 'vitest';
import { WEB_VERSION } from '../src/shared/session.ts';
import { screenshotDir } from './artifacts.ts';
import { freshDeviceId, freshMobile } from './identity.ts';

export const baseUrl = () => inject('baseUrl');

export const DEMO = { email: 'demo@openbourse.test', password: 'Demo12345' } as const;

export const launchBrowser = launchChromium;

/** A phone-sized (390x844) browser profile with fresh storage, in the app's default language's locale. */
export async function phoneContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, locale: 'zh-CN' });
  // Generous for a loaded 2-core CI machine; a healthy step takes well under a second.
  context.setDefaultTimeout(20_000);
  return context;
}

/** A tab that records uncaught page errors, so a test can assert the app never threw. */
export async function newTab(context: BrowserContext): Promise<{ page: Page; pageErrors: Error[] }> {
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return { page, pageErrors };
}

/** A fresh phone-sized profile and its first tab. */
export async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page; pageErrors: Error[] }> {
  const context = await phoneContext(browser);
  return { context, ...(await newTab(context)) };
}

/** Opens an app route (hash routing under /h5/). On a page already showing the app this only changes the hash, like a tap on a link. */
export async function open(page: Page, route: string): Promise<void> {
  await page.goto(`${baseUrl()}/h5/#${route}`);
}

/** The route the app shows, e.g. `/pages/common/login?redirect=...`. */
export function currentRoute(page: Page): string {
  return new URL(page.url()).hash.replace(/^#/, '');
}

/** Waits until the app shows the route (path only, any query). */
export async function waitForRoute(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.hash.replace(/^#/, '').split('?')[0] === path);
}

/**
 * Writes the app's local storage before the app starts. The app reads storage
 * only when it starts, so this is done on a same-origin API address (which
 * shares the app's storage without running it) and the next `open` starts the
 * app with it. The web version is written too, or the app would clear storage.
 */
export async function writeStorage(page: Page, entries: Record<string, string>): Promise<void> {
  await page.goto(`${baseUrl()}/api/getSiteConfig`);
  await page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, { 'ob.webVersion': String(WEB_VERSION), ...entries });
}

/** Signs in through the API and stores the token the way the app does, so a test can start on a protected page. */
export async function signInAs(page: Page, email: string, password: string): Promise<string> {
  const login = await api<string>('/user/login', { user_string: email, password });
  if (login.type !== 'ok') throw new Error(`login failed: ${JSON.stringify(login)}`);
  await writeStorage(page, { 'ob.token': login.message });
  return login.message;
}

export async function readStorage(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

/** Saves a 390x844 screenshot as a test artifact; animations are finished first so nothing is caught half-faded. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), animations: 'disabled' });
}

/** The text field inside an element carrying a test id (antd-mobile puts the id on the field's wrapper). */
export function field(page: Page, testId: string): Locator {
  return page.getByTestId(testId).locator('input');
}

/** The toast the app is showing with this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator('.adm-toast-main').filter({ hasText: text });
}

/**
 * Closes the home page's pop-up notice if it opens. It opens once per version
 * of the notice on a device (local storage), so a profile that has seen this
 * version gets none: the helper waits until the page has decided (the app
 * marks the version seen in the same step that opens the pop-up) and closes
 * the pop-up only when it is up.
 */
export async function dismissHomePopup(page: Page): Promise<void> {
  const notice = (await (await fetch(`${baseUrl()}/api/news/index_pop`)).json()) as { message: { id: number; published_at?: number } | null };
  if (!notice.message) return;
  const seenKey = `ob.homePopup.${notice.message.id}:${notice.message.published_at ?? 0}`;
  await page.waitForFunction((key) => localStorage.getItem(key) !== null, seenKey);
  // The pop-up renders in the frame after the mark.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const popup = page.getByTestId('home-popup');
  if (!(await popup.isVisible())) return;
  await page.locator('.home-popup__close').click();
  await popup.waitFor({ state: 'hidden' });
}

/**
 * Presses a "send code" button and waits until the server has accepted it, so
 * the code is in the outbox: the button is then disabled for its 60-second
 * countdown. (While the request is on its way it is disabled too, but shows
 * its loading state.)
 */
export async function sendCode(page: Page): Promise<void> {
  await page.getByTestId('send-code').click();
  await page.locator('[data-testid="send-code"]:disabled:not(.adm-button-loading)').waitFor();
}

export async function api<T>(path: string, params: Record<string, string> = {}, token?: string): Promise<{ type: string; message: T }> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: token ? { authorization: token } : {},
    body: new URLSearchParams(params),
  });
  return (await response.json()) as { type: string; message: T };
}

/** The newest code sent to an email address or phone number (demo mode's dev outbox). */
export async function outboxCode(address: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/dev/outbox?to=${encodeURIComponent(address)}`);
  const body = (await response.json()) as { message: { code: string | null }[] };
  const code = body.message[0]?.code;
  if (!code) throw new Error(`no code for ${address}`);
  return code;
}

/** A new user registered by email through the API (with the dev outbox's code), e.g. `<prefix>-<time>@openbourse.test`; answers its session token. */
export async function registerUser(prefix: string, password: string): Promise<{ email: string; password: string; token: string }> {
  const email = `${prefix}-${Date.now()}@openbourse.test`;
  await api('/sms_mail', { user_string: email, scene: 'register' });
  const registered = await api<string>('/user/register', { user_string: email, code: await outboxCode(email), password, re_password: password, device_token: freshDeviceId() });
  if (registered.type !== 'ok') throw new Error(JSON.stringify(registered));
  return { email, password, token: registered.message };
}

/** Binds a fresh mainland mobile number to the user, as identity verification and withdrawals need. */
export async function bindFreshMobile(token: string): Promise<void> {
  const mobile = freshMobile();
  await api('/sms_send', { mobile, area_code: '86', scene: 'bind' }, token);
  const bound = await api('/safe/mobile', { mobile, code: await outboxCode(mobile), area_code: '86' }, token);
  if (bound.type !== 'ok') throw new Error(JSON.stringify(bound));
}

/**
 * `pnpm ops` as an operator runs it, on the browser run's server or, for a file that starts its own, on that
 * server's data dir; answers what it printed.
 */
export async function ops(args: string[], dataDir: string = inject('dataDir')): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/ops/cli.ts', ...args], { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: dataDir } });
  return stdout;
}
