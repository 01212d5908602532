import { assertSafeMinor } from '@openbourse/core';
import type { Statement } from 'better-sqlite3';
import type { Sqlite } from '../db/client.ts';
import { lastIdStatement } from '../db/last-id.ts';
import { AppError } from '../platform/errors.ts';
import { type AccountRef, type Bucket, isSystemRef, SYSTEM_ACCOUNT_TYPE_ID, SYSTEM_ACCOUNTS } from './accounts.ts';

export interface PostingLine {
  account: AccountRef;
  bucket: Bucket;
  /** Signed minor units: positive credits the bucket, negative debits it. */
  amount: number;
}

export interface JournalEntryInput {
  type: string;
  refType: string;
  refId: string | number;
  memo: string;
  lines: PostingLine[];
}

/** A programming error: a journal entry that does not balance must never reach the database. */
export class UnbalancedEntryError extends Error {}

interface Statements {
  findUserAccount: Statement<[number, number, number], { id: number }>;
  insertUserAccount: Statement<[number, number, number], { id: number }>;
  findSystemAccount: Statement<[string, number], { id: number }>;
  insertSystemAccount: Statement<[string, number, number, number], { id: number }>;
  applyToUser: Statement<[BalanceChange & { userId: number; currencyId: number; accountTypeId: number }], AppliedBalances>;
  applyToSystem: Statement<[BalanceChange & { system: string; currencyId: number }], AppliedBalances>;
  insertEntry: Statement<[string, string, string, string, number], { id: number }>;
  accountBalances: Statement<[number], { available: number; frozen: number; allowNegative: number }>;
  moveBalances: Statement<[number, number, number]>;
  /** The highest entry id ever given: deferred entries take the ids after it. */
  lastEntryId: Statement<[], number>;
  /** Multi-row inserts of postings, and of entries with their ids, by number of rows, prepared on first use. */
  insertPostings: Map<number, Statement<(string | number)[]>>;
  insertEntries: Map<number, Statement<(string | number)[]>>;
}

interface BalanceChange {
  available: number;
  frozen: number;
}

interface AppliedBalances {
  id: number;
  available: number;
  frozen: number;
}

/**
 * Both buckets of one account move in one statement found by the account's
 * own key (no id lookup first), refused when either would go below zero on
 * an account not allowed to.
 */
const APPLY_CHANGE = `UPDATE ledger_accounts SET available = available + @available, frozen = frozen + @frozen
  WHERE %KEY% AND (allow_negative = 1 OR (available + @available >= 0 AND frozen + @frozen >= 0))
  RETURNING id, available, frozen`;

/** Raw prepared statements: postings sit on the order path, where query building per call would cost more than the write. */
const statementCache = new WeakMap<Sqlite, Statements>();

function statementsFor(sqlite: Sqlite): Statements {
  let statements = statementCache.get(sqlite);
  if (!statements) {
    statements = {
      findUserAccount: sqlite.prepare('SELECT id FROM ledger_accounts WHERE user_id = ? AND currency_id = ? AND account_type_id = ?'),
      insertUserAccount: sqlite.prepare('INSERT INTO ledger_accounts (user_id, currency_id, account_type_id) VALUES (?, ?, ?) RETURNING id'),
      findSystemAccount: sqlite.prepare('SELECT id FROM ledger_accounts WHERE system_code = ? AND currency_id = ?'),
      insertSystemAccount: sqlite.prepare('INSERT INTO ledger_accounts (system_code, currency_id, account_type_id, allow_negative) VALUES (?, ?, ?, ?) RETURNING id'),
      applyToUser: sqlite.prepare(APPLY_CHANGE.replace('%KEY%', 'user_id = @userId AND currency_id = @currencyId AND account_type_id = @accountTypeId')),
      applyToSystem: sqlite.prepare(APPLY_CHANGE.replace('%KEY%', 'system_code = @system AND currency_id = @currencyId')),
      insertEntry: sqlite.prepare('INSERT INTO journal_entries (type, ref_type, ref_id, memo, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id'),
      accountBalances: sqlite.prepare('SELECT available, frozen, allow_negative AS allowNegative FROM ledger_accounts WHERE id = ?'),
      moveBalances: sqlite.prepare('UPDATE ledger_accounts SET available = available + ?, frozen = frozen + ? WHERE id = ?'),
      lastEntryId: lastIdStatement(sqlite, 'journal_entries'),
      insertPostings: new Map(),
      insertEntries: new Map(),
    };
    statementCache.set(sqlite, statements);
  }
  return statements;
}

