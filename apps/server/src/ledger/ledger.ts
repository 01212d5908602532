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
  applyAvailable: Statement<[{ amount: number; id: number }], { balance: number }>;
  applyFrozen: Statement<[{ amount: number; id: number }], { balance: number }>;
  insertEntry: Statement<[string, string, string, string, number], { id: number }>;
  insertPosting: Statement<[number, number, number, string, number, number]>;
}

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
      applyAvailable: sqlite.prepare('UPDATE ledger_accounts SET available = available + @amount WHERE id = @id AND (allow_negative = 1 OR available + @amount >= 0) RETURNING available AS balance'),
      applyFrozen: sqlite.prepare('UPDATE ledger_accounts SET frozen = frozen + @amount WHERE id = @id AND (allow_negative = 1 OR frozen + @amount >= 0) RETURNING frozen AS balance'),
      insertEntry: sqlite.prepare('INSERT INTO journal_entries (type, ref_type, ref_id, memo, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id'),
      insertPosting: sqlite.prepare('INSERT INTO postings (entry_id, account_id, currency_id, bucket, amount, balance_after) VALUES (?, ?, ?, ?, ?, ?)'),
    };
    statementCache.set(sqlite, statements);
  }
  return statements;
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

/**
 * Writes one balanced journal entry and moves the balances it names. Must run
 * inside the caller's transaction: an insufficient balance throws and the
 * whole command, not just this entry, rolls back.
 */
export function post(sqlite: Sqlite, entry: JournalEntryInput, now: number): number {
  if (!sqlite.inTransaction) throw new Error('ledger postings must run inside a database transaction');
  assertBalanced(entry.lines);
  const statements = statementsFor(sqlite);
  const entryId = (statements.insertEntry.get(entry.type, entry.refType, String(entry.refId), entry.memo, now) as { id: number }).id;
  for (const line of entry.lines) {
    const accountId = resolveAccountId(sqlite, line.account);
    const apply = line.bucket === 'available' ? statements.applyAvailable : statements.applyFrozen;
    const updated = apply.get({ amount: line.amount, id: accountId });
    if (!updated) throw new AppError('errors.insufficientBalance');
    assertSafeMinor(updated.balance);
    statements.insertPosting.run(entryId, accountId, line.account.currencyId, line.bucket, line.amount, updated.balance);
  }
  return entryId;
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
