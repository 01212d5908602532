/**
 * The home page as a phone sees it: Chromium at 390x844 with the network
 * emulated through CDP (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up)
 * and the CPU slowed 4x, a cold cache on every run.
 *
 *   pnpm bench:web [--url http://host:port] [--runs 3] [--cpu 4]
 *
 * Per run: the time from navigation until the first live price is on screen,
 * and the requests made and bytes transferred (encoded, as CDP counts them,
 * headers included) up to then and once the page has settled. The median run
 * is checked against ≤ 2.5 s; the first-load JS and CSS (every file the visit
 * fetched, gzipped at level 9) against ≤ 250 KB. Prints PASS/MISS; asserts nothing.
 * One visit before the measured ones warms the server and the browser process
 * (each measured visit still starts with an empty cache) and is not counted.
 *
 * "First live price on screen" is the first animation frame after an element
 * carrying `data-live-price` (a quote card's or quote row's last price) has a
 * number as its text. It is recorded inside the page, so the time is measured
 * from the navigation's own start (performance.timeOrigin), not by this script.
 *
 * With --url the running server's web app is measured as it is (no build).
 * --cpu sets the CPU slowdown: it multiplies this machine's own speed, so
 * `--cpu 1` tells how much of a slow run is the network's and how much the
 * CPU's when the machine is busy (its load average is printed with the figures).
 */
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../lib/chromium.ts';
import { REPO_ROOT } from '../lib/demo-server.ts';
import { benchOptions, runBench, withServer } from './server.ts';

const PHONE_NETWORK = { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 };
const TARGET_FIRST_PRICE_MS = 2500;
const TARGET_GZIP_KB = 250;
const TARGET_REQUESTS = 25;
/** The page counts as settled once no request has started or finished for this long. */
const QUIET_MS = 1500;
const RUN_TIMEOUT_MS = 60_000;
const KB = 1024;

const execFileAsync = promisify(execFile);

declare global {
  interface Window {
    __firstLivePriceMs?: number;
  }
}

/**
 * Injected before any app code runs: watches the DOM for the first
 * `[data-live-price]` element showing a number and notes the next frame's time.
 * A string, not a function: tsx would wrap a function's inner functions in a
 * helper that does not exist inside the page.
 */
const WATCH_FOR_FIRST_LIVE_PRICE = `
  const observer = new MutationObserver(() => {
    const shown = [...document.querySelectorAll('[data-live-price]')].some((element) => /\\d/.test(element.textContent || ''));
    if (!shown) return;
    observer.disconnect();
    requestAnimationFrame(() => { window.__firstLivePriceMs = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
`;

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

type Kind = 'js' | 'css' | 'html' | 'api' | 'font' | 'image' | 'socket' | 'other';

interface Transfer {
  url: string;
  kind: Kind;
  encodedBytes: number;
  finished: boolean;
  /** CDP's monotonic clock, in seconds. */
  startedAt: number;
  finishedAt: number;
}

function kindOf(url: string, mimeType: string): Kind {
  const path = new URL(url).pathname;
  if (path.startsWith('/api/')) return 'api';
  if (mimeType.includes('javascript') || /\.m?js$/.test(path)) return 'js';
  if (mimeType.includes('css') || path.endsWith('.css')) return 'css';
  if (mimeType.includes('html')) return 'html';
  if (mimeType.startsWith('font/') || /\.(woff2?|ttf|otf)$/.test(path)) return 'font';
  if (mimeType.startsWith('image/')) return 'image';
  return 'other';
}

/** Every request of the page as CDP sees it, with the bytes that crossed the (emulated) wire. */
class NetworkLog {
  readonly transfers = new Map<string, Transfer>();
  lastActivity = performance.now();

  constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', ({ requestId, request, timestamp }) => {
      if (request.url.startsWith('data:')) return;
      this.lastActivity = performance.now();
      this.transfers.set(requestId, { url: request.url, kind: 'other', encodedBytes: 0, finished: false, startedAt: timestamp, finishedAt: timestamp });
    });
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      const transfer = this.transfers.get(requestId);
      if (transfer) transfer.kind = kindOf(response.url, response.mimeType);
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength, timestamp }) => this.finish(requestId, encodedDataLength, timestamp));
    cdp.on('Network.loadingFailed', ({ requestId, timestamp }) => this.finish(requestId, 0, timestamp));
    cdp.on('Network.webSocketCreated', ({ requestId, url }) => {
      this.lastActivity = performance.now();
      const last = [...this.transfers.values()].at(-1)?.startedAt ?? 0;
      this.transfers.set(requestId, { url, kind: 'socket', encodedBytes: 0, finished: true, startedAt: last, finishedAt: last });
    });
  }

  private finish(requestId: string, encodedBytes: number, timestamp: number): void {
    const transfer = this.transfers.get(requestId);
    if (!transfer) return;
    this.lastActivity = performance.now();
    transfer.encodedBytes = encodedBytes;
    transfer.finished = true;
    transfer.finishedAt = timestamp;
  }

  snapshot(): Transfer[] {
    return [...this.transfers.values()].map((transfer) => ({ ...transfer }));
  }

  settled(): boolean {
    return [...this.transfers.values()].every((transfer) => transfer.finished) && performance.now() - this.lastActivity > QUIET_MS;
  }
}

interface Run {
  firstPriceMs: number;
  atFirstPrice: Transfer[];
  settled: Transfer[];
  /** JS and CSS bodies as the browser decoded them, by URL. */
  bodies: Map<string, Buffer>;
}

/** JS and CSS bodies (decoded), once per URL, for the gzipped budget. */
function recordBodies(page: Page): { bodies: Map<string, Buffer>; pending: Promise<void>[] } {
  const bodies = new Map<string, Buffer>();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!response.ok() || !(type.includes('javascript') || type.includes('text/css'))) return;
    pending.push(
      response
        .body()
        .then((body) => void bodies.set(response.url(), body))
        .catch(() => undefined),
    );
  });
  return { bodies, pending };
}

async function untilSettled(log: NetworkLog): Promise<void> {
  const deadline = performance.now() + RUN_TIMEOUT_MS;
  while (!log.settled()) {
    if (performance.now() > deadline) throw new Error('the page never settled');
    await new Promise((done) => setTimeout(done, 100));
  }
}

async function phoneRun(context: BrowserContext, url: string, cpuSlowdown: number): Promise<Run> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  await page.addInitScript(WATCH_FOR_FIRST_LIVE_PRICE);
  const log = new NetworkLog(cdp);
  const { bodies, pending } = recordBodies(page);

  await page.goto(`${url}/h5/`, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(() => window.__firstLivePriceMs, undefined, { timeout: RUN_TIMEOUT_MS, polling: 50 });
  const firstPriceMs = (await handle.jsonValue()) as number;
  const atFirstPrice = log.snapshot();
  await untilSettled(log);
  await Promise.all(pending);
  return { firstPriceMs, atFirstPrice, settled: log.snapshot(), bodies };
}

const kb = (bytes: number): string => (bytes / KB).toFixed(1);
const sumBytes = (transfers: Transfer[]): number => transfers.reduce((total, transfer) => total + transfer.encodedBytes, 0);
const verdict = (pass: boolean): string => (pass ? 'PASS' : 'MISS');

function median<T>(runs: T[], value: (run: T) => number): T {
  return [...runs].sort((a, b) => value(a) - value(b))[Math.floor(runs.length / 2)] as T;
}

function byKind(transfers: Transfer[]): string {
  const kinds = new Map<Kind, Transfer[]>();
  for (const transfer of transfers) kinds.set(transfer.kind, [...(kinds.get(transfer.kind) ?? []), transfer]);
  return [...kinds.entries()].map(([kind, list]) => `${kind} ${list.length} (${kb(sumBytes(list))} KB)`).join(', ');
}

/** When each request of a run started and finished, counted from the page's own request, to see what waits for what. */
function printWaterfall(transfers: Transfer[]): void {
  const origin = transfers[0]?.startedAt ?? 0;
  const ms = (seconds: number) => `${Math.round((seconds - origin) * 1000)}`.padStart(6);
  for (const transfer of transfers) {
    const { pathname, search } = new URL(transfer.url);
    console.log(`  ${ms(transfer.startedAt)} →${ms(transfer.finishedAt)} ms ${kb(transfer.encodedBytes).padStart(7)} KB  ${transfer.kind.padEnd(6)} ${pathname}${search.length > 40 ? `${search.slice(0, 40)}…` : search}`);
  }
}

