import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DemoServer, startDemoServer } from '../../../scripts/lib/demo-server.ts';
import { DEMO, launchBrowser, newTab, ops, phoneContext, screenshot } from './browser.ts';
import { freshDeviceId } from './identity.ts';
import { apiClient, serverClock, settledShot, storeSession } from './own-server.ts';

/**
 * The NFT marketplace from the phone, on a server of its own whose clock the
 * test moves (CLOCK_CONTROL=1): pay an auction's margin and bid, get outbid
 * by another user (the message shows), win with a final bid and pay after
 * the end; buy and open a blind box; play a video artwork.
 */

let server: DemoServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: Error[];
let token: string;
let rival: string;

const call = apiClient(() => server.url, () => token);

async function registered(email: string): Promise<string> {
  await call('/sms_mail', { user_string: email, scene: 'register' }, 'POST', '');
  const outbox = await call<{ code: string | null }[]>('/dev/outbox', { to: email }, 'GET', '');
  return call<string>('/user/register', { user_string: email, code: outbox[0]?.code ?? '', password: 'Secret123', re_password: 'Secret123', device_token: freshDeviceId() }, 'POST', '');
}

const { advanceTo } = serverClock(call);

const open = (route: string) => page.goto(`${server.url}/h5/#${route}`);
const dialogButton = (text: string) => page.locator('.adm-dialog-button, .adm-modal-button').filter({ hasText: text });
const shot = (name: string) => settledShot(page, name);

interface Artwork {
  id: number;
  code: string;
  sale: { end_time: number } | null;
}
const artwork = async (code: string) => (await call<{ list: Artwork[] }>('/bind_box/getBoxList', { keyword: code }, 'GET')).list.find((item) => item.code === code) as Artwork;

beforeAll(async () => {
  server = await startDemoServer({ CLOCK_CONTROL: '1' });
  browser = await launchBrowser();
  context = await phoneContext(browser);
  ({ page, pageErrors } = await newTab(context));
  token = await call<string>('/user/login', { user_string: DEMO.email, password: DEMO.password });
  const rivalEmail = `rival-${Date.now()}@openbourse.test`;
  rival = await registered(rivalEmail);
  await ops(['credit', rivalEmail, '1000', 'USDT'], server.dataDir);
  await ops(['credit', DEMO.email, '1000', 'USDT'], server.dataDir);
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
    await screenshot(page, 'failed-nft');
  });
});

describe('NFT on the phone', () => {
  let auction: Artwork;

  it('shows the NFT home with collections, auctions, blind boxes and the review notice', async () => {
    await open('/pages/nft/nft');
    await page.getByTestId('nft-review-notice').waitFor();
    await page.locator('.nft-card').first().waitFor();
    await shot('nft-home');
  });

  it('pays the margin and bids, is outbid by another user and sees the message', async () => {
    auction = await artwork('OBN0006');
    await open(`/pages/nft/artworkDetail?id=${auction.id}`);
    await page.getByTestId('nft-pay-margin').click();
    await dialogButton('确认').click();
    await page.getByTestId('nft-bid-input').locator('input').fill('100');
    await page.getByTestId('nft-bid').click();
    await expect.poll(() => page.getByTestId('nft-bid').textContent()).toContain('最高');
    await call('/bind_box/marginNFT', { code: 'OBN0006' }, 'POST', rival);
    await call('/bind_box/auctionNFT', { code: 'OBN0006', price: '105' }, 'POST', rival);
    await open('/pages/nft/mine');
    await page.getByTestId('nft-message-outbid').waitFor();
    await shot('nft-outbid-message');
  });

  it('wins with a final bid and pays after the end', async () => {
    await open(`/pages/nft/artworkDetail?id=${auction.id}`);
    await page.getByTestId('nft-bid-history').getByText('105').waitFor();
    await page.getByTestId('nft-bid-input').locator('input').fill('110');
    await page.getByTestId('nft-bid').click();
    await expect.poll(() => page.getByTestId('nft-bid').textContent()).toContain('最高');
    await shot('nft-auction-detail');
    const ends = (await artwork('OBN0006')).sale?.end_time as number;
    await advanceTo(ends + 60_000);
    await open('/pages/nft/mine');
    await page.getByTestId('nft-pay-OBN0006').click();
    await page.getByTestId('nft-pay-OBN0006').waitFor({ state: 'detached' });
    await page.getByTestId('nft-message-won').waitFor();
    await shot('nft-won-paid');
    expect((await artwork('OBN0006')) as unknown).toMatchObject({ sale: { state: 'sold' } });
  });

  it('buys an artwork at its fixed price and finds it on the artworks tab of its collection', async () => {
    await open('/pages/nft/purchase_one?code=OBN0003');
    await page.getByTestId('nft-confirm-buy').click();
    await page.getByTestId('nft-my-nft').getByTestId('nft-card-OBN0003').waitFor();
    expect(page.url()).toContain('tab=artworks');
  });

  it('buys a blind box and opens it', async () => {
    await open('/pages/nft/purchase');
    await page.getByTestId('nft-commitment').first().waitFor();
    await shot('nft-blind-boxes');
    await page.getByTestId('nft-buy-box-OBB01').click();
    await dialogButton('确认').click();
    // The purchase's alert opens while the confirmation fades out: answer the newest dialog.
    await page.getByText('购买成功：OBB01-0001').waitFor();
    await dialogButton('确认').last().click();
    await page.getByTestId('nft-my-nft').waitFor();
    await page.getByTestId('nft-open-OBB01-0001').click();
    await page.getByTestId('nft-opened').waitFor();
    await shot('nft-box-opened');
    await dialogButton('确认').click();
    await page.getByTestId('nft-opened').waitFor({ state: 'detached' });
  });

  it('favourites an artwork with a star named by what a tap does, and takes it back', async () => {
    await open(`/pages/nft/artworkDetail?id=${auction.id}`);
    const star = page.getByTestId('nft-collect');
    await star.waitFor();
    const box = await star.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(40);
    expect(box?.height).toBeGreaterThanOrEqual(40);
    const name = { false: '收藏', true: '取消收藏' } as const;
    const before = (await star.getAttribute('aria-pressed')) as 'false' | 'true';
    expect(await star.getAttribute('aria-label')).toBe(name[before]);
    const after = before === 'true' ? 'false' : 'true';
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe(after);
    expect(await star.getAttribute('aria-label')).toBe(name[after]);
    await star.click();
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe(before);
  });

  it('plays a video artwork', async () => {
    const video = await artwork('OBN0031');
    await open(`/pages/nft/artworkDetail_video?id=${video.id}`);
    const player = page.getByTestId('nft-video');
    await player.waitFor();
    await player.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.currentTime)).toBeGreaterThan(0.2);
    await expect(page.getByTestId('nft-media-error').count()).resolves.toBe(0);
    await shot('nft-video');
    expect(pageErrors).toEqual([]);
  });
});
