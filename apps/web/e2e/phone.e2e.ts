import { type Language, LANGUAGE_CODES } from '@openbourse/i18n';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentTotp } from '../../server/src/platform/totp.ts';
import { api, DEMO, dismissHomePopup, field, launchBrowser, newTab, open, ops, registerUser, screenshot, signInAs, writeStorage } from './browser.ts';
import { uiText } from './texts.ts';

/** The two phones the app is checked on: a common one and the narrowest still in use. */
const PHONES = {
  '390x844': { width: 390, height: 844 },
  '320x640': { width: 320, height: 640 },
} as const;
type PhoneSize = keyof typeof PHONES;

/** A fresh profile (no storage, cold cache) of a phone size, in the browser language given. */
async function phone(browser: Browser, size: PhoneSize, locale = 'zh-CN'): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: PHONES[size], deviceScaleFactor: 1, locale, hasTouch: true });
  context.setDefaultTimeout(20_000);
  return context;
}

/**
 * Controls on screen whose tappable area is less than 40 px across: checked
 * by asking the browser what a finger would hit 19.5 px from the control's
 * centre, up, down, left and right (so an invisible margin counts, and a
 * neighbour that takes the tap does not). Runs inside the page, on the
 * controls inside the elements `within` selects (`body`: all of them).
 * The order book's price rows are left out: a dense ladder, as in every
 * exchange app, whose rows only fill in the price field.
 */
function smallTouchTargets(within: string): string[] {
  const reach = 19.5;
  const clippedNow = (control: Element, box: DOMRect) => {
    for (let parent = control.parentElement; parent; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX === 'visible') continue;
      const frame = parent.getBoundingClientRect();
      return box.left < frame.left - 0.5 || box.right > frame.right + 0.5;
    }
    return false;
  };
  const underFixedNow = (control: Element, x: number, y: number) =>
    [
      [x - reach, y],
      [x + reach, y],
      [x, y - reach],
      [x, y + reach],
    ].some(([px, py]) => {
      const point = document.elementFromPoint(Math.min(Math.max(px as number, 0), innerWidth - 1), Math.min(Math.max(py as number, 0), innerHeight - 1));
      if (!point || control.contains(point)) return false;
      for (let node: Element | null = point; node; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === 'fixed' || position === 'sticky') return !node.contains(control);
      }
      return false;
    });
  const controls = [...document.querySelectorAll(within)].flatMap((root) => [
    ...root.querySelectorAll('button, a[href], [role="button"], [role="tab"], [role="switch"], input, .adm-tabs-tab, .adm-tab-bar-item, .adm-list-item-clickable'),
  ]);
  const hits = (control: Element, x: number, y: number) => {
    const point = document.elementFromPoint(Math.min(Math.max(x, 0), innerWidth - 1), Math.min(Math.max(y, 0), innerHeight - 1));
    return point !== null && control.contains(point);
  };
  return controls.flatMap((control) => {
    if (control.closest('.trading-book__level') || control.parentElement?.closest('button, a[href], [role="button"], .adm-list-item-clickable, .adm-tab-bar-item')) return [];
    const box = control.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    // Off screen, hidden, or under something else right now: nothing to tap at the moment.
    if (box.width === 0 || y < 0 || y > innerHeight || !hits(control, x, y)) return [];
    // Partly scrolled out of a clipping box right now (a marquee's link at its edge): measured when fully in view.
    if (clippedNow(control, box)) return [];
    // Partly under the fixed tab bar or a sticky header right now: measured once scrolled clear of it.
    if (underFixedNow(control, x, y)) return [];
    const reachable = hits(control, x - reach, y) && hits(control, x + reach, y) && hits(control, x, y - reach) && hits(control, x, y + reach);
    return reachable ? [] : [`${control.tagName.toLowerCase()}.${String(control.className).split(' ')[0]} "${(control.textContent ?? '').trim().slice(0, 20)}"`];
  });
}

const livePrice = (page: Page) => page.locator('[data-testid="home-quotes"] [data-live-price]').first();
const connectionBar = (page: Page) => page.getByTestId('connection-bar');

