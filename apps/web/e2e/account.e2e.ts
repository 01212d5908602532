import { randomInt } from 'node:crypto';
import { LANGUAGES } from '@openbourse/i18n';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dismissHomePopup, field, launchBrowser, open, outboxCode, phonePage, readStorage, sendCode, toast, waitForRoute } from './browser.ts';
import { chineseIdNumber, freshMobile } from './identity.ts';
import { solidPng } from './png.ts';
import { uiText } from './texts.ts';

const nativeName = (code: string) => LANGUAGES.find((language) => language.code === code)?.nativeName ?? code;

/**
 * One new user's way through the app, every step through the UI (the API is
 * used only to read the codes the dev outbox received). The steps share the
 * account and run in order.
 */
describe('an account from sign-up to log-out', () => {
  let browser: Browser;
  let page: Page;
  let pageErrors: Error[];
  const email = `journey-${Date.now()}-${randomInt(1000)}@openbourse.test`;
  const password = 'Journey2024';
  const nickname = `E2E${randomInt(10_000)}`;
  const mobile = freshMobile();

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  // Each step needs the ones before it: after a failure the rest are skipped rather than each waiting out its timeout.
  let broken = false;
  beforeEach((context) => {
    context.skip(broken, 'an earlier step of the journey failed');
    context.onTestFailed(() => {
      broken = true;
    });
  });

  it('signs up with an email code and a password, without an invitation code', async () => {
    // A visit of its own; the steps after it log in on another.
    const signup = await phonePage(browser);
    const tab = signup.page;
    await open(tab, '/pages/common/register');
    await field(tab, 'register-address').fill(email);
    await sendCode(tab);
    await field(tab, 'register-code').fill(await outboxCode(email));
    await tab.getByTestId('register-next').click();

    await field(tab, 'register-password').fill(password);
    await field(tab, 'register-confirm').fill(password);
    // The invitation code is optional: the field is there and stays empty.
    await field(tab, 'register-invite').waitFor();
    await tab.getByTestId('register-submit').click();

    // A new account lands on its (empty) assets.
    await waitForRoute(tab, '/pages/fund/assets');
    await tab.getByTestId('assets-total').filter({ hasText: '0.00' }).waitFor();
    expect(signup.pageErrors).toEqual([]);
    await signup.context.close();
  });

  it('logs in on another visit and reaches settings from home', async () => {
    ({ page, pageErrors } = await phonePage(browser));
    await open(page, '/pages/common/login');
    await field(page, 'login-account').fill(email);
    await field(page, 'login-password').fill(password);
    await page.getByTestId('login-submit').click();

    await waitForRoute(page, '/');
    await dismissHomePopup(page);
    await page.getByTestId('home-settings').click();
    await page.getByTestId('setting-profile').filter({ hasText: email }).waitFor();
  });

  it('changes the nickname and shows it in settings', async () => {
    await page.getByTestId('setting-userInfo').click();
    await field(page, 'nickname-input').fill(nickname);
    await page.getByTestId('nickname-save').click();
    await toast(page, uiText('zh', 'common:success.profileSaved')).waitFor();

    await page.goBack();
    await page.getByTestId('setting-nickname').filter({ hasText: nickname }).waitFor();
  });

  it('binds a phone with an SMS code', async () => {
    await page.getByTestId('setting-security').click();
    await page.getByTestId('security-email').waitFor();
    await page.getByTestId('bind-mobile').click();
    await field(page, 'bind-mobile-input').fill(mobile);
    await sendCode(page);
    await field(page, 'bind-mobile-code').fill(await outboxCode(mobile));
    await page.getByTestId('bind-mobile-submit').click();

    // Shown masked, e.g. "+86 139****1234".
    await page.getByTestId('security-phone').filter({ hasText: `+86 ${mobile.slice(0, 3)}` }).filter({ hasText: mobile.slice(-4) }).waitFor();
    await page.goBack();
  });

  it('asks for Lv1 identity verification with a document picture and sees it in review', async () => {
    await page.getByTestId('setting-real').click();
    await page.locator('[data-testid="real-state"][data-state="none"]').waitFor();

    const idCard = uiText('zh', 'common:verification.idTypes.1');
    await page.getByTestId('real-id-type').getByRole('option', { name: idCard, selected: true }).waitFor();
    await field(page, 'real-name').fill('张三丰');
    await field(page, 'real-card-id').fill(chineseIdNumber());
    await page
      .getByTestId('real-front')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'id-front.png', mimeType: 'image/png', buffer: solidPng(120, 76, [212, 186, 131]) });
    // The picture counts once the server has stored it and the uploader shows the stored copy.
    await page.getByTestId('real-front').locator('img[src*="/uploads/identity/"]').waitFor();
    await page.getByTestId('real-submit').click();

    await page
      .locator('[data-testid="real-state"][data-state="review"]')
      .filter({ hasText: uiText('zh', 'common:verification.states.review') })
      .waitFor();
    await page.goBack();
    await page.getByTestId('setting-real').filter({ hasText: uiText('zh', 'common:verification.states.review') }).waitFor();
  });

  it('switches the interface to English', async () => {
    await page.getByTestId('setting-language').filter({ hasText: uiText('zh', 'settings:setting.language') }).waitFor();
    await chooseLanguage(page, 'en');

    await page.getByTestId('setting-language').filter({ hasText: uiText('en', 'settings:setting.language') }).waitFor();
    await page.getByTestId('setting-security').filter({ hasText: uiText('en', 'settings:setting.security') }).waitFor();
    await page.getByTestId('logout').filter({ hasText: uiText('en', 'shell:actions.logout') }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US');
    expect(uiText('en', 'settings:setting.language')).not.toBe(uiText('zh', 'settings:setting.language'));
  });

  it('switches to Japanese, and keeps it after a reload', async () => {
    const english = await page.getByTestId('setting-language-value').textContent();
    expect(english).toBe(nativeName('en'));
    await chooseLanguage(page, 'jp');

    // Japanese texts are still being translated (English stands in), so the page's language and the chosen language's own name are what must change.
    await page.locator('html[lang="ja-JP"]').waitFor({ state: 'attached' });
    await page.getByTestId('setting-language-value').filter({ hasText: nativeName('jp') }).waitFor();
    expect(await page.getByTestId('setting-language-value').textContent()).not.toBe(english);
    await page.getByTestId('setting-language').filter({ hasText: uiText('jp', 'settings:setting.language') }).waitFor();

    await page.reload();
    await page.getByTestId('setting-language-value').filter({ hasText: nativeName('jp') }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ja-JP');
    expect(await readStorage(page, 'ob.lang')).toBe('jp');
  });

  it('logs out to the login page, signed out but still in Japanese', async () => {
    await page.getByTestId('logout').click();
    await waitForRoute(page, '/pages/common/login');
    await page.getByTestId('login-submit').waitFor();
    expect(await readStorage(page, 'ob.token')).toBeNull();
    expect(await readStorage(page, 'ob.user')).toBeNull();
    expect(await readStorage(page, 'ob.lang')).toBe('jp');

    await open(page, '/pages/setting/setting');
    await page.getByTestId('setting-guest').waitFor();
    expect(pageErrors).toEqual([]);
  });
});

async function chooseLanguage(page: Page, code: string): Promise<void> {
  await page.getByTestId('setting-language').click();
  await page.getByTestId(`language-${code}`).click();
}