/** A multi-row insert of rows of six values, by number of rows, prepared on first use. */
function sixColumnInsert(sqlite: Sqlite, cache: Map<number, Statement<(string | number)[]>>, head: string, rows: number): Statement<(string | number)[]> {
  let statement = cache.get(rows);
  if (!statement) {
    statement = sqlite.prepare(`${head} VALUES ${Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?)').join(', ')}`);
    cache.set(rows, statement);
  }
  return statement;
}

const insertPostingsStatement = (sqlite: Sqlite, statements: Statements, rows: number) =>
  sixColumnInsert(sqlite, statements.insertPostings, 'INSERT INTO postings (entry_id, account_id, currency_id, bucket, amount, balance_after)', rows);

const insertEntriesStatement = (sqlite: Sqlite, statements: Statements, rows: number) =>
  sixColumnInsert(sqlite, statements.insertEntries, 'INSERT INTO journal_entries (id, type, ref_type, ref_id, memo, created_at)', rows);

function findAccountId(statements: Statements, ref: AccountRef): number | undefined {
  return isSystemRef(ref) ? statements.findSystemAccount.get(ref.system, ref.currencyId)?.id : statements.findUserAccount.get(ref.userId, ref.currencyId, ref.accountTypeId)?.id;
}

export function resolveAccountId(sqlite: Sqlite, ref: AccountRef): number {
  const statements = statementsFor(sqlite);
  const existing = findAccountId(statements, ref);
  if (existing !== undefined) return existing;
  if (isSystemRef(ref)) {
    const allowNegative = SYSTEM_ACCOUNTS[ref.system].allowNegative ? 1 : 0;
    return (statements.insertSystemAccount.get(ref.system, ref.currencyId, SYSTEM_ACCOUNT_TYPE_ID, allowNegative) as { id: number }).id;
  }
  return (statements.insertUserAccount.get(ref.userId, ref.currencyId, ref.accountTypeId) as { id: number }).id;
}

const accountKey = (account: AccountRef): string =>
  isSystemRef(account) ? `s:${account.system}:${account.currencyId}` : `u:${account.userId}:${account.currencyId}:${account.accountTypeId}`;

function assertBalanced(lines: PostingLine[]): void {
  if (lines.length < 2) throw new UnbalancedEntryError('a journal entry needs at least two postings');
  const totals = new Map<number, number>();
  for (const line of lines) {
    assertSafeMinor(line.amount);
    if (line.amount === 0) throw new UnbalancedEntryError('zero postings carry no meaning');
    totals.set(line.account.currencyId, (totals.get(line.account.currencyId) ?? 0) + line.amount);
  }
  for (const [currencyId, total] of totals) {
    if (total !== 0) throw new UnbalancedEntryError(`entry does not net to zero in currency ${currencyId}: ${total}`);
  }
}

/** One account's lines of an entry, applied together. */
interface AccountChange {
  account: AccountRef;
  change: BalanceChange;
  /** Indexes into the entry's lines, in order. */
  lines: number[];
}

/**
 * The entry's lines grouped by account, or null when one account and bucket
 * appear twice: then each line must see the balance the previous one left,
 * and the lines are applied one by one.
 */
function changesByAccount(lines: PostingLine[]): AccountChange[] | null {
  const changes = new Map<string, AccountChange>();
  for (const [index, line] of lines.entries()) {
    const { account } = line;
    const key = accountKey(account);
    let grouped = changes.get(key);
    if (!grouped) {
      grouped = { account, change: { available: 0, frozen: 0 }, lines: [] };
      changes.set(key, grouped);
    } else if (grouped.lines.some((other) => lines[other]?.bucket === line.bucket)) {
      return null;
    }
    grouped.change[line.bucket] += line.amount;
    grouped.lines.push(index);
  }
  return [...changes.values()];
}

