import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comingSoon, PAGE_ROUTES } from '../src/app/routes.ts';
import { api, baseUrl, DEMO, dismissHomePopup, launchBrowser, newTab, open, phoneContext, screenshot, signInAs } from './browser.ts';
import { uiText } from './texts.ts';

/**
 * What shows that a page has its data, per built route: every selector must be
 * visible. A new route needs an entry here, or its screenshot test fails and says so.
 */
const READY: Record<string, string[]> = {
  '/': ['[data-testid="home-menu"]', '[data-testid="home-guides"]', '[data-testid="home-why"]'],
  '/pages/index/index': ['[data-testid="home-menu"]', '[data-testid="home-guides"]', '[data-testid="home-why"]'],
  '/pages/market/market': ['[data-testid="market-page"] .quote-row'],
  '/pages/quotation/index': ['[data-testid="market-page"] .quote-row'],
  '/pages/market/search': ['[data-testid="search-hot"], [data-testid="search-recent"]'],
  '/pages/transaction/order': ['[data-testid="orders-list-open"], [data-testid="orders-empty-open"]'],
  '/pages/transaction/currency': ['[data-testid="trade-summary"]', '[data-testid="trade-book"]', '[data-testid="trade-form"]'],
  '/pages/transaction/currency_order': ['[data-testid="order-detail"]'],
  '/pages/kefu/index': ['[data-testid="kefu-safety"]', '[data-testid="kefu-faq"]', '[data-testid="kefu-input"]'],
  '/pages/fund/assets': ['[data-testid="assets-account-change"]', '[data-testid="assets-profile"] .assets-badge'],
  '/pages/fund/assets_record': ['[data-testid="coin-accounts"]', '[data-testid="coin-postings"] [data-testid="bill"]'],
  '/pages/fund/assets_all_record': ['[data-testid="bills-list"]'],
  '/pages/fund/transfer': ['[data-testid="convert-rate"]'],
  '/pages/fund/fundTransfer': ['[data-testid="transfer-currency"]'],
  '/pages/fund/transfer_history': ['[data-testid="history-transfers"], [data-testid="history-transfers-empty"]'],
  '/pages/setting/bill': ['[data-testid="bills-list"]'],
  '/pages/common/login': ['[data-testid="login-submit"]', '.auth-hero__logo'],
  '/pages/common/register': ['[data-testid="register-next"]'],
  '/pages/common/area': ['[data-testid="area-search"]', '.area-list .adm-list-item'],
  '/pages/common/article': ['.article .prose'],
  '/pages/common/webView': ['iframe.web-view'],
  '/pages/common/faq': ['.faq .adm-list-item'],
  '/pages/common/contactus': ['.prose'],
  '/pages/common/aboutus': ['.prose'],
  '/pages/common/borrowing': ['.prose'],
  '/pages/setting/operational_compliance': ['.prose'],
  '/pages/setting/setting': ['[data-testid="setting-profile"] .settings-badge'],
  '/pages/setting/userInfo': ['[data-testid="invite-code"]'],
  '/pages/setting/security': ['[data-testid="security-email"]', '[data-testid="security-phone"]', '[data-testid="two-factor-state"]', '[data-testid="login-history-item"]', '[data-testid="session-current"]'],
  '/pages/setting/password': ['[data-testid="password-submit"]'],
  '/pages/setting/payPassword': ['[data-testid="pay-password-submit"]'],
  '/pages/setting/real': ['[data-testid="real-state"]'],
  '/pages/setting/real_mark': ['[data-testid="real-mark-state"] .settings-badge'],
  '/pages/setting/wallet': ['[data-testid="wallet-list"]'],
  '/pages/setting/addWallet': ['[data-testid="add-wallet-submit"]', '[data-testid="add-wallet-currency"]'],
  '/pages/setting/bank': ['[data-testid="card-submit"], [data-testid="card-saved"]'],
  '/pages/setting/bank_international': ['[data-testid="card-submit"], [data-testid="card-saved"]'],
  '/pages/fund/select': ['[data-testid="select-coin-BTC"]'],
  '/pages/fund/receive': ['[data-testid="receive-address"]', '[data-testid="receive-qr"]'],
  '/pages/fund/receive_withdraw_record': ['[data-testid="deposit-records"]'],
  '/pages/fund/withdraw': ['[data-testid="withdraw-summary"]', '[data-testid="withdraw-addresses"]'],
  '/pages/lockming/lockming': ['[data-testid="lock-mining-page"] .lock-product'],
  '/pages/lockming/welcome': ['[data-testid="lock-welcome"] .lock-steps'],
  '/pages/lockming/buy': ['[data-testid="lock-form"]', '[data-testid="lock-commitments"]'],
  '/pages/lockming/order': ['[data-testid="lock-orders-1"], [data-testid="lock-orders-empty-1"]'],
  '/pages/ieo/ieo': ['[data-testid="ieo-list"] .ieo-card'],
  '/pages/ieo/subscribe': ['[data-testid="ieo-summary"]', '[data-testid="ieo-form"]'],
  '/pages/ieo/order': ['[data-testid="ieo-orders"], [data-testid="ieo-orders-empty"]'],
  '/pages/invest/invest': ['[data-testid="dual-products"] .dual-product'],
  '/pages/invest/purchase': ['[data-testid="dual-form"]', '[data-testid="dual-tie-rule"]'],
  '/pages/invest/mine': ['[data-testid="dual-orders"], [data-testid="dual-orders-empty"]'],
  '/pages/invest/help': ['[data-testid="dual-help-example"]'],
  '/pages/financial/index': ['[data-testid="fin-summary"]', '[data-testid="fin-products"]'],
  '/pages/transaction/seconds': ['[data-testid="options-price"]', '[data-testid="options-risk"]'],
  '/pages/transaction/seconds_order': ['[data-testid="options-orders-page"] .options-empty, [data-testid="options-list-open"]'],
  '/pages/transaction/index': ['[data-testid="futures-hub-crypto"]', '[data-testid="futures-hub-BTC/USDT"]'],
  '/pages/transaction/index2': ['[data-testid="futures-hub-stock"]'],
  '/pages/transaction/contract': ['[data-testid="futures-side"]', '[data-testid="futures-lots"]'],
  '/pages/transaction/contract_order': ['[data-testid="futures-orders-page"]'],
  '/pages/kefu/chatroom': ['[data-testid="chatroom-input"]'],
  '/pages/setting/share': ['[data-testid="invite-qr"]', '[data-testid="invite-code"]'],
  '/pages/setting/coupon': ['[data-testid="coupon-tasks"]'],
  '/pages/notice/index': ['[data-testid="notice-list"], [data-testid="notice-empty"]'],
  '/pages/common/news': ['[data-testid="news-list"]'],
  '/pages/nft/nft': ['[data-testid="nft-home"]', '[data-testid="nft-banner"]'],
  '/pages/nft/search': ['[data-testid="nft-search"]'],
  '/pages/nft/components/artwork': ['[data-testid="nft-search"]'],
  '/pages/nft/components/artist': ['[data-testid="nft-artists"]'],
  '/pages/nft/artistDetail': ['[data-testid="nft-artist"]'],
  '/pages/nft/collection': ['[data-testid="nft-collection"]'],
  '/pages/nft/artworkDetail': ['[data-testid="nft-artwork"]'],
  '/pages/nft/artworkDetail_video': ['[data-testid="nft-artwork"]'],
  '/pages/nft/purchase': ['[data-testid="nft-purchase"]'],
  '/pages/nft/purchase_one': ['[data-testid="nft-purchase-one"]'],
  '/pages/nft/mine': ['[data-testid="nft-mine"]'],
  '/pages/nft/myNft': ['[data-testid="nft-my-nft"]'],
  '/pages/nft/resell': ['[data-testid="nft-resell-page"]'],
  '/pages/copytrade/copy': ['[data-testid="copy-trader-list"] .copy-card, [data-testid="copy-list-page"] .copy-empty'],
  '/pages/follow/index': ['[data-testid="copy-trader-list"] .copy-card, [data-testid="copy-list-page"] .copy-empty'],
  '/pages/follow/trader': ['[data-testid="copy-profile"], [data-testid="copy-not-found"]'],
  '/pages/follow/follow': ['[data-testid="copy-follow-form"], [data-testid="copy-not-found"]'],
  '/pages/follow/agreement_zh': ['[data-testid="copy-agreement-text"]', '[data-testid="copy-agree"], [data-testid="copy-agreed"]'],
  '/pages/follow/agreement_en': ['[data-testid="copy-agreement-text"]', '[data-testid="copy-agree"], [data-testid="copy-agreed"]'],
  '/pages/copytrade/my': ['[data-testid="copy-earnings"]', '[data-testid="copy-my-follows"]'],
  '/pages/copytrade/trader': ['[data-testid="copy-dashboard"], [data-testid="copy-application-status"], [data-testid="copy-apply-form"]'],
};

