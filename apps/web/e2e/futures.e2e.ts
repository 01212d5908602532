import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoServer, startDemoServer } from '../../../scripts/lib/demo-server.ts';
import { WEB_VERSION } from '../src/shared/session.ts';
import { DEMO, dismissHomePopup, launchBrowser, phonePage, screenshot } from './browser.ts';

/**
 * Futures from the phone on a demo server of its own: open a long on
 * BTC/USDT with a take-profit, replay a price rise through the feed endpoint
 * (as `pnpm replay` does, which takes BTC/USDT over from the simulator), and
 * see the position closed at the take-profit with its profit, the tick that
 * closed it, and the payout back in the lever account.
 */

let server: DemoServer;
let browser: Browser;
let page: Page;
let token: string;

async function call<T>(path: string, params: Record<string, string | number>): Promise<T> {
  const response = await fetch(`${server.url}/api${path}`, { method: 'POST', headers: token ? { authorization: token } : {}, body: new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)])) });
  const envelope = (await response.json()) as { type: string; message: T };
  if (envelope.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.message;
}

/** USDT as the API and the page write it ('1,234.5' too), in minor units, to compare balances exactly. */
const minor = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.-]/g, '')) * 1_000_000);

interface Deal {
  available: string;
}

interface Order {
  id: number;
  margin: string;
  open_fee: string;
}

