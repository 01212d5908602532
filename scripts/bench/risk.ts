/**
 * Futures risk engine benchmark: 100,000 open positions and 100,000 pending
 * limit entrusts across the futures instruments, in a real server's SQLite
 * database, then per-tick processing time of the engine (the trigger index
 * plus every open and liquidation it causes, each with its ledger postings)
 * for ticks that cross nothing and for ticks that cross many, and
 * liquidations per second. Prints figures; asserts nothing.
 *
 *   pnpm bench:risk [--positions 100000] [--entrusts 100000]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { initialMargin, previewOpen, roundPriceToTick, tradeFee } from '../../packages/core/src/index.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { loadFuturesConfig } from '../../apps/server/src/features/futures/config.ts';
import { createFuturesService } from '../../apps/server/src/features/futures/service.ts';
import { post } from '../../apps/server/src/ledger/ledger.ts';
import { benchOptions, runBench } from './server.ts';

const USERS = 500;
const QUIET_TICKS = 2000;
const CROSSING_TICKS = 200;

/** mulberry32: a deterministic stream for the book's shape. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

const micros = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

runBench(async () => {
  const options = benchOptions({ positions: 100_000, entrusts: 100_000 });
  const dataDir = mkdtempSync(join(tmpdir(), 'openbourse-bench-risk-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', MARKET_FEED: 'none', MARKET_HISTORY_DAYS: '0', MARKET_MAKER: '0' });
  const built = await buildApp(config, { now: () => Date.now(), logger: false });
  try {
    const { ctx } = built;
    const contracts = loadFuturesConfig(config.seedDataDir, ctx.instruments);
    // Crypto only: the stocks' market hours would make the figures depend on the time of day.
    const crypto = [...contracts.values()].filter((contract) => contract.instrument.kind === 'crypto');
    const center = new Map(crypto.map((contract) => [contract.instrument.symbol, roundPriceToTick(contract.instrument.def, contract.instrument.base.referencePrice, 'nearest')]));
    for (const contract of crypto) ctx.market.ingest(contract.instrument.symbol, contract.instrument.base.referencePrice, '1', ctx.now(), 'replay');

    const users = ctx.sqlite.prepare("INSERT INTO users (password_hash, nickname, invite_code, created_at) VALUES ('x', ?, ?, ?) RETURNING id").pluck();
    const insert = ctx.sqlite.prepare(
      `INSERT INTO futures_orders (user_id, symbol, side, order_type, multiple, lots, terms, status, limit_price_ticks, entrust_hold, open_price_ticks, open_tick_id, open_fee, margin, opened_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const next = random(0x5eed);
    const setupStart = performance.now();
    ctx.sqlite.transaction(() => {
      const userIds = Array.from({ length: USERS }, (_, index) => Number(users.get(`bench${index}`, `BENCH${index}`, ctx.now())));
      const held = new Map<number, number>();
      const now = ctx.now();
      const add = (kind: 'holding' | 'entrusted') => {
        const contract = crypto[Math.floor(next() * crypto.length)] as (typeof crypto)[number];
        const { terms } = contract;
        const mid = center.get(contract.instrument.symbol) as number;
        const side = next() < 0.5 ? 'long' : 'short';
        const dir = side === 'long' ? -1 : 1;
        const multiple = contract.multiples[Math.floor(next() * contract.multiples.length)] as number;
        const lots = 1 + Math.floor(next() * 10);
        const userId = userIds[Math.floor(next() * USERS)] as number;
        if (kind === 'holding') {
          // Opened up to 4% on the safe side of the price: every liquidation level is at least half a percent away.
          const open = Math.round(mid * (1 + dir * next() * 0.04));
          const margin = initialMargin(terms, open, lots, multiple);
          insert.run(userId, contract.instrument.symbol, side, 'market', multiple, lots, JSON.stringify(terms), 'holding', null, 0, open, 0, tradeFee(terms, open, lots), margin, now, now);
          held.set(userId, (held.get(userId) ?? 0) + margin);
        } else {
          // Limits 1% to 10% away from the price, on the side each waits for.
          const limit = Math.round(mid * (1 + dir * (0.01 + next() * 0.09)));
          const hold = previewOpen(terms, side, lots, multiple, { limitTicks: limit }).totalMinor;
          insert.run(userId, contract.instrument.symbol, side, 'limit', multiple, lots, JSON.stringify(terms), 'entrusted', limit, hold, null, null, 0, 0, null, now);
          held.set(userId, (held.get(userId) ?? 0) + hold);
        }
      };
      for (let index = 0; index < options.positions; index++) add('holding');
      for (let index = 0; index < options.entrusts; index++) add('entrusted');
      const usdt = ctx.catalog.currencyBySymbol('USDT')?.id as number;
      for (const [userId, amount] of held)
        post(ctx.sqlite, { type: 'adjustment', refType: 'bench', refId: userId, memo: 'bench margin', lines: [{ account: { system: 'house', currencyId: usdt }, bucket: 'available', amount: -amount }, { account: { userId, currencyId: usdt, accountTypeId: 3 }, bucket: 'frozen', amount }] }, now);
    })();

    const service = createFuturesService(ctx, contracts);
    const rebuildStart = performance.now();
    service.rebuild();
    const rebuildMs = performance.now() - rebuildStart;
    console.log(`setup: ${options.positions.toLocaleString('en')} positions + ${options.entrusts.toLocaleString('en')} entrusts in ${((rebuildStart - setupStart) / 1000).toFixed(1)} s; index rebuilt from the database in ${rebuildMs.toFixed(0)} ms, ${service.triggers.size.toLocaleString('en')} triggers waiting`);

    const symbols = crypto.map((contract) => contract.instrument.symbol);
    const tickOf = (symbol: string, priceTicks: number, index: number) => ({ symbol, tickId: index + 1, priceTicks, volumeLots: 0, time: ctx.now() });

    // Ticks that cross nothing: within 0.2% of the price, where no level waits.
    const quiet: number[] = [];
    for (let index = 0; index < QUIET_TICKS; index++) {
      const symbol = symbols[index % symbols.length] as string;
      const mid = center.get(symbol) as number;
      const tick = tickOf(symbol, Math.round(mid * (1 + (next() - 0.5) * 0.004)), index);
      const start = performance.now();
      service.onTick(tick);
      quiet.push(performance.now() - start);
    }
    quiet.sort((a, b) => a - b);
    console.log(`ticks crossing nothing (${QUIET_TICKS}): p50 ${micros(percentile(quiet, 50))}, p99 ${micros(percentile(quiet, 99))}`);

    // Ticks that cross many: BTC falls 12% in equal steps, liquidating longs and opening long entrusts on the way.
    const btc = 'BTC/USDT';
    const mid = center.get(btc) as number;
    const crossing: { ms: number; handled: number }[] = [];
    const liquidatedBefore = Number(ctx.sqlite.prepare("SELECT COUNT(*) FROM futures_orders WHERE close_reason = 'liquidation'").pluck().get());
    let totalMs = 0;
    // CPU time too: on a shared machine the wall clock also counts other processes' turns.
    const cpuBefore = process.cpuUsage();
    for (let step = 1; step <= CROSSING_TICKS; step++) {
      const tick = tickOf(btc, Math.round(mid * (1 - (0.12 * step) / CROSSING_TICKS)), QUIET_TICKS + step);
      const start = performance.now();
      const handled = service.onTick(tick);
      const ms = performance.now() - start;
      totalMs += ms;
      crossing.push({ ms, handled });
    }
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const liquidations = Number(ctx.sqlite.prepare("SELECT COUNT(*) FROM futures_orders WHERE close_reason = 'liquidation'").pluck().get()) - liquidatedBefore;
    const handled = crossing.reduce((sum, entry) => sum + entry.handled, 0);
    const times = crossing.map((entry) => entry.ms).sort((a, b) => a - b);
    const perOrder = crossing.filter((entry) => entry.handled > 0).map((entry) => entry.ms / entry.handled);
    perOrder.sort((a, b) => a - b);
    console.log(
      `ticks crossing many (${CROSSING_TICKS}, ${(handled / CROSSING_TICKS).toFixed(0)} orders each on average): p50 ${micros(percentile(times, 50))}, p99 ${micros(percentile(times, 99))}; per order handled p50 ${micros(percentile(perOrder, 50))}`,
    );
    console.log(`liquidations: ${liquidations.toLocaleString('en')} in ${(totalMs / 1000).toFixed(2)} s of tick processing (with ${(handled - liquidations).toLocaleString('en')} entrusts opened): ${Math.round(handled / (totalMs / 1000)).toLocaleString('en')} orders/s, ${Math.round(liquidations / (totalMs / 1000)).toLocaleString('en')} liquidations/s; ${cpuSeconds.toFixed(2)} s of CPU: ${Math.round(liquidations / cpuSeconds).toLocaleString('en')} liquidations per CPU second`);
  } finally {
    await built.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
