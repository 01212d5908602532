import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, dismissHomePopup, launchBrowser, open, ops, outboxCode, phonePage, screenshot, signInAs, waitForRoute } from './browser.ts';
import { freshDeviceId } from './identity.ts';

let browser: Browser;

async function newUser(): Promise<{ email: string; password: string; token: string }> {
  const email = `notice-${Date.now()}@openbourse.test`;
  const password = 'Notice2026';
  await api('/sms_mail', { user_string: email, scene: 'register' });
  const token = (await api<string>('/user/register', { user_string: email, code: await outboxCode(email), password, re_password: password, device_token: freshDeviceId() })).message;
  return { email, password, token };
}

/** The text of the QR code in a picture (an address the page can load): its pixels read in the page, decoded here with jsQR. */
async function decodeQr(page: Page, source: string): Promise<string | undefined> {
  const pixels = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d');
    context?.drawImage(image, 0, 0);
    const bytes = context?.getImageData(0, 0, canvas.width, canvas.height).data ?? new Uint8ClampedArray();
    // Base64 crosses to the test far faster than an array of numbers (a poster is 2 million bytes).
    let binary = '';
    for (let start = 0; start < bytes.length; start += 0x8000) binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
    return { width: canvas.width, height: canvas.height, base64: btoa(binary) };
  }, source);
  return jsQR(new Uint8ClampedArray(Buffer.from(pixels.base64, 'base64')), pixels.width, pixels.height)?.data;
}

async function unreadCount(token: string): Promise<number> {
  const response = await fetch(`${baseUrl()}/api/notice/unread`, { headers: { authorization: token } });
  return ((await response.json()) as { message: { unread: number } }).message.unread;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the notification centre', () => {
  it('counts unread messages on the home header, live, and clears the badge when all are read', async () => {
    const user = await newUser();
    await ops(['credit', user.email, '50', 'USDT']);
    const { page, pageErrors } = await phonePage(browser);
    await signInAs(page, user.email, user.password);
    await open(page, '/');
    await dismissHomePopup(page);

    const badge = page.getByTestId('home-unread');
    const before = await unreadCount((await page.evaluate(() => localStorage.getItem('ob.token'))) ?? '');
    expect(before).toBeGreaterThan(0);
    await expect.poll(() => badge.textContent()).toBe(String(before));

    // A transfer made elsewhere arrives over the socket: the badge counts it without a reload.
    const moved = await api('/wallet/change', { currency_id: 'USDT', number: '5', from_field: 'change', to_field: 'stock' }, user.token);
    expect(moved.type).toBe('ok');
    await expect.poll(() => badge.textContent()).toBe(String(before + 1));
    await screenshot(page, 'notifications-home-badge');

    await page.getByTestId('home-notifications').click();
    await waitForRoute(page, '/pages/notice/index');
    await page.getByTestId('notice-row').first().waitFor();
    expect(await page.getByTestId('notice-row').first().textContent()).toContain('5.00 USDT');
    await screenshot(page, 'notifications-centre');

    await page.getByTestId('notice-mark-all').click();
    await expect.poll(() => page.locator('.notice-row--unread').count()).toBe(0);
    await screenshot(page, 'notifications-centre-read');
    await open(page, '/');
    await page.getByTestId('home-notifications').waitFor();
    await page.waitForTimeout(500);
    expect(await badge.count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });
});

describe('the invitation page', () => {
  it('shows the invite code and a QR code that decodes to the invite link, on the page and in the saved poster', async () => {
    const user = await newUser();
    const { page, pageErrors } = await phonePage(browser);
    await signInAs(page, user.email, user.password);
    await open(page, '/pages/setting/share');
    const qr = page.getByTestId('invite-qr');
    await qr.waitFor();
    const link = (await page.getByTestId('invite-link').textContent()) ?? '';
    const code = (await page.getByTestId('invite-code').textContent()) ?? '';
    expect(link).toBe(`${baseUrl()}/h5/#/pages/common/register?code=${code}`);

    // The picture's pixels, read in the page and decoded here with jsQR.
    expect(await decodeQr(page, (await qr.getAttribute('src')) ?? '')).toBe(link);
    await screenshot(page, 'invite-share');

    // The poster the user saves: a PNG file whose QR code is the same link.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invite-save').click()]);
    expect(download.suggestedFilename()).toBe(`invite-${code}.png`);
    const saved = readFileSync(await download.path());
    expect(saved.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(await decodeQr(page, `data:image/png;base64,${saved.toString('base64')}`)).toBe(link);

    expect(pageErrors).toEqual([]);
  });
});
