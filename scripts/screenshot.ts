import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/**
 * Developer tool: screenshots of app routes at phone size (390x844), to look at what was built.
 * Usage: pnpm screenshot <base-url> <out-dir> [route ...] [--login email:password] [--lang en]
 */
const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(`--${name}`);
  if (index === -1) return undefined;
  const [value] = args.splice(index, 2).slice(1);
  return value;
};
const login = option('login');
const lang = option('lang');
const [base = 'http://localhost:8080', outDir = 'test-artifacts/screenshots', ...routes] = args;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
mkdirSync(outDir, { recursive: true });
await page.goto(`${base}/h5/`);
await page.evaluate(
  async ({ login, lang }) => {
    localStorage.setItem('ob.webVersion', '1');
    if (lang) localStorage.setItem('ob.lang', lang);
    if (login) {
      const [email, password] = login.split(':');
      const response = await fetch('/api/user/login', { method: 'POST', body: new URLSearchParams({ user_string: email ?? '', password: password ?? '' }) });
      const body = (await response.json()) as { message: string };
      localStorage.setItem('ob.token', body.message);
    }
  },
  { login, lang },
);
for (const route of routes.length ? routes : ['/']) {
  await page.goto(`${base}/h5/#${route}`);
  await page.waitForTimeout(1500);
  const file = join(outDir, `${route.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_|_$/g, '') || 'home'}.png`);
  await page.screenshot({ path: file });
  console.log(file);
}
await browser.close();
