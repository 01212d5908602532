import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Sqlite } from './client.ts';

/** How often the worker copies committed WAL frames into the database file. */
const CHECKPOINT_EVERY_MS = 100;
/** What SQLite's own automatic checkpoint uses (pages), restored if the worker stops unexpectedly. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;
/** How long stop() waits for the worker to close its connection before ending it. */
const STOP_DEADLINE_MS = 2_000;
/** A WAL that grew past this under a burst is cut back to it once checkpointed. */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * The worker: its own connection to the database file, a passive checkpoint
 * on a timer (PASSIVE copies what no reader still needs and returns at once;
 * it never waits for, or blocks, the writer), closed on 'stop'. Plain
 * CommonJS evaluated as is, so it runs the same under tsx, vitest and node.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const database = new Database(workerData.file, { fileMustExist: true });
database.pragma('busy_timeout = 5000');
const timer = setInterval(() => database.pragma('wal_checkpoint(PASSIVE)'), workerData.everyMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  database.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Stops the worker after its current checkpoint; the database stays open. */
  stop(): Promise<void>;
}

/**
 * Moves WAL checkpoints off the thread that answers requests. SQLite's
 * automatic checkpoint runs inside whichever commit crosses the WAL's size
 * threshold: that commit then copies megabytes into the database file and
 * waits for its fsync, and every order in the group commit waits with it
 * (the spikes of bench:api's p99). Here a worker thread with its own
 * connection runs a passive checkpoint every CHECKPOINT_EVERY_MS, which never
 * blocks the writer, and the answering connection's automatic checkpoint is
 * off. If the worker dies, the automatic checkpoint comes back.
 */
export function startCheckpointer(sqlite: Sqlite, file: string): Checkpointer {
  sqlite.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  sqlite.pragma('wal_autocheckpoint = 0');
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, file, everyMs: CHECKPOINT_EVERY_MS } });
  let stopping = false;
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', () => {
      if (!stopping && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
      resolve();
    });
  });
  // An error ends the worker (its exit restores the automatic checkpoint); it must not end the server.
  worker.on('error', (error) => console.error('WAL checkpoint worker failed:', error));
  worker.unref();
  return {
    stop: () => {
      stopping = true;
      worker.postMessage('stop');
      // A checkpoint stuck on the disk must not hold up the shutdown: the WAL it left is read back on the next open.
      const deadline = setTimeout(() => void worker.terminate(), STOP_DEADLINE_MS);
      return exited.finally(() => clearTimeout(deadline));
    },
  };
}
