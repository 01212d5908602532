import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DemoServer, REPO_ROOT, startDemoServer } from '../../../scripts/lib/demo-server.ts';
import { DEMO_OPERATOR } from '../../server/src/console/demo-operator.ts';
import { currentTotp } from '../../server/src/platform/totp.ts';
import { WEB_VERSION } from '../src/shared/session.ts';
import { DEMO, launchBrowser, phonePage, screenshot } from './browser.ts';
import { freshDeviceId } from './identity.ts';

/**
 * Copy trading from the phone on a demo server of its own. A freshly
 * registered follower with USDT in the lever account accepts the agreement
 * and follows the seeded demo trader `trader1` ("Trend BTC"); replayed
 * BTC/USDT ticks make trader1's published rule (a 5/20 moving-average
 * crossover) open a long, the follower sees the copy at the same tick, makes
 * it their own (self-holding), trader1 closes and the follower's position
 * stays open. The demo user applies to be a trader from the phone form and
 * an operator approves it through the console API.
 *
 * Replayed ticks carry times from ten minutes ahead on. The simulator
 * resumes 30 s after a replay, but a tick older than the latest one's minute
 * is refused, so none of its ticks reaches the rule's series while this file
 * runs. And the rule switches at most once a minute (it may have switched on
 * the simulator's ticks, or on the jump to the replayed price), so the tick
 * meant to cross comes a minute after the flat ones.
 */

const run = promisify(execFile);
const MINUTE_MS = 60_000;
/** How far ahead of the clock replayed ticks are stamped (see above): longer than this file runs. */
const FEED_LEAD_MS = 10 * MINUTE_MS;
const TRADER1 = { email: 'trader1@openbourse.test', password: 'Demo12345', nickname: 'Trend BTC' };
/** The rule's slow average: this many equal prices leave no crossover behind. */
const SLOW_AVERAGE = 20;

let server: DemoServer;
let browser: Browser;
let page: Page;
let demoToken: string;
let traderToken: string;
let traderUserId: number;
let follower: { email: string; token: string };
/** The time of the last replayed tick (see above). */
let feedTime: number;

async function call<T>(path: string, params: Record<string, string | number>, token?: string, method: 'GET' | 'POST' = 'POST'): Promise<T> {
  const body = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  const headers: Record<string, string> = token ? { authorization: token } : {};
  const response = method === 'GET' ? await fetch(`${server.url}/api${path}?${body}`, { headers }) : await fetch(`${server.url}/api${path}`, { method, headers, body });
  const envelope = (await response.json()) as { type: string; message: T };
  if (envelope.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(envelope)}`);
  return envelope.message;
}

/** Replays BTC/USDT ticks at the given prices, `gapMs` after the previous replayed tick and a millisecond apart. */
async function replay(prices: string[], gapMs = 1): Promise<void> {
  const key = readFileSync(join(server.dataDir, 'feed.key'), 'utf8').trim();
  feedTime += gapMs - 1;
  const ticks = prices.map((price) => ({ price, volume: '0.1', time: ++feedTime }));
  const response = await fetch(`${server.url}/api/feed/ticks`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-feed-key': key }, body: JSON.stringify({ symbol: 'BTC/USDT', ticks }) });
  expect((await response.json()) as { type: string; message: { accepted: number } }).toMatchObject({ type: 'ok', message: { accepted: prices.length } });
}

async function outboxCode(address: string): Promise<string> {
  const response = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(address)}`);
  const code = ((await response.json()) as { message: { code: string | null }[] }).message[0]?.code;
  if (!code) throw new Error(`no code sent to ${address}`);
  return code;
}

/** A new user registered by email, with USDT credited by the operator CLI and moved to the lever account by the user. */
async function fundedFollower(): Promise<{ email: string; token: string }> {
  const email = `follower-${Date.now()}@openbourse.test`;
  const password = 'Follow2026';
  await call('/sms_mail', { user_string: email, scene: 'register' });
  const token = await call<string>('/user/register', { user_string: email, code: await outboxCode(email), password, re_password: password, device_token: freshDeviceId() });
  await run(process.execPath, ['--import', 'tsx', 'apps/server/src/ops/cli.ts', 'credit', email, '500', 'USDT'], { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: server.dataDir } });
  await call('/wallet/change', { currency_id: 'USDT', from_field: 'change', to_field: 'lever', number: '500' }, token);
  return { email, token };
}

