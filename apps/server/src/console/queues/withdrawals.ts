import { formatMinor } from '@openbourse/core';
import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { FUNDS_ACCOUNT_TYPE_ID, loadChainSettings } from '../../chains/settings.ts';
import { deposits, ledgerAccounts, ticks, users, withdrawals } from '../../db/schema.ts';
import type { WithdrawalRoute } from '../../db/schema/withdrawals.ts';
import type { CurrencyInfo } from '../../platform/catalog.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { id, language, pageWindow, pagination, text, toPage } from '../../platform/fields.ts';
import { lastSecurityChange } from '../../platform/security-changes.ts';
import { announceWithdrawalDecision, reviewWithdrawal, type WithdrawalRow } from '../../platform/withdrawal-review.ts';
import { BTC_SCALE } from '../../platform/withdrawal-quota.ts';
import { listedRejectReasons, presentRejectReason, rejectBody, storedRejectReason } from '../../platform/reject-reasons.ts';
import { consoleDoc } from '../scope.ts';
import { reviewerOf } from '../sessions.ts';
import { queueList } from './queue-list.ts';
import type { ReviewQueue } from './registry.ts';
import { reviewedUser } from './uploaded-image.ts';

/**
 * The withdrawal queue: every withdrawal waits here with its amount and fee
 * frozen. The operator pays it out (on the chain or by bank) and marks it
 * paid with the transaction reference, or rejects it with a reason, which
 * returns the frozen amount to the user.
 */

const STATUSES = ['review', 'paid', 'rejected'] as const;
const listQuery = z.object({ status: z.enum(STATUSES).default('review'), ...pagination });
const idParams = z.object({ id: id() });
const approveBody = z.object({ tx_ref: text(120).describe('The payout\'s transaction hash or bank reference'), lang: language() });

function listItem(ctx: AppContext, row: WithdrawalRow, account: string | null) {
  const currency = ctx.catalog.currency(row.currencyId) as CurrencyInfo;
  return {
    id: row.id,
    user_id: row.userId,
    account,
    currency: currency.symbol,
    route: row.route,
    chain: row.chain,
    amount: formatMinor(row.amount, currency.scale),
    fee: formatMinor(row.fee, currency.scale),
    status: row.status,
    submitted_at: row.createdAt,
    reviewed_at: row.reviewedAt,
    reviewed_by: row.reviewedBy,
  };
}

/** Listed reasons that name the other route's destination: a bank payout has no address to check, an address no payee. */
const REASONS_NOT_FOR: Record<WithdrawalRoute, readonly string[]> = { address: ['payee_mismatch'], bank: ['address_risk'], bank_international: ['address_risk'] };

/** A listed reason that does not fit the withdrawal's route is refused like an unknown one. */
function assertReasonFits(ctx: AppContext, withdrawalId: number, code: string | undefined): void {
  if (code === undefined) return;
  const route = ctx.db.select({ route: withdrawals.route }).from(withdrawals).where(eq(withdrawals.id, withdrawalId)).get()?.route;
  if (route && REASONS_NOT_FOR[route].includes(code)) throw new AppError('console.unknownReason');
}

