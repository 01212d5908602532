import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { DEMO_OPERATOR } from '../../server/src/console/demo-operator.ts';
import { currentTotp } from '../../server/src/platform/totp.ts';
import { screenshotDir } from './artifacts.ts';
import { baseUrl } from './browser.ts';

/** The console is a desktop tool: its pages and screenshots are 1440×900. */
export async function desktopPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; pageErrors: Error[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 1, locale: 'zh-CN' });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return { context, page, pageErrors };
}

/** A console screenshot, `console-<name>.png`. */
export async function consoleShot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  // antd's notices fade; the page itself is what is looked at.
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(screenshotDir, `console-${name}.png`), animations: 'disabled' });
}

const TOTP_STEP_MS = 30_000;

/**
 * The demo operator's authenticator code for a sign-in on the shared browser
 * test server. Codes are single-use, and the test files run one after another
 * against that server: the last time step any of them used is kept beside the
 * server's data, and a sign-in in that same step waits for the next one.
 */
export async function freshOperatorCode(): Promise<string> {
  const usedSteps = join(inject('dataDir'), 'e2e-operator-totp-step');
  const lastStep = existsSync(usedSteps) ? Number(readFileSync(usedSteps, 'utf8')) : -1;
  if (Math.floor(Date.now() / TOTP_STEP_MS) <= lastStep) {
    await new Promise((done) => setTimeout(done, (lastStep + 1) * TOTP_STEP_MS - Date.now() + 500));
  }
  const now = Date.now();
  writeFileSync(usedSteps, String(Math.floor(now / TOTP_STEP_MS)));
  return currentTotp(DEMO_OPERATOR.totpSecret, now);
}

/** Signs the demo operator in to the console with a code no other test has used. */
export async function signInOperator(page: Page): Promise<void> {
  await page.goto(`${baseUrl()}/console/`);
  await page.getByTestId('login-email').fill(DEMO_OPERATOR.email);
  await page.getByTestId('login-password').fill(DEMO_OPERATOR.password);
  await page.getByTestId('login-code').locator('input').first().click();
  await page.keyboard.type(await freshOperatorCode());
  await page.getByTestId('login-submit').click();
  await page.getByTestId('operator-email').waitFor();
}
