import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import type { AccountRef } from './accounts.ts';
import { checkLedger } from './check.ts';
import { type JournalEntryInput, post, postMany } from './ledger.ts';

const USDT = 3;

/** A holder with 100.00 in frozen, and settlements that each pay or take from the house as options do. */
function settlements(holder: AccountRef, count: number): JournalEntryInput[] {
  const house: AccountRef = { system: 'house', currencyId: USDT };
  return Array.from({ length: count }, (_, index) => {
    const stake = 100 + index;
    const payout = index % 3 === 0 ? 0 : index % 3 === 1 ? stake : stake * 2;
    const lines = [
      { account: holder, bucket: 'frozen' as const, amount: -stake },
      { account: holder, bucket: 'available' as const, amount: payout },
      { account: house, bucket: 'available' as const, amount: stake - payout },
    ];
    return { type: 'option_settle', refType: 'seconds_option', refId: index + 1, memo: `settlement ${index + 1}`, lines: lines.filter((line) => line.amount !== 0) };
  });
}

describe('postMany', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let holder: AccountRef;

  const fund = (amount: number) =>
    handle.sqlite.transaction(() =>
      post(
        handle.sqlite,
        {
          type: 'deposit',
          refType: 'test',
          refId: 0,
          memo: 'funding',
          lines: [
            { account: { system: 'deposit_clearing', currencyId: USDT }, bucket: 'available', amount: -amount },
            { account: holder, bucket: 'frozen', amount },
          ],
        },
        1,
      ),
    )();

  const postingsOf = () =>
    handle.sqlite.prepare('SELECT p.bucket, p.amount, p.balance_after AS balanceAfter, e.ref_id AS refId FROM postings p JOIN journal_entries e ON e.id = p.entry_id WHERE e.type = ? ORDER BY p.id').all('option_settle');
  const balances = () => handle.sqlite.prepare('SELECT system_code AS system, available, frozen FROM ledger_accounts ORDER BY id').all();

  /** A fresh database with the one currency and the one user the postings name. */
  const freshDatabase = () => {
    dir = mkdtempSync(join(tmpdir(), 'ledger-'));
    handle = openDatabase(dir);
    handle.sqlite
      .prepare("INSERT INTO currencies (id, symbol, name, kind, scale, display_decimals, chains, icon, reference_price, sort) VALUES (?, 'USDT', 'Tether', 'crypto', 2, 2, '[]', '', '1', 1)")
      .run(USDT);
    const user = handle.sqlite.prepare("INSERT INTO users (email, password_hash, nickname, invite_code, created_at) VALUES ('a@b.c', 'x', 'a', 'CODE1', 1) RETURNING id").get() as { id: number };
    holder = { userId: user.id, currencyId: USDT, accountTypeId: 4 };
  };

  beforeEach(freshDatabase);

  afterEach(() => {
    handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes what post() would write one entry after another: the same postings, balances after them and final balances', () => {
    const entries = settlements(holder, 30);
    const total = entries.reduce((sum, entry) => sum + -(entry.lines[0]?.amount ?? 0), 0);

    fund(total);
    handle.sqlite.transaction(() => {
      for (const entry of entries) post(handle.sqlite, entry, 2);
    })();
    const oneByOne = { postings: postingsOf(), balances: balances() };

    handle.close();
    rmSync(dir, { recursive: true, force: true });
    freshDatabase();

    fund(total);
    const ids = handle.sqlite.transaction(() => postMany(handle.sqlite, entries, 2))();
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect(postingsOf()).toEqual(oneByOne.postings);
    expect(balances()).toEqual(oneByOne.balances);
    expect(checkLedger(handle.sqlite).ok).toBe(true);
  });

  it('refuses the whole batch when one entry would take an account below zero, and writes nothing', () => {
    const entries = settlements(holder, 10);
    fund(500);
    const before = { postings: postingsOf(), balances: balances() };
    expect(() => handle.sqlite.transaction(() => postMany(handle.sqlite, entries, 2))()).toThrow(expect.objectContaining({ key: 'errors.insufficientBalance' }));
    expect({ postings: postingsOf(), balances: balances() }).toEqual(before);
    expect(checkLedger(handle.sqlite).ok).toBe(true);
  });

  it('refuses an entry that does not balance, and runs only inside a transaction', () => {
    const [entry] = settlements(holder, 2);
    const unbalanced = { ...(entry as JournalEntryInput), lines: (entry as JournalEntryInput).lines.slice(0, 1) };
    fund(1000);
    expect(() => handle.sqlite.transaction(() => postMany(handle.sqlite, [unbalanced], 2))()).toThrow();
    expect(() => postMany(handle.sqlite, settlements(holder, 1), 2)).toThrow(/inside a database transaction/);
  });
});
