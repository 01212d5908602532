import type { Sqlite } from '../db/client.ts';

export interface LedgerViolation {
  kind: 'unbalanced_entry' | 'balance_mismatch' | 'negative_balance';
  detail: Record<string, number | string>;
}

export interface LedgerReport {
  ok: boolean;
  entries: number;
  postings: number;
  accounts: number;
  /** Net of all postings per currency id: always zero in a healthy ledger. */
  netByCurrency: Record<string, number>;
  violations: LedgerViolation[];
}

/**
 * Proves the ledger's two invariants: every journal entry nets to zero per
 * currency, and every account's available and frozen balances equal the sum
 * of its postings. Also flags negative balances on accounts that may not go negative.
 */
export function checkLedger(sqlite: Sqlite): LedgerReport {
  const violations: LedgerViolation[] = [];

  const unbalanced = sqlite
    .prepare('SELECT entry_id AS entryId, currency_id AS currencyId, SUM(amount) AS net FROM postings GROUP BY entry_id, currency_id HAVING SUM(amount) != 0')
    .all() as { entryId: number; currencyId: number; net: number }[];
  for (const row of unbalanced) violations.push({ kind: 'unbalanced_entry', detail: row });

  const mismatched = sqlite
    .prepare(
      `SELECT a.id AS accountId, a.available, a.frozen,
              COALESCE(SUM(CASE WHEN p.bucket = 'available' THEN p.amount END), 0) AS postedAvailable,
              COALESCE(SUM(CASE WHEN p.bucket = 'frozen' THEN p.amount END), 0) AS postedFrozen
       FROM ledger_accounts a LEFT JOIN postings p ON p.account_id = a.id
       GROUP BY a.id
       HAVING a.available != postedAvailable OR a.frozen != postedFrozen`,
    )
    .all() as Record<string, number>[];
  for (const row of mismatched) violations.push({ kind: 'balance_mismatch', detail: row });

  const negative = sqlite
    .prepare('SELECT id AS accountId, available, frozen FROM ledger_accounts WHERE allow_negative = 0 AND (available < 0 OR frozen < 0)')
    .all() as Record<string, number>[];
  for (const row of negative) violations.push({ kind: 'negative_balance', detail: row });

  const net = sqlite.prepare('SELECT currency_id AS currencyId, SUM(amount) AS net FROM postings GROUP BY currency_id').all() as { currencyId: number; net: number }[];
  const counts = sqlite
    .prepare('SELECT (SELECT COUNT(*) FROM journal_entries) AS entries, (SELECT COUNT(*) FROM postings) AS postings, (SELECT COUNT(*) FROM ledger_accounts) AS accounts')
    .get() as { entries: number; postings: number; accounts: number };

  return {
    ok: violations.length === 0 && net.every((row) => row.net === 0),
    ...counts,
    netByCurrency: Object.fromEntries(net.map((row) => [String(row.currencyId), row.net])),
    violations,
  };
}
