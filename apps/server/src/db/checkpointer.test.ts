import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCheckpointer } from './checkpointer.ts';
import { type DatabaseHandle, databaseFile, openDatabase } from './client.ts';

let dataDir: string;
let database: DatabaseHandle;

afterEach(() => {
  database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('WAL checkpointer', () => {
  it('turns off the automatic checkpoint of the answering connection and copies commits into the database file from its worker', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'openbourse-checkpointer-'));
    database = openDatabase(dataDir);
    const checkpointer = startCheckpointer(database.sqlite, databaseFile(dataDir));
    expect(database.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const sizeBefore = statSync(databaseFile(dataDir)).size;
    const insert = database.sqlite.prepare('INSERT INTO journal_entries (type, ref_type, ref_id, memo, created_at) VALUES (?, ?, ?, ?, ?)');
    database.sqlite.transaction(() => {
      for (let i = 0; i < 20_000; i++) insert.run('test', 'test', String(i), 'x'.repeat(100), i);
    })();
    // The main connection never checkpoints now: the file grows only when the worker has copied the WAL into it.
    await expect.poll(() => statSync(databaseFile(dataDir)).size, { timeout: 5_000, interval: 50 }).toBeGreaterThan(sizeBefore + 1_000_000);
    await checkpointer.stop();
    expect(database.sqlite.prepare('SELECT count(*) AS n FROM journal_entries').get()).toEqual({ n: 20_000 });
  });
});