/** Opens the home page and waits for a live price, with the pop-up notice out of the way. */
async function openHome(page: Page): Promise<void> {
  await open(page, '/');
  await dismissHomePopup(page);
  await livePrice(page).waitFor();
}

describe.each(Object.keys(PHONES) as PhoneSize[])('on a %s phone', (size) => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('says so at the top when the connection drops, greys the prices, and clears both when it is back', async () => {
    const context = await phone(browser, size);
    const { page, pageErrors } = await newTab(context);
    await openHome(page);
    const quotes = page.getByTestId('home-quotes');
    expect(await quotes.getAttribute('data-stale')).toBe('false');

    await context.setOffline(true);
    await connectionBar(page).filter({ hasText: uiText('zh', 'shell:connection.offline') }).waitFor();
    await page.locator('[data-testid="home-quotes"][data-stale="true"]').waitFor();
    // The bar is at the very top of the screen, above everything but toasts (spec 9 layer order).
    const bar = await connectionBar(page).boundingBox();
    expect(bar?.y).toBe(0);
    expect(await connectionBar(page).evaluate((element) => getComputedStyle(element).zIndex)).toBe('10080');
    expect(Number(await livePrice(page).evaluate((element) => getComputedStyle(element).opacity))).toBeLessThan(1);
    await screenshot(page, `phone-${size}-offline`);

    await context.setOffline(false);
    await connectionBar(page).waitFor({ state: 'detached' });
    // Back live once the resubscribed channel's snapshot has arrived.
    await page.locator('[data-testid="home-quotes"][data-stale="false"]').waitFor();
    expect(await livePrice(page).evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('has nothing wider than the screen on the main pages', async () => {
    const context = await phone(browser, size);
    const { page, pageErrors } = await newTab(context);
    await signInAs(page, DEMO.email, DEMO.password);
    const pages: [string, string][] = [
      ['/', '[data-testid="home-guides"]'],
      ['/pages/market/market', '[data-testid="market-page"] .quote-row'],
      ['/pages/transaction/currency?symbol=BTC%2FUSDT', '[data-testid="trade-form"]'],
      ['/pages/transaction/order', '[data-testid="orders-list-open"], [data-testid="orders-empty-open"]'],
      ['/pages/fund/assets', '[data-testid="assets-account-change"]'],
      ['/pages/kefu/index', '[data-testid="kefu-input"]'],
      ['/pages/setting/setting', '[data-testid="setting-profile"]'],
      // The money pages a new user goes through.
      ['/pages/fund/receive?currency=USDT', '[data-testid="receive-address-panel"], [data-testid="receive-no-address"]'],
      ['/pages/fund/fundTransfer', '[data-testid="transfer-swap"]'],
      ['/pages/fund/transfer', '[data-testid="convert-rate"]'],
      ['/pages/fund/assets_all_record', '[data-testid="bills-filters"]'],
    ];
    for (const [route, ready] of pages) {
      await open(page, route);
      await page.locator(ready).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect({ route, overflow }).toEqual({ route, overflow: 0 });
    }
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('gives every control a touch target of at least 40 px on the main pages', async () => {
    const context = await phone(browser, size);
    const { page } = await newTab(context);
    await signInAs(page, DEMO.email, DEMO.password);
    const pages: [string, string][] = [
      ['/', '[data-testid="home-guides"]'],
      ['/pages/market/market', '[data-testid="market-page"] .quote-row'],
      ['/pages/transaction/currency?symbol=BTC%2FUSDT', '[data-testid="trade-form"]'],
      ['/pages/transaction/order', '[data-testid="orders-list-open"], [data-testid="orders-empty-open"]'],
      ['/pages/fund/assets', '[data-testid="assets-account-change"]'],
      ['/pages/kefu/index', '[data-testid="kefu-input"]'],
      ['/pages/setting/setting', '[data-testid="setting-profile"]'],
      // Header icons, the swap button and "All" of the money pages a new user goes through.
      ['/pages/fund/receive?currency=USDT', '[data-testid="receive-address-panel"], [data-testid="receive-no-address"]'],
      ['/pages/fund/fundTransfer', '[data-testid="transfer-swap"]'],
      ['/pages/fund/transfer', '[data-testid="convert-rate"]'],
      ['/pages/fund/assets_all_record', '[data-testid="bills-filters"]'],
    ];
    const check = async (route: string, ready: string) => {
      await open(page, route);
      await page.locator(ready).first().waitFor();
      if (route === '/') await dismissHomePopup(page);
      const tooSmall = await page.evaluate(smallTouchTargets, 'body');
      expect({ route, tooSmall }).toEqual({ route, tooSmall: [] });
    };
    for (const [route, ready] of pages) await check(route, ready);
    // And what a visitor sees first.
    await page.evaluate(() => localStorage.removeItem('ob.token'));
    await check('/pages/common/login', '[data-testid="login-submit"]');
    await check('/pages/common/register', '[data-testid="register-next"]');
    await context.close();
  });
});

describe('everyday polish', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('a page opened while offline says so, and loads by itself once the connection is back', async () => {
    const context = await phone(browser, '390x844');
    const { page, pageErrors } = await newTab(context);
    await openHome(page);
    await context.setOffline(true);
    // A tap on a link: the FAQ page's code has never been loaded in this tab.
    await page.evaluate(() => {
      window.location.hash = '#/pages/common/faq';
    });
    const offline = page.getByTestId('chunk-offline');
    await offline.filter({ hasText: uiText('zh', 'shell:chunk.offlineTitle') }).waitFor();
    expect(await offline.textContent()).toContain(uiText('zh', 'shell:chunk.offline'));
    // No failure type or address: those mean nothing to someone whose phone lost its signal.
    expect(await page.getByTestId('chunk-address').count()).toBe(0);
    await screenshot(page, 'phone-lazy-page-offline');

    await context.setOffline(false);
    await page.locator('.faq .adm-list-item').first().waitFor();
    expect(await offline.count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('changes the language from the login page without clearing the email being typed', async () => {
    const context = await phone(browser, '320x640');
    const { page, pageErrors } = await newTab(context);
    await open(page, '/pages/common/login');
    await field(page, 'login-account').fill('someone@example.com');
    await field(page, 'login-password').fill('secret-in-progress');
    await page.getByTestId('language-picker').click();
    await page.getByTestId('language-en').click();
    await page.getByTestId('login-submit').filter({ hasText: uiText('en', 'auth:login.submit') }).waitFor();
    expect(await field(page, 'login-account').inputValue()).toBe('someone@example.com');
    expect(await field(page, 'login-password').inputValue()).toBe('secret-in-progress');
    expect(await page.getByTestId('language-picker').textContent()).toContain('English');
    await screenshot(page, 'phone-login-language');

    // Register has the picker too, and keeps what was typed as well.
    await page.getByTestId('to-register').click();
    await field(page, 'register-address').fill('newcomer@example.com');
    await page.getByTestId('language-picker').click();
    await page.getByTestId('language-jp').click();
    await page.locator('.adm-nav-bar-title').filter({ hasText: uiText('jp', 'auth:register.title') }).waitFor();
    expect(await field(page, 'register-address').inputValue()).toBe('newcomer@example.com');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('starts a first visit in the browser language when it is one of the ten, otherwise in Chinese', async () => {
    for (const [locale, language] of [
      ['fr-FR', 'fra'],
      ['zh-TW', 'hk'],
      ['de-DE', 'zh'],
    ] as const) {
      const context = await phone(browser, '390x844', locale);
      const { page } = await newTab(context);
      await open(page, '/pages/common/login');
      await page.getByTestId('login-submit').filter({ hasText: uiText(language, 'auth:login.submit') }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe({ fra: 'fr-FR', hk: 'zh-HK', zh: 'zh-CN' }[language]);
      await context.close();
    }
  });

  it('keeps pinch zoom, and shows a toast away from the button that caused it, breaking lines only between words', async () => {
    const context = await phone(browser, '390x844', 'en-US');
    const { page } = await newTab(context);
    await open(page, '/pages/common/login');
    const viewport = await page.locator('meta[name="viewport"]').getAttribute('content');
    expect(viewport).not.toMatch(/maximum-scale|user-scalable\s*=\s*(no|0)/);

    await field(page, 'login-account').fill(DEMO.email);
    await field(page, 'login-password').fill('not-the-password');
    const submit = page.getByTestId('login-submit');
    await submit.tap();
    const shown = page.locator('.adm-toast-main');
    await shown.waitFor();
    const [button, box] = await Promise.all([submit.boundingBox(), shown.boundingBox()]);
    if (!button || !box) throw new Error('the button or the toast has no box');
    const overlaps = box.x < button.x + button.width && button.x < box.x + box.width && box.y < button.y + button.height && button.y < box.y + box.height;
    expect(overlaps).toBe(false);
    expect(await shown.evaluate((element) => getComputedStyle(element).wordBreak)).toBe('normal');
    await context.close();
  });
});

/**
 * Pages whose header has links or a button beside the title, each with the
 * title's text and one of its actions (shown to a signed-in user). At 320 px
 * the titles of several were cut to "Mercado N…", "Opciones por seg…".
 */
const HEADERS_WITH_ACTIONS: { route: string; title: (language: Language) => string; action: string }[] = [
  { route: '/pages/nft/nft', title: (language) => uiText(language, 'nft:title'), action: 'nft-mine-link' },
  { route: '/pages/nft/mine', title: (language) => uiText(language, 'nft:mine.title'), action: 'nft-my-nft-link' },
  { route: '/pages/ieo/ieo', title: (language) => uiText(language, 'ieo:title'), action: 'ieo-my-orders' },
  { route: '/pages/transaction/seconds', title: (language) => uiText(language, 'options:title'), action: 'options-orders-link' },
  { route: '/pages/transaction/contract?symbol=BTC%2FUSDT', title: (language) => `BTC/USDT · ${uiText(language, 'futures:title')}`, action: 'futures-orders-link' },
  { route: '/pages/lockming/lockming', title: (language) => uiText(language, 'lockMining:title'), action: 'lock-my-orders' },
  { route: '/pages/invest/invest', title: (language) => uiText(language, 'dual:title'), action: 'dual-mine-link' },
  { route: '/pages/notice/index', title: (language) => uiText(language, 'notifications:page.title'), action: 'notice-mark-all' },
];

describe('page headers with actions beside the title', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it.each(LANGUAGE_CODES.flatMap((language) => (Object.keys(PHONES) as PhoneSize[]).map((size) => [language, size] as const)))(
    'show the whole title and give each action a named 40 px tap in %s on a %s phone',
    async (language, size) => {
      const context = await phone(browser, size);
      const { page } = await newTab(context);
      await signInAs(page, DEMO.email, DEMO.password);
      await writeStorage(page, { 'ob.lang': language });
      for (const { route, title, action } of HEADERS_WITH_ACTIONS) {
        await open(page, route);
        await page.getByTestId(action).waitFor();
        const header = page.locator('.nav-bar');
        await header.locator('.adm-nav-bar-title').filter({ hasText: title(language) }).waitFor();
        // A title may wrap between words onto a second line, but nothing of it may be cut off.
        const clipped = await header.locator('.adm-nav-bar-title').evaluate((shown) => shown.scrollWidth > shown.clientWidth || shown.scrollHeight > shown.clientHeight);
        expect({ route, clipped }).toEqual({ route, clipped: false });
        // The theme's 48 px bar, not antd-mobile's own 45 px default.
        const height = await header.evaluate((bar) => bar.getBoundingClientRect().height);
        expect({ route, height }).toEqual({ route, height: 48 });
        // Shown as an icon on the narrow phone, an action keeps its label as its name.
        const unnamed = await header.locator('.header-action').evaluateAll((actions) => actions.filter((shown) => !shown.getAttribute('aria-label') || shown.getAttribute('title') !== shown.getAttribute('aria-label')).length);
        expect({ route, unnamed }).toEqual({ route, unnamed: 0 });
        const tooSmall = await page.evaluate(smallTouchTargets, '.nav-bar .adm-nav-bar-right');
        expect({ route, tooSmall }).toEqual({ route, tooSmall: [] });
        // The messages below the header fit the phone too: a long time (Thai spells it out) goes under the title.
        const tooWide = await page.locator('.notice-row__head').evaluateAll((heads) => heads.filter((head) => head.scrollWidth > head.clientWidth).length);
        expect({ route, tooWide }).toEqual({ route, tooWide: 0 });
        if (size === '320x640' && (language === 'spa' || language === 'jp')) await screenshot(page, `phone-320x640-header-${language}-${route.replace(/\?.*/, '').split('/').slice(2).join('-')}`);
      }
      await context.close();
    },
  );
});

/** An amount shown by `testId` ("1,000,000.00 USDT" in English) is grouped and written with the decimal sign of the page's language. */
async function expectLanguageNumber(page: Page, testId: string): Promise<void> {
  const shown = (await page.getByTestId(testId).textContent()) ?? '';
  const { group, decimal } = await page.evaluate(() => {
    const parts = new Intl.NumberFormat(document.documentElement.lang).formatToParts(12345.6);
    return { group: parts.find((part) => part.type === 'group')?.value ?? ',', decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.' };
  });
  const literal = (sign: string) => sign.replace(/[.]/g, '\\.');
  expect(shown).toMatch(new RegExp(`^\\d{1,3}(${literal(group)}\\d{3})*${literal(decimal)}\\d{2} USDT`));
}

/**
 * A new user who holds only USDT, with two-factor on and a chain deposit in
 * the records: the faults an audit of the money pages found on such an
 * account, in the languages and at the widths they showed in.
 */
describe('the money pages of a new user who holds only USDT', () => {
  let browser: Browser;
  let token = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    const user = await registerUser('usdt-only', 'UsdtOnly2026');
    token = user.token;
    await ops(['credit', user.email, '300', 'USDT']);
    const setup = await api<{ secret: string }>('/safe/2fa/setup', {}, token);
    const enabled = await api('/safe/2fa/enable', { code: currentTotp(setup.message.secret, Date.now()) }, token);
    if (enabled.type !== 'ok') throw new Error(`two-factor not on: ${JSON.stringify(enabled)}`);
    const deposit = await api<{ address: string }>('/wallet/get_in_address', { currency: 'USDT', chain: 'ERC20' }, token);
    await ops(['chain', 'send', deposit.message.address, '20', '--currency', 'USDT']);
  });

  afterAll(async () => {
    await browser.close();
  });

  /** A tab of a fresh phone profile signed in as the user, in a language. */
  async function signedIn(size: PhoneSize, language = 'zh'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await phone(browser, size);
    const { page } = await newTab(context);
    await writeStorage(page, { 'ob.token': token, 'ob.lang': language });
    return { context, page };
  }

  it('opens Convert from USDT, the one currency the user can convert, into BTC', async () => {
    const { context, page } = await signedIn('390x844');
    await open(page, '/pages/fund/transfer');
    await page.getByTestId('convert-rate').waitFor();
    expect(await page.getByTestId('convert-from').textContent()).toContain('USDT');
    expect(await page.getByTestId('convert-to').textContent()).toContain('BTC');
    await screenshot(page, 'phone-convert-usdt-only');
    await context.close();
  });

  it.each(LANGUAGE_CODES)('keeps every tab of a short tab bar and every segment label whole on a 320 px screen in %s, and writes amounts as the language does', async (language) => {
    const { context, page } = await signedIn('320x640', language);
    const pages = [
      { route: '/pages/fund/withdraw?currency=USDT', ready: 'withdraw-remaining' },
      { route: '/pages/ieo/ieo', ready: 'ieo-my-orders' },
      { route: '/pages/transaction/currency?symbol=BTC%2FUSDT', ready: 'trade-tab-book' },
    ];
    for (const { route, ready } of pages) {
      await open(page, route);
      await page.getByTestId(ready).first().waitFor();
      const cut = await page.evaluate(() => [
        ...[...document.querySelectorAll('.adm-tabs:not(.scroll-tabs) .adm-tabs-tab')]
          .filter((tab) => {
            const box = tab.getBoundingClientRect();
            return box.left < 0 || box.right > document.documentElement.clientWidth || tab.scrollWidth > tab.clientWidth;
          })
          .map((tab) => `tab ${tab.textContent}`),
        ...[...document.querySelectorAll('.adm-segmented-item-label')].filter((label) => label.scrollWidth > label.clientWidth).map((label) => `segment ${label.textContent}`),
      ]);
      expect({ route, cut }).toEqual({ route, cut: [] });
      if (ready === 'withdraw-remaining') await expectLanguageNumber(page, ready);
    }
    if (language === 'spa' || language === 'fra') await screenshot(page, `phone-320x640-trade-${language}`);
    await context.close();
  });

  it.each(['vi', 'fra', 'spa', 'may', 'th'] as const)('keeps the spot form’s order types and the book’s tabs on one line in %s at 390 px', async (language) => {
    const { context, page } = await signedIn('390x844', language);
    await open(page, '/pages/transaction/currency?symbol=BTC%2FUSDT');
    await page.getByTestId('trade-type-stop').filter({ hasText: uiText(language, 'trade:form.stopLimit') }).waitFor();
    const lines = await page.evaluate(() =>
      Object.fromEntries(
        [...document.querySelectorAll('[data-testid^="trade-type-"], [data-testid^="trade-tab-"]')].map((label) => {
          const range = document.createRange();
          range.selectNodeContents(label);
          return [label.textContent, new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size];
        }),
      ),
    );
    expect(Object.keys(lines)).toHaveLength(5);
    expect(lines).toEqual(Object.fromEntries(Object.keys(lines).map((label) => [label, 1])));
    await screenshot(page, `phone-trade-${language}`);
    await context.close();
  });

  it('keeps the four futures order tabs on a 320 px screen in Spanish, and gives a position’s actions 40 px taps', async () => {
    const moved = await api('/wallet/change', { currency_id: '3', number: '100', from_field: 'change', to_field: 'lever' }, token);
    expect(moved.type).toBe('ok');
    const opened = await api('/lever/submit', { currency_id: '1', legal_id: '3', type: '1', order_type: 'market', lots: '1', multiple: '10' }, token);
    expect(opened.type).toBe('ok');
    const { context, page } = await signedIn('320x640', 'spa');
    await open(page, '/pages/transaction/contract_order');
    await page.getByTestId('futures-close').filter({ hasText: uiText('spa', 'futures:action.close') }).waitFor();
    const tabs = await page.locator('.futures-tabs .adm-tabs-tab').evaluateAll((titles) =>
      titles.map((title) => {
        const box = title.getBoundingClientRect();
        return { title: title.textContent, fits: box.left >= 0 && box.right <= document.documentElement.clientWidth && title.scrollWidth <= title.clientWidth };
      }),
    );
    expect(tabs.map((tab) => tab.title)).toContain(uiText('spa', 'futures:tabs.entrusted'));
    expect(tabs).toEqual(tabs.map((tab) => ({ ...tab, fits: true })));
    const tooSmall = await page.evaluate(smallTouchTargets, '[data-testid^="futures-order-"]');
    expect(tooSmall).toEqual([]);
    await screenshot(page, 'phone-320x640-futures-orders-spa');
    // The ticket's side and order type read whole in its narrow form column ("A mercado" was cut to "A merca…").
    await open(page, '/pages/transaction/contract?symbol=BTC%2FUSDT');
    await page.getByTestId('futures-type').filter({ hasText: uiText('spa', 'futures:type.market') }).waitFor();
    const labels = await page.locator('[data-testid="futures-side"] .adm-segmented-item-label, [data-testid="futures-type"] .adm-segmented-item-label').evaluateAll((items) => items.map((item) => ({ label: item.textContent, clipped: item.scrollWidth > item.clientWidth })));
    expect(labels).toHaveLength(4);
    expect(labels).toEqual(labels.map((item) => ({ ...item, clipped: false })));
    await context.close();
  });

  it('reads the futures ticket’s sides and order types whole at 320 px in every language', async () => {
    const { context, page } = await signedIn('320x640');
    for (const language of LANGUAGE_CODES) {
      await writeStorage(page, { 'ob.lang': language });
      await open(page, '/pages/transaction/contract?symbol=BTC%2FUSDT');
      await page.getByTestId('futures-type').filter({ hasText: uiText(language, 'futures:type.market') }).waitFor();
      // Vietnamese "Thị trường" was cut to "Thị trườ…" by the labels' padding.
      const labels = await page.locator('[data-testid="futures-side"] .adm-segmented-item-label, [data-testid="futures-type"] .adm-segmented-item-label').evaluateAll((items) => items.map((item) => ({ label: item.textContent, clipped: item.scrollWidth > item.clientWidth })));
      expect(labels).toHaveLength(4);
      expect({ language, labels }).toEqual({ language, labels: labels.map((item) => ({ ...item, clipped: false })) });
      if (language === 'vi') await screenshot(page, 'phone-320x640-futures-ticket-vi');
    }
    await context.close();
  });

  it('keeps "stop following" on one line beside "edit" in My copies, in Japanese at 390 px', async () => {
    const { context, page } = await signedIn('390x844', 'jp');
    await open(page, '/pages/copytrade/copy');
    const card = page.locator('[data-testid="copy-trader-list"] [data-testid^="copy-trader-"]').first();
    const traderUserId = ((await card.getAttribute('data-testid')) ?? '').replace('copy-trader-', '');
    expect((await api('/follow/agree', {}, token)).type).toBe('ok');
    const followed = await api('/follow/follow', { trader_user_id: traderUserId, type: '2', number: '1' }, token);
    expect(followed.type).toBe('ok');
    await open(page, '/pages/copytrade/my');
    const stop = page.getByTestId('copy-cancel-follow').filter({ hasText: uiText('jp', 'copy:action.cancelFollow') });
    await stop.waitFor();
    const lines = await stop.evaluate((button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      return new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size;
    });
    expect(lines).toBe(1);
    await screenshot(page, 'phone-copy-my-jp');
    await context.close();
  });

  it('shows the whole amount hint of Convert at 320 px in every language', async () => {
    const { context, page } = await signedIn('320x640');
    for (const language of LANGUAGE_CODES) {
      await writeStorage(page, { 'ob.lang': language });
      await open(page, '/pages/fund/transfer');
      const amount = page.getByTestId('convert-amount').locator('input');
      await page.locator(`[data-testid="convert-amount"] input[placeholder="${uiText(language, 'funds:convert.amountPlaceholder')}"]`).waitFor();
      // The hint's width in its own font against the room inside the field.
      const spare = await amount.evaluate((input: HTMLInputElement) => {
        const hint = getComputedStyle(input, '::placeholder');
        const own = getComputedStyle(input);
        const canvas = document.createElement('canvas').getContext('2d');
        if (!canvas) throw new Error('no canvas');
        canvas.font = `${hint.fontWeight} ${hint.fontSize} ${hint.fontFamily}`;
        return input.clientWidth - Number.parseFloat(own.paddingLeft) - Number.parseFloat(own.paddingRight) - canvas.measureText(input.placeholder).width;
      });
      expect({ language, clipped: spare < 0 }).toEqual({ language, clipped: false });
      if (language === 'fra' || language === 'vi') await screenshot(page, `phone-320x640-convert-${language}`);
    }
    await context.close();
  });

  it.each(Object.keys(PHONES) as PhoneSize[])('gives the withdraw form’s verification link, fund password and two-factor code, and a deposit’s transaction link, 40 px taps on a %s phone', async (size) => {
    const { context, page } = await signedIn(size);
    const check = async (within: string) => {
      await page.locator(within).first().evaluate((element) => element.scrollIntoView({ block: 'center' }));
      const tooSmall = await page.evaluate(smallTouchTargets, within);
      expect({ within, tooSmall }).toEqual({ within, tooSmall: [] });
    };
    await open(page, '/pages/fund/withdraw?currency=USDT');
    await page.getByTestId('two-factor-code').waitFor();
    // The user is not verified yet: the notice on top links to verification.
    await check('[data-testid="withdraw-verify-first"]');
    await check('[data-testid="withdraw-pay-password"]');
    await check('[data-testid="two-factor-code"]');
    await open(page, '/pages/fund/receive_withdraw_record?tab=deposit');
    // The deposit shows once the chain watcher has seen it, with its transaction at the explorer.
    await page.locator('[data-testid="record-txid"] a[href]').waitFor();
    await check('[data-testid="record-txid"]');
    await screenshot(page, `phone-${size}-deposit-record`);
    await context.close();
  });
});
