import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, DEMO, field, launchBrowser, open, phonePage, screenshot, signInAs } from './browser.ts';
import { uiText } from './texts.ts';

interface PairBalances {
  base: { available: string };
  quote: { available: string };
}

/** What a locator shows now; the test waits for it to change as the market moves. */
async function textOf(locator: Locator): Promise<string> {
  return (await locator.first().textContent()) ?? '';
}

/** The user's completed orders, newest first. */
async function orderHistory(token: string): Promise<{ id: number; status: string; filled_amount: string }[]> {
  const response = await fetch(`${baseUrl()}/api/coin/list?status=2`, { headers: { authorization: token } });
  return ((await response.json()) as { message: { list: { id: number; status: string; filled_amount: string }[] } }).message.list;
}

async function waitForChange(locator: Locator, from: string, timeout = 30_000): Promise<string> {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const now = await textOf(locator);
    if (now !== from) return now;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`still "${from}" after ${timeout} ms`);
}

describe('spot trading', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('buys BTC at market from the trading page: filled, balances follow, chart and depth move live', async () => {
    const { page, pageErrors } = await phonePage(browser);
    const token = await signInAs(page, DEMO.email, DEMO.password);
    const before = (await api<PairBalances>('/wallet/detail', { currency_id: '1', legal_id: '3' }, token)).message;

    await open(page, '/pages/transaction/currency?symbol=BTC%2FUSDT');
    // The chart is one tap away: the first screen is the form beside the book.
    await page.getByTestId('trade-chart-toggle').click();
    await page.getByTestId('trade-chart').locator('canvas').first().waitFor();
    const bestAsk = page.getByTestId('trade-book-ask').last();
    await bestAsk.waitFor();
    const legend = page.getByTestId('trade-chart-legend');
    const [askBefore, legendBefore] = [await textOf(bestAsk), await textOf(legend)];

    const available = page.getByTestId('trade-available');
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="trade-available"]')?.textContent ?? ''));
    const availableBefore = await textOf(available);

    await page.getByTestId('trade-type-market').click();
    await field(page, 'trade-amount').fill('0.01');
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="trade-preview-fee"]')?.textContent ?? ''));
    await page.getByTestId('trade-submit').click();

    const filled = uiText('zh', 'trade:result.filled').split('{{')[0] ?? '';
    expect(await page.getByTestId('trade-result').textContent()).toContain(filled);
    await waitForChange(available, availableBefore);
    const after = (await api<PairBalances>('/wallet/detail', { currency_id: '1', legal_id: '3' }, token)).message;
    expect(Number(after.base.available) - Number(before.base.available)).toBeCloseTo(0.01, 8);
    expect(Number(after.quote.available)).toBeLessThan(Number(before.quote.available));

    const [latest] = await orderHistory(token);
    expect(latest).toMatchObject({ status: 'filled', filled_amount: '0.0100' });
    await screenshot(page, 'trading-market-buy-filled');

    // The simulated feed ticks every second: the running candle and the market maker's quotes follow it.
    await waitForChange(legend, legendBefore);
    await waitForChange(bestAsk, askBefore);
    expect(pageErrors).toEqual([]);
  });

  it('rests a limit sell above the market, shows it under open orders and cancels it', async () => {
    const { page, pageErrors } = await phonePage(browser);
    await signInAs(page, DEMO.email, DEMO.password);
    await open(page, '/pages/transaction/currency?symbol=BTC%2FUSDT');
    await page.getByTestId('trade-side-sell').click();
    await page.getByTestId('trade-type-limit').click();
    await field(page, 'trade-price').fill('250000.00');
    await field(page, 'trade-amount').fill('0.002');
    await page.getByTestId('trade-submit').click();

    const openOrder = page.getByTestId('trade-open-order').filter({ hasText: '250,000.00' });
    await openOrder.waitFor();
    await openOrder.getByTestId('trade-cancel').click();
    await openOrder.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  });

  it('opens the order history from the orders tab with the fill and the market tick it settled against', async () => {
    const { page, pageErrors } = await phonePage(browser);
    const token = await signInAs(page, DEMO.email, DEMO.password);
    const bought = await api<{ id: number; status: string }>('/coin/trade', { amount: '0.001', currency_id: '1', legal_id: '3', type: '1' }, token);
    expect(bought.message.status).toBe('filled');
    await open(page, '/pages/transaction/order?tab=history');
    await page.getByTestId(`order-card-${bought.message.id}`).click();
    await page.getByTestId('order-detail').waitFor();
    await page.getByTestId('fill-tick').first().waitFor();
    expect(await textOf(page.getByTestId('fill-tick-id'))).toMatch(/^#\d+$/);
    await screenshot(page, 'trading-order-detail');
    expect(pageErrors).toEqual([]);
  });
});
