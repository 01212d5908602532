import { dec, type DualTerms, dualOutcomes, dualPayout, formatMinor, ticksToPrice } from '@openbourse/core';
import { and, asc, count, desc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import { dualOrders, dualProducts } from '../../db/schema.ts';
import type { AccountRef } from '../../ledger/accounts.ts';
import { type PostingLine, post } from '../../ledger/ledger.ts';
import type { Instrument } from '../../market/instruments.ts';
import type { CurrencyInfo } from '../../platform/catalog.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { pageWindow, toPage } from '../../platform/fields.ts';

type Product = typeof dualProducts.$inferSelect;
type Order = typeof dualOrders.$inferSelect;

/**
 * Without a single feed tick for a whole day after maturity, an order cannot
 * be settled on a market price: it fails and returns the investment with its
 * interest in the currency invested, as if the linked price had not been reached.
 */
export const SETTLEMENT_GIVE_UP_MS = 24 * 3_600_000;

export type DualOrderStatus = 'purchased' | 'settling' | 'success' | 'fail';

interface SettlementTick {
  id: number;
  priceTicks: number;
  time: number;
}

export function createDualService(ctx: AppContext) {
  const { db, catalog } = ctx;
  const spotType = catalog.accountTypeByCode('change');
  const depositType = catalog.accountTypeByCode('deposit');
  const usdtInfo = catalog.currencyBySymbol('USDT');
  if (!spotType || !depositType || !usdtInfo) throw new Error('dual investment needs the change and deposit account types and USDT');
  const usdt: CurrencyInfo = usdtInfo;
  const spot = (userId: number, currencyId: number): AccountRef => ({ userId, currencyId, accountTypeId: spotType.id });
  const deposit = (userId: number, currencyId: number): AccountRef => ({ userId, currencyId, accountTypeId: depositType.id });
  const currencyOf = (id: number) => catalog.currency(id) as CurrencyInfo;
  const instrumentOf = (coinId: number) => ctx.instruments.byCurrencies(coinId, usdt.id) as Instrument;
  const firstTickAtOrAfter = ctx.sqlite.prepare('SELECT id, price_ticks AS priceTicks, time FROM ticks WHERE symbol = ? AND time >= ? ORDER BY time, id LIMIT 1');

  const termsOf = (row: Pick<Product, 'direction' | 'linkedPrice' | 'aprPercent' | 'days'>): DualTerms => ({ direction: row.direction, linkedPrice: row.linkedPrice, aprPercent: row.aprPercent, days: row.days });
  const scalesOf = (coin: CurrencyInfo) => ({ coin: coin.scale, usdt: usdt.scale });
  const investCurrencyOf = (row: Pick<Product, 'direction' | 'coinCurrencyId'>) => (row.direction === 'call' ? currencyOf(row.coinCurrencyId) : usdt);

  function presentOutcome(coin: CurrencyInfo, payout: { currency: 'coin' | 'usdt'; amount: number; interest: number }) {
    const currency = payout.currency === 'coin' ? coin : usdt;
    return { currency: currency.symbol, amount: formatMinor(payout.amount, currency.scale), interest: formatMinor(payout.interest, currency.scale) };
  }

  function presentProduct(product: Product, now: number) {
    const coin = currencyOf(product.coinCurrencyId);
    const invest = investCurrencyOf(product);
    const outcomes = dualOutcomes(termsOf(product), product.shareAmount, scalesOf(coin));
    return {
      id: product.id,
      pair: `${coin.symbol}/USDT`,
      currency_id: coin.id,
      coin: coin.symbol,
      icon: coin.icon,
      type: product.direction,
      linked_price: product.linkedPrice,
      apr: product.aprPercent,
      days: product.days,
      maturity_at: product.maturityAt,
      maturity_date: new Date(product.maturityAt).toISOString().slice(0, 10),
      invest_currency: invest.symbol,
      share_amount: formatMinor(product.shareAmount, invest.scale),
      total_shares: product.totalShares,
      sold_shares: product.soldShares,
      remaining_shares: product.totalShares - product.soldShares,
      progress: dec(product.soldShares).times(100).dividedBy(product.totalShares).toFixed(2),
      sale_start: product.saleStart,
      sale_end: product.saleEnd,
      on_sale: product.enabled && now >= product.saleStart && now < product.saleEnd,
      feed_price: ctx.market.lastPrice(instrumentOf(coin.id).symbol) ?? null,
      /** What one share pays in each outcome: kept (not converted) and converted at the linked price. */
      per_share: { kept: presentOutcome(coin, outcomes.kept), converted: presentOutcome(coin, outcomes.converted) },
    };
  }

  function products(currencyId: number, direction: 'call' | 'put') {
    const now = ctx.now();
    const rows = db
      .select()
      .from(dualProducts)
      .where(and(eq(dualProducts.coinCurrencyId, currencyId), eq(dualProducts.direction, direction), eq(dualProducts.enabled, true), gt(dualProducts.saleEnd, now)))
      .orderBy(asc(dualProducts.maturityAt), asc(dualProducts.sort), asc(dualProducts.id))
      .all();
    return rows.map((row) => presentProduct(row, now));
  }

  /** The coins with a product on sale or coming (enabled, sale not ended): the tabs of the product list, operator-made products included. */
  function coins() {
    const list = db
      .selectDistinct({ id: dualProducts.coinCurrencyId })
      .from(dualProducts)
      .where(and(eq(dualProducts.enabled, true), gt(dualProducts.saleEnd, ctx.now())))
      .all()
      .map((row) => currencyOf(row.id));
    return list.sort((a, b) => a.sort - b.sort || a.id - b.id).map((coin) => ({ currency_id: coin.id, coin: coin.symbol, icon: coin.icon }));
  }

  function productById(productId: number): Product {
    const product = db.select().from(dualProducts).where(eq(dualProducts.id, productId)).get();
    if (!product?.enabled) throw new AppError('earn.productNotFound');
    return product;
  }

  function detail(productId: number) {
    return presentProduct(productById(productId), ctx.now());
  }

  function buy(userId: number, productId: number, shares: number): number {
    const product = productById(productId);
    const now = ctx.now();
    if (now < product.saleStart || now >= product.saleEnd) throw new AppError('earn.notOnSale');
    const invest = investCurrencyOf(product);
    const invested = shares * product.shareAmount;
    if (!Number.isSafeInteger(invested)) throw new AppError('errors.amountTooLarge');
    const orderId = db.transaction((tx) => {
      const sold = tx
        .update(dualProducts)
        .set({ soldShares: sql`${dualProducts.soldShares} + ${shares}` })
        .where(and(eq(dualProducts.id, product.id), sql`${dualProducts.soldShares} + ${shares} <= ${dualProducts.totalShares}`))
        .run();
      if (sold.changes === 0) {
        const left = tx.select({ total: dualProducts.totalShares, sold: dualProducts.soldShares }).from(dualProducts).where(eq(dualProducts.id, product.id)).get();
        throw new AppError('earn.notEnoughShares', { left: (left?.total ?? 0) - (left?.sold ?? 0) });
      }
      const order = tx
        .insert(dualOrders)
        .values({
          userId,
          productId: product.id,
          coinCurrencyId: product.coinCurrencyId,
          investCurrencyId: invest.id,
          direction: product.direction,
          linkedPrice: product.linkedPrice,
          aprPercent: product.aprPercent,
          days: product.days,
          maturityAt: product.maturityAt,
          shares,
          invested,
          status: 'purchased',
          createdAt: now,
        })
        .returning({ id: dualOrders.id })
        .get();
      post(
        ctx.sqlite,
        {
          type: 'dual_subscribe',
          refType: 'dual_order',
          refId: order.id,
          memo: `${shares} × ${formatMinor(product.shareAmount, invest.scale)} ${invest.symbol}, ${product.direction} at ${product.linkedPrice}, ${product.aprPercent}% APR, ${product.days} days`,
          lines: [
            { account: spot(userId, invest.id), bucket: 'available', amount: -invested },
            { account: deposit(userId, invest.id), bucket: 'frozen', amount: invested },
          ],
        },
        now,
      );
      return order.id;
    });
    ctx.bus.emit('user', { userId, kind: 'dual.purchased', refType: 'dual_order', refId: orderId, params: { shares, amount: formatMinor(invested, invest.scale), currency: invest.symbol }, time: now });
    ctx.bus.emit('balance', { userId });
    return orderId;
  }

  const statusOf = (order: Order, now: number): DualOrderStatus => (order.status === 'purchased' && now >= order.maturityAt ? 'settling' : order.status);

  function presentOrder(order: Order, now: number) {
    const coin = currencyOf(order.coinCurrencyId);
    const invest = currencyOf(order.investCurrencyId);
    const outcomes = dualOutcomes(termsOf(order), order.invested, scalesOf(coin));
    const payoutCurrency = order.payoutCurrencyId === null ? null : currencyOf(order.payoutCurrencyId);
    return {
      id: order.id,
      product_id: order.productId,
      pair: `${coin.symbol}/USDT`,
      coin: coin.symbol,
      icon: coin.icon,
      type: order.direction,
      linked_price: order.linkedPrice,
      apr: order.aprPercent,
      days: order.days,
      maturity_at: order.maturityAt,
      shares: order.shares,
      invested: formatMinor(order.invested, invest.scale),
      invest_currency: invest.symbol,
      status: statusOf(order, now),
      created_at: order.createdAt,
      outcomes: { kept: presentOutcome(coin, outcomes.kept), converted: presentOutcome(coin, outcomes.converted) },
      settlement:
        order.settledAt === null || payoutCurrency === null
          ? null
          : {
              tick: order.tickId === null ? null : { id: order.tickId, time: order.tickTime, price: order.settlementPrice },
              converted: order.converted,
              payout: formatMinor(order.payout ?? 0, payoutCurrency.scale),
              payout_currency: payoutCurrency.symbol,
              interest: formatMinor(order.interest ?? 0, payoutCurrency.scale),
              settled_at: order.settledAt,
            },
    };
  }

  function ownOrders(userId: number, status: DualOrderStatus | undefined, page: number, limit: number) {
    const now = ctx.now();
    const conditions: SQL[] = [eq(dualOrders.userId, userId)];
    if (status === 'purchased') conditions.push(eq(dualOrders.status, 'purchased'), gt(dualOrders.maturityAt, now));
    else if (status === 'settling') conditions.push(eq(dualOrders.status, 'purchased'), lte(dualOrders.maturityAt, now));
    else if (status) conditions.push(eq(dualOrders.status, status));
    const where = and(...conditions);
    const window = pageWindow(page, limit);
    const total = db.select({ total: count() }).from(dualOrders).where(where).get()?.total ?? 0;
    const rows = db.select().from(dualOrders).where(where).orderBy(desc(dualOrders.id)).limit(window.limit).offset(window.offset).all();
    return toPage(
      rows.map((row) => presentOrder(row, now)),
      window,
      total,
    );
  }

  function ownOrder(userId: number, orderId: number) {
    const order = db
      .select()
      .from(dualOrders)
      .where(and(eq(dualOrders.id, orderId), eq(dualOrders.userId, userId)))
      .get();
    if (!order) throw new AppError('earn.orderNotFound');
    return presentOrder(order, ctx.now());
  }

  /**
   * Pays one order out in one transaction: the investment leaves the deposit
   * account for the treasury, which pays the outcome into the spot account.
   * With a tick it is the outcome that tick decides; without (`tick` null) the
   * order failed and the kept outcome is paid.
   */
  function settleOrder(orderId: number, tick: SettlementTick | null, now: number): Order | null {
    return db.transaction((tx) => {
      const order = tx.select().from(dualOrders).where(eq(dualOrders.id, orderId)).get();
      if (order?.status !== 'purchased') return null;
      const coin = currencyOf(order.coinCurrencyId);
      const instrument = instrumentOf(coin.id);
      const price = tick ? ticksToPrice(instrument.def, tick.priceTicks) : null;
      const payout = price === null ? dualOutcomes(termsOf(order), order.invested, scalesOf(coin)).kept : dualPayout(termsOf(order), order.invested, scalesOf(coin), price);
      const payoutCurrency = payout.currency === 'coin' ? coin : usdt;
      const entryId = post(
        ctx.sqlite,
        {
          type: tick ? 'dual_settle' : 'dual_refund',
          refType: 'dual_order',
          refId: order.id,
          memo: tick
            ? `${instrument.symbol} ${price} (tick ${tick.id}) vs linked ${order.linkedPrice}: ${payout.converted ? 'converted' : 'kept'}, ${formatMinor(payout.amount, payoutCurrency.scale)} ${payoutCurrency.symbol}`
            : `no ${instrument.symbol} tick within a day of maturity: returned with interest`,
          lines: ([
            { account: deposit(order.userId, order.investCurrencyId), bucket: 'frozen', amount: -order.invested },
            { account: { system: 'treasury', currencyId: order.investCurrencyId }, bucket: 'available', amount: order.invested },
            { account: { system: 'treasury', currencyId: payoutCurrency.id }, bucket: 'available', amount: -payout.amount },
            { account: spot(order.userId, payoutCurrency.id), bucket: 'available', amount: payout.amount },
          ] satisfies PostingLine[]).filter((line) => line.amount !== 0),
        },
        now,
      );
      const settled = {
        status: tick ? ('success' as const) : ('fail' as const),
        tickId: tick?.id ?? null,
        tickTime: tick?.time ?? null,
        settlementPrice: price,
        converted: payout.converted,
        payoutCurrencyId: payoutCurrency.id,
        payout: payout.amount,
        interest: payout.interest,
        entryId,
        settledAt: now,
      };
      tx.update(dualOrders).set(settled).where(eq(dualOrders.id, order.id)).run();
      return { ...order, ...settled };
    });
  }

  /** Every order past maturity: settled on the first tick at or after 08:00 UTC on its maturity date, once there is one. */
  function settleDue(now: number): void {
    const due = db
      .select({ id: dualOrders.id, coinCurrencyId: dualOrders.coinCurrencyId, maturityAt: dualOrders.maturityAt })
      .from(dualOrders)
      .where(and(eq(dualOrders.status, 'purchased'), lte(dualOrders.maturityAt, now)))
      .orderBy(asc(dualOrders.id))
      .all();
    const ticks = new Map<string, SettlementTick | undefined>();
    for (const order of due) {
      const symbol = instrumentOf(order.coinCurrencyId).symbol;
      const key = `${symbol}@${order.maturityAt}`;
      if (!ticks.has(key)) ticks.set(key, firstTickAtOrAfter.get(symbol, order.maturityAt) as SettlementTick | undefined);
      const tick = ticks.get(key);
      if (!tick && now < order.maturityAt + SETTLEMENT_GIVE_UP_MS) continue;
      const settled = settleOrder(order.id, tick ?? null, now);
      if (!settled) continue;
      const presented = presentOrder(settled, now);
      ctx.bus.emit('user', {
        userId: settled.userId,
        kind: 'dual.settled',
        refType: 'dual_order',
        refId: settled.id,
        params: { payout: presented.settlement?.payout ?? '0', currency: presented.settlement?.payout_currency ?? '', price: settled.settlementPrice ?? '', tick: settled.tickId ?? 0, status: settled.status },
        time: now,
      });
      ctx.bus.emit('balance', { userId: settled.userId });
    }
  }

  return { coins, products, detail, buy, ownOrders, ownOrder, settleDue };
}
