/**
 * `pnpm bench:options [--options 10000] [--concurrency 25]`: seconds options
 * expiring in the same second. A server of its own (in this process, so the
 * clock can stand still while the options are placed through the API, injected
 * without sockets, and every one expires at the same moment); then the deciding feed tick arrives at expiry
 * and the script measures, per option, the time from that tick to the
 * `option.settled` event its settlement transaction announces. Prints the
 * settlement lag p50, p99 and max, and the settlements per second. Figures
 * only, no assertions; target p99 under 1 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { toMinor } from '../../packages/core/src/money.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { creditDemoFunds } from '../../apps/server/src/ledger/demo-funds.ts';
import { findUserByAccount } from '../../apps/server/src/platform/users.ts';
import { benchOptions, runBench } from './server.ts';

const DEMO = { email: 'demo@openbourse.test', password: 'Demo12345' };
const STAKE = '10';
const PERIOD_SECONDS = 30;
const MICRO_ACCOUNT = 4;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const { options: count, concurrency } = benchOptions({ options: 10_000, concurrency: 25 });
  const dataDir = mkdtempSync(join(tmpdir(), 'openbourse-bench-options-'));
  let clock = Date.now();
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', MARKET_FEED: 'none', MARKET_HISTORY_DAYS: '0', MARKET_MAKER: '0' });
  const built = await buildApp(config, { now: () => clock, logger: false });
  try {
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const address = built.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
    const { ctx } = built;
    const demo = findUserByAccount(ctx.db, DEMO.email);
    const usdt = ctx.catalog.currencyBySymbol('USDT');
    if (!demo || !usdt) throw new Error('the demo user and USDT are needed');
    ctx.db.transaction(() => creditDemoFunds(ctx, { userId: demo.id, currency: usdt, accountTypeId: MICRO_ACCOUNT, units: toMinor(Number(STAKE) * count, usdt.scale), actor: 'bench' }));
    const login = (await (await fetch(`${base}/user/login`, { method: 'POST', body: new URLSearchParams({ user_string: DEMO.email, password: DEMO.password }) })).json()) as { message: string };
    const token = login.message;

    ctx.market.ingest('BTC/USDT', '96000', '1', clock, 'replay');
    console.log(`placing ${count} ${PERIOD_SECONDS}-second options through the API (injected, ${concurrency} at a time), the clock standing still so all expire at once...`);
    const placingStarted = performance.now();
    let next = 0;
    let refused = 0;
    const worker = async () => {
      while (next < count) {
        next += 1;
        const body = new URLSearchParams({ match_id: '1', currency_id: String(usdt.id), type: next % 2 === 0 ? 'up' : 'down', seconds: String(PERIOD_SECONDS), number: STAKE });
        const response = await built.app.inject({ method: 'POST', url: '/api/microtrade/submit', headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' }, payload: body.toString() });
        const answer = response.json() as { type: string };
        if (answer.type !== 'ok') refused += 1;
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    const placed = count - refused;
    console.log(`placed ${placed} (${refused} refused) in ${((performance.now() - placingStarted) / 1000).toFixed(1)} s`);

    const lags: number[] = [];
    let tickArrived = 0;
    const allSettled = new Promise<void>((done) => {
      ctx.bus.on('user', (event) => {
        if (event.kind !== 'option.settled') return;
        lags.push(performance.now() - tickArrived);
        if (lags.length === placed) done();
      });
    });
    clock += PERIOD_SECONDS * 1000;
    const cpuBefore = process.cpuUsage();
    tickArrived = performance.now();
    ctx.market.ingest('BTC/USDT', '96000.01', '1', clock, 'replay');
    await allSettled;
    const cpu = process.cpuUsage(cpuBefore);
    lags.sort((a, b) => a - b);
    const total = lags.at(-1) ?? 0;
    console.log(`\n${placed} options expiring at the same moment, settled from the deciding tick (load average ${loadavg()[0]?.toFixed(2)}):`);
    console.log(`  settlement lag p50 ${percentile(lags, 50).toFixed(0)} ms, p99 ${percentile(lags, 99).toFixed(0)} ms, max ${total.toFixed(0)} ms (target p99 < 1000 ms)`);
    console.log(`  ${((placed / total) * 1000).toFixed(0)} settlements/s; ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms of CPU time (on a busy machine the lag is mostly waiting for a core)`);
  } finally {
    await built.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

runBench(main);
