import { formatMinor, shareRateText } from '@openbourse/core';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Language } from '@openbourse/i18n';
import { z } from 'zod';
import { copyTraderApplications, ledgerAccounts, users } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { id, language, pageWindow, pagination, toPage } from '../../platform/fields.ts';
import { announceTraderApplicationDecision, reviewTraderApplication, type TraderApplicationRow } from '../../platform/trader-application-review.ts';
import { listedRejectReasons, presentRejectReason, rejectBody, storedRejectReason } from '../../platform/reject-reasons.ts';
import { consoleDoc } from '../scope.ts';
import { reviewerOf } from '../sessions.ts';
import { queueList } from './queue-list.ts';
import type { ReviewQueue } from './registry.ts';

/**
 * Copy-trading trader applications (issue 13 §1): a user with Lv1 or above
 * and at least the minimum lever balance asked to become a trader with a
 * nickname, an introduction and a profit-share rate; the operator approves
 * (followers can copy them from then on) or rejects with a reason.
 */

const STATUSES = ['pending', 'approved', 'rejected'] as const;
const listQuery = z.object({ status: z.enum(STATUSES).default('pending'), ...pagination });
const idParams = z.object({ id: id() });

function listItem(row: TraderApplicationRow, account: string | null, lang: Language) {
  return {
    id: row.id,
    user_id: row.userId,
    account,
    nickname: row.nickname,
    introduction: row.introduction,
    share_rate: shareRateText(row.shareBps),
    status: row.status,
    reason: presentRejectReason('traderApplications', lang, row.reason),
    submitted_at: row.createdAt,
    reviewed_at: row.reviewedAt,
    reviewed_by: row.reviewedBy,
  };
}

/** The lever account's available USDT: what the application rule measures (margin held in positions does not count). */
function leverAvailable(ctx: AppContext, userId: number): string {
  const usdt = ctx.catalog.currencyBySymbol('USDT');
  const lever = ctx.catalog.accountTypeByCode('lever');
  if (!usdt || !lever) return '0';
  const row = ctx.db
    .select({ available: ledgerAccounts.available })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.currencyId, usdt.id), eq(ledgerAccounts.accountTypeId, lever.id)))
    .get();
  return formatMinor(row?.available ?? 0, usdt.scale);
}

export const traderApplicationsQueue: ReviewQueue = {
  key: 'trader-applications',
  permissions: { view: 'trader-applications.view', decide: 'trader-applications.decide' },

  pending: (ctx) => ctx.db.select({ total: count() }).from(copyTraderApplications).where(eq(copyTraderApplications.status, 'pending')).get()?.total ?? 0,

  routes: (api, { ctx, guards }) => {
    const { db } = ctx;
    const view = guards.permit('trader-applications.view');
    const decide = guards.permit('trader-applications.decide');

    api.get('/', { schema: consoleDoc('Trader applications by status (default: pending, oldest first)', { querystring: listQuery }), preValidation: view }, async (request) => {
      const { status, page, limit } = request.query;
      const window = pageWindow(page, limit);
      const { rows, total } = queueList(db, copyTraderApplications, { owner: copyTraderApplications.userId, where: eq(copyTraderApplications.status, status), oldestFirst: status === 'pending', window });
      return ok(toPage(rows.map(({ row, account }) => listItem(row, account, request.lang)), window, total));
    });

    api.get('/:id', { schema: consoleDoc("One application: the profile applied for, the user's verification level and available lever balance (what the rule measures), their earlier applications", { params: idParams, querystring: z.object({ lang: language() }) }), preValidation: view }, async (request) => {
      const row = db.select().from(copyTraderApplications).where(eq(copyTraderApplications.id, request.params.id)).get();
      if (!row) throw new AppError('copy.applicationNotFound');
      const user = db.select().from(users).where(eq(users.id, row.userId)).get();
      const earlier = db
        .select()
        .from(copyTraderApplications)
        .where(eq(copyTraderApplications.userId, row.userId))
        .orderBy(desc(copyTraderApplications.id))
        .all()
        .filter((other) => other.id !== row.id);
      return ok({
        ...listItem(row, user?.email ?? user?.phone ?? null, request.lang),
        user: user ? { id: user.id, email: user.email, phone: user.phone, nickname: user.nickname, verification_level: user.verificationLevel, frozen: user.frozenAt !== null, created_at: user.createdAt } : null,
        lever_balance: leverAvailable(ctx, row.userId),
        history: earlier.map((other) => listItem(other, null, request.lang)),
        reject_reasons: listedRejectReasons('traderApplications', request.lang),
      });
    });

    api.post('/:id/approve', { schema: consoleDoc('Approve: the user becomes a trader others can follow', { params: idParams, body: z.object({ lang: language() }).optional() }), preValidation: decide }, async (request) => {
      const row = reviewTraderApplication(ctx, request.params.id, { approve: true }, reviewerOf(request));
      announceTraderApplicationDecision(ctx, row);
      return ok(listItem(row, null, request.lang));
    });

    api.post('/:id/reject', { schema: consoleDoc('Reject with a listed reason (reason_code, shown to the user in their language) or a written one (reason)', { params: idParams, body: rejectBody('traderApplications') }), preValidation: decide }, async (request) => {
      const row = reviewTraderApplication(ctx, request.params.id, { approve: false, reason: storedRejectReason('traderApplications', request.body) }, reviewerOf(request));
      announceTraderApplicationDecision(ctx, row);
      return ok(listItem(row, null, request.lang));
    });
  },
};
