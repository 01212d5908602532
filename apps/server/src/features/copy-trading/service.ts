import type { Language } from '@openbourse/i18n';
import { accuracyBps, type CopyType, copyLots, copyNumberHundredths, copyNumberText, copyProfitShare, fitCopyLots, formatMinor, shareRateText, ticksToPrice } from '@openbourse/core';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { copyAgreements, copyFollowHistory, copyFollows, copyPositions, copySkips, copyTraderApplications, copyTraders, copyTraderStats, futuresOrders, users } from '../../db/schema.ts';
import type { AccountRef } from '../../ledger/accounts.ts';
import { post } from '../../ledger/ledger.ts';
import type { UserEvent } from '../../market/bus.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { pageWindow, toPage } from '../../platform/fields.ts';
import { translate } from '../../platform/i18n.ts';
import type { LeverPositionEvent, LeverPositions, LeverSettlement, LeverTick } from '../../platform/lever-positions.ts';
import { presentRejectReason } from '../../platform/reject-reasons.ts';
import { traderNameTaken } from '../../platform/trader-application-review.ts';
import type { CopyTradingConfig } from '../../platform/copy-trading-terms.ts';
import { traderTexts } from './demo-traders.ts';

type FollowRow = typeof copyFollows.$inferSelect;
type FollowAction = (typeof copyFollowHistory.$inferSelect)['action'];
type TraderRow = typeof copyTraders.$inferSelect;
type StatsRow = typeof copyTraderStats.$inferSelect;
export type TraderSort = 'profit' | 'accuracy' | 'followers';

const DAY_MS = 86_400_000;
const CURVE_DAYS = 30;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Copy trading (issue 13): traders, follows, and the mirroring of a
 * trader's lever positions into followers' lever accounts through the
 * futures feature's port. Mirrors run after the trader's open or close
 * commits, one transaction per follower; the profit share is posted inside
 * the follower's close transaction (the port's settlement hook).
 */