function reportRuns(runs: Run[]): void {
  console.log('run  first price   requests/KB at first price   requests/KB settled');
  runs.forEach((run, index) => {
    console.log(
      `${String(index + 1).padEnd(5)}${`${Math.round(run.firstPriceMs)} ms`.padStart(11)}${`${run.atFirstPrice.length} / ${kb(sumBytes(run.atFirstPrice))}`.padStart(29)}${`${run.settled.length} / ${kb(sumBytes(run.settled))}`.padStart(22)}`,
    );
  });
  const middle = median(runs, (run) => run.firstPriceMs);
  console.log(`median run, settled: ${byKind(middle.settled)}`);
  printWaterfall(middle.settled);
  console.log(`fonts fetched: ${middle.settled.filter((transfer) => transfer.kind === 'font').length}`);
  console.log(`first live price (median of ${runs.length}): ${Math.round(middle.firstPriceMs)} ms   target ≤ ${TARGET_FIRST_PRICE_MS} ms   ${verdict(middle.firstPriceMs <= TARGET_FIRST_PRICE_MS)}`);
  console.log(`home page requests (median run, settled): ${middle.settled.length}   target ≤ ${TARGET_REQUESTS}   ${verdict(middle.settled.length <= TARGET_REQUESTS)}`);
}

function reportBudget(bodies: Map<string, Buffer>): void {
  const files = [...bodies.entries()].map(([url, body]) => ({ path: new URL(url).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length }));
  files.sort((a, b) => b.gzip - a.gzip);
  const width = Math.max(40, ...files.map((file) => file.path.length)) + 2;
  const row = (label: string, raw: string, gzip: string) => console.log(`${label.padEnd(width)}${raw.padStart(10)}${gzip.padStart(10)}`);
  row('first-load JS and CSS', 'raw KB', 'gzip KB');
  for (const file of files) row(file.path, kb(file.raw), kb(file.gzip));
  const total = files.reduce((sum, file) => sum + file.gzip, 0);
  row(`total (${files.length} files)`, kb(files.reduce((sum, file) => sum + file.raw, 0)), kb(total));
  console.log(`first-load JS+CSS gzip-9: ${kb(total)} KB   target ≤ ${TARGET_GZIP_KB} KB   ${verdict(total <= TARGET_GZIP_KB * KB)}`);
}

async function main(): Promise<void> {
  const { url: runningServer, runs: runCount, cpu: cpuSlowdown } = benchOptions({ runs: 3, cpu: 4 });
  if (!runningServer) console.log(`built the web app in ${(await buildWebApp()).toFixed(1)} s`);
  await withServer(runningServer, {}, async (url, server) => {
    console.log(`server: ${server ? `started for this run (fresh data dir) at ${url}` : url}`);
    console.log(`page ${url}/h5/ at 390x844, cold cache, ${PHONE_NETWORK.latency} ms RTT, 1.6 Mbit/s down, 750 kbit/s up, CPU ${cpuSlowdown}x slower`);
    console.log(`this machine's load average: ${loadavg().map((load) => load.toFixed(1)).join(' ')} (1, 5, 15 min)`);
    const browser = await launchChromium();
    // A fresh context is a fresh profile: empty HTTP cache and storage.
    const coldVisit = async (): Promise<Run> => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, locale: 'zh-CN' });
      try {
        return await phoneRun(context, url, cpuSlowdown);
      } finally {
        await context.close();
      }
    };
    try {
      // Not counted: a server just started for the run is still back-filling its history and chromium is starting its helpers; a phone meets a server that has been running.
      await coldVisit();
      console.log('one warm-up visit done (not counted)');
      const runs: Run[] = [];
      for (let index = 0; index < runCount; index += 1) runs.push(await coldVisit());
      reportRuns(runs);
      reportBudget(median(runs, (run) => run.firstPriceMs).bodies);
    } finally {
      await browser.close();
    }
  });
}

runBench(main);