async function replay(price: string): Promise<void> {
  const key = readFileSync(join(server.dataDir, 'feed.key'), 'utf8').trim();
  const response = await fetch(`${server.url}/api/feed/ticks`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-feed-key': key }, body: JSON.stringify({ symbol: 'BTC/USDT', ticks: [{ price, volume: '0.1' }] }) });
  expect(((await response.json()) as { type: string }).type).toBe('ok');
}

describe('futures on the phone', () => {
  beforeAll(async () => {
    server = await startDemoServer();
    browser = await launchBrowser();
    ({ page } = await phonePage(browser));
    token = await call<string>('/user/login', { user_string: DEMO.email, password: DEMO.password });
    // Demo funds into the lever account, through the user's own transfer from spot.
    await call('/wallet/change', { currency_id: 'USDT', from_field: 'change', to_field: 'lever', number: '2000' });
    await replay('100000');
    await page.goto(`${server.url}/api/getSiteConfig`);
    await page.evaluate((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, { 'ob.webVersion': String(WEB_VERSION), 'ob.token': token, 'ob.lang': 'en' });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens the stock contracts from the home grid\'s stock entry', async () => {
    await page.goto(`${server.url}/h5/#/`);
    await dismissHomePopup(page);
    await page.getByTestId('home-menu-stock').click();
    await page.waitForURL((url) => url.hash === '#/pages/transaction/index2');
    await page.getByTestId('futures-hub-stock').waitFor();
    await page.getByTestId('futures-hub-AAPL/USDT').waitFor();
    await screenshot(page, 'futures-hub-stock');
  }, 120_000);

  it('opens a long with a take-profit and closes it at the take-profit tick, the payout back in the lever account', async () => {
    const before = await call<Deal>('/lever/deal', { currency_id: 1, legal_id: 3 });
    await page.goto(`${server.url}/h5/#/pages/transaction/contract?symbol=BTC%2FUSDT`);
    await page.getByTestId('futures-ticket').waitFor();
    await page.getByTestId('futures-tp').locator('input').fill('101000');
    // The ticket's figures read as the rest of the app's numbers: a grouped price, money without ledger padding.
    await expect.poll(() => page.getByTestId('futures-liquidation').textContent()).toMatch(/^90,\d{3}\.\d{2}$/);
    expect(await page.getByTestId('futures-margin').textContent()).toMatch(/^[\d,]+\.\d*[1-9]$|^[\d,]+\.\d{2}$/);
    // The P&L at the take-profit before submitting, with core.
    expect(minor(await page.getByTestId('futures-pnl-at-tp').textContent())).toBeGreaterThan(0);
    await screenshot(page, 'futures-contract');
    // Opens only at a fresh tick: the feed quotes again just before the tap.
    await replay('100000');
    await page.getByTestId('futures-submit').click();
    await page.getByTestId('futures-positions').locator('[data-status="holding"]').waitFor();

    // The close reaches the open page over the socket's private events channel: nothing polls.
    await replay('101000');
    await page.getByTestId('futures-positions').locator('[data-status="holding"]').waitFor({ state: 'detached', timeout: 5000 });
    await page.goto(`${server.url}/h5/#/pages/transaction/contract_order`);
    await page.locator('.futures-tabs .adm-tabs-tab').nth(2).click();
    const closed = page.locator('[data-status="closed"]').first();
    await closed.waitFor();
    await expect.poll(() => closed.getByTestId('futures-close-reason').textContent()).toBe('Take-profit');
    expect(await closed.getByTestId('futures-close-tick').textContent()).toContain('101,000');
    expect(minor(await closed.getByTestId('futures-closed-pnl').textContent())).toBeGreaterThan(0);
    await screenshot(page, 'futures-closed-at-take-profit');

    // The lever account: what the open took (margin and fee) and the payout the card shows, to the last minor unit.
    const order = (await call<{ list: Order[] }>('/lever/my_trade', { status: 'closed', limit: 1 })).list[0] as Order;
    expect(await closed.getAttribute('data-testid')).toBe(`futures-order-${order.id}`);
    const payout = minor(await closed.getByTestId('futures-closed-payout').textContent());
    const after = await call<Deal>('/lever/deal', { currency_id: 1, legal_id: 3 });
    expect(minor(after.available)).toBe(minor(before.available) - minor(order.margin) - minor(order.open_fee) + payout);
  }, 120_000);

  it('fits form, book and the start of the positions on the first screen, and stays usable at 320×640', async () => {
    await replay('101000');
    await call('/lever/submit', { currency_id: 1, legal_id: 3, type: 1, order_type: 'market', lots: 2, multiple: 10 });
    await page.goto(`${server.url}/h5/#/pages/transaction/contract?symbol=BTC%2FUSDT`);
    await page.getByTestId('futures-positions').locator('[data-status="holding"]').first().waitFor();
    const below = async (testId: string) => (await page.getByTestId(testId).first().boundingBox())?.y ?? Number.POSITIVE_INFINITY;
    expect(await below('trade-book')).toBeLessThan(844);
    expect(await below('futures-submit')).toBeLessThan(844);
    expect(await below('futures-positions')).toBeLessThan(844);
    // A tapped book price becomes the limit price.
    const level = page.getByTestId('trade-book-ask').first();
    const picked = (await level.locator('.trading-book__price').textContent())?.replace(/,/g, '') ?? '';
    await level.click();
    expect((await page.getByTestId('futures-limit').locator('input').inputValue()).replace(/,/g, '')).toBe(picked);
    await page.getByTestId('futures-type').getByText('Market').click();
    await screenshot(page, 'futures-contract-390');
    await page.goto(`${server.url}/h5/#/pages/transaction/contract_order`);
    await page.locator('[data-status="holding"]').first().waitFor();
    await screenshot(page, 'futures-contract-order-390');
    // Adding margin previews where the liquidation price moves, before saving.
    await page.getByTestId('futures-add-margin').first().click();
    await page.getByTestId('futures-margin-amount').locator('input').fill('50');
    await expect.poll(() => page.getByTestId('futures-margin-liquidation').textContent()).toMatch(/→ [\d,]+\.\d{2}$/);
    await screenshot(page, 'futures-add-margin');
    await page.getByRole('button', { name: 'Cancel' }).click();
    // The closing confirmation is an imperative dialog, rendered outside the app's tree: its buttons speak the app's language too.
    await page.getByTestId('futures-close').first().click();
    await expect.poll(() => page.locator('.adm-dialog-button').allTextContents()).toEqual(['Cancel', 'Confirm']);
    await page.locator('.adm-dialog-button').filter({ hasText: 'Cancel' }).click();
    await page.locator('.adm-dialog').waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`${server.url}/h5/#/pages/transaction/contract?symbol=BTC%2FUSDT`);
    await page.getByTestId('futures-submit').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, 'futures-contract-320');
    await page.goto(`${server.url}/h5/#/pages/transaction/contract_order`);
    await page.locator('[data-status="holding"]').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await screenshot(page, 'futures-contract-order-320');
    await page.setViewportSize({ width: 390, height: 844 });
  }, 120_000);
});
