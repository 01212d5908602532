import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, baseUrl, bindFreshMobile, field, launchBrowser, open, ops, outboxCode, phonePage, registerUser, screenshot, signInAs } from './browser.ts';
import { consoleShot, desktopPage, signInOperator } from './console-desk.ts';
import { chineseIdNumber } from './identity.ts';
import { solidPng } from './png.ts';

async function uploadPicture(token: string, directory: string): Promise<string> {
  const form = new FormData();
  form.append('upload_dir', directory);
  form.append('file', new Blob([new Uint8Array(solidPng(320, 200, [200, 160, 96]))], { type: 'image/png' }), 'picture.png');
  const response = await fetch(`${baseUrl()}/api/user/upload`, { method: 'POST', headers: { authorization: token }, body: form });
  return ((await response.json()) as { message: string }).message;
}

const FUND_PASSWORD = 'Fund2026pass';

/**
 * A user ready to move money: email and phone bound, Lv1 approved with
 * `pnpm ops approve`, a fund password set, and 300 USDT of demo funds.
 */
async function fundedUser(): Promise<{ email: string; password: string; token: string }> {
  const { email, password, token } = await registerUser('funds', 'Funds2026');
  await bindFreshMobile(token);
  const submitted = await api('/user/real', { real_type: '1', id_type: '1', name: '杜甫', card_id: chineseIdNumber(), front_pic: await uploadPicture(token, 'identity') }, token);
  if (submitted.type !== 'ok') throw new Error(JSON.stringify(submitted));
  const userId = (await (await fetch(`${baseUrl()}/api/user/info`, { headers: { authorization: token } })).json()).message.id as number;
  const rows = (await ops(['verifications'])).split('\n').filter((line) => line.startsWith('│')).map((line) => line.split('│').map((cell) => cell.trim()));
  const header = rows[0] ?? [];
  const request = rows.find((row) => Number(row[header.indexOf('user')]) === userId);
  await ops(['approve', String(request?.[header.indexOf('id')])]);
  await api('/sms_mail', { scene: 'safe' }, token);
  const set = await api('/safe/update_password', { password: FUND_PASSWORD, re_password: FUND_PASSWORD, code: await outboxCode(email) }, token);
  if (set.type !== 'ok') throw new Error(JSON.stringify(set));
  await ops(['credit', email, '300', 'USDT']);
  return { email, password, token };
}

async function deposits(token: string): Promise<{ status: string }[]> {
  const response = await fetch(`${baseUrl()}/api/recharge/log`, { headers: { authorization: token } });
  return ((await response.json()) as { message: { list: { status: string }[] } }).message.list;
}

async function spot(token: string, currency: string): Promise<{ available: string; frozen: string }> {
  return (await api<{ available: string; frozen: string }>('/wallet/detail', { currency, type: 'change' }, token)).message;
}

/**
 * Money in and out from the phone, with the operator's part in the console:
 * a deposit on the simulated chain credited after its confirmations, a
 * voucher deposit approved, a withdrawal rejected and its balance returned.
 */