/** Moves one account's buckets; the account is created on first use. Answers its id and new balances, or throws when a balance would go negative. */
function applyChange(sqlite: Sqlite, statements: Statements, account: AccountRef, change: BalanceChange): AppliedBalances {
  const apply = () => (isSystemRef(account) ? statements.applyToSystem.get({ ...change, ...account }) : statements.applyToUser.get({ ...change, ...account }));
  let applied = apply();
  if (!applied) {
    // No row: either the account does not exist yet, or the change would take it below zero.
    resolveAccountId(sqlite, account);
    applied = apply();
    if (!applied) throw new AppError('errors.insufficientBalance');
  }
  assertSafeMinor(applied.available);
  assertSafeMinor(applied.frozen);
  return applied;
}

/**
 * Writes one balanced journal entry and moves the balances it names. Must run
 * inside the caller's transaction: an insufficient balance throws and the
 * whole command, not just this entry, rolls back.
 */
export function post(sqlite: Sqlite, entry: JournalEntryInput, now: number): number {
  if (!sqlite.inTransaction) throw new Error('ledger postings must run inside a database transaction');
  const deferral = deferrals.get(sqlite);
  if (deferral) return deferral.post(entry, now);
  const { lines } = entry;
  assertBalanced(lines);
  const statements = statementsFor(sqlite);
  const entryId = (statements.insertEntry.get(entry.type, entry.refType, String(entry.refId), entry.memo, now) as { id: number }).id;
  const values: (string | number)[] = new Array(lines.length * 6);
  const record = (index: number, accountId: number, balanceAfter: number) => {
    const line = lines[index] as PostingLine;
    const at = index * 6;
    values[at] = entryId;
    values[at + 1] = accountId;
    values[at + 2] = line.account.currencyId;
    values[at + 3] = line.bucket;
    values[at + 4] = line.amount;
    values[at + 5] = balanceAfter;
  };
  const grouped = changesByAccount(lines);
  if (grouped) {
    for (const { account, change, lines: indexes } of grouped) {
      const applied = applyChange(sqlite, statements, account, change);
      for (const index of indexes) record(index, applied.id, applied[(lines[index] as PostingLine).bucket]);
    }
  } else {
    lines.forEach((line, index) => {
      const applied = applyChange(sqlite, statements, line.account, line.bucket === 'available' ? { available: line.amount, frozen: 0 } : { available: 0, frozen: line.amount });
      record(index, applied.id, applied[line.bucket]);
    });
  }
  insertPostingsStatement(sqlite, statements, lines.length).run(...values);
  return entryId;
}

/** Rows per multi-row insert of deferred entries and postings: 6 values each, far below SQLite's limit of bound values. */
const ROWS_PER_INSERT = 200;

/** An account as deferred postings have moved it so far; written once, when the deferral ends. */
interface RunningAccount {
  id: number;
  available: number;
  frozen: number;
  allowNegative: boolean;
  /** Its balances when the deferral first read it: the single UPDATE writes the difference. */
  readAvailable: number;
  readFrozen: number;
}

/** Where a deferral stood: rolling back to it forgets every posting made since, as a savepoint does the rows. */
interface DeferralMark {
  entryValues: number;
  postingValues: number;
  undo: number;
  nextEntryId: number | null;
}

/** One step of the undo log: an account's balances before a move, or an account first read (forgotten on rollback: its row may be rolled back too). */
type UndoStep = { account: RunningAccount; available: number; frozen: number } | { key: string };

/**
 * Postings made inside one transaction, kept in memory and written at its
 * end: each entry exactly as post() would write it (its entry row, its
 * postings with the balance after them, refused as a whole when it would take
 * an account below zero), but every account is read once and updated once, and
 * entries and postings go in multi-row inserts with ids assigned up front. A
 * group commit touches the same few accounts (the traders', the market
 * maker's, the fee account) dozens of times, and those statements were most of
 * its ledger cost. Balances read during the deferral (balanceOf) include what
 * it has moved. Nothing else may write ledger rows while it runs: post() and
 * postMany() join it.
 */
