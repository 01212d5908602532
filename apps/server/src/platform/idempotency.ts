import type { Statement } from 'better-sqlite3';
import { z } from 'zod';
import type { Sqlite } from '../db/client.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import type { ScheduledJob } from './scheduler.ts';

/**
 * Idempotency keys (`client_oid`) for requests that move money or place
 * anything. The H5 app sends a fresh key per tap; a retry of the same tap
 * (a double submit, a resend after a lost answer) carries the same key, and
 * the same user sending the same key for the same action within 24 hours
 * gets the first request's result back, never a second effect. Keys are per
 * user: another user's identical key is unrelated.
 *
 * Two ways to use it:
 * - `onceInTransaction` inside the synchronous transaction that has the
 *   effect (the exchange's group commit): the claim commits or rolls back
 *   with the effect, and a duplicate in the same batch sees the first one's
 *   row because it runs after it in the same transaction.
 * - `runOnce` around an async handler: the key is claimed before the handler
 *   runs and the answer stored after it; a concurrent duplicate in this
 *   process waits for the first and gets its answer. If the process dies
 *   between the effect and storing the answer, the key stays claimed without
 *   an answer and a retry is refused: at most once, never twice.
 */

export const CLIENT_OID_WINDOW_MS = 24 * 3_600_000;

/** The optional form field: 1-36 characters of [A-Za-z0-9_-] (a UUID fits); empty means absent. */
export const clientOidField = () =>
  z
    .preprocess((value) => (value === '' || value === null ? undefined : value), z.string().regex(/^[A-Za-z0-9_-]{1,36}$/).optional())
    .describe(
      'Idempotency key, 1-36 characters of A-Z a-z 0-9 _ -. The same user sending the same key to the same endpoint again within 24 hours gets the first result back instead of a second effect.',
    );

export interface IdempotencyKey {
  userId: number;
  /** The action (`spot.trade`, `wallet.out`...): the same key on two endpoints labels two requests. */
  scope: string;
  clientOid: string;
}

/** The key of a request, or undefined when the client sent none. */
export function idempotencyKey(userId: number, scope: string, clientOid: string | undefined): IdempotencyKey | undefined {
  return clientOid === undefined ? undefined : { userId, scope, clientOid };
}

interface Statements {
  find: Statement<[number, string, string], { result: string | null }>;
  claim: Statement<[number, string, string, number, number]>;
  claimWithResult: Statement<[number, string, string, string, number, number]>;
  complete: Statement<[string, number, string, string]>;
  release: Statement<[number, string, string]>;
  purge: Statement<[number]>;
}

/** Prepared once per connection: the exchange consults them on every keyed order. */
const statementsByConnection = new WeakMap<Sqlite, Statements>();

function statementsFor(sqlite: Sqlite): Statements {
  let statements = statementsByConnection.get(sqlite);
  if (!statements) {
    statements = {
      find: sqlite.prepare('SELECT result FROM client_orders WHERE user_id = ? AND scope = ? AND client_oid = ?'),
      // One statement on the usual path (a new key); an expired row of the same key is taken over: the window is 24 hours, not forever.
      claim: sqlite.prepare(
        `INSERT INTO client_orders (user_id, scope, client_oid, result, created_at) VALUES (?, ?, ?, NULL, ?)
         ON CONFLICT (user_id, scope, client_oid) DO UPDATE SET result = NULL, created_at = excluded.created_at WHERE client_orders.created_at <= ?`,
      ),
      claimWithResult: sqlite.prepare(
        `INSERT INTO client_orders (user_id, scope, client_oid, result, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_id, scope, client_oid) DO UPDATE SET result = excluded.result, created_at = excluded.created_at WHERE client_orders.created_at <= ?`,
      ),
      complete: sqlite.prepare('UPDATE client_orders SET result = ? WHERE user_id = ? AND scope = ? AND client_oid = ?'),
      release: sqlite.prepare('DELETE FROM client_orders WHERE user_id = ? AND scope = ? AND client_oid = ? AND result IS NULL'),
      purge: sqlite.prepare('DELETE FROM client_orders WHERE created_at <= ?'),
    };
    statementsByConnection.set(sqlite, statements);
  }
  return statements;
}

type Claim = { claimed: true } | { claimed: false; result: string | null };

