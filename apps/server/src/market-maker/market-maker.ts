import { randomBytes } from 'node:crypto';
import { dec, previewSpotOrder, quantityToLots, roundPriceToTick, toMinor } from '@openbourse/core';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import type { PlaceOrderInput } from '../exchange/exchange.ts';
import { balanceOf, post, transferLines } from '../ledger/ledger.ts';
import type { Instrument } from '../market/instruments.ts';
import type { AppContext } from '../platform/context.ts';
import { hashPassword } from '../platform/passwords.ts';
import { insertUser } from '../platform/users.ts';

export const MARKET_MAKER_EMAIL = 'market-maker@openbourse.internal';

/** Starting inventory, in USDT value per instrument side; funded once from the treasury through the ledger. */
const QUOTE_FUNDING_USDT = '20000000';
const BASE_FUNDING_USDT = '1500000';

interface Quotes {
  referenceTicks: number;
  orderIds: number[];
}

/**
 * A real participant with its own ledger accounts and inventory: on every
 * feed tick it quotes a ladder on both sides around the feed price, so a
 * user's order fills on a fresh install. It reacts only to the feed and to
 * its own orders, never to orders before they are in the book.
 */
export class MarketMaker {
  private readonly quotes = new Map<string, Quotes>();

  private constructor(
    private readonly ctx: AppContext,
    readonly userId: number,
  ) {}

  /** Finds or creates (and funds) the market maker's account. It has no usable password and cannot log in. */
  static async open(ctx: AppContext): Promise<MarketMaker> {
    const existing = ctx.db.select({ id: users.id }).from(users).where(eq(users.email, MARKET_MAKER_EMAIL)).get();
    if (existing) return new MarketMaker(ctx, existing.id);
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    const now = ctx.now();
    const userId = ctx.db.transaction((tx) => {
      const user = insertUser(tx, { email: MARKET_MAKER_EMAIL, passwordHash }, now);
      tx.update(users).set({ nickname: 'MarketMaker' }).where(eq(users.id, user.id)).run();
      fundInventory(ctx, user.id, now);
      return user.id;
    });
    return new MarketMaker(ctx, userId);
  }

  start(): void {
    this.ctx.exchange.withoutFillNotices(this.userId);
    this.ctx.bus.on('tick', (tick) => this.requote(tick.symbol));
  }

  /** Replaces the ladder when the feed moved by half a level step or when a quote traded. */
  requote(symbol: string): void {
    const { ctx } = this;
    const instrument = ctx.instruments.get(symbol);
    const reference = ctx.market.lastTick(symbol);
    if (!instrument || !reference) return;
    const current = this.quotes.get(symbol);
    if (!ctx.market.isOpen(instrument, ctx.now())) {
      if (current?.orderIds.length) this.replace(instrument, current.orderIds, [], reference.priceTicks);
      return;
    }
    if (current && !this.stale(instrument, current, reference.priceTicks)) return;
    this.replace(instrument, current?.orderIds ?? [], this.ladder(instrument, reference.priceTicks, current?.orderIds ?? []), reference.priceTicks);
  }

  private stale(instrument: Instrument, quotes: Quotes, referenceTicks: number): boolean {
    const moved = Math.abs(referenceTicks - quotes.referenceTicks) / quotes.referenceTicks;
    if (moved * 10_000 >= instrument.marketMaker.level_step_bps / 2) return true;
    // Asked on every tick of every pair: the book in memory answers without reading each quote's row.
    const book = this.ctx.exchange.book(instrument.symbol);
    return quotes.orderIds.some((orderId) => {
      const order = book.getOrder(orderId);
      return order === null || order.remainingLots < order.originalLots;
    });
  }

  private replace(instrument: Instrument, cancelIds: number[], orders: PlaceOrderInput[], referenceTicks: number): void {
    try {
      const placed = this.ctx.exchange.replace(this.userId, instrument.symbol, cancelIds, orders);
      const book = this.ctx.exchange.book(instrument.symbol);
      this.quotes.set(instrument.symbol, { referenceTicks, orderIds: placed.filter((orderId) => book.getOrder(orderId) !== null) });
    } catch (error) {
      this.ctx.log.warn({ err: error, symbol: instrument.symbol }, 'market maker could not requote');
    }
  }