class DeferredPostings {
  private readonly accounts = new Map<string, RunningAccount>();
  private entryValues: (string | number)[] = [];
  private postingValues: (string | number)[] = [];
  private readonly undo: UndoStep[] = [];
  private nextEntryId: number | null = null;

  constructor(
    private readonly sqlite: Sqlite,
    private readonly statements: Statements,
  ) {}

  mark(): DeferralMark {
    return { entryValues: this.entryValues.length, postingValues: this.postingValues.length, undo: this.undo.length, nextEntryId: this.nextEntryId };
  }

  rollbackTo(mark: DeferralMark): void {
    while (this.undo.length > mark.undo) {
      const step = this.undo.pop() as UndoStep;
      if ('key' in step) this.accounts.delete(step.key);
      else {
        step.account.available = step.available;
        step.account.frozen = step.frozen;
      }
    }
    this.entryValues.length = mark.entryValues;
    this.postingValues.length = mark.postingValues;
    this.nextEntryId = mark.nextEntryId;
  }

  /** The account's running balances; with `create` false, undefined when it has no row yet (a read must not create one). */
  running(account: AccountRef, create = true): RunningAccount | undefined {
    const key = accountKey(account);
    let found = this.accounts.get(key);
    if (!found) {
      const id = create ? resolveAccountId(this.sqlite, account) : findAccountId(this.statements, account);
      if (id === undefined) return undefined;
      const balances = this.statements.accountBalances.get(id) as { available: number; frozen: number; allowNegative: number };
      found = { id, available: balances.available, frozen: balances.frozen, allowNegative: balances.allowNegative === 1, readAvailable: balances.available, readFrozen: balances.frozen };
      this.accounts.set(key, found);
      this.undo.push({ key });
    }
    return found;
  }

  post(entry: JournalEntryInput, now: number): number {
    const { lines } = entry;
    assertBalanced(lines);
    // As post(): an entry's lines on one account move it together, unless one account and bucket appear twice.
    const grouped = changesByAccount(lines);
    const steps = grouped
      ? grouped.map(({ account, change, lines: indexes }) => ({ account, change, indexes }))
      : lines.map((line, index) => ({ account: line.account, change: line.bucket === 'available' ? { available: line.amount, frozen: 0 } : { available: 0, frozen: line.amount }, indexes: [index] }));
    // Worked out on the side first: a refused entry moves nothing.
    const after = new Map<RunningAccount, BalanceChange>();
    const balanceAfter: number[] = new Array(lines.length);
    const accountIds: number[] = new Array(lines.length);
    for (const step of steps) {
      const account = this.running(step.account) as RunningAccount;
      const current = after.get(account) ?? { available: account.available, frozen: account.frozen };
      const next = { available: current.available + step.change.available, frozen: current.frozen + step.change.frozen };
      if (!account.allowNegative && (next.available < 0 || next.frozen < 0)) throw new AppError('errors.insufficientBalance');
      assertSafeMinor(next.available);
      assertSafeMinor(next.frozen);
      after.set(account, next);
      for (const index of step.indexes) {
        accountIds[index] = account.id;
        balanceAfter[index] = next[(lines[index] as PostingLine).bucket];
      }
    }
    for (const [account, next] of after) {
      this.undo.push({ account, available: account.available, frozen: account.frozen });
      account.available = next.available;
      account.frozen = next.frozen;
    }
    this.nextEntryId ??= (this.statements.lastEntryId.get() as number) + 1;
    const entryId = this.nextEntryId++;
    this.entryValues.push(entryId, entry.type, entry.refType, String(entry.refId), entry.memo, now);
    lines.forEach((line, index) => {
      this.postingValues.push(entryId, accountIds[index] as number, line.account.currencyId, line.bucket, line.amount, balanceAfter[index] as number);
    });
    return entryId;
  }

