import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../server/src/console/demo-operator.ts';
import { api, baseUrl, bindFreshMobile, field, launchBrowser, open, ops, phonePage, registerUser, screenshot, signInAs } from './browser.ts';
import { consoleShot, desktopPage, freshOperatorCode } from './console-desk.ts';
import { chineseIdNumber } from './identity.ts';
import { solidPng } from './png.ts';

/** A registered user with email and phone bound, as identity verification needs. */
async function newVerifiableUser(): Promise<{ email: string; password: string }> {
  const { email, password, token } = await registerUser('console', 'Console2026');
  await bindFreshMobile(token);
  return { email, password };
}

/**
 * An operator's day in the console, in order: sign in with the authenticator,
 * approve a Lv1 request the user made in the H5 app (and see the app change),
 * look the user up and freeze them (and see the app say so), content, the
 * audit trail, and a new operator's setup link. Every console page is
 * screenshotted at 1440×900.
 */
describe('the operator console', () => {
  let browser: Browser;
  let desk: Awaited<ReturnType<typeof desktopPage>>;
  let phone: Awaited<ReturnType<typeof phonePage>>;
  let user: { email: string; password: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    user = await newVerifiableUser();
    // Something to show in the user's balances and postings.
    await ops(['credit', user.email, '500', 'USDT']);
  });

  afterAll(async () => {
    await browser.close();
  });

  let broken = false;
  beforeEach((context) => {
    context.skip(broken, 'an earlier step failed');
    context.onTestFailed(() => {
      broken = true;
    });
  });

  it('the user asks for Lv1 verification in the H5 app', async () => {
    phone = await phonePage(browser);
    await signInAs(phone.page, user.email, user.password);
    await open(phone.page, '/pages/setting/real');
    await phone.page.locator('[data-testid="real-state"][data-state="none"]').waitFor();
    await field(phone.page, 'real-name').fill('李白');
    await field(phone.page, 'real-card-id').fill(chineseIdNumber());
    await phone.page
      .getByTestId('real-front')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'id-front.png', mimeType: 'image/png', buffer: solidPng(320, 200, [96, 140, 200]) });
    await phone.page.getByTestId('real-front').locator('img[src*="/uploads/identity/"]').waitFor();
    await phone.page.getByTestId('real-submit').click();
    await phone.page.locator('[data-testid="real-state"][data-state="review"]').waitFor();
  });

  it('an operator signs in with password and authenticator code', async () => {
    desk = await desktopPage(browser);
    const { page } = desk;
    await page.goto(`${baseUrl()}/console/`);
    await page.getByTestId('login-submit').waitFor();
    await consoleShot(page, 'login');
    await page.getByTestId('login-email').fill(DEMO_OPERATOR.email);
    await page.getByTestId('login-password').fill(DEMO_OPERATOR.password);
    await page.getByTestId('login-code').locator('input').first().click();
    await page.keyboard.type(await freshOperatorCode());
    await page.getByTestId('login-submit').click();

    await page.getByTestId('operator-email').filter({ hasText: DEMO_OPERATOR.email }).waitFor();
    await page.getByTestId('ledger-check-run').click();
    await page.getByTestId('ledger-check').waitFor();
    await page.locator('[data-testid="feeds"] .ant-table-row').first().waitFor();
    await consoleShot(page, 'dashboard');
  });

  it('approves the request, with the picture beside the fields, and the H5 app shows Lv1', async () => {
    const { page } = desk;
    await page.getByTestId('dashboard-queue-verification').click();
    const row = page.getByTestId('queue-list').locator('.ant-table-row').filter({ hasText: user.email });
    await row.click();
    await page.getByTestId('verification-name').filter({ hasText: '李白' }).waitFor();
    const picture = page.locator('img[data-testid="verification-image-front"], [data-testid="verification-image-front"] img').first();
    await expect.poll(() => picture.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(320);
    await consoleShot(page, 'verification-queue');

    await page.getByTestId('verification-approve').click();
    await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
    await row.waitFor({ state: 'detached' });

    await phone.page.reload();
    await phone.page.locator('[data-testid="real-state"][data-state="verified"][data-level="1"]').waitFor();
    await screenshot(phone.page, 'console-h5-verified');

    await page.getByTestId('queue-status').getByText('已通过').click();
    await page.getByTestId('queue-list').locator('.ant-table-row').filter({ hasText: user.email }).click();
    await page.getByTestId('verification-detail').waitFor();
    await consoleShot(page, 'verification-decided');
  });

  it('approves a trader application from its own queue, and the user becomes a trader', async () => {
    const { page } = desk;
    // Now Lv1; a trader also needs 100 USDT in the lever account.
    await ops(['credit', user.email, '200', 'USDT', '--account-type', 'lever']);
    const token = (await api<string>('/user/login', { user_string: user.email, password: user.password })).message;
    const applied = await api('/follow/trader/apply', { nickname: '李白交易', introduction: '只做 BTC 趋势，一次一个仓位。', share_rate: '0.10' }, token);
    expect(applied.type).toBe('ok');
    await page.getByTestId('console-menu').locator('[data-menu-id$="/"]').first().click();
    await page.getByTestId('dashboard-queue-trader-applications').click();
    const row = page.getByTestId('queue-list').locator('.ant-table-row').filter({ hasText: user.email });
    await row.click();
    await page.getByTestId('trader-application-detail').filter({ hasText: '李白交易' }).waitFor();
    await consoleShot(page, 'trader-applications-queue');
    // The same application open in a second tab, decided in the first one meanwhile.
    const secondTab = await desk.context.newPage();
    await secondTab.goto(page.url());
    await secondTab.getByTestId('trader-application-approve').waitFor();
    // A tab in the background gets no animation frames, and antd's confirmations open with an animation.
    await page.bringToFront();
    await page.getByTestId('trader-application-approve').click();
    await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
    await row.waitFor({ state: 'detached' });

    // The second tab's approval is refused, and the tab then shows the application as decided, no longer in its list.
    await secondTab.bringToFront();
    await secondTab.getByTestId('trader-application-approve').click();
    await secondTab.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
    await secondTab.locator('.ant-message-error').waitFor();
    await secondTab.getByTestId('trader-application-approve').waitFor({ state: 'detached' });
    await secondTab.getByTestId('queue-list').locator('.ant-table-row').filter({ hasText: user.email }).waitFor({ state: 'detached' });
    await secondTab.close();
    await page.bringToFront();
    const me = await fetch(`${baseUrl()}/api/follow/trader/me`, { headers: { authorization: token } });
    expect(((await me.json()) as { message: { application: { status: string } } }).message.application.status).toBe('approved');
  });

  it('a queue that fails to load says why and offers a retry, instead of passing for an empty queue', async () => {
    const { page } = desk;
    const depositsList = (url: URL) => url.pathname === '/api/console/queues/deposits';
    await page.route(depositsList, (route) => route.fulfill({ status: 502, body: 'bad gateway' }));
    await page.getByTestId('console-menu').locator('[data-menu-id$="/"]').first().click();
    await page.getByTestId('dashboard-queue-deposits').click();
    const failed = page.getByTestId('queue-load-error');
    await failed.filter({ hasText: '502' }).waitFor();
    await consoleShot(page, 'queue-load-error');
    await page.unroute(depositsList);
    await failed.getByRole('button').click();
    await failed.waitFor({ state: 'detached' });

    // A hand-edited address with a status or page the queue does not have shows the work list, not a validation error.
    await page.goto(`${baseUrl()}/console/#/queues/withdrawals?status=bogus&page=-2`);
    await page.getByTestId('queue-status').locator('.ant-segmented-item-selected').filter({ hasText: '待处理' }).waitFor();
    await page.getByTestId('queue-list').locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    expect(await failed.count()).toBe(0);
  });

  it('finds the user, freezes them, and the H5 app says why on the assets and trading pages', async () => {
    const { page } = desk;
    await page.getByTestId('console-menu').locator('[data-menu-id$="/users"]').click();
    await page.getByTestId('users-search').locator('input').fill(user.email);
    await page.getByTestId('users-search').locator('input').press('Enter');
    await page.getByTestId('users-results').locator('.ant-table-row').filter({ hasText: user.email }).waitFor();
    await consoleShot(page, 'users');

    await page.getByTestId('users-results').getByRole('link', { name: user.email }).click();
    await page.getByTestId('user-balances').waitFor();
    await page.getByTestId('user-freeze').click();
    await page.getByTestId('freeze-reason').fill('资金来源核查中');
    await page.getByTestId('freeze-confirm').click();
    await page.getByTestId('user-frozen').filter({ hasText: '资金来源核查中' }).waitFor();
    await consoleShot(page, 'user');

    await open(phone.page, '/pages/fund/assets');
    await phone.page.getByTestId('account-frozen').filter({ hasText: '资金来源核查中' }).waitFor();
    await phone.page.getByTestId('assets-account-change').waitFor();
    await screenshot(phone.page, 'console-h5-assets-frozen');
    await open(phone.page, '/pages/transaction/currency');
    await phone.page.getByTestId('account-frozen').waitFor();
    await phone.page.getByTestId('trade-form').waitFor();
    await screenshot(phone.page, 'console-h5-trade-frozen');
  });

  it("shows another user's earn orders and copy trading on their page's tabs", async () => {
    const { page } = desk;
    const investor = await registerUser('console-earn', 'Console2026');
    await ops(['credit', investor.email, '500', 'USDT']);
    await ops(['credit', investor.email, '200', 'USDT', '--account-type', 'lever']);
    const products = (await (await fetch(`${baseUrl()}/api/lh/deposit/config`)).json()) as { message: { id: number; lock_days: number; currency: string }[] };
    const fiveDay = products.message.find((product) => product.lock_days === 5 && product.currency === 'USDT');
    expect((await api('/lh/deposit', { config_id: String(fiveDay?.id), amount: '100' }, investor.token)).type).toBe('ok');
    const traders = (await (await fetch(`${baseUrl()}/api/follow/index`)).json()) as { message: { list: { trader_user_id: number }[] } };
    const trader = traders.message.list[0];
    expect((await api('/follow/agree', {}, investor.token)).type).toBe('ok');
    expect((await api('/follow/follow', { trader_user_id: String(trader?.trader_user_id), type: '2', number: '1' }, investor.token)).type).toBe('ok');

    await page.getByTestId('console-menu').locator('[data-menu-id$="/users"]').click();
    await page.getByTestId('users-search').locator('input').fill(investor.email);
    await page.getByTestId('users-search').locator('input').press('Enter');
    await page.getByTestId('users-results').getByRole('link', { name: investor.email }).click();
    await page.getByTestId('user-balances').waitFor();
    await page.getByRole('tab', { name: '理财' }).click();
    await page.getByRole('tabpanel', { name: '理财' }).locator('.ant-table-row').filter({ hasText: 'USDT' }).waitFor();
    await consoleShot(page, 'user-earn');
    await page.getByRole('tab', { name: '跟单' }).click();
    await page.getByTestId('user-copy-trading').locator('.ant-table-row').filter({ hasText: `#${trader?.trader_user_id} ` }).waitFor();
    await consoleShot(page, 'user-copy-trading');
  });

  it('shows content on the site and in draft, and edits an item in ten languages', async () => {
    const { page } = desk;
    await page.getByTestId('console-menu').locator('[data-menu-id$="/content"]').click();
    await page.getByTestId('content-list').locator('.ant-table-row').first().waitFor();
    await consoleShot(page, 'content');
    await page.getByTestId('content-list').locator('.ant-table-row').first().getByRole('link').last().click();
    await page.getByTestId('content-languages').waitFor();
    await page.getByTestId('content-state').waitFor();
    await consoleShot(page, 'content-editor');
  });

  it('shows the audit trail with the approval and the freeze, who did them and from where', async () => {
    const { page } = desk;
    await page.getByTestId('console-menu').locator('[data-menu-id$="/audit"]').click();
    const table = page.getByTestId('audit-table');
    await table.locator('.ant-table-row').filter({ hasText: 'user.freeze' }).waitFor();
    // Other browser tests approve verifications through `pnpm ops` on the same server: this one is the operator's.
    await table.locator('.ant-table-row').filter({ hasText: 'verification.approve' }).filter({ hasText: DEMO_OPERATOR.email }).waitFor();
    await table.locator('.ant-table-row').filter({ hasText: 'user.freeze' }).locator('.ant-table-row-expand-icon').click();
    // The entry opens to the fields the freeze changed, the raw records folded below.
    await page.getByTestId('audit-changes').first().locator('.ant-table-row').first().waitFor();
    await consoleShot(page, 'audit');
  });

  it('speaks English too', async () => {
    const { page } = desk;
    await page.getByTestId('language').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'English' }).click();
    await page.getByTestId('console-menu').locator('[data-menu-id$="/users"]').filter({ hasText: 'Users' }).waitFor();
    await page.getByTestId('console-menu').locator('[data-menu-id$="/"]').first().click();
    await page.getByTestId('ledger-check').filter({ hasText: 'Balanced' }).waitFor();
    await consoleShot(page, 'dashboard-en');
    expect(desk.pageErrors).toEqual([]);
    expect(phone.pageErrors).toEqual([]);
  });

  it('a new operator opens their one-time setup link', async () => {
    const added = await ops(['operator', 'add', `new-${Date.now()}@ops.openbourse.test`, '--role', 'reviewer', '--url', baseUrl()]);
    const link = /(http\S+#\/setup\?token=\S+)/.exec(added)?.[1];
    expect(link).toBeDefined();
    const setup = await desktopPage(browser);
    await setup.page.goto(link as string);
    await setup.page.getByTestId('setup-qr').waitFor();
    await consoleShot(setup.page, 'setup');
    expect(setup.pageErrors).toEqual([]);
    await setup.context.close();
  });
});