  /**
   * Levels step away from the reference price on both sides; each level is
   * only quoted while the inventory (what is free plus what the old quotes
   * release) covers it.
   */
  private ladder(instrument: Instrument, referenceTicks: number, releasing: number[]): PlaceOrderInput[] {
    const { ctx } = this;
    const settings = instrument.marketMaker;
    const lotsPerLevel = quantityToLots(instrument.def, settings.level_quantity);
    if (!lotsPerLevel.ok) return [];
    const budget = this.freeInventory(instrument, releasing);
    const reference = dec(referenceTicks).times(instrument.def.tickSize);
    const referenceTickId = ctx.market.lastTick(instrument.symbol)?.id ?? null;
    const orders: PlaceOrderInput[] = [];
    for (let level = 0; level < settings.levels; level += 1) {
      const offset = dec(settings.spread_bps / 2 + level * settings.level_step_bps).dividedBy(10_000);
      // Deeper levels carry more size, as real books do.
      const lots = Math.max(1, Math.floor(lotsPerLevel.lots * (1 + level * 0.25)));
      const bidTicks = roundPriceToTick(instrument.def, reference.times(dec(1).minus(offset)), 'down');
      const askTicks = roundPriceToTick(instrument.def, reference.times(dec(1).plus(offset)), 'up');
      const bidCost = bidTicks > 0 ? previewSpotOrder({ def: instrument.def, side: 'buy', type: 'limit', priceTicks: bidTicks, lots }).hold.amount : Number.POSITIVE_INFINITY;
      const askCost = lots * instrument.spec.baseUnitsPerLot;
      if (bidCost <= budget.quote) {
        budget.quote -= bidCost;
        orders.push({ symbol: instrument.symbol, side: 'buy', type: 'limit', priceTicks: bidTicks, lots, timeInForce: 'GTC', referenceTickId });
      }
      if (askCost <= budget.base) {
        budget.base -= askCost;
        orders.push({ symbol: instrument.symbol, side: 'sell', type: 'limit', priceTicks: askTicks, lots, timeInForce: 'GTC', referenceTickId });
      }
    }
    return orders;
  }

  private freeInventory(instrument: Instrument, releasing: number[]): { base: number; quote: number } {
    const balance = (currencyId: number) => balanceOf(this.ctx.sqlite, { userId: this.userId, currencyId, accountTypeId: instrument.accountTypeId })?.available ?? 0;
    const inventory = { base: balance(instrument.base.id), quote: balance(instrument.quote.id) };
    for (const orderId of releasing) {
      const order = this.ctx.exchange.order(orderId);
      if (order?.status !== 'open') continue;
      if (order.holdCurrencyId === instrument.base.id) inventory.base += order.holdRemaining;
      else inventory.quote += order.holdRemaining;
    }
    return inventory;
  }
}

/** The maker's starting inventory, moved from the treasury in one journal entry per currency and account. */
function fundInventory(ctx: AppContext, userId: number, now: number): void {
  const credits = new Map<string, { currencyId: number; accountTypeId: number; units: number }>();
  const add = (currencyId: number, accountTypeId: number, units: number) => {
    const key = `${currencyId}:${accountTypeId}`;
    const entry = credits.get(key) ?? { currencyId, accountTypeId, units: 0 };
    entry.units += units;
    credits.set(key, entry);
  };
  for (const instrument of ctx.instruments.all) {
    const quoteFunding = toMinor(QUOTE_FUNDING_USDT, instrument.quote.scale);
    if (!credits.has(`${instrument.quote.id}:${instrument.accountTypeId}`)) add(instrument.quote.id, instrument.accountTypeId, quoteFunding);
    const price = dec(instrument.base.referencePrice);
    const baseAmount = dec(BASE_FUNDING_USDT).dividedBy(price).toDecimalPlaces(instrument.base.scale, 1);
    add(instrument.base.id, instrument.accountTypeId, toMinor(baseAmount, instrument.base.scale));
  }
  for (const credit of credits.values()) {
    post(
      ctx.sqlite,
      {
        type: 'treasury_funding',
        refType: 'user',
        refId: userId,
        memo: 'market maker starting inventory',
        lines: transferLines({ system: 'treasury', currencyId: credit.currencyId }, { userId, currencyId: credit.currencyId, accountTypeId: credit.accountTypeId }, credit.units),
      },
      now,
    );
  }
}
