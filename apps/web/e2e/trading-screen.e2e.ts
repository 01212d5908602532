import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { baseUrl, DEMO, field, launchBrowser, newTab, open, screenshot, signInAs } from './browser.ts';
import { uiText } from './texts.ts';

/** The trading screen on the two phones the app is checked on: a common one and the narrowest still in use. */
const PHONES = {
  '390x844': { width: 390, height: 844 },
  '320x640': { width: 320, height: 640 },
} as const;
type PhoneSize = keyof typeof PHONES;

const TRADE_ROUTE = '/pages/transaction/currency?symbol=BTC%2FUSDT';

/** A GET call as the signed-in user (the list endpoints answer GET). */
async function read<T>(path: string, params: Record<string, string>, token: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}?${new URLSearchParams(params)}`, { headers: { authorization: token } });
  return ((await response.json()) as { message: T }).message;
}

/** Feeds one BTC/USDT tick at `price` through the recorded-feed endpoint, as `pnpm replay` does. */
async function replayTick(price: string): Promise<void> {
  const key = readFileSync(join(inject('dataDir'), 'feed.key'), 'utf8').trim();
  const response = await fetch(`${baseUrl()}/api/feed/ticks`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-feed-key': key }, body: JSON.stringify({ symbol: 'BTC/USDT', ticks: [{ price, volume: '0.1' }] }) });
  expect(((await response.json()) as { type: string }).type).toBe('ok');
}

async function phone(browser: Browser, size: PhoneSize): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONES[size], deviceScaleFactor: 1, locale: 'zh-CN', hasTouch: true });
  context.setDefaultTimeout(20_000);
  return context;
}

/** Entirely inside the viewport as the page first shows it, without any scrolling. */
async function expectOnFirstScreen(page: Page, locator: Locator, name: string): Promise<void> {
  await locator.waitFor();
  // A book level is replaced when the live book moves, and one caught between removal and measure has no box: measure the one in its place.
  let box = await locator.boundingBox();
  for (let attempt = 0; !box && attempt < 10; attempt += 1) box = await locator.boundingBox();
  const viewport = page.viewportSize();
  const scrolled = await page.evaluate(() => document.scrollingElement?.scrollTop ?? 0);
  expect({ name, scrolled }).toEqual({ name, scrolled: 0 });
  expect(box, name).not.toBeNull();
  if (!box || !viewport) return;
  expect({ name, top: box.y >= 0, bottom: box.y + box.height <= viewport.height, left: box.x >= 0, right: box.x + box.width <= viewport.width }).toEqual({
    name,
    top: true,
    bottom: true,
    left: true,
    right: true,
  });
}

/** Taps without letting playwright scroll the element into view first, as a finger on the first screen would. */
async function tapInPlace(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('nothing to tap');
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * Taps the best bid and answers its price once the price field shows it. The
 * market maker may requote between reading the level and the tap, so a tap
 * that landed on a level that had just moved is tried again.
 */
async function tapBestBid(page: Page, bestBid: Locator): Promise<string> {
  const priceField = field(page, 'trade-price');
  for (let attempt = 1; ; attempt++) {
    const price = ((await bestBid.locator('.trading-book__price').textContent()) ?? '').replaceAll(',', '');
    await tapInPlace(page, bestBid);
    const shown = await expect.poll(() => priceField.inputValue(), { timeout: 3000 }).toBe(price).then(() => true, () => false);
    if (shown) return price;
    if (attempt === 3) throw new Error(`the price field shows ${await priceField.inputValue()}, not the tapped bid ${price}`);
  }
}

/** Types into a field in place (focus by tapping, then keys), never scrolling the page. */
async function typeInPlace(page: Page, testId: string, text: string): Promise<void> {
  const input = field(page, testId);
  await tapInPlace(page, input);
  await input.press('ControlOrMeta+a');
  await input.press('Backspace');
  await page.keyboard.type(text);
}

interface Conditional {
  id: number;
  symbol: string;
  kind: string;
  group_id: number | null;
  status: string;
  order_id: number | null;
  trigger_tick: { id: number; price: string } | null;
}

describe.each(Object.keys(PHONES) as PhoneSize[])('the trading screen on a %s phone', (size) => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('shows price, form, book and open orders on the first screen, and places a limit order from there', async () => {
    const context = await phone(browser, size);
    const { page, pageErrors } = await newTab(context);
    await signInAs(page, DEMO.email, DEMO.password);
    await open(page, TRADE_ROUTE);
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="trade-available"]')?.textContent ?? ''));
    const bestBid = page.getByTestId('trade-book-bid').first();
    await expectOnFirstScreen(page, page.getByTestId('trade-last-price'), 'last price');
    await expectOnFirstScreen(page, page.getByTestId('trade-change'), 'change');
    await expectOnFirstScreen(page, page.getByTestId('trade-price'), 'price field');
    await expectOnFirstScreen(page, page.getByTestId('trade-amount'), 'amount field');
    await expectOnFirstScreen(page, page.getByTestId('trade-total'), 'total field');
    await expectOnFirstScreen(page, page.getByTestId('trade-submit'), 'submit');
    await expectOnFirstScreen(page, bestBid, 'best bid');
    await expectOnFirstScreen(page, page.getByTestId('trade-book-ask').last(), 'best ask');
    // The form sits on the left and the book on the right.
    const form = await page.getByTestId('trade-form').boundingBox();
    const book = await page.getByTestId('trade-book').boundingBox();
    expect((form?.x ?? 0) + (form?.width ?? 0)).toBeLessThanOrEqual(book?.x ?? 0);
    if (size === '390x844') await expectOnFirstScreen(page, page.getByTestId('trade-orders-open'), 'open orders');
    await screenshot(page, `trading-screen-${size}-first`);

    // A tapped bid fills the price field; a buy there rests in the book (the market maker's quotes move on).
    const price = await tapBestBid(page, bestBid);
    const restingPrice = (Number(price) * 0.9).toFixed(2);
    await typeInPlace(page, 'trade-price', restingPrice);
    await typeInPlace(page, 'trade-amount', '0.001');
    await page.waitForFunction(() => ((document.querySelector('[data-testid="trade-total"] input') as HTMLInputElement | null)?.value ?? '') !== '');
    await screenshot(page, `trading-screen-${size}-limit-filled-in`);
    // 10% under the market is a buy below it: no through-the-market warning.
    await tapInPlace(page, page.getByTestId('trade-submit'));
    const resting = page.getByTestId('trade-open-order').filter({ hasText: Number(restingPrice).toLocaleString('en-US', { minimumFractionDigits: 2 }) });
    await resting.waitFor();
    await screenshot(page, `trading-screen-${size}-limit-placed`);
    await resting.getByTestId('trade-cancel').click();
    await resting.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('asks before a limit buy far above the market', async () => {
    const context = await phone(browser, size);
    const { page, pageErrors } = await newTab(context);
    await signInAs(page, DEMO.email, DEMO.password);
    await open(page, TRADE_ROUTE);
    await page.getByTestId('trade-book-ask').first().waitFor();
    const last = Number(((await page.getByTestId('trade-last-price').textContent()) ?? '').replaceAll(',', ''));
    await typeInPlace(page, 'trade-price', (last * 1.2).toFixed(2));
    await typeInPlace(page, 'trade-amount', '0.001');
    await tapInPlace(page, page.getByTestId('trade-submit'));
    await page.getByTestId('trade-through-warning').waitFor();
    await screenshot(page, `trading-screen-${size}-through-market-warning`);
    await page.getByText(uiText('zh', 'trade:warning.cancel')).click();
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('buys at market by the total to spend from the first screen', async () => {
    const context = await phone(browser, size);
    const { page, pageErrors } = await newTab(context);
    const token = await signInAs(page, DEMO.email, DEMO.password);
    await open(page, TRADE_ROUTE);
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="trade-available"]')?.textContent ?? ''));
    await tapInPlace(page, page.getByTestId('trade-type-market'));
    await expectOnFirstScreen(page, page.getByTestId('trade-total'), 'spend field');
    await typeInPlace(page, 'trade-total', '100');
    await page.waitForFunction(() => /100/.test(document.querySelector('[data-testid="trade-preview-hold"]')?.textContent ?? ''));
    await screenshot(page, `trading-screen-${size}-market-by-total`);
    await expectOnFirstScreen(page, page.getByTestId('trade-submit'), 'submit');
    await tapInPlace(page, page.getByTestId('trade-submit'));
    const filled = uiText('zh', 'trade:result.filled').split('{{')[0] ?? '';
    expect(await page.getByTestId('trade-result').textContent()).toContain(filled);
    const history = await read<{ list: { turnover: string; fee: string; order_type: string }[] }>('/coin/list', { status: '2' }, token);
    const [latest] = history.list;
    expect(latest?.order_type).toBe('market');
    // Spent within the budget, fee included.
    expect(Number(latest?.turnover) + Number(latest?.fee)).toBeLessThanOrEqual(100);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('places a stop-limit from the first screen; the feed triggers it and the order shows the tick', async () => {
    const context = await phone(browser, size);
    const { page, pageErrors } = await newTab(context);
    const token = await signInAs(page, DEMO.email, DEMO.password);
    await open(page, TRADE_ROUTE);
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="trade-available"]')?.textContent ?? ''));
    const last = Number(((await page.getByTestId('trade-last-price').textContent()) ?? '').replaceAll(',', ''));
    await tapInPlace(page, page.getByTestId('trade-type-stop'));
    // A buy stop 0.5% above the last price (the simulated feed will not reach it by itself in a few seconds), then a limit buy at +1% once it fires.
    const stop = (last * 1.005).toFixed(2);
    await typeInPlace(page, 'trade-stop-price', stop);
    await typeInPlace(page, 'trade-price', (last * 1.01).toFixed(2));
    await typeInPlace(page, 'trade-amount', '0.001');
    await screenshot(page, `trading-screen-${size}-stop-limit`);
    await expectOnFirstScreen(page, page.getByTestId('trade-submit'), 'submit');
    await tapInPlace(page, page.getByTestId('trade-submit'));
    await page.getByTestId('trade-result').waitFor();
    await tapInPlace(page, page.getByTestId('trade-orders-conditional'));

    // A replayed feed tick above the stop fires it.
    await replayTick((Number(stop) * 1.001).toFixed(2));
    let fired: Conditional | undefined;
    const deadline = Date.now() + 30_000;
    while (!fired && Date.now() < deadline) {
      const finished = await read<{ list: Conditional[] }>('/coin/conditional/list', { status: '2' }, token);
      fired = finished.list.find((row) => row.status === 'triggered');
      if (!fired) await new Promise((done) => setTimeout(done, 500));
    }
    expect(fired?.trigger_tick?.id).toBeGreaterThan(0);
    await open(page, `/pages/transaction/currency_order?id=${fired?.order_id}`);
    await page.getByTestId('order-trigger').waitFor();
    expect(await page.getByTestId('order-trigger-tick').textContent()).toBe(`#${fired?.trigger_tick?.id}`);
    await screenshot(page, `trading-screen-${size}-stop-triggered-detail`);
    await open(page, '/pages/transaction/order?tab=conditional');
    await page.getByTestId('conditional-finished').click();
    await page.getByTestId('conditional-tick').first().waitFor();
    await screenshot(page, `trading-screen-${size}-conditional-finished`);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('sets take-profit and stop-loss on the held BTC; a falling feed tick fires the stop-loss, cancels the take-profit and the order shows the tick', async () => {
    const context = await phone(browser, size);
    const { page, pageErrors } = await newTab(context);
    const token = await signInAs(page, DEMO.email, DEMO.password);
    await open(page, TRADE_ROUTE);
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="trade-available"]')?.textContent ?? ''));
    const waitingBefore = await read<{ list: Conditional[] }>('/coin/conditional/list', { status: '1' }, token);
    await page.getByTestId('trade-tpsl-open').click();
    await page.getByTestId('tpsl-popup').waitFor();
    const last = Number(((await page.getByTestId('trade-last-price').textContent()) ?? '').replaceAll(',', ''));
    const stopLoss = (last * 0.995).toFixed(2);
    await field(page, 'tpsl-amount').fill('0.001');
    await field(page, 'tpsl-take-profit').fill((last * 1.05).toFixed(2));
    await field(page, 'tpsl-stop-loss').fill(stopLoss);
    await screenshot(page, `trading-screen-${size}-tpsl`);
    await page.getByTestId('tpsl-submit').click();
    await page.getByTestId('tpsl-popup').waitFor({ state: 'detached' });
    // Both legs wait in the conditional list, each cancellable.
    await tapInPlace(page, page.getByTestId('trade-orders-conditional'));
    await page.waitForFunction((before) => document.querySelectorAll('[data-testid="trade-conditional-order"]').length >= before + 2, waitingBefore.list.filter((row) => row.symbol === 'BTC/USDT').length);
    const waiting = await read<{ list: Conditional[] }>('/coin/conditional/list', { status: '1' }, token);
    const legs = waiting.list.filter((row) => !waitingBefore.list.some((old) => old.id === row.id));
    expect(legs.map((row) => row.kind).sort()).toEqual(['stop_loss', 'take_profit']);

    // A replayed feed tick under the stop-loss fires it.
    await replayTick((Number(stopLoss) * 0.999).toFixed(2));
    let finished: Conditional[] = [];
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      finished = (await read<{ list: Conditional[] }>('/coin/conditional/list', { status: '2' }, token)).list.filter((row) => legs.some((leg) => leg.id === row.id));
      if (finished.length === 2) break;
      await new Promise((done) => setTimeout(done, 500));
    }
    const fired = finished.find((row) => row.kind === 'stop_loss');
    expect({ stopLoss: fired?.status, takeProfit: finished.find((row) => row.kind === 'take_profit')?.status }).toEqual({ stopLoss: 'triggered', takeProfit: 'cancelled' });
    expect(fired?.trigger_tick?.id).toBeGreaterThan(0);
    await open(page, `/pages/transaction/currency_order?id=${fired?.order_id}`);
    expect(await page.getByTestId('order-trigger-tick').textContent()).toBe(`#${fired?.trigger_tick?.id}`);
    await screenshot(page, `trading-screen-${size}-stop-loss-detail`);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('opens the chart with indicators and the depth chart, and the full-screen landscape view', async () => {
    const context = await phone(browser, size);
    const { page, pageErrors } = await newTab(context);
    await signInAs(page, DEMO.email, DEMO.password);
    await open(page, TRADE_ROUTE);
    await tapInPlace(page, page.getByTestId('trade-chart-toggle'));
    await page.getByTestId('trade-chart').locator('canvas').first().waitFor();
    await page.getByTestId('indicator-MACD').click();
    await page.getByTestId('indicator-BOLL').click();
    await screenshot(page, `trading-screen-${size}-chart`);
    await page.getByTestId('chart-tab-depth').click();
    await page.getByTestId('trade-depth').waitFor();
    await screenshot(page, `trading-screen-${size}-depth`);
    await page.getByTestId('chart-tab-kline').click();
    await page.getByTestId('chart-fullscreen-open').click();
    await page.getByTestId('chart-fullscreen').locator('canvas').first().waitFor();
    await screenshot(page, `trading-screen-${size}-chart-full-screen`);
    await page.getByTestId('chart-fullscreen-close').click();
    await page.getByTestId('chart-fullscreen').waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('shows the offline bar over the trading screen and clears it when the connection is back', async () => {
    const context = await phone(browser, size);
    const { page, pageErrors } = await newTab(context);
    await signInAs(page, DEMO.email, DEMO.password);
    await open(page, TRADE_ROUTE);
    await page.getByTestId('trade-book-bid').first().waitFor();
    await context.setOffline(true);
    await page.getByTestId('connection-bar').filter({ hasText: uiText('zh', 'shell:connection.offline') }).waitFor();
    await page.locator('[data-testid="trade-book"][data-stale="true"]').waitFor();
    await screenshot(page, `trading-screen-${size}-offline`);
    await context.setOffline(false);
    await page.getByTestId('connection-bar').waitFor({ state: 'detached' });
    await page.locator('[data-testid="trade-book"][data-stale="false"]').waitFor();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
