import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const baseUrl = () => inject('baseUrl');

const screenshotDir = resolve(import.meta.dirname, '../../../test-artifacts/screenshots');

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-dev-shm-usage'],
  });
}

/** A phone-sized page (390x844) with fresh storage. */
export async function phonePage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, locale: 'zh-CN' });
  const page = await context.newPage();
  return { context, page };
}

/** Opens an app route (hash routing under /h5/). */
export async function open(page: Page, route: string): Promise<void> {
  await page.goto(`${baseUrl()}/h5/#${route}`);
}

/** Saves a 390x844 screenshot as a test artifact. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

export async function api<T>(path: string, params: Record<string, string> = {}, token?: string): Promise<{ type: string; message: T }> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: 'POST',
    headers: token ? { authorization: token } : {},
    body: new URLSearchParams(params),
  });
  return (await response.json()) as { type: string; message: T };
}

export async function outboxCode(address: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/dev/outbox?to=${encodeURIComponent(address)}`);
  const body = (await response.json()) as { message: { code: string }[] };
  const code = body.message[0]?.code;
  if (!code) throw new Error(`no code for ${address}`);
  return code;
}

/** Signs in through the API and stores the token the way the app does, so a test can start on a protected page. */
export async function signInAs(page: Page, email: string, password: string): Promise<string> {
  const login = await api<string>('/user/login', { user_string: email, password });
  if (login.type !== 'ok') throw new Error(`login failed: ${JSON.stringify(login)}`);
  await open(page, '/');
  await page.evaluate((token) => {
    localStorage.setItem('ob.webVersion', '1');
    localStorage.setItem('ob.token', token);
  }, login.message);
  return login.message;
}

export const DEMO = { email: 'demo@openbourse.test', password: 'Demo12345' } as const;
