import { TIMING } from '@openbourse/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '../src/shared/navigation.ts';
import { currentRoute, DEMO, field, launchBrowser, open, phonePage, readStorage, toast, waitForRoute, writeStorage } from './browser.ts';
import { uiText } from './texts.ts';

interface RedirectMarks {
  toastAt?: number;
  loginAt?: number;
}

/**
 * Notes on the page's own clock when a toast with this text first shows and
 * when the address first names the login page after it. Timing from the test
 * process would add its polling delays; inside the page the delay is exact.
 */
async function recordRedirectToLogin(page: Page, toastText: string): Promise<() => Promise<RedirectMarks>> {
  await page.addInitScript(
    ({ text, login }) => {
      const marks: RedirectMarks = {};
      Object.assign(window, { redirectMarks: marks });
      new MutationObserver(() => {
        const now = performance.now();
        if (marks.toastAt === undefined && [...document.querySelectorAll('.adm-toast-main')].some((element) => element.textContent?.includes(text))) marks.toastAt = now;
        if (marks.toastAt !== undefined && marks.loginAt === undefined && window.location.hash.startsWith(`#${login}`)) marks.loginAt = now;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    },
    { text: toastText, login: ROUTES.login },
  );
  return () => page.evaluate(() => (window as unknown as { redirectMarks: RedirectMarks }).redirectMarks);
}

/**
 * Spec: the toast stays readable for 1.2 s before login opens, counted from
 * when it is in the page (the app starts its timer then); the slack is timer
 * granularity, and the upper bound leaves room for a loaded CI machine.
 */
function expectRedirectAfterToast({ toastAt, loginAt }: RedirectMarks): void {
  expect(toastAt).toBeDefined();
  expect(loginAt).toBeDefined();
  const waited = (loginAt ?? 0) - (toastAt ?? 0);
  expect(waited).toBeGreaterThanOrEqual(TIMING.redirectDelayMs - 20);
  expect(waited).toBeLessThan(TIMING.redirectDelayMs + 2000);
}

describe('signing in again when the session is gone', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('a revoked token: the server answers 999, the app says so, forgets the token and goes to login after 1.2 s', async () => {
    const { page, pageErrors } = await phonePage(browser);
    const expired = uiText('zh', 'common:errors.sessionInvalid');
    const marks = await recordRedirectToLogin(page, expired);
    await writeStorage(page, { 'ob.token': 'revoked-or-expired-token', 'ob.user': JSON.stringify({ id: 1, nickname: 'ghost' }) });
    await open(page, '/pages/fund/assets');

    await toast(page, expired).waitFor();
    await waitForRoute(page, ROUTES.login);
    await page.getByTestId('login-submit').waitFor();
    expectRedirectAfterToast(await marks());
    expect(await readStorage(page, 'ob.token')).toBeNull();
    expect(await readStorage(page, 'ob.user')).toBeNull();
    expect(pageErrors).toEqual([]);
  });

  it('no token: a protected page says "please log in first", goes to login and comes back after logging in', async () => {
    const { page, pageErrors } = await phonePage(browser);
    const pleaseLogin = uiText('zh', 'shell:auth.pleaseLogin');
    const marks = await recordRedirectToLogin(page, pleaseLogin);
    await open(page, '/pages/fund/assets');

    await toast(page, pleaseLogin).waitFor();
    await waitForRoute(page, ROUTES.login);
    expect(currentRoute(page)).toBe(`${ROUTES.login}?redirect=${encodeURIComponent('/pages/fund/assets')}`);
    expectRedirectAfterToast(await marks());

    await field(page, 'login-account').fill(DEMO.email);
    await field(page, 'login-password').fill(DEMO.password);
    await page.getByTestId('login-submit').click();
    await waitForRoute(page, '/pages/fund/assets');
    // The assets page with the demo account's own wallet (its balances are other tests' business).
    await page.getByTestId('assets-account-change').waitFor();
    expect(pageErrors).toEqual([]);
  });
});
