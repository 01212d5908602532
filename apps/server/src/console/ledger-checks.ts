import { desc } from 'drizzle-orm';
import { ledgerChecks } from '../db/schema.ts';
import { checkLedger } from '../ledger/check.ts';
import type { AppContext } from '../platform/context.ts';

/** How often the server proves its ledger on its own; an operator can also run it from the dashboard. */
export const LEDGER_CHECK_INTERVAL_MS = 15 * 60_000;

export type LedgerCheckRow = typeof ledgerChecks.$inferSelect;

/** Runs the ledger check and keeps its result with its time and who asked (null: the schedule). */
export function runLedgerCheck(ctx: AppContext, operatorId: number | null): LedgerCheckRow {
  const started = performance.now();
  const report = checkLedger(ctx.sqlite);
  const durationMs = Math.round(performance.now() - started);
  return ctx.db
    .insert(ledgerChecks)
    .values({ ok: report.ok, entries: report.entries, postings: report.postings, accounts: report.accounts, violations: report.violations, durationMs, operatorId, createdAt: ctx.now() })
    .returning()
    .get();
}

export function latestLedgerCheck(ctx: AppContext): LedgerCheckRow | undefined {
  return ctx.db.select().from(ledgerChecks).orderBy(desc(ledgerChecks.id)).limit(1).get();
}

/** Starts the periodic check; the answer stops it (on server close). */
export function scheduleLedgerChecks(ctx: AppContext): () => void {
  const timer = setInterval(() => {
    try {
      const result = runLedgerCheck(ctx, null);
      if (!result.ok) ctx.log.error({ ledgerCheck: result }, 'ledger check found violations');
    } catch (error) {
      ctx.log.error({ err: error }, 'ledger check failed to run');
    }
  }, LEDGER_CHECK_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