  /** Writes everything posted: entries first (postings name them), then postings, then one update per account moved. */
  write(): void {
    insertRows(this.entryValues, (rows) => insertEntriesStatement(this.sqlite, this.statements, rows));
    insertRows(this.postingValues, (rows) => insertPostingsStatement(this.sqlite, this.statements, rows));
    for (const account of this.accounts.values()) {
      const available = account.available - account.readAvailable;
      const frozen = account.frozen - account.readFrozen;
      if (available !== 0 || frozen !== 0) this.statements.moveBalances.run(available, frozen, account.id);
    }
  }
}

/** Inserts rows of 6 values each, ROWS_PER_INSERT at a time. */
function insertRows(values: (string | number)[], statementFor: (rows: number) => Statement<(string | number)[]>): void {
  for (let start = 0; start < values.length; start += ROWS_PER_INSERT * 6) {
    const chunk = values.slice(start, start + ROWS_PER_INSERT * 6);
    statementFor(chunk.length / 6).run(...chunk);
  }
}

/** The open deferral of each connection (see deferringPostings). */
const deferrals = new WeakMap<Sqlite, DeferredPostings>();

/**
 * Runs `work` with its postings deferred (see DeferredPostings), inside the
 * caller's transaction, and writes them when it returns. Inside another
 * deferral it joins it and acts as its savepoint: if `work` throws, what it
 * posted is forgotten, and the caller's savepoint rolls back the rows. If the
 * outermost `work` throws, nothing it posted is written.
 */
export function deferringPostings<T>(sqlite: Sqlite, work: () => T): T {
  if (!sqlite.inTransaction) throw new Error('ledger postings must run inside a database transaction');
  const open = deferrals.get(sqlite);
  if (open) {
    const mark = open.mark();
    try {
      return work();
    } catch (error) {
      open.rollbackTo(mark);
      throw error;
    }
  }
  const deferral = new DeferredPostings(sqlite, statementsFor(sqlite));
  deferrals.set(sqlite, deferral);
  try {
    const result = work();
    deferral.write();
    return result;
  } finally {
    deferrals.delete(sqlite);
  }
}

/**
 * An account's balances as they stand in this transaction, postings deferred
 * so far included; undefined when the account has never been used.
 */
export function balanceOf(sqlite: Sqlite, account: AccountRef): { available: number; frozen: number } | undefined {
  const running = deferrals.get(sqlite)?.running(account, false);
  if (running) return { available: running.available, frozen: running.frozen };
  const statements = statementsFor(sqlite);
  const id = findAccountId(statements, account);
  if (id === undefined) return undefined;
  const { available, frozen } = statements.accountBalances.get(id) as { available: number; frozen: number };
  return { available, frozen };
}

/**
 * Writes many balanced journal entries, each exactly as post() would one
 * after another, with every account read and moved once (see
 * DeferredPostings): a settlement run of a thousand options touches the same
 * few accounts a thousand times. Must run inside the caller's transaction,
 * which rolls back as a whole on a refusal. Answers the entry ids in order.
 */
export function postMany(sqlite: Sqlite, entries: JournalEntryInput[], now: number): number[] {
  return deferringPostings(sqlite, () => entries.map((entry) => post(sqlite, entry, now)));
}

/** Moves an amount from a holder's available to its frozen bucket (an order or withdrawal hold). */
export function holdLines(account: AccountRef, amount: number): PostingLine[] {
  return [
    { account, bucket: 'available', amount: -amount },
    { account, bucket: 'frozen', amount },
  ];
}

/** Returns a held amount to available. */
export function releaseLines(account: AccountRef, amount: number): PostingLine[] {
  return [
    { account, bucket: 'frozen', amount: -amount },
    { account, bucket: 'available', amount },
  ];
}

/** Moves an amount between two holders' available buckets (same currency). */
export function transferLines(from: AccountRef, to: AccountRef, amount: number): PostingLine[] {
  return [
    { account: from, bucket: 'available', amount: -amount },
    { account: to, bucket: 'available', amount },
  ];
}
