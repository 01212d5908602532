import type { Statement } from 'better-sqlite3';
import type { Sqlite } from './client.ts';

/**
 * The highest id an AUTOINCREMENT table has ever given (it never reuses one),
 * or the highest present should that record be off: ids assigned up front
 * from it (a batch's staged orders, its deferred journal entries) never clash,
 * where a clash would fail every batch.
 */
export function lastIdStatement(sqlite: Sqlite, table: 'spot_orders' | 'journal_entries'): Statement<[], number> {
  return sqlite
    .prepare(`SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = '${table}'), 0), COALESCE((SELECT MAX(id) FROM ${table}), 0))`)
    .pluck() as Statement<[], number>;
}
