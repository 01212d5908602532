/**
 * Home page weight: builds the web app, opens /h5/ on a phone-sized Chromium
 * page and gzips (level 9) every JS and CSS file the first visit loaded,
 * lazy chunks and locale modules included. Prints a table; asserts nothing.
 *
 *   pnpm bench:web [--url http://host:port]
 *
 * With --url the running server's web app is measured as it is (no build).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { launchChromium } from '../lib/chromium.ts';
import { REPO_ROOT } from '../lib/demo-server.ts';
import { benchOptions, runBench, withServer } from './server.ts';

const TARGET_GZIP_KB = 250;
const KB = 1024;
const RENDER_TIMEOUT_MS = 30_000;

const execFileAsync = promisify(execFile);

type Kind = 'js' | 'css' | 'font' | 'image' | 'other';

interface Asset {
  path: string;
  kind: Kind;
  raw: number;
  gzip: number;
}

async function buildWebApp(): Promise<number> {
  const start = performance.now();
  try {
    await execFileAsync('pnpm', ['--filter', '@openbourse/web', 'build'], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`the web build failed:\n${stdout}${stderr}`);
  }
  return (performance.now() - start) / 1000;
}

/** By content type first: Vite emits locale JSON as .js modules, and the server names them so. */
function kindOf(response: Response): Kind {
  const type = response.headers()['content-type'] ?? '';
  const path = new URL(response.url()).pathname;
  if (type.includes('javascript') || /\.m?js$/.test(path)) return 'js';
  if (type.includes('text/css') || path.endsWith('.css')) return 'css';
  if (type.startsWith('font/') || /\.(woff2?|ttf|otf)$/.test(path)) return 'font';
  if (type.startsWith('image/')) return 'image';
  return 'other';
}

/** Every response the page receives, once per URL, measured as the browser got it (decoded) and gzipped at level 9. */
function recordAssets(page: Page): { assets: Map<string, Asset>; pending: Promise<void>[] } {
  const assets = new Map<string, Asset>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (assets.has(url) || !response.ok()) return;
    const kind = kindOf(response);
    if (kind === 'other') return;
    const entry: Asset = { path: new URL(url).pathname, kind, raw: 0, gzip: 0 };
    assets.set(url, entry);
    pending.push(
      response.body().then((body) => {
        entry.raw = body.length;
        entry.gzip = gzipSync(body, { level: 9 }).length;
      }),
    );
  });
  return { assets, pending };
}

/**
 * The home page has rendered when its data-driven entry grid replaces the
 * skeleton; the blocks it then loads lazily (the quote board) are waited for
 * by network idleness, not by their markup, which may change or be left out.
 */
async function waitForHome(page: Page): Promise<void> {
  await page.getByTestId('home-menu').waitFor({ timeout: RENDER_TIMEOUT_MS });
  await page.waitForLoadState('networkidle');
}

async function measureHome(url: string): Promise<Asset[]> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const { assets, pending } = recordAssets(page);
    await page.goto(`${url}/h5/`, { waitUntil: 'networkidle' });
    await waitForHome(page);
    await Promise.all(pending);
    return [...assets.values()];
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number): string => (bytes / KB).toFixed(1);
const sum = (assets: Asset[], field: 'raw' | 'gzip'): number => assets.reduce((total, asset) => total + asset[field], 0);

function report(assets: Asset[]): void {
  const counted = assets.filter((asset) => asset.kind === 'js' || asset.kind === 'css').sort((a, b) => a.kind.localeCompare(b.kind) || b.gzip - a.gzip);
  const width = Math.max(40, ...counted.map((asset) => asset.path.length)) + 2;
  const row = (label: string, raw: string, gzip: string) => console.log(`${label.padEnd(width)}${raw.padStart(10)}${gzip.padStart(10)}`);
  row('file', 'raw KB', 'gzip KB');
  for (const asset of counted) row(asset.path, kb(asset.raw), kb(asset.gzip));
  const js = counted.filter((asset) => asset.kind === 'js');
  const css = counted.filter((asset) => asset.kind === 'css');
  console.log('-'.repeat(width + 20));
  row(`JS total (${js.length} files)`, kb(sum(js, 'raw')), kb(sum(js, 'gzip')));
  row(`CSS total (${css.length} files)`, kb(sum(css, 'raw')), kb(sum(css, 'gzip')));
  const total = sum(counted, 'gzip');
  row('total', kb(sum(counted, 'raw')), kb(total));
  const uncounted = assets.filter((asset) => asset.kind === 'font' || asset.kind === 'image');
  console.log(`not counted: fonts and images (${uncounted.length} files, ${kb(sum(uncounted, 'raw'))} KB); KB = 1024 bytes, gzip level 9`);
  console.log(`target: ≤ ${TARGET_GZIP_KB} KB gzipped   ${total <= TARGET_GZIP_KB * KB ? 'PASS' : 'MISS'}`);
}

async function main(): Promise<void> {
  const { url: runningServer } = benchOptions({});
  if (!runningServer) console.log(`built the web app in ${(await buildWebApp()).toFixed(1)} s`);
  await withServer(runningServer, {}, async (url, server) => {
    console.log(`server: ${server ? `started for this run (fresh data dir) at ${url}` : url}; page ${url}/h5/ at 390x844, first visit`);
    report(await measureHome(url));
  });
}

runBench(main);
