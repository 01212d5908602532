import { formatMinor, plainMessageText, SUPPORT_MESSAGE_MAX_LENGTH } from '@openbourse/core';
import { isLanguage, type Language } from '@openbourse/i18n';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { deposits, futuresOrders, ledgerAccounts, secondsOptions, spotOrders, supportConversations, supportMessages, users, withdrawals } from '../../db/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { id, language, pageWindow, pagination, text, toPage } from '../../platform/fields.ts';
import { accountTypeName, translate } from '../../platform/i18n.ts';
import {
  assignConversation,
  type Conversation,
  closeConversation,
  conversationOrder,
  findConversation,
  markReadByOperator,
  messagesOf,
  postOperatorReply,
  presentSupportMessage,
  unreadByOperator,
  waitingCount,
} from '../../platform/support-chat.ts';
import { consoleDoc } from '../scope.ts';
import { reviewerOf } from '../sessions.ts';
import type { ReviewQueue } from './registry.ts';
import { reviewedUser, sendUserUpload } from './uploaded-image.ts';

/**
 * The support inbox: open conversations, longest waiting first, each with the
 * user's context (level, balances, recent spot orders, futures positions,
 * seconds options, deposits, withdrawals)
 * beside the chat, canned answers in the conversation's language, taking a
 * conversation, answering and closing (assignments and closures audited).
 */

const STATUSES = ['open', 'closed'] as const;
const CANNED_KEYS = ['greeting', 'recharge', 'withdrawal', 'verification', 'security', 'closing'] as const;
const CONTEXT_ROWS = 5;
const DETAIL_MESSAGES = 200;

const listQuery = z.object({ status: z.enum(STATUSES).default('open'), ...pagination });
const idParams = z.object({ id: id() });
const imageParams = z.object({ id: id(), messageId: id() });
const replyBody = z.object({ content: text(SUPPORT_MESSAGE_MAX_LENGTH), lang: language() });

function listItem(ctx: AppContext, row: Conversation, account: string | null) {
  const last = ctx.db.select().from(supportMessages).where(eq(supportMessages.conversationId, row.id)).orderBy(desc(supportMessages.id)).get();
  return {
    id: row.id,
    user_id: row.userId,
    account,
    visitor: row.userId === null,
    lang: row.lang,
    topic: row.topic,
    status: row.status,
    assigned_to: row.assignedTo,
    waiting_since: row.waitingSince,
    last_message_at: row.lastMessageAt,
    last_message: last ? (last.kind === 'image' ? '[image]' : last.body.slice(0, 80)) : '',
    unread: unreadByOperator(ctx, row),
    closed_at: row.closedAt,
    closed_by: row.closedBy,
  };
}

/** What an operator needs next to the chat to answer without asking the user for anything. */
function userContext(ctx: AppContext, userId: number, lang: Language) {
  const { db, catalog } = ctx;
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  const scaleOf = (currencyId: number) => catalog.currency(currencyId)?.scale ?? 0;
  const symbolOf = (currencyId: number) => catalog.currency(currencyId)?.symbol ?? String(currencyId);
  const usdtScale = catalog.currencyBySymbol('USDT')?.scale ?? 0;
  const balances = db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), sql`(${ledgerAccounts.available} <> 0 OR ${ledgerAccounts.frozen} <> 0)`))
    .all()
    .map((account) => ({
      account_type: catalog.accountType(account.accountTypeId)?.code ?? String(account.accountTypeId),
      account_name: accountTypeName(lang, catalog.accountType(account.accountTypeId)?.code ?? String(account.accountTypeId)),
      currency: symbolOf(account.currencyId),
      available: formatMinor(account.available, scaleOf(account.currencyId)),
      frozen: formatMinor(account.frozen, scaleOf(account.currencyId)),
    }));
  const orders = db
    .select()
    .from(spotOrders)
    .where(eq(spotOrders.userId, userId))
    .orderBy(desc(spotOrders.id))
    .limit(CONTEXT_ROWS)
    .all()
    .map((order) => ({ id: order.id, symbol: order.symbol, side: order.side, type: order.type, status: order.status, created_at: order.createdAt }));
  const futures = db
    .select()
    .from(futuresOrders)
    .where(eq(futuresOrders.userId, userId))
    .orderBy(desc(futuresOrders.id))
    .limit(CONTEXT_ROWS)
    .all()
    .map((order) => ({
      id: order.id,
      symbol: order.symbol,
      side: order.side,
      lots: order.lots,
      multiple: order.multiple,
      status: order.status,
      close_reason: order.closeReason,
      // Futures margin and P&L are in USDT.
      pnl: order.pnl === null ? null : formatMinor(order.pnl, usdtScale),
      created_at: order.createdAt,
    }));
  const options = db
    .select()
    .from(secondsOptions)
    .where(eq(secondsOptions.userId, userId))
    .orderBy(desc(secondsOptions.id))
    .limit(CONTEXT_ROWS)
    .all()
    .map((row) => ({
      id: row.id,
      symbol: row.symbol,
      direction: row.direction,
      seconds: row.seconds,
      stake: formatMinor(row.stake, scaleOf(row.currencyId)),
      currency: symbolOf(row.currencyId),
      status: row.status,
      payout: row.payout === null ? null : formatMinor(row.payout, scaleOf(row.currencyId)),
      created_at: row.createdAt,
    }));
  const recentDeposits = db
    .select()
    .from(deposits)
    .where(eq(deposits.userId, userId))
    .orderBy(desc(deposits.id))
    .limit(CONTEXT_ROWS)
    .all()
    .map((row) => ({ id: row.id, currency: symbolOf(row.currencyId), amount: formatMinor(row.amount, scaleOf(row.currencyId)), route: row.route, status: row.status, created_at: row.createdAt }));
  const recentWithdrawals = db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.id))
    .limit(CONTEXT_ROWS)
    .all()
    .map((row) => ({ id: row.id, currency: symbolOf(row.currencyId), amount: formatMinor(row.amount, scaleOf(row.currencyId)), route: row.route, status: row.status, created_at: row.createdAt }));
  return { user: reviewedUser(user), balances, orders, futures, options, deposits: recentDeposits, withdrawals: recentWithdrawals };
}

