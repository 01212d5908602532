import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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

/** Authenticator codes are single-use: another console test may have used the current one, so this waits for the next and signs the demo operator in. */
export async function signInOperator(page: Page): Promise<void> {
  await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
  await page.goto(`${baseUrl()}/console/`);
  await page.getByTestId('login-email').fill(DEMO_OPERATOR.email);
  await page.getByTestId('login-password').fill(DEMO_OPERATOR.password);
  await page.getByTestId('login-code').locator('input').first().click();
  await page.keyboard.type(currentTotp(DEMO_OPERATOR.totpSecret, Date.now()));
  await page.getByTestId('login-submit').click();
  await page.getByTestId('operator-email').waitFor();
}
