import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DemoServer, startDemoServer } from '../../../scripts/lib/demo-server.ts';
import { DEMO_OPERATOR } from '../../server/src/console/demo-operator.ts';
import { currentTotp } from '../../server/src/platform/totp.ts';
import { DEMO, dismissHomePopup, launchBrowser, newTab, phoneContext, screenshot } from './browser.ts';
import { apiClient, serverClock, settledShot, storeSession } from './own-server.ts';
import { screenshotDir } from './artifacts.ts';
import { uiText } from './texts.ts';

/**
 * Earn from the phone, on a server of its own whose clock the test moves
 * (CLOCK_CONTROL=1: POST /api/dev/clock/advance runs every scheduled job):
 * subscribe to an IEO, buy a dual product and see it settle on the recorded
 * feed tick, lock an amount, see the first daily yield after a simulated day
 * with its rate verified in the browser, redeem early with the penalty shown,
 * and find it all summed up on the financial page. Then the console's earn
 * pages at 1440×900.
 */

let server: DemoServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: Error[];
let token: string;

const call = apiClient(() => server.url, () => token);
const { now: serverNow, advanceTo } = serverClock(call);
const open = (route: string) => page.goto(`${server.url}/h5/#${route}`);
const shot = (name: string) => settledShot(page, name);
const dialogButton = (text: string) => page.locator('.adm-dialog-button').filter({ hasText: text });