export function createCopyTradingService(ctx: AppContext, positions: LeverPositions, config: CopyTradingConfig) {
  const { db } = ctx;
  const usdtInfo = ctx.catalog.currencyBySymbol('USDT');
  const leverType = ctx.catalog.accountTypeByCode('lever');
  if (!usdtInfo || !leverType) throw new Error('copy trading needs USDT and the lever account type');
  const usdt = usdtInfo;
  const lever = (userId: number): AccountRef => ({ userId, currencyId: usdt.id, accountTypeId: leverType.id });
  const money = (minor: number) => formatMinor(minor, usdt.scale);
  const priceOf = (symbol: string, ticks: number | null) => {
    const instrument = ctx.instruments.get(symbol);
    return ticks === null || !instrument ? null : ticksToPrice(instrument.def, ticks);
  };

  const traderOf = (userId: number) => db.select().from(copyTraders).where(eq(copyTraders.userId, userId)).get();
  const followerCount = (traderId: number) => db.select({ total: count() }).from(copyFollows).where(and(eq(copyFollows.traderId, traderId), eq(copyFollows.status, 'following'))).get()?.total ?? 0;
  const emit = (events: UserEvent[]) => {
    for (const event of events) ctx.bus.emit('user', event);
    for (const userId of new Set(events.map((event) => event.userId))) ctx.bus.emit('balance', { userId });
  };

  // ---- presentation ----

  function presentTrader(trader: TraderRow, viewerId: number | null, language: Language) {
    const stats = db.select().from(copyTraderStats).where(eq(copyTraderStats.traderId, trader.userId)).get() ?? computeStats(trader.userId, ctx.now(), false);
    const user = db.select({ avatar: users.avatar }).from(users).where(eq(users.id, trader.userId)).get();
    const followers = followerCount(trader.userId);
    const following = viewerId === null ? false : db.select({ id: copyFollows.id }).from(copyFollows).where(and(eq(copyFollows.followerId, viewerId), eq(copyFollows.traderId, trader.userId), eq(copyFollows.status, 'following'))).get() !== undefined;
    return {
      trader_user_id: trader.userId,
      nickname: trader.nickname,
      avatar: user?.avatar ?? '',
      ...traderTexts(trader, language),
      share_rate: shareRateText(trader.shareBps),
      follower_count: followers,
      max_followers: trader.maxFollowers,
      slots_left: Math.max(0, trader.maxFollowers - followers),
      accuracy: (stats.accuracyBps / 10_000).toFixed(4),
      total_profit: money(stats.totalProfit),
      profitable_orders: stats.profitableOrders,
      closed_orders: stats.closedOrders,
      follow_amount: money(stats.followAmount),
      follower_earnings: money(stats.followerEarnings),
      computed_at: stats.computedAt,
      following,
    };
  }

  /**
   * Spec 4's three follow states: `cancelled`, or, while following, `edited`
   * when the last change was an edit and `following` otherwise. The table
   * keeps following / cancelled (what mirroring asks); the history says which.
   */
  function followState(row: FollowRow, lastAction: FollowAction | undefined): FollowAction {
    if (row.status === 'cancelled') return 'cancelled';
    return lastAction === 'edited' ? 'edited' : 'following';
  }

  function presentFollow(row: FollowRow, withHistory = false) {
    const trader = traderOf(row.traderId);
    const history = db.select().from(copyFollowHistory).where(eq(copyFollowHistory.followId, row.id)).orderBy(copyFollowHistory.id).all();
    const base = {
      id: row.id,
      trader_user_id: row.traderId,
      trader_nickname: trader?.nickname ?? '',
      type: row.type,
      number: copyNumberText(row.type as CopyType, row.numberHundredths),
      status: followState(row, history.at(-1)?.action),
      created_at: row.createdAt,
      updated_at: row.updatedAt,
    };
    if (!withHistory) return base;
    return { ...base, history: history.map((entry) => ({ action: entry.action, type: entry.type, number: copyNumberText(entry.type as CopyType, entry.numberHundredths), at: entry.at })) };
  }

  // ---- statistics (hourly, spec 9) ----

  /**
   * A trader's figures from their closed positions and the copies' P&L and
   * shares (the same amounts the close and `copy_profit_share` entries post);
   * stored with `computed_at` when `store`.
   */
  /**
   * A trader's own positions: not the copies they held while following someone
   * (even one they kept and closed themselves), whose trades another trader
   * chose. A record built on those would sell another trader's skill as theirs.
   */
  const ownTrades = (traderId: number, status: 'holding' | 'closed') =>
    and(
      eq(futuresOrders.userId, traderId),
      eq(futuresOrders.status, status),
      sql`NOT EXISTS (SELECT 1 FROM ${copyPositions} WHERE ${copyPositions.followerOrderId} = ${futuresOrders.id})`,
    );

  function computeStats(traderId: number, now: number, store = true): StatsRow {
    const closed = db
      .select({ pnl: futuresOrders.pnl, closedAt: futuresOrders.closedAt })
      .from(futuresOrders)
      .where(ownTrades(traderId, 'closed'))
      .all();
    const profitable = closed.filter((row) => (row.pnl ?? 0) > 0).length;
    const firstDay = Date.parse(`${utcDay(now)}T00:00:00Z`) - (CURVE_DAYS - 1) * DAY_MS;
    const curve = Array.from({ length: CURVE_DAYS }, (_, index) => ({ day: utcDay(firstDay + index * DAY_MS), profit: 0 }));
    for (const row of closed) {
      const slot = Math.floor(((row.closedAt ?? 0) - firstDay) / DAY_MS);
      if (slot >= 0 && slot < CURVE_DAYS) (curve[slot] as { profit: number }).profit += row.pnl ?? 0;
    }
    const copies = db
      .select({
        // Margin the trader still steers: open copies still linked (not self-held, not of a cancelled follow).
        followAmount: sql<number>`COALESCE(SUM(CASE WHEN ${futuresOrders.status} = 'holding' AND ${copyPositions.linked} = 1 THEN ${futuresOrders.margin} ELSE 0 END), 0)`,
        // What followers kept: each closed copy's P&L less the share it paid.
        followerEarnings: sql<number>`COALESCE(SUM(CASE WHEN ${copyPositions.closed} = 1 THEN ${copyPositions.pnl} - ${copyPositions.profitShare} ELSE 0 END), 0)`,
        shares: sql<number>`COALESCE(SUM(${copyPositions.profitShare}), 0)`,
      })
      .from(copyPositions)
      .innerJoin(futuresOrders, eq(futuresOrders.id, copyPositions.followerOrderId))
      .where(eq(copyPositions.traderId, traderId))
      .get();
    const stats: StatsRow = {
      traderId,
      followerCount: followerCount(traderId),
      closedOrders: closed.length,
      profitableOrders: profitable,
      accuracyBps: accuracyBps(profitable, closed.length),
      totalProfit: closed.reduce((sum, row) => sum + (row.pnl ?? 0), 0),
      followAmount: Number(copies?.followAmount ?? 0),
      followerEarnings: Number(copies?.followerEarnings ?? 0),
      sharesReceived: Number(copies?.shares ?? 0),
      curve,
      computedAt: now,
    };
    if (store) db.insert(copyTraderStats).values(stats).onConflictDoUpdate({ target: copyTraderStats.traderId, set: stats }).run();
    return stats;
  }

  function refreshStats(now: number): number {
    const traders = db.select({ userId: copyTraders.userId }).from(copyTraders).all();
    for (const trader of traders) computeStats(trader.userId, now);
    return traders.length;
  }

  // ---- reading ----

  function traderList(sort: TraderSort, page: number, limit: number, viewerId: number | null, language: Language) {
    const window = pageWindow(page, limit);
    const all = db.select().from(copyTraders).all().map((trader) => presentTrader(trader, viewerId, language));
    const key = (entry: ReturnType<typeof presentTrader>) => (sort === 'profit' ? Number(entry.total_profit) : sort === 'accuracy' ? Number(entry.accuracy) : entry.follower_count);
    all.sort((a, b) => key(b) - key(a) || a.trader_user_id - b.trader_user_id);
    const computedAt = all.reduce<number | null>((latest, entry) => (latest === null || entry.computed_at > latest ? entry.computed_at : latest), null);
    return { ...toPage(all.slice(window.offset, window.offset + window.limit), window, all.length), computed_at: computedAt };
  }

  function approvedTrader(traderId: number): TraderRow {
    const trader = traderOf(traderId);
    if (!trader) throw new AppError('copy.traderNotFound');
    return trader;
  }

  function traderDetail(traderId: number, viewerId: number | null, language: Language) {
    const trader = approvedTrader(traderId);
    const stats = db.select().from(copyTraderStats).where(eq(copyTraderStats.traderId, traderId)).get() ?? computeStats(traderId, ctx.now(), false);
    const open = db
      .select()
      .from(futuresOrders)
      .where(ownTrades(traderId, 'holding'))
      .orderBy(desc(futuresOrders.id))
      .all();
    const mine = viewerId === null ? undefined : db.select().from(copyFollows).where(and(eq(copyFollows.followerId, viewerId), eq(copyFollows.traderId, traderId))).get();
    return {
      ...presentTrader(trader, viewerId, language),
      curve: stats.curve.map((point) => ({ day: point.day, profit: money(point.profit) })),
      open_positions: open.map((row) => ({ symbol: row.symbol, side: row.side, lots: row.lots, multiple: row.multiple, open_price: priceOf(row.symbol, row.openPriceTicks), open_tick_id: row.openTickId, opened_at: row.openedAt })),
      my_follow: mine ? presentFollow(mine) : null,
    };
  }

  function historyTrade(traderId: number, page: number, limit: number) {
    approvedTrader(traderId);
    const window = pageWindow(page, limit);
    const where = ownTrades(traderId, 'closed');
    const total = db.select({ total: count() }).from(futuresOrders).where(where).get()?.total ?? 0;
    const rows = db.select().from(futuresOrders).where(where).orderBy(desc(futuresOrders.closedAt), desc(futuresOrders.id)).limit(window.limit).offset(window.offset).all();
    return toPage(
      rows.map((row) => ({
        id: row.id,
        symbol: row.symbol,
        side: row.side,
        lots: row.lots,
        multiple: row.multiple,
        open_price: priceOf(row.symbol, row.openPriceTicks),
        open_tick_id: row.openTickId,
        close_price: priceOf(row.symbol, row.closePriceTicks),
        close_tick_id: row.closeTickId,
        close_reason: row.closeReason,
        profit: money(row.pnl ?? 0),
        opened_at: row.openedAt,
        closed_at: row.closedAt,
      })),
      window,
      total,
    );
  }

  function presentCopy(link: typeof copyPositions.$inferSelect) {
    const trader = traderOf(link.traderId);
    return {
      ...(positions.present(link.followerOrderId) ?? {}),
      trader_user_id: link.traderId,
      trader_nickname: trader?.nickname ?? '',
      trader_order_id: link.traderOrderId,
      linked: link.linked,
      profit_share: money(link.profitShare),
    };
  }

  function myCopies(userId: number, page: number, limit: number, lang: Language) {
    const window = pageWindow(page, limit);
    const follows = db.select().from(copyFollows).where(eq(copyFollows.followerId, userId)).orderBy(desc(copyFollows.updatedAt)).all();
    const current = db
      .select()
      .from(copyPositions)
      .where(and(eq(copyPositions.followerId, userId), eq(copyPositions.closed, false)))
      .orderBy(desc(copyPositions.id))
      .all();
    const history = db
      .select()
      .from(copyPositions)
      .where(and(eq(copyPositions.followerId, userId), eq(copyPositions.closed, true)))
      .orderBy(desc(copyPositions.id))
      .limit(window.limit)
      .offset(window.offset)
      .all();
    const skipped = db.select().from(copySkips).where(eq(copySkips.followerId, userId)).orderBy(desc(copySkips.id)).limit(50).all();
    const earnings = db
      .select({ profit: sql<number>`COALESCE(SUM(${copyPositions.pnl}), 0)`, shares: sql<number>`COALESCE(SUM(${copyPositions.profitShare}), 0)`, closed: count() })
      .from(copyPositions)
      .where(and(eq(copyPositions.followerId, userId), eq(copyPositions.closed, true)))
      .get();
    return {
      follows: follows.map((row) => presentFollow(row, true)),
      current: current.map(presentCopy),
      history: history.map(presentCopy),
      history_total: earnings?.closed ?? 0,
      history_has_more: window.offset + history.length < (earnings?.closed ?? 0),
      skipped: skipped.map((row) => ({
        trader_user_id: row.traderId,
        trader_nickname: traderOf(row.traderId)?.nickname ?? '',
        symbol: row.symbol,
        reason_key: row.reasonKey,
        reason: translate(lang, row.reasonKey, row.reasonParams),
        at: row.at,
      })),
      earnings: { total_profit: money(Number(earnings?.profit ?? 0)), shares_paid: money(Number(earnings?.shares ?? 0)) },
    };
  }

  // ---- the agreement and follows ----

  function agreement(userId: number) {
    return { agreed_at: db.select().from(copyAgreements).where(eq(copyAgreements.userId, userId)).get()?.agreedAt ?? null };
  }

  function agree(userId: number) {
    const now = ctx.now();
    db.insert(copyAgreements).values({ userId, agreedAt: now }).onConflictDoNothing().run();
    return agreement(userId) as { agreed_at: number };
  }

  function follow(userId: number, traderId: number, type: CopyType, number: string) {
    // Who may follow at all comes before the agreement: a trader is told they cannot follow, not sent to accept it.
    if (traderId === userId) throw new AppError('copy.cannotFollowSelf');
    if (traderOf(userId)) throw new AppError('copy.traderCannotFollow');
    // Approval would make a follower a trader: one who applied may not follow until the application is decided.
    if (latestApplication(userId)?.status === 'pending') throw new AppError('copy.applicationPendingCannotFollow');
    if (agreement(userId).agreed_at === null) throw new AppError('copy.agreementRequired');
    const trader = approvedTrader(traderId);
    const parsed = copyNumberHundredths(type, number);
    if (!parsed.ok) {
      const keys = { not_positive: 'copy.numberNotPositive', fractional_lots: 'copy.fractionalLots', too_big: 'copy.numberTooBig', invalid: 'copy.numberInvalid' } as const;
      throw new AppError(keys[parsed.problem], { max: 1000 });
    }
    const now = ctx.now();
    const row = db.transaction((tx) => {
      const existing = tx.select().from(copyFollows).where(and(eq(copyFollows.followerId, userId), eq(copyFollows.traderId, traderId))).get();
      const editing = existing?.status === 'following';
      if (!editing && followerCount(traderId) >= trader.maxFollowers) throw new AppError('copy.traderFull');
      const values = { type, numberHundredths: parsed.hundredths, status: 'following' as const, updatedAt: now };
      const saved = existing
        ? tx.update(copyFollows).set(values).where(eq(copyFollows.id, existing.id)).returning().get()
        : tx.insert(copyFollows).values({ ...values, followerId: userId, traderId, createdAt: now }).returning().get();
      tx.insert(copyFollowHistory).values({ followId: saved.id, action: editing ? 'edited' : 'following', type, numberHundredths: parsed.hundredths, at: now }).run();
      return { saved, editing };
    });
    const events: UserEvent[] = [{ userId, kind: row.editing ? 'copy.follow_edited' : 'copy.follow_started', refType: 'copy_follow', refId: row.saved.id, params: { trader: trader.nickname }, time: now }];
    if (!row.editing) {
      const follower = db.select({ nickname: users.nickname }).from(users).where(eq(users.id, userId)).get();
      events.push({ userId: traderId, kind: 'copy.follower_added', refType: 'copy_follow', refId: row.saved.id, params: { nickname: follower?.nickname ?? '' }, time: now });
    }
    emit(events);
    return presentFollow(row.saved);
  }

  /** Stops following: the copies still linked stay open as the follower's own. */
  function cancel(userId: number, traderId: number) {
    const existing = db.select().from(copyFollows).where(and(eq(copyFollows.followerId, userId), eq(copyFollows.traderId, traderId), eq(copyFollows.status, 'following'))).get();
    if (!existing) throw new AppError('copy.followNotFound');
    const now = ctx.now();
    db.transaction((tx) => {
      tx.update(copyFollows).set({ status: 'cancelled', updatedAt: now }).where(eq(copyFollows.id, existing.id)).run();
      tx.insert(copyFollowHistory).values({ followId: existing.id, action: 'cancelled', type: existing.type, numberHundredths: existing.numberHundredths, at: now }).run();
      tx.update(copyPositions)
        .set({ linked: false, unlinkedAt: now })
        .where(and(eq(copyPositions.followId, existing.id), eq(copyPositions.linked, true)))
        .run();
    });
    emit([{ userId, kind: 'copy.follow_cancelled', refType: 'copy_follow', refId: existing.id, params: { trader: traderOf(traderId)?.nickname ?? '' }, time: now }]);
    return { ok: true as const };
  }

  /** Self-holding: the copy stays open and the trader's close no longer touches it. */
  function selfHolding(userId: number, followerOrderId: number) {
    const link = db
      .select()
      .from(copyPositions)
      .where(and(eq(copyPositions.followerOrderId, followerOrderId), eq(copyPositions.followerId, userId), eq(copyPositions.linked, true), eq(copyPositions.closed, false)))
      .get();
    if (!link) throw new AppError('copy.positionNotFound');
    const now = ctx.now();
    db.update(copyPositions).set({ linked: false, unlinkedAt: now }).where(eq(copyPositions.id, link.id)).run();
    const position = positions.position(followerOrderId);
    emit([{ userId, kind: 'copy.self_holding', refType: 'futures_order', refId: followerOrderId, params: { symbol: position?.symbol ?? '', trader: traderOf(link.traderId)?.nickname ?? '' }, time: now }]);
    return positions.present(followerOrderId);
  }

  // ---- mirroring ----

  function recordSkip(follow: FollowRow, traderOrderId: number, symbol: string, error: AppError, now: number): UserEvent {
    const params = Object.fromEntries(Object.entries(error.params ?? {}).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'));
    db.insert(copySkips).values({ followId: follow.id, followerId: follow.followerId, traderId: follow.traderId, traderOrderId, symbol, reasonKey: error.key, reasonParams: params, at: now }).run();
    return { userId: follow.followerId, kind: 'copy.position_skipped', refType: 'futures_order', refId: traderOrderId, params: { symbol, trader: traderOf(follow.traderId)?.nickname ?? '' }, time: now };
  }

  /** A trader opened: each follower gets the same instrument, side and multiple at the same tick, sized by their follow; one transaction each. */
  function mirrorOpen(traderOrderId: number): void {
    const order = positions.position(traderOrderId);
    const trader = order ? traderOf(order.userId) : undefined;
    if (!order || !trader || order.openTickId === null) return;
    const tick = positions.tick(order.openTickId);
    if (!tick) return;
    const follows = db
      .select({ follow: copyFollows, frozenAt: users.frozenAt, frozenReason: users.frozenReason })
      .from(copyFollows)
      .innerJoin(users, eq(users.id, copyFollows.followerId))
      .where(and(eq(copyFollows.traderId, trader.userId), eq(copyFollows.status, 'following')))
      .all();
    const events: UserEvent[] = [];
    for (const { follow, frozenAt, frozenReason } of follows) {
      const now = ctx.now();
      const wanted = copyLots(follow.type as CopyType, follow.numberHundredths, order.lots);
      try {
        // A frozen account may not trade (as /lever/submit refuses it): the copy is skipped with that reason.
        if (frozenAt !== null) throw new AppError('errors.accountFrozen', { reason: frozenReason ?? '' });
        const opened = db.transaction(() => {
          const limits = positions.copyLotLimits(follow.followerId, order.symbol);
          const fitted = limits ? fitCopyLots(wanted, limits) : { lots: 0, reduced: false };
          // Nothing fits: opening what one order may carry refuses with the limit it breaks, which the skip records.
          const lots = fitted.lots > 0 ? fitted.lots : Math.min(wanted, limits?.maxLotsPerOrder ?? wanted);
          const result = positions.openMirror(follow.followerId, { symbol: order.symbol, side: order.side, multiple: order.multiple, lots }, tick);
          db.insert(copyPositions)
            .values({ followerOrderId: result.orderId, traderOrderId, followId: follow.id, followerId: follow.followerId, traderId: trader.userId, openTickId: tick.id, shareBps: trader.shareBps, createdAt: now })
            .run();
          return { ...result, lots, reduced: fitted.reduced };
        });
        const params = { symbol: order.symbol, side: order.side, lots: opened.lots, trader: trader.nickname, tick_id: tick.id };
        events.push(
          opened.event,
          opened.reduced
            ? { userId: follow.followerId, kind: 'copy.position_reduced', refType: 'futures_order', refId: opened.orderId, params: { ...params, wanted }, time: now }
            : { userId: follow.followerId, kind: 'copy.position_opened', refType: 'futures_order', refId: opened.orderId, params, time: now },
        );
      } catch (error) {
        if (!(error instanceof AppError)) {
          ctx.log.error({ err: error, followId: follow.id, traderOrderId }, 'copy open failed');
          continue;
        }
        events.push(recordSkip(follow, traderOrderId, order.symbol, error, now));
      }
    }
    emit(events);
  }

  /** A trader closed: every copy still linked closes at the trader's closing tick, one transaction each. */
  function mirrorClose(traderOrderId: number): void {
    const order = positions.position(traderOrderId);
    if (!order || order.closeTickId === null || order.closeReason === null) return;
    const tick: LeverTick | null = positions.tick(order.closeTickId);
    if (!tick) return;
    const links = db.select().from(copyPositions).where(and(eq(copyPositions.traderOrderId, traderOrderId), eq(copyPositions.linked, true), eq(copyPositions.closed, false))).all();
    // A copy is closed because its trader closed, not by its own liquidation level: only the trader's own close reasons carry over.
    const reason = order.closeReason === 'liquidation' ? 'manual' : order.closeReason;
    const events: UserEvent[] = [];
    let shares = 0;
    for (const link of links) {
      try {
        const event = db.transaction(() => positions.closeMirror(link.followerOrderId, tick, reason));
        if (!event) continue;
        const closed = closedCopy(link.followerOrderId);
        events.push(event, ...(closed ? [closed.event] : []));
        shares += closed?.link.profitShare ?? 0;
      } catch (error) {
        ctx.log.error({ err: error, followerOrderId: link.followerOrderId, traderOrderId }, 'copy close failed');
      }
    }
    // One notice for the trader per close, however many followers paid.
    if (shares > 0) events.push(shareReceived(order.userId, traderOrderId, order.symbol, shares));
    emit(events);
  }

  /** After the commit of a copy's close: the follower's notice (P&L and share paid), and the copy's row and symbol for the trader's. */
  function closedCopy(followerOrderId: number): { event: UserEvent; link: typeof copyPositions.$inferSelect; symbol: string } | null {
    const link = db.select().from(copyPositions).where(eq(copyPositions.followerOrderId, followerOrderId)).get();
    const position = link?.closed ? positions.position(followerOrderId) : null;
    if (!link || !position) return null;
    return {
      event: {
        userId: link.followerId,
        kind: 'copy.position_closed',
        refType: 'futures_order',
        refId: followerOrderId,
        params: { symbol: position.symbol, pnl: money(link.pnl ?? 0), share: money(link.profitShare), currency: usdt.symbol, trader: traderOf(link.traderId)?.nickname ?? '' },
        time: ctx.now(),
      },
      link,
      symbol: position.symbol,
    };
  }

  /** A closed copy's notices: the follower's, and the trader's when it paid a share. */
  function closedCopyEvents(followerOrderId: number): UserEvent[] {
    const closed = closedCopy(followerOrderId);
    if (!closed) return [];
    const { link } = closed;
    return link.profitShare > 0 ? [closed.event, shareReceived(link.traderId, link.traderOrderId, closed.symbol, link.profitShare)] : [closed.event];
  }

  function shareReceived(traderId: number, traderOrderId: number, symbol: string, amount: number): UserEvent {
    return { userId: traderId, kind: 'copy.share_received', refType: 'futures_order', refId: traderOrderId, params: { symbol, amount: money(amount), currency: usdt.symbol }, time: ctx.now() };
  }

  /**
   * Mirrors lost to a stop: a trader's close commits before its copies are
   * closed, so a crash in between (or a close during futures' start-up
   * rebuild, before this feature listens) leaves linked copies open. Each is
   * closed at its trader's own closing tick; a copy whose close committed
   * before its settlement could run is settled now.
   */
  function catchUpMirrors(): number {
    const unsettled = db
      .select({ link: copyPositions })
      .from(copyPositions)
      .innerJoin(futuresOrders, eq(futuresOrders.id, copyPositions.followerOrderId))
      .where(and(eq(copyPositions.closed, false), eq(futuresOrders.status, 'closed')))
      .all();
    const events: UserEvent[] = [];
    for (const { link } of unsettled) {
      const position = positions.position(link.followerOrderId);
      if (!position) continue;
      try {
        db.transaction(() => settleCopy({ position, pnlMinor: position.pnl ?? 0 }));
        events.push(...closedCopyEvents(link.followerOrderId));
      } catch (error) {
        ctx.log.error({ err: error, followerOrderId: link.followerOrderId }, 'copy settlement after restart failed');
      }
    }
    emit(events);
    const orphaned = db
      .selectDistinct({ traderOrderId: copyPositions.traderOrderId })
      .from(copyPositions)
      .innerJoin(futuresOrders, eq(futuresOrders.id, copyPositions.traderOrderId))
      .where(and(eq(copyPositions.linked, true), eq(copyPositions.closed, false), eq(futuresOrders.status, 'closed')))
      .all();
    for (const { traderOrderId } of orphaned) mirrorClose(traderOrderId);
    return unsettled.length + orphaned.length;
  }

  /**
   * Inside the follower's close transaction: record the result and move the
   * profit share to the trader. A copy the follower made their own
   * (self-holding, a cancelled follow) owes no share.
   */
  function settleCopy({ position, pnlMinor }: LeverSettlement): void {
    const link = db.select().from(copyPositions).where(eq(copyPositions.followerOrderId, position.id)).get();
    if (!link) return;
    const share = link.linked ? copyProfitShare(pnlMinor, link.shareBps) : 0;
    db.update(copyPositions).set({ closed: true, pnl: pnlMinor, profitShare: share }).where(eq(copyPositions.id, link.id)).run();
    if (share === 0) return;
    post(
      ctx.sqlite,
      {
        type: 'copy_profit_share',
        refType: 'futures_order',
        refId: position.id,
        memo: `${position.symbol} copy of trader order ${link.traderOrderId}: ${shareRateText(link.shareBps)} of profit ${money(pnlMinor)} = ${money(share)} to trader ${link.traderId}`,
        lines: [
          { account: lever(link.followerId), bucket: 'available', amount: -share },
          { account: lever(link.traderId), bucket: 'available', amount: share },
        ],
      },
      ctx.now(),
    );
  }

  /** After commit of any open or close: mirror a trader's, announce a follower's closed copy. */
  function onPositionEvent(event: LeverPositionEvent): void {
    if (event.kind === 'opened') {
      if (traderOf(event.userId)) mirrorOpen(event.orderId);
      return;
    }
    if (traderOf(event.userId)) mirrorClose(event.orderId);
    // A copy the follower closed (their own close, TP, SL or liquidation); the copies a trader's close closes are announced by mirrorClose.
    emit(closedCopyEvents(event.orderId));
  }

  positions.onPositionEvent(onPositionEvent);
  positions.onSettlement(settleCopy);
  // The futures pages show a copy as such (trader, still linked) and offer self-holding there too.
  positions.markCopies((orderId) => {
    const link = db
      .select({ traderId: copyPositions.traderId, linked: copyPositions.linked, profitShare: copyPositions.profitShare, nickname: copyTraders.nickname })
      .from(copyPositions)
      .leftJoin(copyTraders, eq(copyTraders.userId, copyPositions.traderId))
      .where(eq(copyPositions.followerOrderId, orderId))
      .get();
    return link ? { trader_user_id: link.traderId, trader_nickname: link.nickname ?? '', linked: link.linked, profit_share: money(link.profitShare) } : null;
  });

  // ---- traders ----

  function latestApplication(userId: number) {
    return db.select().from(copyTraderApplications).where(eq(copyTraderApplications.userId, userId)).orderBy(desc(copyTraderApplications.id)).get();
  }

  function presentApplication(row: typeof copyTraderApplications.$inferSelect, language: Language) {
    return { id: row.id, status: row.status, nickname: row.nickname, introduction: row.introduction, share_rate: shareRateText(row.shareBps), reason: presentRejectReason('traderApplications', language, row.reason) ?? undefined, created_at: row.createdAt };
  }

  function traderMe(userId: number, verificationLevel: number, language: Language) {
    const application = latestApplication(userId);
    const trader = traderOf(userId);
    const followers = trader
      ? db
          .select({ nickname: users.nickname, type: copyFollows.type, number: copyFollows.numberHundredths, since: copyFollows.createdAt })
          .from(copyFollows)
          .innerJoin(users, eq(users.id, copyFollows.followerId))
          .where(and(eq(copyFollows.traderId, userId), eq(copyFollows.status, 'following')))
          .orderBy(copyFollows.id)
          .all()
      : [];
    const shares = db.select({ total: sql<number>`COALESCE(SUM(${copyPositions.profitShare}), 0)` }).from(copyPositions).where(eq(copyPositions.traderId, userId)).get();
    return {
      application: application ? presentApplication(application, language) : null,
      trader: trader ? presentTrader(trader, userId, language) : null,
      eligibility: {
        level_ok: verificationLevel >= config.minVerificationLevel,
        lever_balance: money(positions.available(userId)),
        min_lever_balance: config.minLeverBalanceText,
        share_range: config.shareRange.map(shareRateText),
        default_share_rate: shareRateText(config.defaultShareBps),
      },
      followers: followers.map((row) => ({ nickname: row.nickname, type: row.type, number: copyNumberText(row.type as CopyType, row.number), since: row.since })),
      shares_received: money(Number(shares?.total ?? 0)),
    };
  }

  function apply(userId: number, verificationLevel: number, input: { nickname: string; introduction: string; shareBps: number | null }, language: Language) {
    if (traderOf(userId)) throw new AppError('copy.alreadyTrader');
    if (latestApplication(userId)?.status === 'pending') throw new AppError('copy.alreadyApplied');
    if (traderNameTaken(db, input.nickname, userId, { pending: true })) throw new AppError('copy.nicknameTaken');
    if (verificationLevel < config.minVerificationLevel) throw new AppError('copy.levelTooLow');
    const shareBps = input.shareBps ?? config.defaultShareBps;
    if (shareBps < config.shareRange[0] || shareBps > config.shareRange[1]) throw new AppError('copy.shareRateOutOfRange', { min: shareRateText(config.shareRange[0]), max: shareRateText(config.shareRange[1]) });
    if (positions.available(userId) < config.minLeverBalance) throw new AppError('copy.balanceTooLow', { amount: config.minLeverBalanceText });
    const following = db.select({ id: copyFollows.id }).from(copyFollows).where(and(eq(copyFollows.followerId, userId), eq(copyFollows.status, 'following'))).get();
    if (following) throw new AppError('copy.followingCannotApply');
    const row = db.insert(copyTraderApplications).values({ userId, nickname: input.nickname, introduction: input.introduction, shareBps, status: 'pending', createdAt: ctx.now() }).returning().get();
    return presentApplication(row, language);
  }

  return {
    config,
    traderList,
    traderDetail,
    historyTrade,
    myCopies,
    agreement,
    agree,
    follow,
    cancel,
    selfHolding,
    traderMe,
    apply,
    computeStats,
    refreshStats,
    catchUpMirrors,
    /** Trader ids, for the demo's rule runner. */
    traderIds: () => db.select({ userId: copyTraders.userId }).from(copyTraders).all().map((row) => row.userId),
    openCopiesOf: (traderOrderIds: number[]) => (traderOrderIds.length === 0 ? [] : db.select().from(copyPositions).where(inArray(copyPositions.traderOrderId, traderOrderIds)).all()),
  };
}

export type CopyTradingService = ReturnType<typeof createCopyTradingService>;
