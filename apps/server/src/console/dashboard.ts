import { formatMinor, ticksToPrice } from '@openbourse/core';
import { count, eq, gte, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { ledgerAccounts, type OperatorRole, ticks, users } from '../db/schema.ts';
import { writeAudit } from '../platform/audit.ts';
import type { AppContext } from '../platform/context.ts';
import { ok } from '../platform/envelope.ts';
import { language } from '../platform/fields.ts';
import { can } from './permissions.ts';
import { latestLedgerCheck, type LedgerCheckRow, runLedgerCheck } from './ledger-checks.ts';
import { pendingIn, REVIEW_QUEUES } from './queues/registry.ts';
import { type ConsoleModule, consoleDoc } from './scope.ts';
import { currentOperator, reviewerOf } from './sessions.ts';

const DAY_MS = 86_400_000;

function presentCheck(check: LedgerCheckRow | undefined) {
  return check
    ? { id: check.id, ok: check.ok, entries: check.entries, postings: check.postings, accounts: check.accounts, violations: check.violations.length, duration_ms: check.durationMs, by_operator: check.operatorId, at: check.createdAt }
    : null;
}

/** The queues this role may see, each with what waits in it. */
export function visibleQueues(ctx: AppContext, role: OperatorRole) {
  return REVIEW_QUEUES.filter((queue) => can(role, queue.permissions.view)).map((queue) => ({
    key: queue.key,
    pending: queue.pending(ctx),
    can_decide: can(role, queue.permissions.decide),
  }));
}

/** Every system account's non-zero balances: fees earned, house results, the market maker's inventory, clearing, rewards, treasury. */
function systemBalances(ctx: AppContext) {
  const rows = ctx.db.select().from(ledgerAccounts).where(isNotNull(ledgerAccounts.systemCode)).all();
  return rows
    .filter((row) => row.available !== 0 || row.frozen !== 0)
    .map((row) => {
      const currency = ctx.catalog.currency(row.currencyId);
      const scale = currency?.scale ?? 0;
      return { account: row.systemCode as string, currency: currency?.symbol ?? String(row.currencyId), available: formatMinor(row.available, scale), frozen: formatMinor(row.frozen, scale) };
    })
    .sort((a, b) => a.account.localeCompare(b.account) || a.currency.localeCompare(b.currency));
}

/** Where every instrument's price comes from and how fresh it is. */
function feedStatus(ctx: AppContext) {
  const now = ctx.now();
  return ctx.instruments.all.map((instrument) => {
    const last = ctx.market.lastTick(instrument.symbol);
    const source = last ? ctx.db.select({ source: ticks.source }).from(ticks).where(eq(ticks.id, last.id)).get()?.source : undefined;
    return {
      symbol: instrument.symbol,
      kind: instrument.kind,
      source: source ?? null,
      price: last ? ticksToPrice(instrument.def, last.priceTicks) : null,
      last_tick_at: last?.time ?? null,
      age_ms: last ? Math.max(0, now - last.time) : null,
      market_open: ctx.market.isOpen(instrument, now),
    };
  });
}

export const consoleDashboard: ConsoleModule = (api, { ctx, guards }) => {
  const { db } = ctx;

  api.get('/dashboard', { schema: consoleDoc('Pending items per queue, today\'s sign-ups, the last ledger check, system balances and feed status', { querystring: z.object({ lang: language() }) }), preValidation: guards.permit('dashboard.view') }, async (request) => {
    const now = ctx.now();
    const startOfDay = now - (now % DAY_MS);
    return ok({
      queues: visibleQueues(ctx, currentOperator(request).role),
      users_today: db.select({ total: count() }).from(users).where(gte(users.createdAt, startOfDay)).get()?.total ?? 0,
      // Read from the registry: 0 until the funds queues exist.
      deposits_pending: pendingIn(ctx, 'deposits'),
      withdrawals_pending: pendingIn(ctx, 'withdrawals'),
      ledger_check: presentCheck(latestLedgerCheck(ctx)),
      system_accounts: systemBalances(ctx),
      feeds: feedStatus(ctx),
      feed_config: ctx.config.market.feed,
      time: now,
    });
  });

  api.get('/queues', { schema: consoleDoc('The review queues this operator may see, with pending counts', { querystring: z.object({ lang: language() }) }), preValidation: guards.permit('dashboard.view') }, async (request) =>
    ok(visibleQueues(ctx, currentOperator(request).role)),
  );

  api.post('/dashboard/ledger-check', { schema: consoleDoc('Run the ledger check now and keep its result', { body: z.object({ lang: language() }).optional() }), preValidation: guards.permit('ledger.check') }, async (request) => {
    const reviewer = reviewerOf(request);
    const check = runLedgerCheck(ctx, reviewer.operatorId);
    writeAudit(db, { ...reviewer, action: 'ledger.check', targetType: 'ledger_check', targetId: check.id, before: null, after: presentCheck(check) }, ctx.now());
    return ok(presentCheck(check));
  });
};