beforeAll(async () => {
  server = await startDemoServer({ CLOCK_CONTROL: '1' });
  browser = await launchBrowser();
  context = await phoneContext(browser);
  ({ page, pageErrors } = await newTab(context));
  token = await call<string>('/user/login', { user_string: DEMO.email, password: DEMO.password });
  await storeSession(page, server.url, { 'ob.token': token });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

let broken = false;
beforeEach((test) => {
  test.skip(broken, 'an earlier step failed');
  test.onTestFailed(async () => {
    broken = true;
    await screenshot(page, 'failed-earn');
  });
});

describe('earn on the phone', () => {
  it('opens the earn entries of the home grid on pages titled as their entries', async () => {
    for (const [key, route] of [
      ['financial', '/pages/financial/index'],
      ['mining', '/pages/lockming/lockming'],
      ['cloudMining', '/pages/lockming/lockming'],
      ['defiMining', '/pages/lockming/lockming'],
    ] as const) {
      // A tab of its own: the home pop-up opens once per tab.
      const { page: tab, pageErrors: tabErrors } = await newTab(context);
      await tab.goto(`${server.url}/h5/#/`);
      await dismissHomePopup(tab);
      const entry = tab.getByTestId(`home-menu-${key}`);
      const label = (await entry.textContent()) ?? '';
      expect(label).toBe(uiText('zh', `common:menu.${key}`));
      await entry.click();
      await tab.waitForURL((url) => url.hash.replace(/^#/, '').split('?')[0] === route);
      await tab.locator('.nav-bar .adm-nav-bar-title').filter({ hasText: label }).waitFor();
      expect(await tab.locator('.nav-bar .adm-nav-bar-title').textContent()).toBe(label);
      if (key === 'cloudMining') await settledShot(tab, 'earn-entry-cloud-mining');
      expect(tabErrors).toEqual([]);
      await tab.close();
    }
  });

  it('subscribes to the IEO in progress and sees the cost held', async () => {
    await open('/pages/ieo/ieo');
    await page.locator('[data-testid="ieo-list"] .ieo-card').first().waitFor();
    await shot('earn-ieo-list');
    await page.locator('.ieo-card').filter({ hasText: 'Orbit Network' }).click();
    await page.getByTestId('ieo-form').waitFor();
    await page.getByTestId('ieo-amount').locator('input').fill('400');
    await expect.poll(() => page.getByTestId('ieo-cost').textContent()).toContain('100.00 USDT');
    await shot('earn-ieo-subscribe');
    await page.getByTestId('ieo-submit').click();
    await page.getByTestId('ieo-confirm').waitFor();
    await dialogButton('确认认购').click();
    await page.locator('[data-testid="ieo-orders"] .ieo-card').first().waitFor();
    expect(await page.locator('.ieo-order').first().textContent()).toContain('待配售');
    await shot('earn-ieo-order');
  });

  it('buys a dual product with both outcomes and the tie rule shown, and sees it settle on the recorded tick', async () => {
    await open('/pages/invest/invest');
    await page.locator('[data-testid="dual-products"] .dual-product').first().waitFor();
    await shot('earn-invest');
    await page.locator('.dual-product').first().click();
    await page.getByTestId('dual-outcomes').first().waitFor();
    expect(await page.getByTestId('dual-tie-rule').textContent()).toContain('平价规则');
    // The − and + are 40 px taps.
    const steps = await page.locator('[data-testid="dual-shares"] .adm-stepper-minus, [data-testid="dual-shares"] .adm-stepper-plus').evaluateAll((buttons) => buttons.map((button) => Math.min(button.getBoundingClientRect().width, button.getBoundingClientRect().height)));
    expect(steps).toEqual([40, 40]);
    await page.locator('[data-testid="dual-shares"] .adm-stepper-plus').click();
    await expect.poll(() => page.getByTestId('dual-invested').textContent()).toContain('0.002 BTC');
    // Both outcomes of the 2 shares, as the page shows them before confirming.
    const shown = async (key: 'kept' | 'converted') => {
      const [amount = '', currency = ''] = ((await page.getByTestId(`dual-outcome-${key}`).first().locator('.dual-outcomes__amount').textContent()) ?? '').trim().split(' ');
      return { amount: amount.replaceAll(',', ''), currency };
    };
    const preview = { kept: await shown('kept'), converted: await shown('converted') };
    await shot('earn-invest-purchase');
    await page.getByTestId('dual-submit').click();
    await page.getByTestId('dual-confirm').waitFor();
    await dialogButton('确认申购').click();

    await page.locator('[data-testid="dual-orders"] .dual-order').first().waitFor();
    type Outcome = { amount: string; currency: string };
    const [order] = (await call<{ list: { id: number; maturity_at: number; status: string; outcomes: { kept: Outcome; converted: Outcome } }[] }>('/dual/dual_list')).list;
    if (!order) throw new Error('no dual order');
    expect(order.status).toBe('purchased');
    // The amounts previewed are the ones the server computed for the order (BTC kept, USDT converted for a call).
    for (const key of ['kept', 'converted'] as const) {
      expect(preview[key].currency).toBe(order.outcomes[key].currency);
      expect(Number(preview[key].amount)).toBe(Number(order.outcomes[key].amount));
    }
    expect(preview.kept.currency).toBe('BTC');
    expect(preview.converted.currency).toBe('USDT');
    await shot('earn-invest-mine');

    // Past 08:00 UTC on the maturity date; the simulator's next tick at the new time decides, and the job settles on it.
    await advanceTo(order.maturity_at + 1000);
    await expect
      .poll(
        async () => {
          await call('/dev/clock/advance', { ms: 1000 });
          return (await call<{ status: string }>('/dual/order', { id: order.id }, 'GET')).status;
        },
        { timeout: 30_000, interval: 1500 },
      )
      .toBe('success');
    const settled = await call<{ settlement: { tick: { id: number; time: number; price: string }; payout: string; payout_currency: string } }>('/dual/order', { id: order.id }, 'GET');
    expect(settled.settlement.tick.time).toBeGreaterThanOrEqual(order.maturity_at);
    await page.reload();
    const tick = page.getByTestId(`dual-tick-${order.id}`);
    await tick.waitFor();
    expect(await tick.textContent()).toContain(`#${settled.settlement.tick.id}`);
    expect(await page.getByTestId(`dual-payout-${order.id}`).textContent()).toContain(settled.settlement.payout_currency);
    await shot('earn-invest-settled');
  });

  it('locks an amount, sees the first daily yield after a simulated day, and redeems early with the penalty shown', async () => {
    const products = await call<{ id: number; lock_days: number; currency: string }[]>('/lh/deposit/config', {}, 'GET');
    const fiveDay = products.find((product) => product.lock_days === 5 && product.currency === 'USDT');
    if (!fiveDay) throw new Error('no 5-day USDT product');
    await open('/pages/lockming/lockming');
    await page.getByTestId(`lock-product-${fiveDay.id}`).waitFor();
    await shot('earn-lockming');
    await page.getByTestId(`lock-buy-${fiveDay.id}`).click();
    await page.getByTestId('lock-amount').locator('input').fill('1000');
    await expect.poll(() => page.getByTestId('lock-preview-daily').textContent()).toContain('3.00 – 4.00 USDT');
    expect(await page.getByTestId('lock-preview-total').textContent()).toContain('15.00 – 20.00 USDT');
    await shot('earn-lockming-buy');
    await page.getByTestId('lock-submit').click();
    await page.getByTestId('lock-confirm').waitFor();
    await dialogButton('确认锁仓').click();
    await page.getByTestId('lock-order-detail').waitFor();

    const [order] = (await call<{ list: { id: number; next_dividend_at: number }[] }>('/lh/deposit/order', { status: 1 }, 'GET')).list;
    if (!order) throw new Error('no lock order');
    await advanceTo(order.next_dividend_at + 60_000);
    await page.reload();
    await expect.poll(() => page.getByTestId('lock-days-paid').textContent()).toContain('1 / 5');
    expect(await page.getByTestId('lock-day-proof-1').textContent()).toContain('已验证');
    await page.getByTestId('lock-day-1').locator('button').click();
    await shot('earn-lockming-order');

    const detail = await call<{ redeem_preview: { penalty: string; refund: string } }>('/lh/deposit/order/detail', { id: order.id }, 'GET');
    await page.getByTestId('lock-redeem').click();
    await page.getByTestId('lock-redeem-dialog').waitFor();
    // 0.4% × 4 remaining days × 1,000 = 16 USDT, shown before confirming.
    expect(detail.redeem_preview.penalty).toBe('16.000000');
    expect(await page.getByTestId('lock-redeem-penalty').textContent()).toContain('16.00 USDT');
    expect(await page.getByTestId('lock-redeem-refund').textContent()).toContain('984.00 USDT');
    await shot('earn-lockming-redeem');
    await dialogButton('确认赎回').click();
    await page.getByTestId('lock-penalty').waitFor();
    expect(await page.getByTestId(`lock-state-${order.id}`).textContent()).toContain('提前赎回');
    await shot('earn-lockming-redeemed');
  });

  it('sees the IEO allocated at the end of the subscription, with the arithmetic, and the token frozen in the spot account', async () => {
    const [subscription] = (await call<{ list: { id: number; subscribe_end: number }[] }>('/user/project/order', {}, 'GET')).list;
    if (!subscription) throw new Error('no subscription');
    await advanceTo(subscription.subscribe_end + 1000);
    await open('/pages/ieo/order');
    const allocation = page.getByTestId(`ieo-allocation-${subscription.id}`);
    await allocation.waitFor();
    // Not oversubscribed: the 400 ORBT asked for, paid 100 USDT, nothing released.
    expect(await allocation.textContent()).toContain('全额配售 400 ORBT');
    const wallet = await call<{ available: string; frozen: string }>('/wallet/detail', { currency: 'ORBT', type: 'change' });
    expect(wallet.frozen).toBe('400.0000');
    await shot('earn-ieo-allocated');
  });

  it('sums it all up on the financial page', async () => {
    await open('/pages/financial/index');
    await page.getByTestId('fin-summary').waitFor();
    await page.getByTestId('fin-earnings').locator('.fin-row').first().waitFor();
    expect(await page.getByTestId('fin-total-earnings').textContent()).not.toBe('$0.00');
    // The lock was redeemed early: the earnings are net of its 16 USDT penalty, and say so.
    expect(await page.getByTestId('fin-net-note').textContent()).toBe(uiText('zh', 'financial:holdings.netOfPenalties'));
    await shot('earn-financial');
    await open('/pages/invest/help');
    await page.getByTestId('dual-help-example').waitFor();
    expect(await page.getByTestId('dual-help-call').textContent()).toContain('1.01 BTC');
    await shot('earn-invest-help');
    expect(pageErrors).toEqual([]);
  });
});

describe('earn products in the console', () => {
  it('lists and edits the products at 1440×900', async () => {
    const desk = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, locale: 'zh-CN' });
    desk.setDefaultTimeout(20_000);
    const console = await desk.newPage();
    const shot = async (name: string) => {
      mkdirSync(screenshotDir, { recursive: true });
      await console.waitForTimeout(300);
      await console.screenshot({ path: join(screenshotDir, `console-${name}.png`), animations: 'disabled' });
    };
    await console.goto(`${server.url}/console/`);
    await console.getByTestId('login-email').fill(DEMO_OPERATOR.email);
    await console.getByTestId('login-password').fill(DEMO_OPERATOR.password);
    await console.getByTestId('login-code').locator('input').first().click();
    // The code is checked against the server's clock, which this test moved.
    await console.keyboard.type(currentTotp(DEMO_OPERATOR.totpSecret, await serverNow()));
    await console.getByTestId('login-submit').click();
    await console.getByTestId('operator-email').waitFor();

    await console.goto(`${server.url}/console/#/earn/lock-mining`);
    await console.locator('[data-testid="earn-lock-mining"] .ant-table-row').first().waitFor();
    await shot('earn-lock-mining');
    await console.locator('[data-testid^="earn-edit-"]').first().click();
    await console.getByTestId('earn-form').waitFor();
    await shot('earn-lock-mining-edit');
    const lockDays = console.getByTestId('earn-form').locator('input#lock_days');
    const rowDays = await lockDays.inputValue();
    await console.getByTestId('earn-save').click();
    await console.locator('.ant-message-success').waitFor();
    await console.locator('.ant-drawer-open').waitFor({ state: 'detached' });
    // A new product starts from the defaults, not from the row just edited; and what it typed is gone when the row is edited again.
    await console.getByTestId('earn-new').click();
    await lockDays.waitFor();
    expect(await lockDays.inputValue()).not.toBe(rowDays);
    await lockDays.fill('99');
    await console.keyboard.press('Escape');
    await console.locator('.ant-drawer-open').waitFor({ state: 'detached' });
    await console.locator('[data-testid^="earn-edit-"]').first().click();
    await lockDays.waitFor();
    expect(await lockDays.inputValue()).toBe(rowDays);
    await console.keyboard.press('Escape');
    await console.locator('.ant-drawer-open').waitFor({ state: 'detached' });

    await console.goto(`${server.url}/console/#/earn/ieo`);
    await console.locator('[data-testid="earn-ieo"] .ant-table-row').first().waitFor();
    await shot('earn-ieo');
    await console.goto(`${server.url}/console/#/earn/dual`);
    await console.locator('[data-testid="earn-dual"] .ant-table-row').first().waitFor();
    await shot('earn-dual');
    await desk.close();
  });
});
