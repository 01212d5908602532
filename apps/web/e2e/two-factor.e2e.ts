import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { currentTotp } from '../../server/src/platform/totp.ts';
import { api, field, launchBrowser, open, outboxCode, phonePage, screenshot, toast, waitForRoute } from './browser.ts';
import { freshDeviceId } from './identity.ts';
import { uiText } from './texts.ts';

const STEP_MS = 30_000;

/**
 * A code from a time step later than `afterStep`: the server takes each step
 * once, so the login after turning two-factor on may have to wait for the
 * authenticator's next code, as a person would.
 */
async function freshCode(secret: string, afterStep: number): Promise<{ code: string; step: number }> {
  while (Math.floor(Date.now() / STEP_MS) <= afterStep) await new Promise((resolve) => setTimeout(resolve, 500));
  const now = Date.now();
  return { code: currentTotp(secret, now), step: Math.floor(now / STEP_MS) };
}

/**
 * A new user turns on two-factor with the QR page, keeps the recovery codes,
 * logs out, logs in with a code from the authenticator, and finds that login
 * in the history. Every step through the UI; the API only registers the
 * account and reads the dev outbox.
 */
describe('two-factor authentication from setup to login', () => {
  let browser: Browser;
  let page: Page;
  let pageErrors: Error[];
  const email = `twofactor-${Date.now()}-${randomInt(1000)}@openbourse.test`;
  const password = 'TwoFactor2024';
  let secret = '';
  let usedStep = 0;

  beforeAll(async () => {
    browser = await launchBrowser();
    const sent = await api('/sms_mail', { user_string: email, scene: 'register' });
    if (sent.type !== 'ok') throw new Error(`no code sent: ${JSON.stringify(sent)}`);
    const registered = await api('/user/register', { user_string: email, code: await outboxCode(email), password, re_password: password, device_token: freshDeviceId() });
    if (registered.type !== 'ok') throw new Error(`not registered: ${JSON.stringify(registered)}`);
    ({ page, pageErrors } = await phonePage(browser));
  });

  afterAll(async () => {
    await browser.close();
  });

  // The steps share the account and run in order; after a failure the rest are skipped.
  let broken = false;
  beforeEach((context) => {
    context.skip(broken, 'an earlier step failed');
    context.onTestFailed(() => {
      broken = true;
    });
  });

  async function logIn(): Promise<void> {
    await open(page, '/pages/common/login');
    await field(page, 'login-account').fill(email);
    await field(page, 'login-password').fill(password);
    await page.getByTestId('login-submit').click();
  }

  it('logs in with the password while two-factor is off', async () => {
    await logIn();
    await waitForRoute(page, '/');
  });

  it('turns two-factor on: QR code, the key by hand, the first code, then ten recovery codes shown once', async () => {
    await open(page, '/pages/setting/security');
    await page.locator('[data-testid="two-factor-state"][data-enabled="false"]').waitFor();
    await page.getByTestId('security-two-factor').click();
    await page.getByTestId('two-factor-qr').waitFor();
    expect(await page.getByTestId('two-factor-qr').getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'setting-security-2fa-setup');

    const first = await freshCode(secret, 0);
    usedStep = first.step;
    await field(page, 'two-factor-first-code').fill(first.code);
    await page.getByTestId('two-factor-enable').click();
    const codes = page.getByTestId('recovery-codes').locator('li');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    expect(await codes.first().textContent()).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    await screenshot(page, 'setting-security-2fa-recovery-codes');

    await page.getByTestId('recovery-done').click();
    await page.locator('[data-testid="two-factor-state"][data-enabled="true"]').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('logs out, and login then asks for the authenticator code as a second step', async () => {
    await open(page, '/pages/setting/setting');
    await page.getByTestId('logout').click();
    await waitForRoute(page, '/pages/common/login');

    await logIn();
    await page.getByTestId('login-2fa-code').waitFor();
    await screenshot(page, 'common-login-2fa');
    // A wrong code is refused and the user stays on the second step.
    await field(page, 'login-2fa-code').fill('000000');
    await page.getByTestId('login-2fa-submit').click();
    await toast(page, uiText('zh', 'common:errors.twoFactorInvalid')).waitFor();

    const next = await freshCode(secret, usedStep);
    await field(page, 'login-2fa-code').fill(next.code);
    await page.getByTestId('login-2fa-submit').click();
    await waitForRoute(page, '/');
  });

  it('sees that login in the history, and this device among the sessions', async () => {
    await open(page, '/pages/setting/security');
    const history = page.getByTestId('login-history-item');
    await history.first().waitFor();
    // Newest first: the login just made, from this Chromium; before it the wrong code.
    await expect.poll(() => history.first().textContent()).toContain('Chrome');
    expect(await history.first().textContent()).toContain(uiText('zh', 'settings:devices.succeeded'));
    expect(await history.nth(1).textContent()).toContain(uiText('zh', 'common:loginFailures.second_factor'));
    await page.getByTestId('session-current').waitFor();
    await page.getByTestId('login-history').scrollIntoViewIfNeeded();
    await screenshot(page, 'setting-security-history');
    expect(pageErrors).toEqual([]);
  });
});
