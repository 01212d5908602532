import { assertSafeMinor } from '@openbourse/core';
import type { Statement } from 'better-sqlite3';
import type { Sqlite } from '../db/client.ts';
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
  /** Multi-row inserts of postings by number of rows, prepared on first use. */
  insertPostings: Map<number, Statement<(string | number)[]>>;
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
      insertPostings: new Map(),
    };
    statementCache.set(sqlite, statements);
  }
  return statements;
}

function insertPostingsStatement(sqlite: Sqlite, statements: Statements, rows: number): Statement<(string | number)[]> {
  let statement = statements.insertPostings.get(rows);
  if (!statement) {
    const values = Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?)').join(', ');
    statement = sqlite.prepare(`INSERT INTO postings (entry_id, account_id, currency_id, bucket, amount, balance_after) VALUES ${values}`);
    statements.insertPostings.set(rows, statement);
  }
  return statement;
}

export function resolveAccountId(sqlite: Sqlite, ref: AccountRef): number {
  const statements = statementsFor(sqlite);
  if (isSystemRef(ref)) {
    const existing = statements.findSystemAccount.get(ref.system, ref.currencyId);
    if (existing) return existing.id;
    const allowNegative = SYSTEM_ACCOUNTS[ref.system].allowNegative ? 1 : 0;
    return (statements.insertSystemAccount.get(ref.system, ref.currencyId, SYSTEM_ACCOUNT_TYPE_ID, allowNegative) as { id: number }).id;
  }
  const existing = statements.findUserAccount.get(ref.userId, ref.currencyId, ref.accountTypeId);
  if (existing) return existing.id;
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

/** Postings per multi-row insert in postMany: 6 values each, far below SQLite's limit of bound values. */
const POSTINGS_PER_INSERT = 200;

/** An account's balances as postMany moves them in memory, written once at the end. */
interface RunningAccount {
  id: number;
  available: number;
  frozen: number;
  allowNegative: boolean;
  /** What the entries moved, written in one UPDATE. */
  moved: BalanceChange;
}

/**
 * Writes many balanced journal entries, each exactly as post() would one
 * after another (its own entry row, its postings with the balance after them,
 * refused as a whole when it would take an account below zero), but moves
 * each account's balances in memory and writes them once: a settlement run of
 * a thousand options touches the same few accounts a thousand times, and
 * those updates were most of its cost. Must run inside the caller's
 * transaction, which rolls back as a whole on a refusal. Answers the entry ids
 * in order.
 */
export function postMany(sqlite: Sqlite, entries: JournalEntryInput[], now: number): number[] {
  if (!sqlite.inTransaction) throw new Error('ledger postings must run inside a database transaction');
  const statements = statementsFor(sqlite);
  const accounts = new Map<string, RunningAccount>();
  const running = (account: AccountRef): RunningAccount => {
    const key = accountKey(account);
    let found = accounts.get(key);
    if (!found) {
      const id = resolveAccountId(sqlite, account);
      const balances = statements.accountBalances.get(id) as { available: number; frozen: number; allowNegative: number };
      found = { id, available: balances.available, frozen: balances.frozen, allowNegative: balances.allowNegative === 1, moved: { available: 0, frozen: 0 } };
      accounts.set(key, found);
    }
    return found;
  };
  const postingValues: (string | number)[] = [];
  const entryIds = entries.map((entry) => {
    assertBalanced(entry.lines);
    const entryId = (statements.insertEntry.get(entry.type, entry.refType, String(entry.refId), entry.memo, now) as { id: number }).id;
    // As in post(): an entry's lines on one account move it together, and each line records the balance after the entry.
    const lineAccounts = entry.lines.map((line) => running(line.account));
    const changes = new Map<RunningAccount, BalanceChange>();
    entry.lines.forEach((line, index) => {
      const account = lineAccounts[index] as RunningAccount;
      const change = changes.get(account) ?? { available: 0, frozen: 0 };
      change[line.bucket] += line.amount;
      changes.set(account, change);
    });
    for (const [account, change] of changes) {
      const available = account.available + change.available;
      const frozen = account.frozen + change.frozen;
      if (!account.allowNegative && (available < 0 || frozen < 0)) throw new AppError('errors.insufficientBalance');
      assertSafeMinor(available);
      assertSafeMinor(frozen);
      account.available = available;
      account.frozen = frozen;
      account.moved.available += change.available;
      account.moved.frozen += change.frozen;
    }
    entry.lines.forEach((line, index) => {
      const account = lineAccounts[index] as RunningAccount;
      postingValues.push(entryId, account.id, line.account.currencyId, line.bucket, line.amount, account[line.bucket]);
    });
    return entryId;
  });
  for (let start = 0; start < postingValues.length; start += POSTINGS_PER_INSERT * 6) {
    const chunk = postingValues.slice(start, start + POSTINGS_PER_INSERT * 6);
    insertPostingsStatement(sqlite, statements, chunk.length / 6).run(...chunk);
  }
  for (const account of accounts.values()) {
    if (account.moved.available !== 0 || account.moved.frozen !== 0) statements.moveBalances.run(account.moved.available, account.moved.frozen, account.id);
  }
  return entryIds;
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
