import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoServer, startDemoServer } from '../../../scripts/lib/demo-server.ts';
import { WEB_VERSION } from '../src/shared/session.ts';
import { DEMO, dismissHomePopup, field, launchBrowser, newTab, ops, phoneContext, screenshot } from './browser.ts';
import { uiText } from './texts.ts';

/**
 * Money inside the platform, end to end: a transfer to the stock account and
 * an AAPL buy with it, a BTC to USDT conversion, and small balances swept into
 * USDT. On a server of its own with a movable clock, so the stock market can
 * be opened whatever the hour of the run.
 */

let server: DemoServer;
let browser: Browser;
let context: BrowserContext;
let token: string;

async function api<T>(path: string, params: Record<string, string> = {}): Promise<{ type: string; message: T }> {
  const response = await fetch(`${server.url}/api${path}`, { method: 'POST', headers: { authorization: token }, body: new URLSearchParams(params) });
  return (await response.json()) as { type: string; message: T };
}

const available = async (currency: string, type: string) => (await api<{ available: string }>('/wallet/detail', { currency, type })).message.available;

async function open(page: Page, route: string): Promise<void> {
  await page.goto(`${server.url}/h5/#${route}`);
}

/** Moves the server's clock to the next NYSE opening (plus a minute), if the exchange is closed now. */
async function openTheStockMarket(): Promise<void> {
  const quotes = (await (await fetch(`${server.url}/api/currency/quotation_new`)).json()) as { message: { symbol: string; market_open: boolean; next_open: number | null }[] };
  const apple = quotes.message.find((quote) => quote.symbol === 'AAPL/USDT');
  if (!apple || apple.market_open || apple.next_open === null) return;
  const clock = (await (await fetch(`${server.url}/api/dev/clock`)).json()) as { message: { now: number } };
  const ms = apple.next_open - clock.message.now + 60_000;
  const moved = await fetch(`${server.url}/api/dev/clock/advance`, { method: 'POST', body: new URLSearchParams({ ms: String(ms) }) });
  expect(((await moved.json()) as { type: string }).type).toBe('ok');
}

