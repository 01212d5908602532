import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newTab, open, phoneContext, phonePage, screenshot } from './browser.ts';
import { uiText } from './texts.ts';

describe('when a page cannot show what was asked for', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser.close();
  });

  it('shows a page whose code is missing as a localized error with the failure type and address, and loads it on retry', async () => {
    const { page, pageErrors } = await phonePage(browser);
    // The FAQ page's own chunk, as a stale deploy would leave it: gone from the server.
    const faqChunk = '**/h5/assets/FaqPage-*.js';
    await page.route(faqChunk, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }));
    await open(page, '/pages/common/faq');

    const errorScreen = page.getByRole('alert').filter({ hasText: uiText('zh', 'shell:chunk.title') });
    await errorScreen.waitFor();
    for (const label of ['shell:chunk.missing', 'shell:chunk.failureType', 'shell:chunk.address']) {
      expect(await errorScreen.textContent()).toContain(uiText('zh', label));
    }
    expect(await page.getByTestId('chunk-failure').textContent()).toBe('missing');
    expect(await page.getByTestId('chunk-address').textContent()).toMatch(/\/h5\/assets\/FaqPage-[\w-]+\.js$/);
    await screenshot(page, 'chunk-error');

    await page.unroute(faqChunk);
    await errorScreen.getByRole('button', { name: uiText('zh', 'shell:actions.retry') }).click();
    await page.locator('.faq .adm-list-item').first().waitFor();
    expect(await errorScreen.count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('an article address without a usable id says there is no such article instead of loading forever', async () => {
    const context = await phoneContext(browser);
    // Nothing to fetch, and an id the server does not know; each in a tab of its own so the first answer cannot stand in for the second.
    for (const route of ['/pages/common/article?id=abc', '/pages/common/article?id=999999']) {
      const { page, pageErrors } = await newTab(context);
      await open(page, route);
      await page.getByTestId('article-missing').filter({ hasText: uiText('zh', 'common:errors.newsNotFound') }).waitFor();
      expect(pageErrors).toEqual([]);
    }
  });
});