/** Must run inside a transaction: answers the earlier request's stored result, or claims the key. */
function claim(sqlite: Sqlite, key: IdempotencyKey, now: number): Claim {
  const statements = statementsFor(sqlite);
  if (statements.claim.run(key.userId, key.scope, key.clientOid, now, now - CLIENT_OID_WINDOW_MS).changes === 1) return { claimed: true };
  const earlier = statements.find.get(key.userId, key.scope, key.clientOid);
  return { claimed: false, result: earlier?.result ?? null };
}

function complete(sqlite: Sqlite, key: IdempotencyKey, result: unknown): void {
  statementsFor(sqlite).complete.run(JSON.stringify(result ?? null), key.userId, key.scope, key.clientOid);
}

/**
 * For a command that runs inside one synchronous transaction: `earlier` is
 * what the first request with this key stored (its result), or undefined
 * after the key was claimed for this one; `record` stores this one's result
 * in the same transaction. A rollback takes the claim with it.
 */
export function onceInTransaction<T>(sqlite: Sqlite, key: IdempotencyKey, now: number): { earlier: T | undefined; record(result: T): void } {
  const outcome = claim(sqlite, key, now);
  if (!outcome.claimed) {
    // Inside one transaction the first request either stored its result or rolled its claim back, so null is a crashed run's leftover.
    if (outcome.result === null) throw new AppError('errors.requestInProgress');
    return { earlier: JSON.parse(outcome.result) as T, record: () => {} };
  }
  return { earlier: undefined, record: (result) => complete(sqlite, key, result) };
}

/**
 * For a command whose result is known before its effect is written (an
 * order whose id is assigned up front): claims the key and stores the result
 * in one statement, inside the caller's transaction. Answers false, writing
 * nothing, when the key belongs to an earlier request; onceInTransaction then
 * reads what that one stored.
 */
export function claimWithResult(sqlite: Sqlite, key: IdempotencyKey, now: number, result: unknown): boolean {
  return statementsFor(sqlite).claimWithResult.run(key.userId, key.scope, key.clientOid, JSON.stringify(result), now, now - CLIENT_OID_WINDOW_MS).changes === 1;
}

/** Requests still running, per database and key: a concurrent duplicate shares the first one's promise. */
const inFlightByConnection = new WeakMap<Sqlite, Map<string, Promise<unknown>>>();

function inFlightOf(sqlite: Sqlite): Map<string, Promise<unknown>> {
  let inFlight = inFlightByConnection.get(sqlite);
  if (!inFlight) {
    inFlight = new Map();
    inFlightByConnection.set(sqlite, inFlight);
  }
  return inFlight;
}

const flightId = (key: IdempotencyKey) => `${key.userId}\u0000${key.scope}\u0000${key.clientOid}`;

/**
 * Runs `execute` once per key: a repeat answers the first result (as JSON
 * sent it), a concurrent repeat waits for the first. A refusal (a business
 * error, nothing changed) releases the key, so fixing the input and sending
 * again with the same key works. Without a key, just runs `execute`.
 */
export function runOnce<T>(ctx: AppContext, key: IdempotencyKey | undefined, execute: () => Promise<T>): Promise<T> {
  if (!key) return execute();
  const inFlight = inFlightOf(ctx.sqlite);
  const id = flightId(key);
  const running = inFlight.get(id);
  if (running) return running as Promise<T>;
  const outcome = ctx.sqlite.transaction(() => claim(ctx.sqlite, key, ctx.now())).immediate();
  if (!outcome.claimed) {
    if (outcome.result === null) return Promise.reject(new AppError('errors.requestInProgress'));
    return Promise.resolve(JSON.parse(outcome.result) as T);
  }
  // execute starts on the next microtask, after the promise is registered for duplicates.
  const first = Promise.resolve()
    .then(execute)
    .then(
      (result) => {
        // Stored as the client received it (JSON), so a repeat answers exactly the same.
        const answered = JSON.parse(JSON.stringify(result ?? null)) as T;
        complete(ctx.sqlite, key, answered);
        return answered;
      },
      (error: unknown) => {
        statementsFor(ctx.sqlite).release.run(key.userId, key.scope, key.clientOid);
        throw error;
      },
    )
    .finally(() => inFlight.delete(id));
  inFlight.set(id, first);
  return first;
}

/** Keys older than the window answer nothing any more: an hourly job deletes them. */
export function purgeExpiredKeysJob(sqlite: Sqlite): ScheduledJob {
  return {
    name: 'idempotency.purge',
    everyMs: 3_600_000,
    run: (now) => {
      statementsFor(sqlite).purge.run(now - CLIENT_OID_WINDOW_MS);
    },
  };
}
