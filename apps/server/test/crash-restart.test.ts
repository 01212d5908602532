import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toMinor } from '@openbourse/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { checkLedger } from '../src/ledger/check.ts';
import { creditDemoFunds } from '../src/ledger/demo-funds.ts';
import { buildCatalog } from '../src/platform/catalog.ts';
import type { AppContext } from '../src/platform/context.ts';
import { loadSeedFiles } from '../src/seed/reference-data.ts';
import { type ChildServer, HttpStatusError, loginChildUser, pushChildTicks, registerChildUser, startChildServer } from './child-server.ts';
import { DEMO } from './harness.ts';

/**
 * Crash safety, proven on the real process: an order is acknowledged only
 * after its group commit, so whatever kills the server (SIGKILL mid-burst,
 * SIGTERM) every acknowledged order is on disk, the funds frozen are exactly
 * what open orders still hold, and the ledger balances.
 */

interface Trader {
  userId: number;
  token: string;
  email: string;
  password: string;
}

interface Burst {
  /** order id → the user whose ok envelope carried it */
  acknowledged: Map<number, number>;
  refused: number;
  unanswered: number;
  /** Answers that broke the envelope convention (e.g. a 503 while stopping). */
  broken: string[];
}

const BTC = 1;
const USDT = 3;
const SPOT = 2;
const REFERENCE_PRICE = 60_000;

const dataDirs: string[] = [];
const children: ChildServer[] = [];

function freshDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'openbourse-crash-'));
  dataDirs.push(dataDir);
  return dataDir;
}

async function start(dataDir: string): Promise<ChildServer> {
  const server = await startChildServer(dataDir);
  children.push(server);
  return server;
}

