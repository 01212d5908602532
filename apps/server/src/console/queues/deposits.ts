import { formatMinor } from '@openbourse/core';
import { and, count, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { loadChainSettings } from '../../chains/settings.ts';
import { deposits, users } from '../../db/schema.ts';
import type { CurrencyInfo } from '../../platform/catalog.ts';
import type { AppContext } from '../../platform/context.ts';
import { announceDepositDecision, type DepositRow, reviewDeposit } from '../../platform/deposit-review.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { id, language, pageWindow, pagination, toPage } from '../../platform/fields.ts';
import { listedRejectReasons, presentRejectReason, rejectBody, storedRejectReason } from '../../platform/reject-reasons.ts';
import { consoleDoc } from '../scope.ts';
import { reviewerOf } from '../sessions.ts';
import { queueList } from './queue-list.ts';
import type { ReviewQueue } from './registry.ts';
import { reviewedUser, sendUserUpload } from './uploaded-image.ts';

/**
 * The voucher deposit queue: a user reported a bank transfer or a transfer
 * that did not arrive, with a picture of the payment. The operator checks
 * it against the bank or the chain and approves (the amount is credited
 * from deposit clearing) or rejects with a reason. Deposits seen on a chain
 * credit themselves and never wait here.
 */

const STATUSES = ['review', 'credited', 'rejected'] as const;
const listQuery = z.object({ status: z.enum(STATUSES).default('review'), ...pagination });
const idParams = z.object({ id: id() });

function listItem(ctx: AppContext, row: DepositRow, account: string | null) {
  const currency = ctx.catalog.currency(row.currencyId) as CurrencyInfo;
  return {
    id: row.id,
    user_id: row.userId,
    account,
    currency: currency.symbol,
    amount: formatMinor(row.amount, currency.scale),
    chain: row.chain,
    type: row.voucherType,
    status: row.status,
    submitted_at: row.createdAt,
    reviewed_at: row.reviewedAt,
    reviewed_by: row.reviewedBy,
  };
}

function findVoucher(ctx: AppContext, depositId: number): DepositRow {
  const row = ctx.db.select().from(deposits).where(eq(deposits.id, depositId)).get();
  if (row?.route !== 'voucher') throw new AppError('errors.depositNotFound');
  return row;
}

export const depositsQueue: ReviewQueue = {
  key: 'deposits',
  permissions: { view: 'deposits.view', decide: 'deposits.decide' },

  pending: (ctx) => ctx.db.select({ total: count() }).from(deposits).where(and(eq(deposits.route, 'voucher'), eq(deposits.status, 'review'))).get()?.total ?? 0,

  routes: (api, { ctx, guards }) => {
    const { db } = ctx;
    const settings = loadChainSettings(ctx.config.seedDataDir, ctx.catalog);
    const view = guards.permit('deposits.view');
    const decide = guards.permit('deposits.decide');

    api.get('/', { schema: consoleDoc('Voucher deposits by status (default: waiting for review, oldest first)', { querystring: listQuery }), preValidation: view }, async (request) => {
      const { status, page, limit } = request.query;
      const window = pageWindow(page, limit);
      const where = and(eq(deposits.route, 'voucher'), eq(deposits.status, status));
      const { rows, total } = queueList(db, deposits, { owner: deposits.userId, where, oldestFirst: status === 'review', window });
      return ok(toPage(rows.map(({ row, account }) => listItem(ctx, row, account)), window, total));
    });

    api.get('/:id', { schema: consoleDoc('One voucher deposit: amount, where it was paid from, the voucher picture, the user and their recent deposits', { params: idParams, querystring: z.object({ lang: language() }) }), preValidation: view }, async (request) => {
      const row = findVoucher(ctx, request.params.id);
      const user = db.select().from(users).where(eq(users.id, row.userId)).get();
      const recent = db.select().from(deposits).where(eq(deposits.userId, row.userId)).orderBy(desc(deposits.id)).limit(10).all();
      const currency = ctx.catalog.currency(row.currencyId) as CurrencyInfo;
      return ok({
        ...listItem(ctx, row, user?.email ?? user?.phone ?? null),
        payer_account: row.payerAccount,
        network: settings.networks.find((network) => network.chain === row.chain)?.name ?? null,
        min_deposit: formatMinor(Math.min(...settings.assetsOf(currency.id).map((asset) => asset.minDeposit)), currency.scale),
        reason: presentRejectReason('deposits', request.lang, row.reason),
        voucher_url: `/api/console/queues/deposits/${row.id}/voucher`,
        user: reviewedUser(user),
        history: recent
          .filter((other) => other.id !== row.id)
          .map((other) => ({ ...listItem(ctx, other, null), route: other.route, txid: other.txid, confirmations: other.confirmations, reason: presentRejectReason('deposits', request.lang, other.reason) })),
        reject_reasons: listedRejectReasons('deposits', request.lang),
      });
    });

    api.get('/:id/voucher', { schema: consoleDoc('The payment voucher picture, for operators only (never cached)', { params: idParams }), preValidation: view }, async (request, reply) => {
      const row = findVoucher(ctx, request.params.id);
      return sendUserUpload(ctx, reply, row.userId, row.voucher);
    });

    api.post('/:id/approve', { schema: consoleDoc('Approve: the amount is credited to the user\'s spot account from deposit clearing', { params: idParams, body: z.object({ lang: language() }).optional() }), preValidation: decide }, async (request) => {
      const row = reviewDeposit(ctx, request.params.id, { approve: true }, reviewerOf(request));
      announceDepositDecision(ctx, row);
      return ok(listItem(ctx, row, null));
    });

    api.post('/:id/reject', { schema: consoleDoc('Reject with a listed reason (reason_code, shown to the user in their language) or a written one (reason); no balance changes', { params: idParams, body: rejectBody('deposits') }), preValidation: decide }, async (request) => {
      const row = reviewDeposit(ctx, request.params.id, { approve: false, reason: storedRejectReason('deposits', request.body) }, reviewerOf(request));
      announceDepositDecision(ctx, row);
      return ok(listItem(ctx, row, null));
    });
  },
};
