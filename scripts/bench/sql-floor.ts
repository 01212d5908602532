/**
 * The second floor of `pnpm bench:api`: the SQLite statements a resting
 * order writes, run bare on the server's own schema and pragmas (a fresh
 * database file, migrations applied, foreign keys on) with nothing around
 * them, as the exchange stages them: per order the client_oid claim with its
 * answer; per group commit of GROUP orders, the hold entries' ids read once,
 * one multi-row insert of the order rows, one of the hold entries, one of
 * their postings, and the holder's account read once and moved once (the
 * ledger's deferred postings). No HTTP, no session, no validation, no
 * matching, no ledger logic: what the writes alone cost per order on this
 * machine.
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
      claim: sqlite.prepare(
        `INSERT INTO client_orders (user_id, scope, client_oid, result, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_id, scope, client_oid) DO UPDATE SET result = excluded.result, created_at = excluded.created_at WHERE client_orders.created_at <= ?`,
      ),
      lastEntryId: sqlite
        .prepare("SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'journal_entries'), 0), COALESCE((SELECT MAX(id) FROM journal_entries), 0))")
        .pluck(),
      insertEntries: sqlite.prepare(`INSERT INTO journal_entries (id, type, ref_type, ref_id, memo, created_at) VALUES ${Array.from({ length: GROUP }, () => "(?, 'spot_hold', 'spot_order', ?, ?, ?)").join(', ')}`),
      findAccount: sqlite.prepare('SELECT id FROM ledger_accounts WHERE user_id = ? AND currency_id = 3 AND account_type_id = 1'),
      balances: sqlite.prepare('SELECT available, frozen, allow_negative FROM ledger_accounts WHERE id = ?'),
      insertOrders: sqlite.prepare(
        `INSERT INTO spot_orders (id, user_id, symbol, side, type, time_in_force, price_ticks, qty_lots, account_type_id, hold_currency_id, hold_remaining, status, sequence, reference_tick_id, created_at, updated_at)
         VALUES ${Array.from({ length: GROUP }, () => "(?, ?, 'BTC/USDT', 'buy', 'limit', 'GTC', ?, 3, 1, 3, 2900, 'open', ?, NULL, ?, ?)").join(', ')}`,
      ),
      insertPostings: sqlite.prepare(`INSERT INTO postings (entry_id, account_id, currency_id, bucket, amount, balance_after) VALUES ${Array.from({ length: GROUP * 2 }, () => '(?, ?, 3, ?, ?, ?)').join(', ')}`),
      moveBalances: sqlite.prepare('UPDATE ledger_accounts SET available = available + ?, frozen = frozen + ? WHERE id = ?'),
    };
    const transaction = sqlite.transaction((work: () => void) => work()).immediate;
    let sequence = 0;
    const placeGroup = () => {
      const at = Date.now();
      const { id: accountId } = statements.findAccount.get(userId) as { id: number };
      const account = statements.balances.get(accountId) as { available: number; frozen: number };
      let entryId = statements.lastEntryId.get() as number;
      const orders: unknown[] = [];
      const entries: unknown[] = [];
      const postings: unknown[] = [];
      for (let inGroup = 0; inGroup < GROUP; inGroup++) {
        sequence += 1;
        const orderId = sequence;
        statements.claim.run(userId, 'spot.trade', `floor-${sequence}`, `{"spot_order":${orderId}}`, at, at - 86_400_000);
        entryId += 1;
        entries.push(entryId, String(orderId), `hold for order ${orderId} on BTC/USDT`, at);
        account.available -= 2900;
        account.frozen += 2900;
        orders.push(orderId, userId, 9_600_000 + (sequence % 500), sequence, at, at);
        postings.push(entryId, accountId, 'available', -2900, account.available, entryId, accountId, 'frozen', 2900, account.frozen);
      }
      statements.insertOrders.run(orders);
      statements.insertEntries.run(entries);
      statements.insertPostings.run(postings);
      statements.moveBalances.run(-2900 * GROUP, 2900 * GROUP, accountId);
    };
    const place = (orders: number) => {
      for (let placed = 0; placed < orders; placed += GROUP) transaction(placeGroup);
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