afterAll(() => {
  for (const child of children) if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL');
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

/** Demo funds for the new traders, written by a second connection the way `pnpm ops credit` does while the server runs. */
function fund(dataDir: string, userIds: number[]): void {
  const database = openDatabase(dataDir);
  const catalog = buildCatalog(loadSeedFiles(loadConfig({ DATA_DIR: dataDir }).seedDataDir));
  const ctx = { db: database.db, sqlite: database.sqlite, catalog, now: Date.now } as unknown as AppContext;
  try {
    database.sqlite
      .transaction(() => {
        for (const userId of userIds) {
          for (const [symbol, amount] of [['USDT', '20000'], ['BTC', '1']] as const) {
            const currency = catalog.currencyBySymbol(symbol);
            if (!currency) throw new Error(`no ${symbol}`);
            creditDemoFunds(ctx, { userId, currency, accountTypeId: SPOT, units: toMinor(amount, currency.scale), actor: 'crash-test' });
          }
        }
      })
      .immediate();
  } finally {
    database.close();
  }
}

async function traders(server: ChildServer, count: number): Promise<Trader[]> {
  const all: Trader[] = [];
  const demoToken = await loginChildUser(server, DEMO.email, DEMO.password);
  all.push({ userId: 0, token: demoToken, email: DEMO.email, password: DEMO.password });
  for (let index = 0; index < count; index += 1) {
    const email = `trader${index}.${Date.now()}@example.com`;
    all.push({ userId: 0, token: await registerChildUser(server, email), email, password: 'Secret123' });
  }
  for (const trader of all) trader.userId = (await server.get<{ id: number }>('/user/info', {}, trader.token)).message.id;
  fund(server.dataDir, all.slice(1).map((trader) => trader.userId));
  return all;
}

/** The n-th order of a trader: limit buys and sells that cross each other near the reference, and small market orders. */
function orderBody(n: number): Record<string, string | number> {
  const side = n % 2 === 0 ? 1 : 2;
  const offset = ((n * 7) % 11) - 5;
  if (n % 5 === 4) return { amount: '0.001', target_price: '', currency_id: BTC, legal_id: USDT, type: side };
  return { amount: '0.002', target_price: (REFERENCE_PRICE + offset).toFixed(2), currency_id: BTC, legal_id: USDT, type: side };
}

/**
 * Every trader sends orders, a few at a time, until `stop()` is true or the
 * server stops answering. Cancels are mixed in so cancelled holds are
 * released under the same crash.
 */
async function burst(server: ChildServer, all: Trader[], stop: () => boolean, onAcknowledged: () => void): Promise<Burst> {
  const result: Burst = { acknowledged: new Map(), refused: 0, unanswered: 0, broken: [] };
  const lane = async (trader: Trader, laneIndex: number) => {
    for (let n = laneIndex; !stop(); n += 3) {
      try {
        const placed = await server.post<{ id: number }>('/coin/trade', orderBody(n), trader.token);
        if (placed.type !== 'ok') {
          result.refused += 1;
          continue;
        }
        result.acknowledged.set(placed.message.id, trader.userId);
        onAcknowledged();
        if (n % 6 === 1) await server.post('/coin/cancel', { id: placed.message.id }, trader.token);
      } catch (error) {
        if (error instanceof HttpStatusError) result.broken.push(error.message);
        // Otherwise the connection died with the server: this order's fate is unknown, so nothing is asserted about it.
        else result.unanswered += 1;
        return;
      }
    }
  };
  await Promise.all(all.flatMap((trader) => [0, 1, 2].map((laneIndex) => lane(trader, laneIndex))));
  return result;
}

/** What the database on disk says, read after the server has stopped. */
function inspect(dataDir: string, acknowledged: Map<number, number>) {
  const database = openDatabase(dataDir);
  try {
    const { sqlite } = database;
    const owners = new Map((sqlite.prepare('SELECT id, user_id AS userId FROM spot_orders').all() as { id: number; userId: number }[]).map((row) => [row.id, row.userId]));
    const missing = [...acknowledged].filter(([orderId, userId]) => owners.get(orderId) !== userId).map(([orderId]) => orderId);
    // Per user, currency and account: frozen funds against what that user's open orders still hold.
    const frozenMismatches = sqlite
      .prepare(
        `SELECT a.user_id AS userId, a.currency_id AS currencyId, a.account_type_id AS accountTypeId, a.frozen,
                COALESCE((SELECT SUM(o.hold_remaining) FROM spot_orders o
                          WHERE o.status = 'open' AND o.user_id = a.user_id AND o.hold_currency_id = a.currency_id AND o.account_type_id = a.account_type_id), 0) AS held
         FROM ledger_accounts a WHERE a.user_id IS NOT NULL AND a.frozen != held`,
      )
      .all();
    const orphanHolds = sqlite.prepare("SELECT id FROM spot_orders WHERE status != 'open' AND hold_remaining != 0").all();
    return { missing, frozenMismatches, orphanHolds, ledger: checkLedger(sqlite), openOrders: (sqlite.prepare("SELECT COUNT(*) AS n FROM spot_orders WHERE status = 'open'").get() as { n: number }).n };
  } finally {
    database.close();
  }
}

async function stopWith(server: ChildServer, signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
  const started = Date.now();
  server.process.kill(signal);
  const exit = await server.exited;
  return { ...exit, ms: Date.now() - started };
}

describe('crash, restart and shutdown', () => {
  let dataDir: string;
  let all: Trader[];
  let first: Burst;

  beforeAll(async () => {
    dataDir = freshDataDir();
    const server = await start(dataDir);
    await pushChildTicks(server, 'BTC/USDT', [REFERENCE_PRICE.toFixed(2)]);
    all = await traders(server, 3);
    let acknowledged = 0;
    // SIGKILL lands mid-burst: after a first stretch of acknowledged orders, while every lane has more in flight.
    first = await burst(server, all, () => false, () => {
      acknowledged += 1;
      if (acknowledged === 150) server.process.kill('SIGKILL');
    });
    expect((await server.exited).signal).toBe('SIGKILL');
  }, 120_000);

  it('keeps every acknowledged order, freezes exactly what open orders hold, and balances the ledger after SIGKILL', () => {
    expect(first.acknowledged.size).toBeGreaterThanOrEqual(150);
    expect(first.unanswered).toBeGreaterThan(0);
    expect(first.broken).toEqual([]);
    const state = inspect(dataDir, first.acknowledged);
    expect(state.missing).toEqual([]);
    expect(state.frozenMismatches).toEqual([]);
    expect(state.orphanHolds).toEqual([]);
    expect(state.ledger).toMatchObject({ ok: true, violations: [] });
  });

  it('restarts on the same data and keeps trading; SIGTERM mid-burst tells realtime clients to reconnect (1012), exits 0 within 10 s and loses nothing', async () => {
    const server = await start(dataDir);
    await pushChildTicks(server, 'BTC/USDT', [REFERENCE_PRICE.toFixed(2)]);
    for (const trader of all) trader.token = await loginChildUser(server, trader.email, trader.password);
    // The books were rebuilt from the open orders: cancelling one placed before the crash works.
    const reopened = (await server.get<{ list: { id: number }[] }>('/coin/list', { status: 1, limit: 100 }, all[0]?.token)).message.list;
    expect(reopened.length).toBeGreaterThan(0);
    expect((await server.post('/coin/cancel', { id: reopened[0]?.id ?? 0 }, all[0]?.token)).type).toBe('ok');

    const socket = new WebSocket(`${server.url.replace('http', 'ws')}/socket.io`);
    await new Promise((done, fail) => socket.once('open', done).once('error', fail));
    const closeCode = new Promise<number>((done) => socket.once('close', (code) => done(code)));

    let stopped: ReturnType<typeof stopWith> | undefined;
    let acknowledged = 0;
    const second = await burst(server, all, () => false, () => {
      acknowledged += 1;
      if (acknowledged === 100) stopped ??= stopWith(server, 'SIGTERM');
    });
    expect(second.acknowledged.size).toBeGreaterThanOrEqual(100);
    expect(second.broken).toEqual([]);
    const exit = await (stopped as NonNullable<typeof stopped>);
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.ms).toBeLessThan(10_000);
    expect(server.stderr()).toBe('');
    expect(await closeCode).toBe(1012);

    const state = inspect(dataDir, new Map([...first.acknowledged, ...second.acknowledged]));
    expect(state.missing).toEqual([]);
    expect(state.frozenMismatches).toEqual([]);
    expect(state.orphanHolds).toEqual([]);
    expect(state.ledger).toMatchObject({ ok: true, violations: [] });
  }, 120_000);
});
