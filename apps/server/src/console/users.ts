import { type CopyType, copyNumberText, formatMinor, millionthsToPercent, shareRateText, ticksToPrice } from '@openbourse/core';
import type { Language } from '@openbourse/i18n';
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
import {
  auditLog,
  copyFollows,
  copyPositions,
  copySkips,
  copyTraderApplications,
  copyTraders,
  deposits,
  dualOrders,
  futuresOrders,
  identityVerifications,
  ieoOrders,
  ieoProjects,
  journalEntries,
  ledgerAccounts,
  lockMiningOrders,
  loginEvents,
  nftListings,
  postings,
  secondsOptions,
  spotOrders,
  supportConversations,
  userCoupons,
  users,
  withdrawals,
} from '../db/schema.ts';
import { presentOrder } from '../exchange/present.ts';
import { writeAudit } from '../platform/audit.ts';
import type { AppContext } from '../platform/context.ts';
import { ok } from '../platform/envelope.ts';
import { AppError } from '../platform/errors.ts';
import { id, language, pageWindow, pagination, text, toPage } from '../platform/fields.ts';
import { accountTypeName, hasMessage, translate } from '../platform/i18n.ts';
import type { UserRow } from '../platform/users.ts';
import { presentRejectReason } from '../platform/reject-reasons.ts';
import { presentAudit } from './audit.ts';
import { type ConsoleModule, consoleDoc } from './scope.ts';
import { reviewerOf } from './sessions.ts';

/**
 * Users as operators see them: search, everything about one user, and
 * freezing. There is no route here that changes a balance, an order or a
 * trade: operators look, and freeze or unfreeze.
 */

const SEARCH_LIMIT = 50;
const searchQuery = z.object({ q: z.string().trim().min(1).max(100), lang: language() });
const idParams = z.object({ id: id() });
const freezeBody = z.object({ reason: text(200), lang: language() });
const EARN_KINDS = ['lock_mining', 'ieo', 'dual'] as const;
const earnQuery = z.object({ kind: z.enum(EARN_KINDS).default('lock_mining').describe('Which earn records: lock-mining orders, IEO subscriptions or dual-investment orders'), ...pagination });
/** The copy-trading answer's skipped copies: the newest ones, as the user's own copy-trading page shows them. */
const SKIPS_SHOWN = 50;