beforeAll(async () => {
  server = await startDemoServer({ CLOCK_CONTROL: '1', MARKET_HISTORY_DAYS: '1' });
  browser = await launchBrowser();
  context = await phoneContext(browser);
  const login = await (await fetch(`${server.url}/api/user/login`, { method: 'POST', body: new URLSearchParams({ user_string: DEMO.email, password: DEMO.password }) })).json();
  token = (login as { message: string }).message;
  const { page } = await newTab(context);
  await page.goto(`${server.url}/api/getSiteConfig`);
  await page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, { 'ob.webVersion': String(WEB_VERSION), 'ob.token': token });
  await page.close();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('money inside the platform', () => {
  it('opens convert and bills from the home grid on pages titled as their entries', async () => {
    for (const [key, route] of [
      ['exchange', '/pages/fund/transfer'],
      ['bills', '/pages/setting/bill'],
    ] as const) {
      // A tab of its own: the home pop-up opens once per tab.
      const { page, pageErrors } = await newTab(context);
      await open(page, '/');
      await dismissHomePopup(page);
      const entry = page.getByTestId(`home-menu-${key}`);
      const label = (await entry.textContent()) ?? '';
      expect(label).toBe(uiText('zh', `common:menu.${key}`));
      await entry.click();
      await page.waitForURL((url) => url.hash.replace(/^#/, '').split('?')[0] === route);
      await page.locator('.nav-bar .adm-nav-bar-title').filter({ hasText: label }).waitFor();
      expect(pageErrors).toEqual([]);
      await page.close();
    }
  });

  it('converts BTC to USDT at the quote on screen, and the conversion names the feed tick it used', async () => {
    const { page, pageErrors } = await newTab(context);
    const [btcBefore, usdtBefore] = [await available('BTC', 'change'), await available('USDT', 'change')];
    // The demo user holds USDT, so the page would open from USDT: the pair is asked for, as a link from a coin does.
    await open(page, '/pages/fund/transfer?from=1&to=3');
    await page.getByTestId('convert-rate').waitFor();
    expect(await page.locator('.nav-bar').textContent()).toContain(uiText('zh', 'common:menu.exchange'));
    expect(await page.getByTestId('convert-from').textContent()).toContain('BTC');
    await field(page, 'convert-amount').fill('0.01');
    await page.waitForFunction(() => Number(document.querySelector('[data-testid="convert-receive"]')?.textContent?.replaceAll(',', '')) > 0);
    await page.getByTestId('convert-ticks-item').first().waitFor();
    await screenshot(page, 'fund-transfer-convert');

    await page.getByTestId('convert-submit').click();
    const result = page.getByTestId('convert-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('BTC/USDT');
    await screenshot(page, 'fund-transfer-convert-done');

    const conversions = await (await fetch(`${server.url}/api/user/conversion/list`, { headers: { authorization: token } })).json();
    const latest = (conversions as { message: { list: { amount_in: string; amount_out: string; ticks: { symbol: string; id: number }[] }[] } }).message.list[0];
    expect(latest?.amount_in).toBe('0.01000000');
    expect(latest?.ticks[0]?.symbol).toBe('BTC/USDT');
    expect(Number(await available('BTC', 'change'))).toBeCloseTo(Number(btcBefore) - 0.01, 8);
    expect(Number(await available('USDT', 'change'))).toBeCloseTo(Number(usdtBefore) + Number(latest?.amount_out), 6);
    expect(pageErrors).toEqual([]);
  });

  it('hides small balances on the assets tab until asked, and sweeps them into USDT', async () => {
    await ops(['credit', DEMO.email, '3', 'DOGE'], server.dataDir);
    await ops(['credit', DEMO.email, '0.0001', 'LTC'], server.dataDir);
    const { page, pageErrors } = await newTab(context);
    await open(page, '/pages/fund/assets');
    const spot = page.getByTestId('assets-account-change');
    await spot.getByTestId('assets-balance-BTC').waitFor();
    expect(await spot.getByTestId('assets-balance-DOGE').count()).toBe(0);
    await screenshot(page, 'fund-assets-small-hidden');

    await spot.getByTestId('assets-hide-small-change').click();
    await spot.getByTestId('assets-balance-DOGE').waitFor();
    await spot.getByTestId('assets-balance-LTC').waitFor();
    await spot.getByTestId('assets-balance-LTC').scrollIntoViewIfNeeded();
    await screenshot(page, 'fund-assets-small-shown');

    await spot.getByTestId('assets-sweep-change').click();
    await page.getByTestId('small-balance-DOGE-change').waitFor();
    await screenshot(page, 'fund-assets-small-sweep');
    await page.getByTestId('small-balances-convert').click();
    await page.getByTestId('small-balances').waitFor({ state: 'detached' });
    expect(await available('DOGE', 'change')).toBe('0.00000000');
    expect(await available('LTC', 'change')).toBe('0.00000000');
    const bills = await api<{ list: { type: string }[] }>('/wallet/legal_log', { kind: 'small_balance' });
    expect(bills.message.list).toHaveLength(4);
    expect(pageErrors).toEqual([]);
  });

  it('moves USDT to the stock account and buys AAPL with it', async () => {
    await openTheStockMarket();
    const { page, pageErrors } = await newTab(context);
    const stockBefore = await available('USDT', 'stock');
    const appleBefore = await available('AAPL', 'stock');
    await open(page, '/pages/fund/fundTransfer?from=change&to=stock');
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="transfer-available"]')?.textContent ?? ''));
    await field(page, 'transfer-amount').fill('1000');
    await screenshot(page, 'fund-fundTransfer-filled');
    await page.getByTestId('transfer-submit').click();
    await page.locator('.adm-toast-main').filter({ hasText: '1,000.00 USDT' }).waitFor();
    expect(Number(await available('USDT', 'stock'))).toBeCloseTo(Number(stockBefore) + 1000, 6);

    await open(page, '/pages/transaction/currency?symbol=AAPL%2FUSDT');
    await page.getByTestId('trade-book-ask').first().waitFor();
    await page.getByTestId('trade-type-market').click();
    await field(page, 'trade-amount').fill('1');
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="trade-preview-fee"]')?.textContent ?? ''));
    await page.getByTestId('trade-submit').click();
    expect(await page.getByTestId('trade-result').textContent()).toContain(uiText('zh', 'trade:result.filled').split('{{')[0] ?? '');
    expect(Number(await available('AAPL', 'stock'))).toBeCloseTo(Number(appleBefore) + 1, 4);
    await screenshot(page, 'fund-stock-aapl-bought');
    await page.locator('.adm-toast-main').waitFor({ state: 'detached' });

    await open(page, '/pages/setting/bill');
    await page.getByTestId('bill').first().waitFor();
    expect(await page.locator('.nav-bar').textContent()).toContain(uiText('zh', 'common:menu.bills'));
    await screenshot(page, 'setting-bill-after-trade');
    await page.getByTestId('bills-filter-kind').click();
    await page.getByTestId('bills-kind-transfer').click();
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="bill-type"]')].every((type) => type.textContent === '账户划转'));
    expect(await page.getByTestId('bill').count()).toBe(2);
    await page.getByTestId('bills-filter-time').click();
    // The sheet slides down from under the filter bar: shot once it has arrived.
    await page.waitForFunction(() => {
      const first = document.querySelector('[data-testid="bills-time-all"]')?.getBoundingClientRect();
      const bar = document.querySelector('.transfers-filters')?.getBoundingClientRect();
      return first !== undefined && bar !== undefined && first.top >= bar.bottom - 1;
    });
    await screenshot(page, 'setting-bill-filter');
    await page.getByTestId('bills-time-today').click();

    await open(page, '/pages/fund/transfer_history');
    await page.getByTestId('history-transfer').first().waitFor();
    await screenshot(page, 'fund-transfer_history-filled');
    await open(page, '/pages/fund/assets_record?currency=USDT');
    await page.getByTestId('coin-account-stock').waitFor();
    await page.getByTestId('bill').first().waitFor();
    await screenshot(page, 'fund-assets_record-usdt');
    expect(pageErrors).toEqual([]);
  });
});
