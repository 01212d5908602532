import { existsSync, mkdirSync } from 'node:fs';
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

export interface OpenOptions {
  /** false refuses a data dir that holds no database yet instead of creating an empty one (the operator CLI). */
  create?: boolean;
  /** How long a statement waits for another process's write lock before failing with SQLITE_BUSY. */
  busyTimeoutMs?: number;
}

/** The data dir has no database: nothing was ever started on it, or it is not the server's. */
export class DatabaseMissingError extends Error {
  constructor(readonly file: string) {
    super(`no database at ${file}`);
  }
}

export function databaseFile(dataDir: string): string {
  return join(dataDir, 'openbourse.db');
}

export function openDatabase(dataDir: string, options: OpenOptions = {}): DatabaseHandle {
  const { create = true, busyTimeoutMs = 5000 } = options;
  const file = databaseFile(dataDir);
  if (create) mkdirSync(dataDir, { recursive: true });
  else if (!existsSync(file)) throw new DatabaseMissingError(file);
  const sqlite = new Database(file, { fileMustExist: !create });
  sqlite.pragma('journal_mode = WAL');
  // WAL + NORMAL keeps every commit atomic and durable across process crashes; only an OS crash can lose the last commits.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  // Savepoints (one per command in the exchange's group commit) journal the pages they touch: in memory, not in a temp file per statement.
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  return { db, sqlite, close: () => sqlite.close() };
}