const HOME_ROUTES = ['/', '/pages/index/index'];

/** `/pages/setting/userInfo` → `setting-userInfo`; the root is `home`. */
const screenshotName = (path: string) => (path === '/' ? 'home' : path.replace(/^\/pages\//, '').replaceAll('/', '-'));

/** Pages every visitor sees (login, sign-up, help texts) are shot logged out; the rest as the demo user. */
const isVisitorPage = (path: string) => path.startsWith('/pages/common/');

const builtRoutes = PAGE_ROUTES.filter((route) => route.load !== comingSoon).map((route) => route.path);
const comingSoonRoute = PAGE_ROUTES.find((route) => route.load === comingSoon)?.path;

/** Nothing is still loading: no skeleton, no page or request spinner, every image drawn (a lazy one below the screen waits for scrolling) and the fonts in. */
async function waitUntilSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.querySelector('.adm-skeleton, [data-testid="page-loading"], [data-testid="slow-request"]') === null && [...document.images].every((image) => image.complete || (image.loading === 'lazy' && image.getBoundingClientRect().top > innerHeight)),
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

/** No code-loading error screen, no data-loading error (an error block offering a retry), no error toast, nothing thrown. */
async function expectNoError(page: Page, pageErrors: Error[]): Promise<void> {
  expect(await page.locator('.chunk-error').count()).toBe(0);
  expect(await page.locator('.adm-error-block').filter({ has: page.getByRole('button', { name: uiText('zh', 'shell:actions.retry') }) }).count()).toBe(0);
  expect(await page.locator('.adm-toast-main').count()).toBe(0);
  expect(pageErrors).toEqual([]);
}

describe('screenshots of every page at 390x844', () => {
  let browser: Browser;
  let visitor: BrowserContext;
  let demo: BrowserContext;
  /** Pages that need an address parameter get a real one. */
  const queries: Record<string, string> = {};

  beforeAll(async () => {
    browser = await launchBrowser();
    visitor = await phoneContext(browser);
    demo = await phoneContext(browser);
    const { page } = await newTab(demo);
    await signInAs(page, DEMO.email, DEMO.password);
    await page.close();

    const home = await api<{ notices: { id: number }[] }>('/index/home');
    queries['/pages/common/article'] = `?id=${home.message.notices[0]?.id}`;
    queries['/pages/fund/assets_record'] = '?currency=BTC';
    queries['/pages/fund/assets_all_record'] = '?currency=3';
    // Earn pages about one product open on a product that is on sale.
    const read = async <T,>(path: string) => ((await (await fetch(`${baseUrl()}/api${path}`)).json()) as { message: T }).message;
    queries['/pages/lockming/buy'] = `?id=${(await read<{ id: number }[]>('/lh/deposit/config'))[0]?.id}`;
    queries['/pages/ieo/subscribe'] = `?id=${(await read<{ list: { id: number }[] }>('/project?status=in_progress')).list[0]?.id}`;
    queries['/pages/invest/purchase'] = `?id=${(await read<{ id: number }[]>('/dual/index'))[0]?.id}`;
    // NFT pages about one artist, collection or artwork open on seeded ones (a video for the video detail).
    const [artist] = await read<{ uid: string }[]>('/bind_box/getArtist');
    const [collection] = await read<{ id: number }[]>('/bind_box/getCollection');
    const [artwork] = (await read<{ list: { id: number; code: string }[] }>('/bind_box/getBoxList')).list;
    const [video] = (await read<{ list: { id: number }[] }>('/bind_box/getBoxList?type=video')).list;
    queries['/pages/nft/artistDetail'] = `?uid=${artist?.uid}`;
    queries['/pages/nft/collection'] = `?id=${collection?.id}`;
    queries['/pages/nft/artworkDetail'] = `?id=${artwork?.id}`;
    queries['/pages/nft/artworkDetail_video'] = `?id=${video?.id}`;
    queries['/pages/nft/purchase_one'] = `?code=${artwork?.code}`;
    queries['/pages/nft/resell'] = `?code=${artwork?.code}`;
    queries['/pages/transaction/contract'] = '?symbol=BTC%2FUSDT';
    // A trader's profile and follow form open on the first demo trader (without one, they say the trader was not found).
    const [trader] = (await read<{ list: { trader_user_id: number }[] }>('/follow/index')).list;
    queries['/pages/follow/trader'] = `?trader_user_id=${trader?.trader_user_id}`;
    queries['/pages/follow/follow'] = `?trader_user_id=${trader?.trader_user_id}`;
    // An outside page in the in-app browser: the API's own documentation, which needs no internet.
    queries['/pages/common/webView'] = `?url=${encodeURIComponent(`${baseUrl()}/api/docs`)}&title=OpenBourse%20API`;
  });

  afterAll(async () => {
    await browser.close();
  });

  it.for(builtRoutes)('%s', async (path, { onTestFailed }) => {
    const ready = READY[path];
    if (!ready) throw new Error(`${path} has no ready marker in READY: add what shows that it has loaded its data`);
    // A tab of its own: fresh session storage, so the home pop-up shows on each home route, and no state left from the last page.
    const { page, pageErrors } = await newTab(isVisitorPage(path) ? visitor : demo);
    // What the page showed when it did not get ready tells more than the timeout.
    onTestFailed(() => screenshot(page, `failed-${screenshotName(path)}`));
    await open(page, `${path}${queries[path] ?? ''}`);
    for (const selector of ready) await page.locator(selector).first().waitFor();
    if (HOME_ROUTES.includes(path)) await dismissHomePopup(page);
    if (path === '/pages/common/webView') await page.frameLocator('iframe.web-view').locator('.swagger-ui .info .title').waitFor();
    await waitUntilSettled(page);

    await screenshot(page, screenshotName(path));
    await expectNoError(page, pageErrors);
    await page.close();
  });

  it.runIf(comingSoonRoute)('the shared "coming soon" page', async () => {
    const { page, pageErrors } = await newTab(demo);
    await open(page, comingSoonRoute ?? '/');
    await page.getByTestId('coming-soon').waitFor();
    await waitUntilSettled(page);

    await screenshot(page, 'coming-soon');
    await expectNoError(page, pageErrors);
    await page.close();
  });
});