/** The operator approves the application through the console API, as the console page does (session cookie + CSRF header). */
async function approveAsOperator(applicationId: number): Promise<void> {
  const login = await fetch(`${server.url}/api/console/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_OPERATOR.email, password: DEMO_OPERATOR.password, code: currentTotp(DEMO_OPERATOR.totpSecret, Date.now()) }),
  });
  const signedIn = (await login.json()) as { type: string; message: { csrf: string } };
  expect(signedIn.type).toBe('ok');
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const approved = await fetch(`${server.url}/api/console/queues/trader-applications/${applicationId}/approve`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-token': signedIn.message.csrf, 'content-type': 'application/json' },
    body: '{}',
  });
  expect(((await approved.json()) as { type: string }).type).toBe('ok');
}

async function signInPhone(token: string): Promise<void> {
  await page.goto(`${server.url}/api/getSiteConfig`);
  await page.evaluate((items) => {
    for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
  }, { 'ob.webVersion': String(WEB_VERSION), 'ob.token': token, 'ob.lang': 'en' });
}

const route = (path: string) => `${server.url}/h5/#${path}`;

/** The page as it reads once the last action's toast has gone. */
async function shot(name: string): Promise<void> {
  await page.locator('.adm-toast-main').waitFor({ state: 'detached' });
  await screenshot(page, name);
}

describe('copy trading on the phone', () => {
  beforeAll(async () => {
    server = await startDemoServer();
    browser = await launchBrowser();
    ({ page } = await phonePage(browser));
    feedTime = Date.now() + FEED_LEAD_MS;
    await replay(Array.from({ length: SLOW_AVERAGE + 1 }, () => '100000'));
    // The demo user (Lv2) moves USDT to the lever account to meet the trader requirement.
    demoToken = await call<string>('/user/login', { user_string: DEMO.email, password: DEMO.password });
    await call('/wallet/change', { currency_id: 'USDT', from_field: 'change', to_field: 'lever', number: '2000' }, demoToken);
    traderToken = await call<string>('/user/login', { user_string: TRADER1.email, password: TRADER1.password });
    const traders = await call<{ list: { trader_user_id: number; nickname: string }[] }>('/follow/index', { limit: 50 }, undefined, 'GET');
    traderUserId = traders.list.find((trader) => trader.nickname === TRADER1.nickname)?.trader_user_id ?? 0;
    expect(traderUserId).toBeGreaterThan(0);
    follower = await fundedFollower();
    await signInPhone(follower.token);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  let broken = false;
  beforeEach((context) => {
    context.skip(broken, 'an earlier step failed');
    context.onTestFailed(() => {
      broken = true;
    });
  });

  it('lists the seeded demo trader and shows their profile with the published rule', async () => {
    await page.goto(route('/pages/copytrade/copy'));
    await page.getByTestId(`copy-trader-${traderUserId}`).waitFor();
    await shot('copytrade-copy');
    await page.getByTestId(`copy-trader-${traderUserId}`).click();
    await page.getByTestId('copy-profile').waitFor();
    await page.getByText('moving average', { exact: false }).first().waitFor();
    await page.getByTestId('copy-history-trades').waitFor();
    await shot('follow-trader');
  }, 60_000);

  it('refuses to follow until the agreement is accepted, then follows', async () => {
    await page.goto(route(`/pages/follow/follow?trader_user_id=${traderUserId}`));
    await page.getByTestId('copy-agreement-needed').waitFor();
    expect(await page.getByTestId('copy-follow-submit').isDisabled()).toBe(true);
    await page.getByTestId('copy-lever-balance').filter({ hasText: '500' }).waitFor();
    await shot('follow-follow-before-agreement');

    await page.getByTestId('copy-agreement-link').click();
    await page.getByTestId('copy-agreement-text').waitFor();
    await shot('follow-agreement_en');
    await page.getByTestId('copy-agree').click();
    await page.getByTestId('copy-follow-form').waitFor();
    await page.locator('[data-testid="copy-follow-submit"]:not([disabled])').waitFor();
    await page.getByTestId('copy-follow-number').locator('input').fill('1.5');
    await shot('follow-follow');
    await page.getByTestId('copy-follow-submit').click();
    await page.getByTestId('copy-my-page').waitFor();
    await page.locator(`[data-testid="copy-follow-${traderUserId}"][data-status="following"]`).waitFor();

    await page.goto(route('/pages/follow/agreement_zh'));
    await page.getByTestId('copy-agreed').waitFor();
    await shot('follow-agreement_zh');
  }, 60_000);

  it('copies the long trader1’s rule opens at the same tick, makes it self-held, and keeps it open when trader1 closes', async () => {
    // Whatever the rule held from the simulator's ticks goes, so the next rise opens a fresh long.
    await call('/lever/batch_close', { type: 0 }, traderToken);
    await page.goto(route('/pages/copytrade/my'));
    await page.getByTestId('copy-my-page').waitFor();

    // A minute after the last possible switch, the price jumps: the 5-tick average crosses above the 20-tick one.
    await replay(['100500'], MINUTE_MS + 1000);
    const holding = await call<{ list: { id: number; side: string; lots: number; open_tick_id: number }[] }>('/lever/my_trade', { status: 'holding' }, traderToken);
    expect(holding.list).toEqual([expect.objectContaining({ side: 'long', lots: 10 })]);
    const traderOrder = holding.list[0] as { id: number; open_tick_id: number };

    // The page hears the copy on the events channel (nothing polls).
    const copy = page.locator('[data-testid^="copy-position-"][data-linked="true"]').first();
    await copy.waitFor();
    // 1.5 × 10 lots = 15 lots, opened at trader1's tick.
    expect(await copy.locator('.copy-card__meta').textContent()).toBe('15 lots ×10');
    expect(await copy.getByTestId('copy-position-open-tick').locator('.facts__value').textContent()).toBe(`#${traderOrder.open_tick_id}`);
    await replay(['101000']);
    await expect.poll(() => copy.getByTestId('copy-live-pnl').locator('.facts__value').textContent()).toMatch(/^\+/);
    await shot('copytrade-my');

    const copyId = Number((await copy.getAttribute('data-testid'))?.replace('copy-position-', ''));
    // The futures positions say the position is a copy, and whose, and offer self-holding there too.
    await page.goto(route('/pages/transaction/contract_order'));
    const futuresCard = page.getByTestId(`futures-order-${copyId}`);
    await futuresCard.getByTestId('futures-copy-mark').filter({ hasText: `Copied from ${TRADER1.nickname}` }).waitFor();
    await futuresCard.getByTestId('futures-self-hold').waitFor();
    await shot('contract-order-copy');
    await page.goto(route('/pages/copytrade/my'));
    await copy.waitFor();
    await copy.getByTestId('copy-self-hold').click();
    await page.locator('.adm-dialog-button').filter({ hasText: 'Hold myself' }).click();
    await page.locator(`[data-testid="copy-position-${copyId}"][data-linked="false"]`).waitFor();

    await call('/lever/close', { id: traderOrder.id }, traderToken);
    const mine = await call<{ current: { id: number; status: string; linked: boolean }[] }>('/follow/my', {}, follower.token, 'GET');
    expect(mine.current.find((row) => row.id === copyId)).toMatchObject({ status: 'holding', linked: false });
    await page.reload();
    await page.locator(`[data-testid="copy-position-${copyId}"][data-linked="false"]`).waitFor();
    await shot('copytrade-my-self-held');
    await page.goto(route('/pages/transaction/contract_order'));
    await page.getByTestId(`futures-order-${copyId}`).locator('[data-testid="futures-copy-mark"][data-linked="false"]').waitFor();
    expect(await page.getByTestId(`futures-order-${copyId}`).getByTestId('futures-self-hold').count()).toBe(0);
  }, 60_000);

  it('takes the demo user’s trader application from the phone form; the operator approves it and the dashboard opens', async () => {
    await signInPhone(demoToken);
    await page.goto(route('/pages/copytrade/trader'));
    await page.getByTestId('copy-eligibility').waitFor();
    await page.getByTestId('copy-apply-nickname').locator('input').fill('Demo trader');
    await page.getByTestId('copy-apply-introduction').locator('textarea').fill('Trend following on BTC/USDT, small size.');
    // The rate is a whole percent: a fraction of a percent is refused before anything is sent.
    await page.getByTestId('copy-apply-rate').locator('input').fill('12.5');
    await page.getByTestId('copy-apply-submit').click();
    await page.locator('.copy-error').filter({ hasText: 'whole percent' }).waitFor();
    await page.getByTestId('copy-apply-rate').locator('input').fill('15');
    await shot('copytrade-trader-apply');
    await page.getByTestId('copy-apply-submit').click();
    await page.getByTestId('copy-application-pending').waitFor();
    await shot('copytrade-trader-pending');

    const me = await call<{ application: { id: number; share_rate: string } }>('/follow/trader/me', {}, demoToken, 'GET');
    expect(me.application.share_rate).toBe('0.15');
    await approveAsOperator(me.application.id);
    await page.reload();
    await page.getByTestId('copy-dashboard').waitFor();
    await page.getByTestId('copy-dashboard').getByText('15%').first().waitFor();
  }, 60_000);

  it('shows trader1 their dashboard with the new follower', async () => {
    await signInPhone(traderToken);
    await page.goto(route('/pages/copytrade/trader'));
    await page.getByTestId('copy-dashboard').waitFor();
    await page.getByTestId('copy-followers').locator('.copy-row').first().waitFor();
    await shot('copytrade-trader');
  }, 60_000);

  it('fits a 320×640 phone without sideways scrolling', async () => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ['/pages/copytrade/copy', `/pages/follow/trader?trader_user_id=${traderUserId}`, '/pages/copytrade/my', '/pages/copytrade/trader', '/pages/follow/agreement_en']) {
      await page.goto(route(path));
      await page.locator('.copy-page').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    }
  }, 60_000);
});