function accountOf(ctx: AppContext, userId: number | null): string | null {
  if (userId === null) return null;
  const user = ctx.db.select({ email: users.email, phone: users.phone }).from(users).where(eq(users.id, userId)).get();
  return user?.email ?? user?.phone ?? null;
}

export const supportQueue: ReviewQueue = {
  key: 'support',
  permissions: { view: 'support.view', decide: 'support.reply' },

  pending: (ctx) => waitingCount(ctx),

  routes: (api, { ctx, guards }) => {
    const { db } = ctx;
    const view = guards.permit('support.view');
    const reply = guards.permit('support.reply');

    api.get('/', { schema: consoleDoc('Support conversations by status (default: open, longest waiting first)', { querystring: listQuery }), preValidation: view }, async (request) => {
      const { status, page, limit } = request.query;
      const window = pageWindow(page, limit);
      const where = eq(supportConversations.status, status);
      const total = db.select({ total: count() }).from(supportConversations).where(where).get()?.total ?? 0;
      const rows = db
        .select()
        .from(supportConversations)
        .where(where)
        .orderBy(...(status === 'open' ? [sql`${supportConversations.waitingSince} IS NULL`, ...conversationOrder] : [desc(supportConversations.closedAt)]))
        .limit(window.limit)
        .offset(window.offset)
        .all();
      return ok(toPage(rows.map((row) => listItem(ctx, row, accountOf(ctx, row.userId))), window, total));
    });

    api.get('/canned', { schema: consoleDoc('Canned answers in a language (the conversation\'s)', { querystring: z.object({ lang: language(), answer_lang: z.string().max(8).optional() }) }), preValidation: view }, async (request) => {
      const answerLanguage = isLanguage(request.query.answer_lang) ? request.query.answer_lang : request.lang;
      return ok(CANNED_KEYS.map((key) => ({ key, text: translate(answerLanguage, `supportCanned.${key}`) })));
    });

    api.get('/:id', { schema: consoleDoc('One conversation: its messages and the user\'s context', { params: idParams, querystring: z.object({ lang: language() }) }), preValidation: view }, async (request) => {
      const conversation = findConversation(ctx, request.params.id);
      return ok({
        ...listItem(ctx, conversation, accountOf(ctx, conversation.userId)),
        user_read_id: conversation.userReadId,
        messages: messagesOf(ctx, conversation.id, { limit: DETAIL_MESSAGES }).map((message) => ({
          ...presentSupportMessage(message),
          image_url: message.kind === 'image' ? `/api/console/queues/support/${conversation.id}/image/${message.id}` : null,
        })),
        context: conversation.userId === null ? null : userContext(ctx, conversation.userId, request.lang),
      });
    });

    api.get('/:id/image/:messageId', { schema: consoleDoc('A picture the user sent in the conversation (never cached)', { params: imageParams }), preValidation: view }, async (request, reply) => {
      const conversation = findConversation(ctx, request.params.id);
      const message = db
        .select()
        .from(supportMessages)
        .where(and(eq(supportMessages.id, request.params.messageId), eq(supportMessages.conversationId, conversation.id), eq(supportMessages.kind, 'image')))
        .get();
      if (!message || conversation.userId === null) throw new AppError('console.imageMissing');
      return sendUserUpload(ctx, reply, conversation.userId, message.body);
    });

    api.post('/:id/read', { schema: consoleDoc('Support has read the user\'s messages: the user sees them marked read', { params: idParams, body: z.object({ lang: language() }).optional() }), preValidation: reply }, async (request) => {
      const conversation = markReadByOperator(ctx, findConversation(ctx, request.params.id));
      return ok({ operator_read_id: conversation.operatorReadId });
    });

    api.post('/:id/reply', { schema: consoleDoc('Answer the user (delivered live); takes the conversation when nobody has it', { params: idParams, body: replyBody }), preValidation: reply }, async (request) => {
      const content = plainMessageText(request.body.content);
      if (!content) throw new AppError('errors.chatMessageEmpty');
      const posted = postOperatorReply(ctx, request.params.id, reviewerOf(request), content);
      return ok(presentSupportMessage(posted.message));
    });

    api.post('/:id/assign', { schema: consoleDoc('Take the conversation (audited)', { params: idParams, body: z.object({ lang: language() }).optional() }), preValidation: reply }, async (request) => {
      const conversation = assignConversation(ctx, request.params.id, reviewerOf(request));
      return ok(listItem(ctx, conversation, accountOf(ctx, conversation.userId)));
    });

    api.post('/:id/close', { schema: consoleDoc('Close the conversation (audited); the user\'s next message opens a new one', { params: idParams, body: z.object({ lang: language() }).optional() }), preValidation: reply }, async (request) => {
      const conversation = closeConversation(ctx, request.params.id, reviewerOf(request));
      return ok(listItem(ctx, conversation, accountOf(ctx, conversation.userId)));
    });
  },
};
