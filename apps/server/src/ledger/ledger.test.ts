import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client.ts';
import type { AccountRef } from './accounts.ts';
import { checkLedger } from './check.ts';
import { balanceOf, deferringPostings, type JournalEntryInput, post, postMany } from './ledger.ts';

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

describe('postMany', () => {
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

describe('deferringPostings', () => {
  const spot = (accountTypeId: number): AccountRef => ({ ...holder, accountTypeId }) as AccountRef;
  const fees: AccountRef = { system: 'fees', currencyId: USDT };

  /** Holds, fills, fees and releases across accounts, one entry naming an account and bucket twice, and an account first used here. */
  const trading = (): JournalEntryInput[] => [
    { type: 'spot_hold', refType: 'spot_order', refId: 1, memo: 'hold 1', lines: [{ account: holder, bucket: 'frozen', amount: -400 }, { account: spot(2), bucket: 'frozen', amount: 400 }] },
    { type: 'spot_trade', refType: 'spot_trade', refId: 1, memo: 'fill', lines: [{ account: spot(2), bucket: 'frozen', amount: -150 }, { account: spot(2), bucket: 'available', amount: 140 }, { account: fees, bucket: 'available', amount: 10 }] },
    { type: 'twice', refType: 'test', refId: 2, memo: 'same bucket twice', lines: [{ account: spot(2), bucket: 'available', amount: -40 }, { account: spot(2), bucket: 'available', amount: -60 }, { account: spot(5), bucket: 'available', amount: 100 }] },
    { type: 'spot_release', refType: 'spot_order', refId: 1, memo: 'release 1', lines: [{ account: spot(2), bucket: 'frozen', amount: -250 }, { account: spot(2), bucket: 'available', amount: 250 }] },
    { type: 'rebate', refType: 'spot_trade', refId: 1, memo: 'rebate', lines: [{ account: fees, bucket: 'available', amount: -2 }, { account: spot(5), bucket: 'available', amount: 2 }] },
  ];
  const everything = () => ({
    entries: handle.sqlite.prepare('SELECT id, type, ref_type, ref_id, memo, created_at FROM journal_entries ORDER BY id').all(),
    postings: handle.sqlite.prepare('SELECT id, entry_id, account_id, currency_id, bucket, amount, balance_after FROM postings ORDER BY id').all(),
    accounts: handle.sqlite.prepare('SELECT * FROM ledger_accounts ORDER BY id').all(),
  });

  it('writes exactly what post() writes entry by entry: the same entry ids and rows, postings with their balances after, and final balances', () => {
    fund(1000);
    handle.sqlite.transaction(() => {
      for (const entry of trading()) post(handle.sqlite, entry, 2);
    })();
    const direct = everything();

    handle.close();
    rmSync(dir, { recursive: true, force: true });
    freshDatabase();
    fund(1000);
    const ids = handle.sqlite.transaction(() => deferringPostings(handle.sqlite, () => trading().map((entry) => post(handle.sqlite, entry, 2))))();
    expect(ids).toEqual((direct.entries as { id: number }[]).slice(1).map((entry) => entry.id));
    expect(everything()).toEqual(direct);
    expect(checkLedger(handle.sqlite).ok).toBe(true);
  });

  it('refuses an entry that would overdraw without moving anything, and balanceOf sees the moves deferred so far', () => {
    fund(1000);
    handle.sqlite.transaction(() =>
      deferringPostings(handle.sqlite, () => {
        const [hold] = trading();
        post(handle.sqlite, hold as JournalEntryInput, 2);
        expect(balanceOf(handle.sqlite, spot(2))).toEqual({ available: 0, frozen: 400 });
        expect(balanceOf(handle.sqlite, holder)).toEqual({ available: 0, frozen: 600 });
        const overdraw = { type: 'x', refType: 'test', refId: 9, memo: 'too much', lines: [{ account: spot(2), bucket: 'frozen' as const, amount: -401 }, { account: fees, bucket: 'available' as const, amount: 401 }] };
        expect(() => post(handle.sqlite, overdraw, 2)).toThrow(expect.objectContaining({ key: 'errors.insufficientBalance' }));
        expect(balanceOf(handle.sqlite, spot(2))).toEqual({ available: 0, frozen: 400 });
        // Read, not created: an account never used has no balance and gets no row.
        expect(balanceOf(handle.sqlite, spot(7))).toBeUndefined();
      }),
    )();
    expect(balanceOf(handle.sqlite, spot(2))).toEqual({ available: 0, frozen: 400 });
    expect(handle.sqlite.prepare('SELECT COUNT(*) FROM ledger_accounts WHERE account_type_id = 7').pluck().get()).toBe(0);
    expect(handle.sqlite.prepare("SELECT COUNT(*) FROM journal_entries WHERE type = 'x'").pluck().get()).toBe(0);
    expect(checkLedger(handle.sqlite).ok).toBe(true);
  });

  it('inside another deferral acts as its savepoint: what a failed part posted is forgotten, an account it created included', () => {
    fund(1000);
    const [hold, fill, , release, rebate] = trading() as JournalEntryInput[];
    handle.sqlite.transaction(() =>
      deferringPostings(handle.sqlite, () => {
        post(handle.sqlite, hold as JournalEntryInput, 2);
        expect(() =>
          handle.sqlite.transaction(() =>
            deferringPostings(handle.sqlite, () => {
              post(handle.sqlite, fill as JournalEntryInput, 2);
              post(handle.sqlite, { type: 'new', refType: 'test', refId: 3, memo: 'to a new account', lines: [{ account: fees, bucket: 'available', amount: -10 }, { account: spot(9), bucket: 'available', amount: 10 }] }, 2);
              throw new Error('the command failed');
            }),
          )(),
        ).toThrow('the command failed');
        expect(balanceOf(handle.sqlite, spot(2))).toEqual({ available: 0, frozen: 400 });
        // The fill never happened, so the release frees the whole hold and there is no fee to rebate from.
        post(handle.sqlite, { ...(release as JournalEntryInput), lines: [{ account: spot(2), bucket: 'frozen', amount: -400 }, { account: spot(2), bucket: 'available', amount: 400 }] }, 2);
        expect(() => post(handle.sqlite, rebate as JournalEntryInput, 2)).toThrow(expect.objectContaining({ key: 'errors.insufficientBalance' }));
        // The account the failed part created is gone with its savepoint: using it again creates it again.
        expect(balanceOf(handle.sqlite, spot(9))).toBeUndefined();
        post(handle.sqlite, { type: 'again', refType: 'test', refId: 4, memo: 'to the new account again', lines: [{ account: holder, bucket: 'frozen', amount: -5 }, { account: spot(9), bucket: 'available', amount: 5 }] }, 2);
      }),
    )();
    expect(balanceOf(handle.sqlite, spot(2))).toEqual({ available: 400, frozen: 0 });
    expect(balanceOf(handle.sqlite, spot(9))).toEqual({ available: 5, frozen: 0 });
    expect(handle.sqlite.prepare('SELECT type FROM journal_entries ORDER BY id').pluck().all()).toEqual(['deposit', 'spot_hold', 'spot_release', 'again']);
    // Ids continue without a gap: the forgotten entries' ids were never written.
    const ids = handle.sqlite.prepare('SELECT id FROM journal_entries ORDER BY id').pluck().all() as number[];
    expect(ids).toEqual([0, 1, 2, 3].map((step) => (ids[0] as number) + step));
    expect(checkLedger(handle.sqlite).ok).toBe(true);
  });

  it('writes nothing when the outermost work fails, and runs only inside a transaction', () => {
    fund(1000);
    const before = everything();
    expect(() =>
      handle.sqlite.transaction(() =>
        deferringPostings(handle.sqlite, () => {
          for (const entry of trading()) post(handle.sqlite, entry, 2);
          throw new Error('the batch failed');
        }),
      )(),
    ).toThrow('the batch failed');
    expect(everything()).toEqual(before);
    // The failed deferral is closed: the next post writes at once.
    handle.sqlite.transaction(() => post(handle.sqlite, trading()[0] as JournalEntryInput, 3))();
    expect(balanceOf(handle.sqlite, spot(2))).toEqual({ available: 0, frozen: 400 });
    expect(() => deferringPostings(handle.sqlite, () => 1)).toThrow(/inside a database transaction/);
    expect(checkLedger(handle.sqlite).ok).toBe(true);
  });
});
