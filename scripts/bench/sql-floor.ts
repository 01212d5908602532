/**
 * The second floor of `pnpm bench:api`: the SQLite statements a resting
 * order writes, run bare on the server's own schema and pragmas (a fresh
 * database file, migrations applied, foreign keys on) with nothing around
 * them: the client_oid claim and its answer, the order row, the hold's
 * journal entry, balance update and two postings, each order in its own
 * savepoint inside group commits of GROUP orders, as the exchange runs them.
 * No HTTP, no session, no validation, no matching, no ledger logic: what the
 * writes alone cost per order on this machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../apps/server/src/db/client.ts';

/** About the batch a group commit gathers under the benchmark's 50 connections. */
const GROUP = 50;
const WARMUP_ORDERS = 5_000;
const MEASURED_ORDERS = 40_000;

export interface SqlFloor {
  cpuMsPerOrder: number;
}

export function measureSqlFloor(): SqlFloor {
  const dataDir = mkdtempSync(join(tmpdir(), 'openbourse-bench-sql-floor-'));
  const { sqlite, close } = openDatabase(dataDir);
  try {
    const now = Date.now();
    sqlite
      .prepare(`INSERT INTO currencies (id, symbol, name, kind, scale, display_decimals, chains, icon, reference_price, sort) VALUES (3, 'USDT', 'Tether', 'crypto', 6, 2, '[]', '', '1', 1)`)
      .run();
    const userId = Number(sqlite.prepare(`INSERT INTO users (email, password_hash, nickname, invite_code, created_at) VALUES ('floor@bench', 'x', 'floor', 'FLOOR1', ?)`).run(now).lastInsertRowid);
    sqlite.prepare('INSERT INTO ledger_accounts (user_id, currency_id, account_type_id, available) VALUES (?, 3, 1, ?)').run(userId, Number.MAX_SAFE_INTEGER);
    const statements = {
      claim: sqlite.prepare('INSERT INTO client_orders (user_id, scope, client_oid, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING 1'),
      insertOrder: sqlite.prepare(
        `INSERT INTO spot_orders (user_id, symbol, side, type, time_in_force, price_ticks, qty_lots, account_type_id, hold_currency_id, hold_remaining, status, sequence, reference_tick_id, created_at, updated_at)
         VALUES (?, 'BTC/USDT', 'buy', 'limit', 'GTC', ?, 3, 1, 3, 2900, 'open', ?, NULL, ?, ?) RETURNING id`,
      ),
      insertEntry: sqlite.prepare('INSERT INTO journal_entries (type, ref_type, ref_id, memo, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id'),
      applyHold: sqlite.prepare(
        'UPDATE ledger_accounts SET available = available - ?, frozen = frozen + ? WHERE user_id = ? AND currency_id = 3 AND account_type_id = 1 AND available >= ? RETURNING id, available, frozen',
      ),
      insertPostings: sqlite.prepare('INSERT INTO postings (entry_id, account_id, currency_id, bucket, amount, balance_after) VALUES (?, ?, 3, ?, ?, ?), (?, ?, 3, ?, ?, ?)'),
      complete: sqlite.prepare('UPDATE client_orders SET result = ? WHERE user_id = ? AND scope = ? AND client_oid = ?'),
    };
    const transaction = sqlite.transaction((work: () => void) => work()).immediate;
    let sequence = 0;
    const placeOne = () => {
      const key = `floor-${sequence}`;
      const at = Date.now();
      statements.claim.get(userId, 'spot.trade', key, at);
      const { id: orderId } = statements.insertOrder.get(userId, 9_600_000 + (sequence % 500), sequence, at, at) as { id: number };
      const { id: entryId } = statements.insertEntry.get('spot_hold', 'spot_order', String(orderId), `hold for order ${orderId} on BTC/USDT`, at) as { id: number };
      const account = statements.applyHold.get(2900, 2900, userId, 2900) as { id: number; available: number; frozen: number };
      statements.insertPostings.run(entryId, account.id, 'available', -2900, account.available, entryId, account.id, 'frozen', 2900, account.frozen);
      statements.complete.run(`{"id":${orderId}}`, userId, 'spot.trade', key);
      sequence += 1;
    };
    const place = (orders: number) => {
      for (let placed = 0; placed < orders; placed += GROUP) {
        transaction(() => {
          for (let inGroup = 0; inGroup < GROUP; inGroup++) transaction(placeOne);
        });
      }
    };
    place(WARMUP_ORDERS);
    const before = process.cpuUsage();
    place(MEASURED_ORDERS);
    const used = process.cpuUsage(before);
    return { cpuMsPerOrder: (used.user + used.system) / 1000 / MEASURED_ORDERS };
  } finally {
    close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