/** `column LIKE %value%` with the operator's text taken literally (SQLite's LIKE has no escape character unless told). */
function contains(column: SQLiteColumn, value: string): SQL {
  const pattern = `%${value.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  return sql`${column} LIKE ${pattern} ESCAPE '\\'`;
}

function summary(user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    phone: user.phone,
    area_code: user.areaCode,
    nickname: user.nickname,
    verification_level: user.verificationLevel,
    frozen: user.frozenAt !== null,
    created_at: user.createdAt,
  };
}

function findUser(ctx: AppContext, userId: number): UserRow {
  const user = ctx.db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new AppError('errors.accountNotFound');
  return user;
}

function freezeState(user: UserRow) {
  return { frozenAt: user.frozenAt, frozenReason: user.frozenReason };
}

export const consoleUsers: ConsoleModule = (api, { ctx, guards }) => {
  const { db, catalog } = ctx;
  const view = guards.permit('users.view');
  const freeze = guards.permit('users.freeze');

  api.get('/users', { schema: consoleDoc('Find users by id, email or phone (partial email and phone match)', { querystring: searchQuery }), preValidation: view }, async (request) => {
    const { q } = request.query;
    const conditions: SQL[] = [contains(users.email, q.toLowerCase()), contains(users.phone, q)];
    if (/^\d{1,15}$/.test(q)) conditions.push(eq(users.id, Number(q)));
    const rows = db.select().from(users).where(or(...conditions)).orderBy(desc(users.id)).limit(SEARCH_LIMIT).all();
    return ok(rows.map(summary));
  });

  api.get('/users/:id', { schema: consoleDoc('One user: profile, verification requests and balances per account', { params: idParams, querystring: z.object({ lang: language() }) }), preValidation: view }, async (request) => {
    const user = findUser(ctx, request.params.id);
    const lang = request.lang;
    const requests = db.select().from(identityVerifications).where(eq(identityVerifications.userId, user.id)).orderBy(desc(identityVerifications.id)).all();
    const accounts = db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, user.id)).all();
    const balances = accounts
      .map((account) => {
        const currency = catalog.currency(account.currencyId);
        const type = catalog.accountType(account.accountTypeId);
        const scale = currency?.scale ?? 0;
        return {
          account_type: type?.code ?? String(account.accountTypeId),
          account_name: type ? accountTypeName(lang, type.code) : '',
          currency: currency?.symbol ?? String(account.currencyId),
          available: formatMinor(account.available, scale),
          frozen: formatMinor(account.frozen, scale),
        };
      })
      .sort((a, b) => a.account_type.localeCompare(b.account_type) || a.currency.localeCompare(b.currency));
    return ok({
      ...summary(user),
      invite_code: user.inviteCode,
      inviter_id: user.inviterId,
      credit_score: user.creditScore,
      failed_logins: user.failedLogins,
      locked_until: user.lockedUntil,
      frozen_at: user.frozenAt,
      frozen_reason: user.frozenReason,
      verifications: requests.map((row) => ({
        id: row.id,
        level: row.level,
        status: row.status,
        id_type: row.idType,
        name: row.name,
        card_id: row.cardId,
        reason: presentRejectReason('verification', lang, row.reason),
        submitted_at: row.createdAt,
        reviewed_at: row.reviewedAt,
        reviewed_by: row.reviewedBy,
      })),
      balances,
    });
  });

  api.get('/users/:id/postings', { schema: consoleDoc('A user\'s ledger postings, newest first', { params: idParams, querystring: z.object(pagination) }), preValidation: view }, async (request) => {
    const user = findUser(ctx, request.params.id);
    const window = pageWindow(request.query.page, request.query.limit);
    const where = eq(ledgerAccounts.userId, user.id);
    const total = db.select({ total: count() }).from(postings).innerJoin(ledgerAccounts, eq(postings.accountId, ledgerAccounts.id)).where(where).get()?.total ?? 0;
    const rows = db
      .select({ posting: postings, accountTypeId: ledgerAccounts.accountTypeId, entry: journalEntries })
      .from(postings)
      .innerJoin(ledgerAccounts, eq(postings.accountId, ledgerAccounts.id))
      .innerJoin(journalEntries, eq(postings.entryId, journalEntries.id))
      .where(where)
      .orderBy(desc(postings.id))
      .limit(window.limit)
      .offset(window.offset)
      .all();
    const list = rows.map(({ posting, accountTypeId, entry }) => {
      const currency = catalog.currency(posting.currencyId);
      const scale = currency?.scale ?? 0;
      const typeKey = `ledgerTypes.${entry.type}`;
      return {
        id: posting.id,
        entry_id: entry.id,
        type: entry.type,
        type_name: hasMessage(typeKey) ? translate(request.lang, typeKey) : entry.type,
        account_type: catalog.accountType(accountTypeId)?.code ?? String(accountTypeId),
        account_name: accountTypeName(request.lang, catalog.accountType(accountTypeId)?.code ?? String(accountTypeId)),
        currency: currency?.symbol ?? String(posting.currencyId),
        bucket: posting.bucket,
        amount: formatMinor(posting.amount, scale),
        balance_after: formatMinor(posting.balanceAfter, scale),
        ref: `${entry.refType}#${entry.refId}`,
        memo: entry.memo,
        created_at: entry.createdAt,
      };
    });
    return ok(toPage(list, window, total));
  });

  api.get('/users/:id/orders', { schema: consoleDoc('A user\'s spot and stock orders, newest first', { params: idParams, querystring: z.object(pagination) }), preValidation: view }, async (request) => {
    const user = findUser(ctx, request.params.id);
    const window = pageWindow(request.query.page, request.query.limit);
    const where = eq(spotOrders.userId, user.id);
    const total = db.select({ total: count() }).from(spotOrders).where(where).get()?.total ?? 0;
    const rows = db.select().from(spotOrders).where(where).orderBy(desc(spotOrders.id)).limit(window.limit).offset(window.offset).all();
    const list = rows.flatMap((order) => {
      const instrument = ctx.instruments.get(order.symbol);
      return instrument ? [presentOrder(order, instrument)] : [];
    });
    return ok(toPage(list, window, total));
  });

  /** A stored feed price of an instrument as text (null when the instrument is no longer listed). */
  const priceOf = (symbol: string, ticks: number | null) => {
    const instrument = ctx.instruments.get(symbol);
    return ticks === null || !instrument ? null : ticksToPrice(instrument.def, ticks);
  };
  const usdtScale = catalog.currencyBySymbol('USDT')?.scale ?? 0;
  const usdt = (minor: number | null) => (minor === null ? null : formatMinor(minor, usdtScale));

  api.get(
    '/users/:id/futures',
    { schema: consoleDoc('A user\'s futures orders, newest first, with the feed ticks that opened and closed them and why', { params: idParams, querystring: z.object(pagination) }), preValidation: view },
    async (request) => {
      const user = findUser(ctx, request.params.id);
      const window = pageWindow(request.query.page, request.query.limit);
      const where = eq(futuresOrders.userId, user.id);
      const total = db.select({ total: count() }).from(futuresOrders).where(where).get()?.total ?? 0;
      const rows = db.select().from(futuresOrders).where(where).orderBy(desc(futuresOrders.id)).limit(window.limit).offset(window.offset).all();
      const list = rows.map((row) => ({
        id: row.id,
        symbol: row.symbol,
        side: row.side,
        order_type: row.orderType,
        status: row.status,
        multiple: row.multiple,
        lots: row.lots,
        limit_price: priceOf(row.symbol, row.limitPriceTicks),
        open_price: priceOf(row.symbol, row.openPriceTicks),
        open_tick_id: row.openTickId,
        margin: usdt(row.margin),
        take_profit: priceOf(row.symbol, row.takeProfitTicks),
        stop_loss: priceOf(row.symbol, row.stopLossTicks),
        close_reason: row.closeReason,
        close_tick: row.closeTickId === null ? null : { id: row.closeTickId, time: row.closeTickTime, price: priceOf(row.symbol, row.closeFeedTicks) },
        close_price: priceOf(row.symbol, row.closePriceTicks),
        pnl: usdt(row.pnl),
        payout: usdt(row.payout),
        house_absorbed: usdt(row.deficit),
        created_at: row.createdAt,
        closed_at: row.closedAt,
      }));
      return ok(toPage(list, window, total));
    },
  );

  api.get(
    '/users/:id/options',
    { schema: consoleDoc('A user\'s seconds options, newest first, with the open and settlement feed ticks that decided them', { params: idParams, querystring: z.object(pagination) }), preValidation: view },
    async (request) => {
      const user = findUser(ctx, request.params.id);
      const window = pageWindow(request.query.page, request.query.limit);
      const where = eq(secondsOptions.userId, user.id);
      const total = db.select({ total: count() }).from(secondsOptions).where(where).get()?.total ?? 0;
      const rows = db.select().from(secondsOptions).where(where).orderBy(desc(secondsOptions.id)).limit(window.limit).offset(window.offset).all();
      const list = rows.map((row) => {
        const currency = catalog.currency(row.currencyId);
        const amount = (minor: number | null) => (minor === null ? null : formatMinor(minor, currency?.scale ?? 0));
        return {
          id: row.id,
          symbol: row.symbol,
          direction: row.direction,
          seconds: row.seconds,
          currency: currency?.symbol ?? String(row.currencyId),
          stake: amount(row.stake),
          fee: amount(row.fee),
          status: row.status,
          open_tick: { id: row.openTickId, time: row.openTickTime, price: priceOf(row.symbol, row.openPriceTicks) },
          settle_tick: row.settleTickId === null ? null : { id: row.settleTickId, time: row.settleTickTime, price: priceOf(row.symbol, row.settlePriceTicks) },
          payout: amount(row.payout),
          expires_at: row.expiresAt,
          created_at: row.createdAt,
        };
      });
      return ok(toPage(list, window, total));
    },
  );

  /** A stored minor amount of a catalogue currency as text with its symbol (null stays null). */
  const moneyOf = (currencyId: number) => {
    const currency = catalog.currency(currencyId);
    return { symbol: currency?.symbol ?? String(currencyId), format: (minor: number | null) => (minor === null ? null : formatMinor(minor, currency?.scale ?? 0)) };
  };

  /** Each earn kind: its rows of one user, newest first, as support reads them (terms as stored on the order, settlement facts). */
  const earnLists = {
    lock_mining: (userId: number, window: { limit: number; offset: number }) => {
      const where = eq(lockMiningOrders.userId, userId);
      const total = db.select({ total: count() }).from(lockMiningOrders).where(where).get()?.total ?? 0;
      const rows = db.select().from(lockMiningOrders).where(where).orderBy(desc(lockMiningOrders.id)).limit(window.limit).offset(window.offset).all();
      const list = rows.map((row) => {
        const money = moneyOf(row.currencyId);
        return {
          id: row.id,
          product_id: row.productId,
          currency: money.symbol,
          amount: money.format(row.amount),
          lock_days: row.lockDays,
          daily_rate_percent: { min: millionthsToPercent(row.minRate), max: millionthsToPercent(row.maxRate) },
          penalty_rate_percent: millionthsToPercent(row.penaltyRate),
          status: row.status,
          locked_at: row.lockedAt,
          value_at: row.valueAt,
          expires_at: row.expiresAt,
          days_paid: row.daysPaid,
          yield_paid: money.format(row.yieldPaid),
          penalty: money.format(row.penalty),
          refund: money.format(row.refund),
          closed_at: row.closedAt,
        };
      });
      return { list, total };
    },
    ieo: (userId: number, window: { limit: number; offset: number }, lang: Language) => {
      const where = eq(ieoOrders.userId, userId);
      const total = db.select({ total: count() }).from(ieoOrders).where(where).get()?.total ?? 0;
      const rows = db.select({ order: ieoOrders, project: ieoProjects }).from(ieoOrders).innerJoin(ieoProjects, eq(ieoOrders.projectId, ieoProjects.id)).where(where).orderBy(desc(ieoOrders.id)).limit(window.limit).offset(window.offset).all();
      const list = rows.map(({ order, project }) => {
        const pay = moneyOf(order.payCurrencyId);
        const tokens = (minor: number | null) => (minor === null ? null : formatMinor(minor, project.tokenScale));
        return {
          id: order.id,
          project_id: project.id,
          project: (project.texts[lang] ?? project.texts.en)?.name ?? project.tokenName,
          token: project.tokenSymbol,
          pay_currency: pay.symbol,
          price: order.price,
          committed: tokens(order.committed),
          held: pay.format(order.held),
          status: order.status,
          subscribe_end: project.subscribeEnd,
          total_committed: tokens(order.totalCommitted),
          cap: tokens(order.cap),
          capped: order.capped,
          allocated: tokens(order.allocated),
          paid: pay.format(order.paid),
          refunded: pay.format(order.refunded),
          unlocks_at: order.unlocksAt,
          created_at: order.createdAt,
          allocated_at: order.allocatedAt,
          unlocked_at: order.unlockedAt,
        };
      });
      return { list, total };
    },
    dual: (userId: number, window: { limit: number; offset: number }) => {
      const where = eq(dualOrders.userId, userId);
      const total = db.select({ total: count() }).from(dualOrders).where(where).get()?.total ?? 0;
      const rows = db.select().from(dualOrders).where(where).orderBy(desc(dualOrders.id)).limit(window.limit).offset(window.offset).all();
      const list = rows.map((row) => {
        const invest = moneyOf(row.investCurrencyId);
        const payout = row.payoutCurrencyId === null ? null : moneyOf(row.payoutCurrencyId);
        return {
          id: row.id,
          product_id: row.productId,
          coin: moneyOf(row.coinCurrencyId).symbol,
          direction: row.direction,
          linked_price: row.linkedPrice,
          apr_percent: row.aprPercent,
          days: row.days,
          shares: row.shares,
          invest_currency: invest.symbol,
          invested: invest.format(row.invested),
          status: row.status,
          maturity_at: row.maturityAt,
          settle_tick: row.tickId === null ? null : { id: row.tickId, time: row.tickTime, price: row.settlementPrice },
          converted: row.converted,
          payout_currency: payout?.symbol ?? null,
          payout: payout ? payout.format(row.payout) : null,
          interest: payout ? payout.format(row.interest) : null,
          created_at: row.createdAt,
          settled_at: row.settledAt,
        };
      });
      return { list, total };
    },
  };

  api.get(
    '/users/:id/earn',
    { schema: consoleDoc('A user\'s earn records of one kind, newest first: lock-mining orders, IEO subscriptions or dual-investment orders, with the terms stored on each and how it settled', { params: idParams, querystring: earnQuery }), preValidation: view },
    async (request) => {
      const user = findUser(ctx, request.params.id);
      const window = pageWindow(request.query.page, request.query.limit);
      const { list, total } = earnLists[request.query.kind](user.id, window, request.lang);
      return ok(toPage<Record<string, unknown>>(list, window, total));
    },
  );

  api.get(
    '/users/:id/copy-trading',
    {
      schema: consoleDoc('A user\'s copy trading: their trader record if they are one, their follows, their copied futures orders (paged, newest first) and the newest skipped copies with why', {
        params: idParams,
        querystring: z.object(pagination),
      }),
      preValidation: view,
    },
    async (request) => {
      const user = findUser(ctx, request.params.id);
      const window = pageWindow(request.query.page, request.query.limit);
      const trader = db.select().from(copyTraders).where(eq(copyTraders.userId, user.id)).get();
      const follows = db.select().from(copyFollows).where(eq(copyFollows.followerId, user.id)).orderBy(desc(copyFollows.updatedAt)).all();
      const copiesWhere = eq(copyPositions.followerId, user.id);
      const copiesTotal = db.select({ total: count() }).from(copyPositions).where(copiesWhere).get()?.total ?? 0;
      const copies = db
        .select({ link: copyPositions, order: futuresOrders })
        .from(copyPositions)
        .innerJoin(futuresOrders, eq(copyPositions.followerOrderId, futuresOrders.id))
        .where(copiesWhere)
        .orderBy(desc(copyPositions.id))
        .limit(window.limit)
        .offset(window.offset)
        .all();
      const skipsWhere = eq(copySkips.followerId, user.id);
      const skipsTotal = db.select({ total: count() }).from(copySkips).where(skipsWhere).get()?.total ?? 0;
      const skips = db.select().from(copySkips).where(skipsWhere).orderBy(desc(copySkips.id)).limit(SKIPS_SHOWN).all();
      // Every trader named on the page, read in one query.
      const traderIds = [...new Set([...follows.map((row) => row.traderId), ...copies.map(({ link }) => link.traderId), ...skips.map((row) => row.traderId)])];
      const nicknames = new Map(
        traderIds.length === 0
          ? []
          : db.select({ userId: copyTraders.userId, nickname: copyTraders.nickname }).from(copyTraders).where(inArray(copyTraders.userId, traderIds)).all().map((row) => [row.userId, row.nickname]),
      );
      const nicknameOf = (traderId: number) => nicknames.get(traderId) ?? '';
      return ok({
        trader: trader
          ? {
              nickname: trader.nickname,
              share_rate: shareRateText(trader.shareBps),
              follower_count: db.select({ total: count() }).from(copyFollows).where(and(eq(copyFollows.traderId, user.id), eq(copyFollows.status, 'following'))).get()?.total ?? 0,
              max_followers: trader.maxFollowers,
              approved_at: trader.approvedAt,
            }
          : null,
        follows: follows.map((row) => ({
          id: row.id,
          trader_user_id: row.traderId,
          trader_nickname: nicknameOf(row.traderId),
          type: row.type,
          number: copyNumberText(row.type as CopyType, row.numberHundredths),
          status: row.status,
          since: row.createdAt,
          updated_at: row.updatedAt,
        })),
        copies: toPage(
          copies.map(({ link, order }) => ({
            id: link.id,
            order_id: order.id,
            trader_user_id: link.traderId,
            trader_nickname: nicknameOf(link.traderId),
            trader_order_id: link.traderOrderId,
            symbol: order.symbol,
            side: order.side,
            lots: order.lots,
            multiple: order.multiple,
            status: order.status,
            open_tick_id: link.openTickId,
            open_price: priceOf(order.symbol, order.openPriceTicks),
            close_tick_id: order.closeTickId,
            close_reason: order.closeReason,
            linked: link.linked,
            unlinked_at: link.unlinkedAt,
            share_rate: shareRateText(link.shareBps),
            pnl: usdt(link.pnl),
            profit_share: usdt(link.profitShare),
            created_at: link.createdAt,
            closed_at: order.closedAt,
          })),
          window,
          copiesTotal,
        ),
        skips: skips.map((row) => ({
          id: row.id,
          trader_user_id: row.traderId,
          trader_nickname: nicknameOf(row.traderId),
          trader_order_id: row.traderOrderId,
          symbol: row.symbol,
          reason_key: row.reasonKey,
          reason: translate(request.lang, row.reasonKey, row.reasonParams),
          at: row.at,
        })),
        skips_total: skipsTotal,
      });
    },
  );

  api.get('/users/:id/logins', { schema: consoleDoc('A user\'s login history (successful and failed), newest first', { params: idParams, querystring: z.object(pagination) }), preValidation: view }, async (request) => {
    const user = findUser(ctx, request.params.id);
    const window = pageWindow(request.query.page, request.query.limit);
    const where = eq(loginEvents.userId, user.id);
    const total = db.select({ total: count() }).from(loginEvents).where(where).get()?.total ?? 0;
    const rows = db.select().from(loginEvents).where(where).orderBy(desc(loginEvents.id)).limit(window.limit).offset(window.offset).all();
    return ok(toPage(rows.map((row) => ({ id: row.id, success: row.success, failure: row.failure, ip: row.ip, user_agent: row.userAgent, created_at: row.createdAt })), window, total));
  });

  /**
   * The audit targets that belong to one user, by target type: the user and
   * every review-queue item, coupon and support conversation of theirs, so
   * the user page's audit tab shows each decision taken about them.
   */
  function auditTargetsOf(userId: number): [string, string[]][] {
    const ids = (rows: { id: number }[]) => rows.map((row) => String(row.id));
    return [
      ['user', [String(userId)]],
      ['identity_verification', ids(db.select({ id: identityVerifications.id }).from(identityVerifications).where(eq(identityVerifications.userId, userId)).all())],
      ['deposit', ids(db.select({ id: deposits.id }).from(deposits).where(eq(deposits.userId, userId)).all())],
      ['withdrawal', ids(db.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.userId, userId)).all())],
      ['nft_listing', ids(db.select({ id: nftListings.id }).from(nftListings).where(eq(nftListings.sellerId, userId)).all())],
      ['trader_application', ids(db.select({ id: copyTraderApplications.id }).from(copyTraderApplications).where(eq(copyTraderApplications.userId, userId)).all())],
      ['coupon', ids(db.select({ id: userCoupons.id }).from(userCoupons).where(eq(userCoupons.userId, userId)).all())],
      ['support_conversation', ids(db.select({ id: supportConversations.id }).from(supportConversations).where(eq(supportConversations.userId, userId)).all())],
    ];
  }

  api.get('/users/:id/audit', { schema: consoleDoc('Operator actions on this user and on their verification requests, deposits, withdrawals, NFT listings, trader applications, coupons and support conversations, newest first', { params: idParams, querystring: z.object({ ...pagination, lang: language() }) }), preValidation: view }, async (request) => {
    const user = findUser(ctx, request.params.id);
    const window = pageWindow(request.query.page, request.query.limit);
    const where = or(...auditTargetsOf(user.id).flatMap(([type, targetIds]) => (targetIds.length > 0 ? [and(eq(auditLog.targetType, type), inArray(auditLog.targetId, targetIds))] : [])));
    const total = db.select({ total: count() }).from(auditLog).where(where).get()?.total ?? 0;
    const rows = db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)).limit(window.limit).offset(window.offset).all();
    return ok(toPage(rows.map(presentAudit(ctx.catalog, request.lang)), window, total));
  });

  /** Freezing and unfreezing: one audited update, then the user is told. */
  function setFreeze(request: Parameters<typeof reviewerOf>[0], userId: number, reason: string, frozen: boolean) {
    const now = ctx.now();
    const reviewer = reviewerOf(request);
    const after = db.transaction((tx) => {
      const before = tx.select().from(users).where(eq(users.id, userId)).get();
      if (!before) throw new AppError('errors.accountNotFound');
      if (frozen === (before.frozenAt !== null)) throw new AppError(frozen ? 'console.alreadyFrozen' : 'console.notFrozen');
      const updated = tx
        .update(users)
        .set(frozen ? { frozenAt: now, frozenReason: reason } : { frozenAt: null, frozenReason: null })
        .where(eq(users.id, userId))
        .returning()
        .get();
      writeAudit(
        tx,
        { ...reviewer, action: frozen ? 'user.freeze' : 'user.unfreeze', targetType: 'user', targetId: userId, before: freezeState(before), after: { ...freezeState(updated), reason } },
        now,
      );
      return updated;
    });
    ctx.bus.emit('user', { userId, kind: frozen ? 'account.frozen' : 'account.unfrozen', refType: 'user', refId: userId, params: { reason }, time: now });
    return summary(after);
  }

  api.post('/users/:id/freeze', { schema: consoleDoc('Freeze a user with a reason they will see: they can log in and look, but not trade, transfer or withdraw', { params: idParams, body: freezeBody }), preValidation: freeze }, async (request) =>
    ok(setFreeze(request, request.params.id, request.body.reason, true)),
  );

  api.post('/users/:id/unfreeze', { schema: consoleDoc('Unfreeze a user, with a reason kept in the audit trail', { params: idParams, body: freezeBody }), preValidation: freeze }, async (request) =>
    ok(setFreeze(request, request.params.id, request.body.reason, false)),
  );
};
