import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import * as schema from './schema.ts';

/**
 * The drizzle database or a transaction on it. better-sqlite3 has one
 * connection, so raw statements on `Sqlite` inside a `db.transaction`
 * callback are part of that transaction.
 */
export type Db = BaseSQLiteDatabase<'sync', Database.RunResult, typeof schema>;
export type Sqlite = Database.Database;

export interface DatabaseHandle {
  db: Db;
  sqlite: Sqlite;
  close(): void;
}

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

export function openDatabase(dataDir: string): DatabaseHandle {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new Database(join(dataDir, 'openbourse.db'));
  sqlite.pragma('journal_mode = WAL');
  // WAL + NORMAL keeps every commit atomic and durable across process crashes; only an OS crash can lose the last commits.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return { db, sqlite, close: () => sqlite.close() };
}
