import { randomBytes } from 'node:crypto';
import {
  commitmentOf,
  DAY_MS,
  dailyRateFromSeed,
  dailyYield,
  earlyRedemption,
  formatMinor,
  lockRateDays,
  lockSchedule,
  millionthsToPercent,
  rateDayOf,
  remainingDays,
} from '@openbourse/core';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lockMiningOrders, lockMiningPayouts, lockMiningProducts, lockMiningRates } from '../../db/schema.ts';
import type { AccountRef } from '../../ledger/accounts.ts';
import { type PostingLine, post } from '../../ledger/ledger.ts';
import type { UserEvent } from '../../market/bus.ts';
import { parseUserAmount } from '../../platform/amounts.ts';
import type { CurrencyInfo } from '../../platform/catalog.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { pageWindow, toPage } from '../../platform/fields.ts';

type Product = typeof lockMiningProducts.$inferSelect;
type Order = typeof lockMiningOrders.$inferSelect;
type Rate = typeof lockMiningRates.$inferSelect;

/**
 * Each product's rates are committed this many dates ahead: a lock placed now
 * pays on dates up to today + lock days + 1, so every payout date of a new
 * lock already has its commitment, published before anyone locked into it.
 */
export const commitHorizonDays = (lockDays: number) => lockDays + 2;

const dayStart = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const addDays = (day: string, days: number) => rateDayOf(dayStart(day) + days * DAY_MS);
const minuteText = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Status filter of /lh/deposit/order: 1 in progress, 2 redeemed (returned at expiry or early). */
export type OrderFilter = 1 | 2;

