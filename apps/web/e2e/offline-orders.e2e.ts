import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, DEMO, field, launchBrowser, open, phonePage, screenshot, signInAs, toast } from './browser.ts';
import { uiText } from './texts.ts';

/** How many orders the user has, open and complete. */
async function orderCount(token: string): Promise<number> {
  let total = 0;
  for (const status of ['1', '2']) {
    const response = await fetch(`${baseUrl()}/api/coin/list?status=${status}`, { headers: { authorization: token } });
    total += ((await response.json()) as { message: { total: number } }).message.total;
  }
  return total;
}

async function btcPrice(): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/currency/quotation_new`);
  const quotes = ((await response.json()) as { message: { currency_id: number; legal_id: number; price: string }[] }).message;
  return Number(quotes.find((quote) => quote.currency_id === 1 && quote.legal_id === 3)?.price);
}

describe('orders are never sent late, never twice', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('refuses a buy tapped offline at once, and places nothing when the connection returns', async () => {
    const { context, page, pageErrors } = await phonePage(browser);
    const token = await signInAs(page, DEMO.email, DEMO.password);
    await open(page, '/pages/transaction/currency?symbol=BTC%2FUSDT');
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="trade-available"]')?.textContent ?? ''));
    await field(page, 'trade-amount').fill('0.001');
    const before = await orderCount(token);

    const tradeRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/coin/trade')) tradeRequests.push(request.url());
    });
    await context.setOffline(true);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await page.getByTestId('trade-submit').click();
    await toast(page, uiText('zh', 'shell:request.offline')).waitFor();
    // Refused, not waiting: the button is not left spinning for the connection.
    expect(await page.getByTestId('trade-submit').getAttribute('class')).not.toContain('adm-button-loading');
    await screenshot(page, 'trading-offline-refused');

    await page.getByTestId('connection-bar').waitFor();
    await context.setOffline(false);
    // The bar goes once the realtime socket is back: the app knows it is online, and anything queued would have gone by now.
    await page.getByTestId('connection-bar').waitFor({ state: 'detached' });
    await page.evaluate(() => new Promise((done) => setTimeout(done, 1_000)));
    expect(tradeRequests).toEqual([]);
    expect(await orderCount(token)).toBe(before);
    expect(pageErrors).toEqual([]);
  });

  it('places one order for two sends of the same client_oid, and one per tap otherwise', async () => {
    const { page } = await phonePage(browser);
    const token = await signInAs(page, DEMO.email, DEMO.password);
    const before = await orderCount(token);
    // A buy 10% under the market rests in the book.
    const restingPrice = (await btcPrice()) * 0.9;
    const order = { amount: '0.001', target_price: restingPrice.toFixed(2), currency_id: '1', legal_id: '3', type: '1', client_oid: `e2e-${Date.now()}` };
    const [first, second] = await Promise.all([api<{ id: number }>('/coin/trade', order, token), api<{ id: number }>('/coin/trade', order, token)]);
    expect(first.type, JSON.stringify(first)).toBe('ok');
    expect(second).toEqual(first);
    const again = await api<{ id: number }>('/coin/trade', order, token);
    expect(again.message.id).toBe(first.message.id);
    expect(await orderCount(token)).toBe(before + 1);

    // Through the page: two taps are two orders, each with its own key.
    await open(page, '/pages/transaction/currency?symbol=BTC%2FUSDT');
    await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="trade-available"]')?.textContent ?? ''));
    const sentKeys: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/coin/trade')) sentKeys.push(new URLSearchParams(request.postData() ?? '').get('client_oid') ?? '');
    });
    for (let tap = 0; tap < 2; tap++) {
      await field(page, 'trade-price').fill(restingPrice.toFixed(2));
      await field(page, 'trade-amount').fill('0.001');
      await page.getByTestId('trade-submit').click();
      await page.getByTestId('trade-result').waitFor();
      await page.getByTestId('trade-result').waitFor({ state: 'detached' });
    }
    expect(sentKeys).toHaveLength(2);
    expect(new Set(sentKeys).size).toBe(2);
    expect(await orderCount(token)).toBe(before + 3);
    await api('/coin/cancel_all', {}, token);
  });
});
