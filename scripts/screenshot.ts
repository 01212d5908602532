import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from './lib/chromium.ts';

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

const browser = await launchChromium();
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
mkdirSync(outDir, { recursive: true });

// The app reads its storage only when it starts: the language and token are written first, and every route below opens in a new tab that starts the app afresh.
const setup = await context.newPage();
await setup.goto(`${base}/h5/`);
await setup.evaluate(
  async ({ login, lang }) => {
    localStorage.setItem('ob.webVersion', '1');
    if (lang) localStorage.setItem('ob.lang', lang);
    if (login) {
      const [email, password] = login.split(':');
      const response = await fetch('/api/user/login', { method: 'POST', body: new URLSearchParams({ user_string: email ?? '', password: password ?? '' }) });
      const body = (await response.json()) as { type: string; message: string };
      if (body.type !== 'ok') throw new Error(`login failed: ${body.message}`);
      localStorage.setItem('ob.token', body.message);
    }
  },
  { login, lang },
);
await setup.close();

for (const route of routes.length ? routes : ['/']) {
  // A fresh tab also means that what is waited for below cannot be the previous route's content.
  const page = await context.newPage();
  await page.goto(`${base}/h5/#${route}`);
  // Ready when the page has drawn something and nothing is loading: no skeleton, page or request spinner, image or font still coming.
  await page.waitForFunction(
    () =>
      document.querySelector('main.page > *') !== null &&
      document.querySelector('.adm-skeleton, [data-testid="page-loading"], [data-testid="slow-request"]') === null &&
      [...document.images].every((image) => image.complete),
    undefined,
    { timeout: 30_000 },
  );
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const file = join(outDir, `${route.replace(/[^a-zA-Z0-9]+/g, '_').replace(/^_|_$/g, '') || 'home'}.png`);
  await page.screenshot({ path: file, animations: 'disabled' });
  console.log(file);
  await page.close();
}
await browser.close();