export const withdrawalsQueue: ReviewQueue = {
  key: 'withdrawals',
  permissions: { view: 'withdrawals.view', decide: 'withdrawals.decide' },

  pending: (ctx) => ctx.db.select({ total: count() }).from(withdrawals).where(eq(withdrawals.status, 'review')).get()?.total ?? 0,

  routes: (api, { ctx, guards }) => {
    const { db } = ctx;
    const settings = loadChainSettings(ctx.config.seedDataDir, ctx.catalog);
    const view = guards.permit('withdrawals.view');
    const decide = guards.permit('withdrawals.decide');

    const findRequest = (withdrawalId: number) => {
      const row = db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId)).get();
      if (!row) throw new AppError('errors.withdrawalNotFound');
      return row;
    };
    const tickOf = (tickId: number | null) => (tickId === null ? null : (db.select().from(ticks).where(eq(ticks.id, tickId)).get() ?? null));

    api.get('/', { schema: consoleDoc('Withdrawals by status (default: waiting, oldest first)', { querystring: listQuery }), preValidation: view }, async (request) => {
      const { status, page, limit } = request.query;
      const window = pageWindow(page, limit);
      const where = eq(withdrawals.status, status);
      const { rows, total } = queueList(db, withdrawals, { owner: withdrawals.userId, where, oldestFirst: status === 'review', window });
      return ok(toPage(rows.map(({ row, account }) => listItem(ctx, row, account)), window, total));
    });

    api.get(
      '/:id',
      {
        schema: consoleDoc('One withdrawal: where it pays (the full address or card), amount, fee, BTC value and the feed ticks that valued it, the user, their balance, last security change and recent deposits and withdrawals', {
          params: idParams,
          querystring: z.object({ lang: language() }),
        }),
        preValidation: view,
      },
      async (request) => {
        const row = findRequest(request.params.id);
        const currency = ctx.catalog.currency(row.currencyId) as CurrencyInfo;
        const user = db.select().from(users).where(eq(users.id, row.userId)).get();
        const holding = db
          .select({ available: ledgerAccounts.available, frozen: ledgerAccounts.frozen })
          .from(ledgerAccounts)
          .where(and(eq(ledgerAccounts.userId, row.userId), eq(ledgerAccounts.currencyId, row.currencyId), eq(ledgerAccounts.accountTypeId, FUNDS_ACCOUNT_TYPE_ID)))
          .get();
        const recentWithdrawals = db.select().from(withdrawals).where(eq(withdrawals.userId, row.userId)).orderBy(desc(withdrawals.id)).limit(10).all();
        const recentDeposits = db.select().from(deposits).where(eq(deposits.userId, row.userId)).orderBy(desc(deposits.id)).limit(10).all();
        const tick = (tickId: number | null) => {
          const found = tickOf(tickId);
          return found && { id: found.id, symbol: found.symbol, time: found.time };
        };
        return ok({
          ...listItem(ctx, row, user?.email ?? user?.phone ?? null),
          network: settings.networks.find((network) => network.chain === row.chain)?.name ?? null,
          destination: row.destination,
          memo: row.memo,
          payee: row.payee,
          total: formatMinor(row.amount + row.fee, currency.scale),
          btc_value: formatMinor(row.btcValue, BTC_SCALE),
          price_tick: tick(row.priceTickId),
          btc_tick: tick(row.btcTickId),
          tx_ref: row.txRef,
          explorer_url: row.route === 'address' ? settings.explorerLink(row.chain, row.txRef) : null,
          reason: presentRejectReason('withdrawals', request.lang, row.reason),
          balance: { available: formatMinor(holding?.available ?? 0, currency.scale), frozen: formatMinor(holding?.frozen ?? 0, currency.scale) },
          security_changed_at: lastSecurityChange(db, row.userId),
          user: reviewedUser(user),
          history: recentWithdrawals.filter((other) => other.id !== row.id).map((other) => ({ ...listItem(ctx, other, null), reason: presentRejectReason('withdrawals', request.lang, other.reason), tx_ref: other.txRef })),
          deposits: recentDeposits.map((deposit) => {
            const depositCurrency = ctx.catalog.currency(deposit.currencyId) as CurrencyInfo;
            return { id: deposit.id, route: deposit.route, currency: depositCurrency.symbol, amount: formatMinor(deposit.amount, depositCurrency.scale), status: deposit.status, created_at: deposit.createdAt };
          }),
          reject_reasons: listedRejectReasons('withdrawals', request.lang).filter((reason) => !REASONS_NOT_FOR[row.route].includes(reason.code)),
        });
      },
    );

    api.post('/:id/approve', { schema: consoleDoc('Mark paid with the payout\'s transaction reference: the frozen amount goes to withdrawal clearing, the fee to the fees account', { params: idParams, body: approveBody }), preValidation: decide }, async (request) => {
      const row = reviewWithdrawal(ctx, request.params.id, { approve: true, txRef: request.body.tx_ref }, reviewerOf(request));
      announceWithdrawalDecision(ctx, row);
      return ok(listItem(ctx, row, null));
    });

    api.post('/:id/reject', { schema: consoleDoc('Reject with a listed reason (reason_code, shown to the user in their language; one that fits the route) or a written one (reason): the frozen amount and fee return to the user', { params: idParams, body: rejectBody('withdrawals') }), preValidation: decide }, async (request) => {
      assertReasonFits(ctx, request.params.id, request.body.reason_code);
      const row = reviewWithdrawal(ctx, request.params.id, { approve: false, reason: storedRejectReason('withdrawals', request.body) }, reviewerOf(request));
      announceWithdrawalDecision(ctx, row);
      return ok(listItem(ctx, row, null));
    });
  },
};