export function createLockMiningService(ctx: AppContext) {
  const { db, catalog } = ctx;
  const spotType = catalog.accountTypeByCode('change');
  const miningType = catalog.accountTypeByCode('mining');
  if (!spotType || !miningType) throw new Error('lock mining needs the change and mining account types');

  const spot = (userId: number, currencyId: number): AccountRef => ({ userId, currencyId, accountTypeId: spotType.id });
  const mining = (userId: number, currencyId: number): AccountRef => ({ userId, currencyId, accountTypeId: miningType.id });
  const currencyOf = (id: number) => catalog.currency(id) as CurrencyInfo;

  /**
   * A rate for a product and UTC date: committed ahead by the scheduled job.
   * Should a day lack one when it is needed (the server was down for longer
   * than the horizon), it is committed now and, as it could have been chosen
   * after the day began, pays the top of the range.
   */
  function rateFor(tx: Db, product: Pick<Product, 'id' | 'minRate' | 'maxRate' | 'dividendMinute'>, day: string, now: number): Rate {
    const existing = tx
      .select()
      .from(lockMiningRates)
      .where(and(eq(lockMiningRates.productId, product.id), eq(lockMiningRates.day, day)))
      .get();
    return existing ?? commitRate(tx, product, day, now);
  }

  /** A new seed for a product and date, stored with its commitment and the product's range now. */
  function commitRate(tx: Db, product: Pick<Product, 'id' | 'minRate' | 'maxRate' | 'dividendMinute'>, day: string, now: number): Rate {
    const seed = randomBytes(32).toString('hex');
    const accrualStarts = dayStart(day) - DAY_MS + product.dividendMinute * 60_000;
    const late = now >= accrualStarts;
    const row: Rate = {
      productId: product.id,
      day,
      seed,
      commitment: commitmentOf(seed),
      minRate: product.minRate,
      maxRate: product.maxRate,
      rate: late ? product.maxRate : dailyRateFromSeed(seed, product.minRate, product.maxRate),
      late,
      committedAt: now,
      revealedAt: null,
    };
    tx.insert(lockMiningRates).values(row).run();
    return row;
  }

  /** Commits the dates of one product's horizon that have no rate yet. */
  function commitAhead(tx: Db, product: Product, now: number): void {
    const today = rateDayOf(now);
    const committed = new Set(
      tx
        .select({ day: lockMiningRates.day })
        .from(lockMiningRates)
        .where(and(eq(lockMiningRates.productId, product.id), gt(lockMiningRates.day, today)))
        .all()
        .map((row) => row.day),
    );
    for (let offset = 1; offset <= commitHorizonDays(product.lockDays); offset += 1) {
      const day = addDays(today, offset);
      if (!committed.has(day)) commitRate(tx, product, day, now);
    }
  }

  /** Publishes the commitments of every product's next dates (lock days + 2 of them); reveals the seeds of days gone by. */
  function commitAndReveal(now: number): void {
    const today = rateDayOf(now);
    const products = db.select().from(lockMiningProducts).all();
    db.transaction((tx) => {
      for (const product of products) commitAhead(tx, product, now);
      tx.update(lockMiningRates).set({ revealedAt: now }).where(and(isNull(lockMiningRates.revealedAt), lt(lockMiningRates.day, today))).run();
    });
  }

  /** How many of these dates of a product have a committed rate. */
  function committedCount(tx: Db, productId: number, days: string[]): number {
    return (
      tx
        .select({ total: count() })
        .from(lockMiningRates)
        .where(and(eq(lockMiningRates.productId, productId), inArray(lockMiningRates.day, days)))
        .get()?.total ?? 0
    );
  }

  function emitAll(events: UserEvent[]): void {
    for (const event of events) ctx.bus.emit('user', event);
    for (const userId of new Set(events.map((event) => event.userId))) ctx.bus.emit('balance', { userId });
  }

  /**
   * Pays one order's next dividend if it is due, in one transaction: the
   * payout row (unique per order and day, so never twice), the posting from
   * the rewards account, and at the last day the principal back to the spot
   * account. Answers the events to announce, or null when nothing was due.
   */
  function payNextDay(orderId: number, now: number): UserEvent[] | null {
    return db.transaction((tx) => {
      const order = tx.select().from(lockMiningOrders).where(eq(lockMiningOrders.id, orderId)).get();
      if (order?.status !== 'running') return null;
      const dayNumber = order.daysPaid + 1;
      const payoutAt = order.valueAt + dayNumber * DAY_MS;
      if (payoutAt > now) return null;
      const product = tx.select().from(lockMiningProducts).where(eq(lockMiningProducts.id, order.productId)).get() as Product;
      const rate = rateFor(tx, product, rateDayOf(payoutAt), now);
      if (rate.revealedAt === null) tx.update(lockMiningRates).set({ revealedAt: now }).where(and(eq(lockMiningRates.productId, rate.productId), eq(lockMiningRates.day, rate.day))).run();
      const amount = dailyYield(order.amount, rate.rate);
      const currency = currencyOf(order.currencyId);
      const entryId =
        amount > 0
          ? post(
              ctx.sqlite,
              {
                type: 'lock_mining_yield',
                refType: 'lock_mining_order',
                refId: order.id,
                memo: `day ${dayNumber}/${order.lockDays} at ${millionthsToPercent(rate.rate)}% (${rate.day})`,
                lines: [
                  { account: { system: 'rewards', currencyId: order.currencyId }, bucket: 'available', amount: -amount },
                  { account: spot(order.userId, order.currencyId), bucket: 'available', amount },
                ],
              },
              now,
            )
          : null;
      tx.insert(lockMiningPayouts).values({ orderId: order.id, dayNumber, rateDay: rate.day, rate: rate.rate, amount, payoutAt, paidAt: now, entryId }).run();
      const matured = dayNumber === order.lockDays;
      tx.update(lockMiningOrders)
        .set({ daysPaid: dayNumber, yieldPaid: order.yieldPaid + amount, ...(matured ? { status: 'matured' as const, closedAt: now } : {}) })
        .where(eq(lockMiningOrders.id, order.id))
        .run();
      const events: UserEvent[] = [
        {
          userId: order.userId,
          kind: 'lock_mining.yield_paid',
          refType: 'lock_mining_order',
          refId: order.id,
          params: { amount: formatMinor(amount, currency.scale), currency: currency.symbol, day: dayNumber, rate: millionthsToPercent(rate.rate) },
          time: now,
        },
      ];
      if (matured) {
        post(
          ctx.sqlite,
          {
            type: 'lock_mining_release',
            refType: 'lock_mining_order',
            refId: order.id,
            memo: `principal returned at expiry after ${order.lockDays} days`,
            lines: [
              { account: mining(order.userId, order.currencyId), bucket: 'frozen', amount: -order.amount },
              { account: spot(order.userId, order.currencyId), bucket: 'available', amount: order.amount },
            ],
          },
          now,
        );
        events.push({
          userId: order.userId,
          kind: 'lock_mining.redeemed',
          refType: 'lock_mining_order',
          refId: order.id,
          params: { amount: formatMinor(order.amount, currency.scale), currency: currency.symbol, penalty: formatMinor(0, currency.scale), at_expiry: 1 },
          time: now,
        });
      }
      return events;
    });
  }

  /** Every dividend due at `now`, one day of one order at a time, oldest first. */
  function payDue(now: number, onlyOrderId?: number): void {
    const dueCondition = and(eq(lockMiningOrders.status, 'running'), sql`${lockMiningOrders.valueAt} + (${lockMiningOrders.daysPaid} + 1) * ${DAY_MS} <= ${now}`);
    const due = db
      .select({ id: lockMiningOrders.id })
      .from(lockMiningOrders)
      .where(onlyOrderId === undefined ? dueCondition : and(dueCondition, eq(lockMiningOrders.id, onlyOrderId)))
      .orderBy(asc(lockMiningOrders.id))
      .all();
    for (const { id } of due) {
      for (;;) {
        const events = payNextDay(id, now);
        if (!events) break;
        emitAll(events);
      }
    }
  }

  function runningTotal(tx: Db, userId: number, productId: number): number {
    const row = tx
      .select({ total: sum(lockMiningOrders.amount) })
      .from(lockMiningOrders)
      .where(and(eq(lockMiningOrders.userId, userId), eq(lockMiningOrders.productId, productId), eq(lockMiningOrders.status, 'running')))
      .get();
    return Number(row?.total ?? 0);
  }

  function enabledProduct(productId: number): Product {
    const product = db.select().from(lockMiningProducts).where(eq(lockMiningProducts.id, productId)).get();
    if (!product?.enabled) throw new AppError('earn.productNotFound');
    return product;
  }

  function lock(userId: number, productId: number, amountText: string) {
    const product = enabledProduct(productId);
    const currency = currencyOf(product.currencyId);
    const amount = parseUserAmount(amountText, currency);
    if (amount < product.minAmount) throw new AppError('earn.belowMinimum', { min: { amount: formatMinor(product.minAmount, currency.scale) }, currency: currency.symbol });
    const now = ctx.now();
    const schedule = lockSchedule(now, product.lockDays, product.dividendMinute);
    const payoutDays = lockRateDays(schedule.valueAt, product.lockDays);
    if (committedCount(db, product.id, payoutDays) < payoutDays.length) {
      // A product created or lengthened since the commitment job last ran: its
      // rates are committed now, in their own transaction, and the lock is
      // refused, so the user locks only after the commitments are published.
      db.transaction((tx) => commitAhead(tx, product, now));
      throw new AppError('earn.ratesJustCommitted');
    }
    const orderId = db.transaction((tx) => {
      const left = product.maxPerUser - runningTotal(tx, userId, product.id);
      if (amount > left) throw new AppError('earn.aboveUserMaximum', { left: { amount: formatMinor(Math.max(0, left), currency.scale) }, currency: currency.symbol });
      const order = tx
        .insert(lockMiningOrders)
        .values({
          userId,
          productId: product.id,
          currencyId: product.currencyId,
          amount,
          lockDays: product.lockDays,
          minRate: product.minRate,
          maxRate: product.maxRate,
          penaltyRate: product.penaltyRate,
          dividendMinute: product.dividendMinute,
          lockedAt: now,
          valueAt: schedule.valueAt,
          expiresAt: schedule.expiresAt,
          status: 'running',
        })
        .returning({ id: lockMiningOrders.id })
        .get();
      post(
        ctx.sqlite,
        {
          type: 'lock_mining_lock',
          refType: 'lock_mining_order',
          refId: order.id,
          memo: `${product.lockDays}-day lock, product ${product.id}`,
          lines: [
            { account: spot(userId, product.currencyId), bucket: 'available', amount: -amount },
            { account: mining(userId, product.currencyId), bucket: 'frozen', amount },
          ],
        },
        now,
      );
      return order.id;
    });
    emitAll([{ userId, kind: 'lock_mining.locked', refType: 'lock_mining_order', refId: orderId, params: { amount: formatMinor(amount, currency.scale), currency: currency.symbol, days: product.lockDays }, time: now }]);
    return orderId;
  }

  function ownOrder(userId: number, orderId: number): Order {
    const order = db
      .select()
      .from(lockMiningOrders)
      .where(and(eq(lockMiningOrders.id, orderId), eq(lockMiningOrders.userId, userId)))
      .get();
    // Someone else's order answers exactly like a missing one.
    if (!order) throw new AppError('earn.orderNotFound');
    return order;
  }

  /** Early redemption: dividends already due are paid first, then the amount minus the penalty returns to the spot account. */
  function redeem(userId: number, orderId: number): number {
    ownOrder(userId, orderId);
    const now = ctx.now();
    payDue(now, orderId);
    const events = db.transaction((tx) => {
      const order = tx.select().from(lockMiningOrders).where(eq(lockMiningOrders.id, orderId)).get() as Order;
      if (order.status !== 'running') throw new AppError('earn.orderClosed');
      const currency = currencyOf(order.currencyId);
      const left = remainingDays(order.lockDays, order.daysPaid);
      const { penalty, refund } = earlyRedemption(order.amount, order.penaltyRate, left);
      const lines: PostingLine[] = [{ account: mining(userId, order.currencyId), bucket: 'frozen', amount: -order.amount }];
      if (refund > 0) lines.push({ account: spot(userId, order.currencyId), bucket: 'available', amount: refund });
      // The penalty is platform income: it goes to the treasury.
      if (penalty > 0) lines.push({ account: { system: 'treasury', currencyId: order.currencyId }, bucket: 'available', amount: penalty });
      post(
        ctx.sqlite,
        {
          type: 'lock_mining_redeem',
          refType: 'lock_mining_order',
          refId: order.id,
          memo: `early redemption: ${millionthsToPercent(order.penaltyRate)}% × ${left} days × amount = ${formatMinor(penalty, currency.scale)} penalty`,
          lines,
        },
        now,
      );
      tx.update(lockMiningOrders).set({ status: 'redeemed', penalty, refund, closedAt: now }).where(eq(lockMiningOrders.id, order.id)).run();
      const event: UserEvent = {
        userId,
        kind: 'lock_mining.redeemed',
        refType: 'lock_mining_order',
        refId: order.id,
        params: { amount: formatMinor(refund, currency.scale), currency: currency.symbol, penalty: formatMinor(penalty, currency.scale), at_expiry: 0 },
        time: now,
      };
      return [event];
    });
    emitAll(events);
    return orderId;
  }

  function presentProduct(product: Product, userId: number | null, upcoming: Rate[]) {
    const currency = currencyOf(product.currencyId);
    const now = ctx.now();
    const schedule = lockSchedule(now, product.lockDays, product.dividendMinute);
    const locked = userId === null ? null : runningTotal(db, userId, product.id);
    return {
      id: product.id,
      currency_id: currency.id,
      currency: currency.symbol,
      icon: currency.icon,
      lock_days: product.lockDays,
      daily_rate_min: millionthsToPercent(product.minRate),
      daily_rate_max: millionthsToPercent(product.maxRate),
      min_rate_millionths: product.minRate,
      max_rate_millionths: product.maxRate,
      min_amount: formatMinor(product.minAmount, currency.scale),
      max_per_user: formatMinor(product.maxPerUser, currency.scale),
      penalty_rate: millionthsToPercent(product.penaltyRate),
      penalty_rate_millionths: product.penaltyRate,
      dividend_time: minuteText(product.dividendMinute),
      /** If locked now: accrual starts, first dividend, expiry. */
      value_at: schedule.valueAt,
      first_dividend_at: schedule.payoutAt(1),
      expires_at: schedule.expiresAt,
      user_locked: locked === null ? null : formatMinor(locked, currency.scale),
      user_remaining: locked === null ? null : formatMinor(Math.max(0, product.maxPerUser - locked), currency.scale),
      /** The next days' commitments: hashes of seeds still secret, published before each day starts. */
      /** Each with the range its rate is drawn from: a range edited later applies only to dates committed after the edit. */
      commitments: upcoming
        .filter((rate) => rate.productId === product.id)
        .map((rate) => ({ day: rate.day, commitment: rate.commitment, committed_at: rate.committedAt, min_rate_millionths: rate.minRate, max_rate_millionths: rate.maxRate })),
    };
  }

  function products(userId: number | null) {
    const list = db.select().from(lockMiningProducts).where(eq(lockMiningProducts.enabled, true)).orderBy(asc(lockMiningProducts.sort), asc(lockMiningProducts.id)).all();
    const upcoming = db
      .select()
      .from(lockMiningRates)
      .where(and(isNull(lockMiningRates.revealedAt), gte(lockMiningRates.day, rateDayOf(ctx.now()))))
      .orderBy(asc(lockMiningRates.day))
      .all();
    return list.map((product) => presentProduct(product, userId, upcoming));
  }

  function presentOrder(order: Order, payouts: (typeof lockMiningPayouts.$inferSelect)[], rates: Rate[]) {
    const currency = currencyOf(order.currencyId);
    const schedule = lockSchedule(order.lockedAt, order.lockDays, order.dividendMinute);
    const rateByDay = new Map(rates.filter((rate) => rate.productId === order.productId).map((rate) => [rate.day, rate]));
    const paidByDay = new Map(payouts.filter((payout) => payout.orderId === order.id).map((payout) => [payout.dayNumber, payout]));
    const running = order.status === 'running';
    const left = remainingDays(order.lockDays, order.daysPaid);
    const preview = running ? earlyRedemption(order.amount, order.penaltyRate, left) : null;
    const days = Array.from({ length: order.lockDays }, (_, index) => {
      const dayNumber = index + 1;
      const payoutAt = order.valueAt + dayNumber * DAY_MS;
      const paid = paidByDay.get(dayNumber);
      const rateDay = paid?.rateDay ?? rateDayOf(payoutAt);
      const rate = rateByDay.get(rateDay);
      const revealed = rate?.revealedAt !== null && rate?.revealedAt !== undefined;
      return {
        day: dayNumber,
        payout_at: payoutAt,
        rate_day: rateDay,
        commitment: rate?.commitment ?? null,
        committed_at: rate?.committedAt ?? null,
        // The seed and the rate stay secret until the day's dividend is paid.
        seed: revealed ? (rate?.seed ?? null) : null,
        rate: revealed && rate ? millionthsToPercent(rate.rate) : null,
        rate_millionths: revealed && rate ? rate.rate : null,
        range_min_millionths: rate?.minRate ?? null,
        range_max_millionths: rate?.maxRate ?? null,
        late: rate?.late ?? false,
        amount: paid ? formatMinor(paid.amount, currency.scale) : null,
        paid_at: paid?.paidAt ?? null,
      };
    });
    // The range the order's days are actually drawn from: each day's committed range (the product's at lock time for a day without one).
    const effectiveMin = Math.min(...days.map((day) => day.range_min_millionths ?? order.minRate));
    const effectiveMax = Math.max(...days.map((day) => day.range_max_millionths ?? order.maxRate));
    return {
      id: order.id,
      product_id: order.productId,
      currency_id: currency.id,
      currency: currency.symbol,
      icon: currency.icon,
      amount: formatMinor(order.amount, currency.scale),
      lock_days: order.lockDays,
      daily_rate_min: millionthsToPercent(effectiveMin),
      daily_rate_max: millionthsToPercent(effectiveMax),
      penalty_rate: millionthsToPercent(order.penaltyRate),
      status: running ? 1 : 2,
      state: order.status,
      locked_at: order.lockedAt,
      value_at: order.valueAt,
      expires_at: order.expiresAt,
      next_dividend_at: running ? schedule.payoutAt(order.daysPaid + 1) : null,
      days_paid: order.daysPaid,
      yield_paid: formatMinor(order.yieldPaid, currency.scale),
      penalty: order.penalty === null ? null : formatMinor(order.penalty, currency.scale),
      refund: order.refund === null ? null : formatMinor(order.refund, currency.scale),
      closed_at: order.closedAt,
      redeem_preview: preview ? { remaining_days: left, penalty: formatMinor(preview.penalty, currency.scale), refund: formatMinor(preview.refund, currency.scale) } : null,
      days,
    };
  }

  function orders(userId: number, filter: OrderFilter, page: number, limit: number) {
    const where = and(eq(lockMiningOrders.userId, userId), filter === 1 ? eq(lockMiningOrders.status, 'running') : inArray(lockMiningOrders.status, ['matured', 'redeemed']));
    const window = pageWindow(page, limit);
    const total = db.select({ total: count() }).from(lockMiningOrders).where(where).get()?.total ?? 0;
    const rows = db.select().from(lockMiningOrders).where(where).orderBy(desc(lockMiningOrders.id)).limit(window.limit).offset(window.offset).all();
    const ids = rows.map((row) => row.id);
    const payouts = ids.length === 0 ? [] : db.select().from(lockMiningPayouts).where(inArray(lockMiningPayouts.orderId, ids)).all();
    const productIds = [...new Set(rows.map((row) => row.productId))];
    const rates = productIds.length === 0 ? [] : db.select().from(lockMiningRates).where(inArray(lockMiningRates.productId, productIds)).all();
    return toPage(
      rows.map((row) => presentOrder(row, payouts, rates)),
      window,
      total,
    );
  }

  function order(userId: number, orderId: number) {
    const row = ownOrder(userId, orderId);
    const payouts = db.select().from(lockMiningPayouts).where(eq(lockMiningPayouts.orderId, row.id)).all();
    const rates = db.select().from(lockMiningRates).where(eq(lockMiningRates.productId, row.productId)).all();
    return presentOrder(row, payouts, rates);
  }

  return { commitAndReveal, payDue, lock, redeem, products, orders, order };
}