describe('deposits and withdrawals', () => {
  let browser: Browser;
  let phone: Awaited<ReturnType<typeof phonePage>>;
  let desk: Awaited<ReturnType<typeof desktopPage>>;
  let user: Awaited<ReturnType<typeof fundedUser>>;

  beforeAll(async () => {
    browser = await launchBrowser();
    user = await fundedUser();
    phone = await phonePage(browser);
    await signInAs(phone.page, user.email, user.password);
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

  it('credits a deposit on the simulated chain once it has its confirmations', async () => {
    const { page } = phone;
    await open(page, '/pages/fund/select?action=recharge');
    await page.getByTestId('select-coin-BTC').click();
    const address = await page.getByTestId('receive-address').textContent();
    expect(address).toMatch(/^bc1q/);
    await page.getByTestId('receive-qr').waitFor();
    await screenshot(page, 'funds-receive-btc');

    const sent = await ops(['chain', 'send', address as string, '0.25']);
    expect(sent).toContain('0.25 BTC on BTC');
    // The server's watcher polls the chain every second: the deposit shows once it has been seen.
    await expect.poll(async () => (await deposits(user.token)).length, { timeout: 20_000 }).toBe(1);
    await open(page, '/pages/fund/receive_withdraw_record?tab=deposit');
    const record = page.locator('[data-testid^="deposit-record-"]').first();
    await record.locator('[data-status="confirming"]').waitFor();
    await screenshot(page, 'funds-records-confirming');
    // Two simulated blocks of 5 s; the page asks again every few seconds while a deposit confirms.
    await record.locator('[data-status="credited"]').waitFor({ timeout: 60_000 });
    expect(await record.getByTestId('record-confirmations').textContent()).toBe('2/2');
    expect((await spot(user.token, 'BTC')).available).toBe('0.25000000');
    await screenshot(page, 'funds-records-credited');
  });

  it('warns that XRP needs the destination tag', async () => {
    const { page } = phone;
    await open(page, '/pages/fund/receive?currency=XRP');
    await page.getByTestId('receive-tag-warning').waitFor();
    await page.getByTestId('receive-tag').waitFor();
    await screenshot(page, 'funds-receive-xrp');
  });

  it('credits a voucher deposit an operator approves in the console', async () => {
    const { page } = phone;
    await open(page, '/pages/fund/receive?currency=USDT');
    await page.getByRole('tab', { name: '凭证充值' }).click();
    await page.getByTestId('voucher-kefu-hint').waitFor();
    await page.getByTestId('voucher-type').getByText('银行转账').click();
    await field(page, 'voucher-amount').fill('200');
    await field(page, 'voucher-account').fill('6222 0000 1234 5678');
    await page.getByTestId('voucher-picture').locator('input[type="file"]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: solidPng(360, 240, [40, 120, 90]) });
    await page.getByTestId('voucher-picture').locator('img[src*="/uploads/voucher/"]').waitFor();
    await screenshot(page, 'funds-voucher-form');
    await page.getByTestId('voucher-submit').click();
    const record = page.locator('[data-testid^="deposit-record-"]').first();
    await record.locator('[data-status="review"]').waitFor();

    desk = await desktopPage(browser);
    await signInOperator(desk.page);
    await desk.page.getByTestId('console-menu').locator('[data-menu-id$="/queues/deposits"]').click();
    const row = desk.page.getByTestId('queue-list').locator('.ant-table-row').filter({ hasText: user.email });
    await row.click();
    await desk.page.getByTestId('deposit-amount').filter({ hasText: /^200 USDT$/ }).waitFor();
    const voucher = desk.page.locator('img[data-testid="deposit-voucher"], [data-testid="deposit-voucher"] img').first();
    await expect.poll(() => voucher.evaluate((image) => (image as HTMLImageElement).naturalWidth)).toBe(360);
    await consoleShot(desk.page, 'deposits-queue');
    await desk.page.getByTestId('deposit-approve').click();
    await desk.page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
    await row.waitFor({ state: 'detached' });

    await page.reload();
    await record.locator('[data-status="credited"]').waitFor();
    expect((await spot(user.token, 'USDT')).available).toBe('500.000000');
  });

  it('returns the balance of a withdrawal the operator rejects', async () => {
    const { page } = phone;
    await open(page, '/pages/setting/addWallet?currency=USDT&chain=TRC20');
    await field(page, 'add-wallet-name').fill('我的交易所');
    await field(page, 'add-wallet-address').fill('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    await page.getByTestId('add-wallet-qrcode').locator('input[type="file"]').setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: solidPng(200, 200, [255, 255, 255]) });
    await page.getByTestId('add-wallet-qrcode').locator('img[src*="/uploads/wallet/"]').waitFor();
    await screenshot(page, 'funds-add-wallet');
    await page.getByTestId('add-wallet-submit').click();
    await page.getByTestId('wallet-list').locator('[data-testid^="wallet-address-"]').first().waitFor();
    await screenshot(page, 'funds-wallet-list');

    await open(page, '/pages/fund/withdraw?currency=USDT&chain=TRC20');
    await page.locator('[data-testid^="withdraw-address-"]').first().click();
    await field(page, 'withdraw-amount').fill('100');
    await page.getByTestId('withdraw-receive').filter({ hasText: '99.00 USDT' }).waitFor();
    await field(page, 'withdraw-pay-password').fill(FUND_PASSWORD);
    await screenshot(page, 'funds-withdraw');
    await page.getByTestId('withdraw-submit').click();
    const record = page.locator('[data-testid^="withdraw-record-"]').first();
    await record.locator('[data-status="review"]').waitFor();
    expect(await spot(user.token, 'USDT')).toEqual(expect.objectContaining({ available: '400.000000', frozen: '100.000000' }));

    await desk.page.getByTestId('console-menu').locator('[data-menu-id$="/queues/withdrawals"]').click();
    const row = desk.page.getByTestId('queue-list').locator('.ant-table-row').filter({ hasText: user.email });
    await row.click();
    await desk.page.getByTestId('withdrawal-destination').filter({ hasText: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' }).waitFor();
    await consoleShot(desk.page, 'withdrawals-queue');
    await desk.page.getByTestId('withdrawal-reject').click();
    await desk.page.getByTestId('reject-reason-address_risk').click();
    await desk.page.getByTestId('withdrawal-reject-confirm').click();
    await row.waitFor({ state: 'detached' });

    await page.reload();
    await record.locator('[data-status="rejected"]').waitFor();
    await record.getByTestId('record-reason').filter({ hasText: '收款地址未通过风险检查' }).waitFor();
    await screenshot(page, 'funds-records-withdraw-rejected');
    expect(await spot(user.token, 'USDT')).toEqual(expect.objectContaining({ available: '500.000000', frozen: '0.000000' }));
  });

  it('saves the bank card once and then points to customer service', async () => {
    const { page } = phone;
    await open(page, '/pages/setting/bank');
    await field(page, 'card-real_name').fill('杜甫');
    await field(page, 'card-bank_name').fill('中国银行');
    await field(page, 'card-bank_account').fill('6222 0212 3456 7890');
    await field(page, 'card-bank_dizhi').fill('四川省成都市');
    await field(page, 'card-bank_network').fill('草堂支行');
    await field(page, 'card-phone').fill('13912345678');
    await page.getByTestId('card-submit').click();
    await page.getByTestId('card-contact-kefu').waitFor();
    await page.getByTestId('card-saved').getByText('**** 7890').waitFor();
    await screenshot(page, 'funds-bank-saved');
    expect(phone.pageErrors).toEqual([]);
    expect(desk.pageErrors).toEqual([]);
  });
});
