import { BookSide, type PriceLevel, RestingOrder } from './book-side.ts';
import { feeFromBps, MAX_FEE_BPS } from './fees.ts';
import { IntMap } from './int-map.ts';
import { SubmitResult } from './submit-result.ts';
import {
  type CancelReason,
  type CancelResult,
  DEFAULT_STP_MODE,
  type Depth,
  type DepthLevel,
  type InstrumentSpec,
  type LimitOrderRequest,
  type MarketOrderRequest,
  type OpenOrder,
  type OrderRequest,
  type RejectReason,
  type RestoreRejectReason,
  type RestoreResult,
  type Side,
  type StpMode,
} from './types.ts';

export class InstrumentSpecError extends Error {
  constructor(
    readonly symbol: string,
    readonly field: keyof InstrumentSpec,
  ) {
    super(`instrument ${symbol}: invalid ${field}`);
  }
}

/** Market orders without a protection price accept any price on the opposite side. */
const NO_BUY_LIMIT = Number.MAX_SAFE_INTEGER;
const NO_SELL_LIMIT = 0;
const NO_BUDGET = -1;
/** Bounds the memory a burst of orders leaves behind in the node free list. */
const MAX_SPARE_ORDERS = 65_536;

const RESTORED: RestoreResult = Object.freeze({ ok: true });

const isPositiveSafeInteger = (value: number): boolean => Number.isSafeInteger(value) && value > 0;
const isSide = (value: string): value is Side => value === 'buy' || value === 'sell';
const isStpMode = (value: string): value is StpMode =>
  value === 'cancel_taker' || value === 'cancel_maker' || value === 'cancel_both';
const isTimeInForce = (value: string): boolean => value === 'GTC' || value === 'IOC' || value === 'FOK';
const isFeeBps = (value: number): boolean => Number.isInteger(value) && value >= 0 && value <= MAX_FEE_BPS;

function assertValidSpec(spec: InstrumentSpec): void {
  const fail = (field: keyof InstrumentSpec) => new InstrumentSpecError(String(spec.symbol), field);
  if (typeof spec.symbol !== 'string' || spec.symbol === '') throw fail('symbol');
  if (!isPositiveSafeInteger(spec.quotePerTickLot)) throw fail('quotePerTickLot');
  if (!Number.isSafeInteger(spec.minNotional) || spec.minNotional < 0) throw fail('minNotional');
  if (!isFeeBps(spec.makerFeeBps)) throw fail('makerFeeBps');
  if (!isFeeBps(spec.takerFeeBps)) throw fail('takerFeeBps');
}

function toOpenOrder(order: RestingOrder): OpenOrder {
  return {
    id: order.id,
    ownerId: order.ownerId,
    side: order.side,
    priceTicks: order.priceTicks,
    originalLots: order.originalLots,
    remainingLots: order.remainingLots,
    sequence: order.sequence,
  };
}

function depthOf(side: BookSide, maxLevels: number): DepthLevel[] {
  const levels = side.levels;
  const count = Math.min(maxLevels, levels.length);
  const out: DepthLevel[] = new Array(count);
  for (let rank = 0; rank < count; rank++) {
    const level = levels[levels.length - 1 - rank] as PriceLevel;
    out[rank] = [level.priceTicks, level.totalLots, level.orderCount];
  }
  return out;
}

/**
 * Limit order book and matcher for one instrument: price-time priority, every
 * trade at the resting order's price. Pure and deterministic: the same calls
 * in the same order always produce the same results; nothing reads a clock.
 */
export class OrderBook {
  readonly spec: InstrumentSpec;
  private readonly quotePerTickLot: number;
  private readonly bids = new BookSide(true);
  private readonly asks = new BookSide(false);
  private readonly ordersById = new IntMap<RestingOrder>();
  private nextSequence = 1;
  /**
   * Recycled nodes of orders that left the book, linked through `next`. Orders
   * live long enough to be promoted out of V8's young generation, so reusing
   * their nodes saves the collector real copying work.
   */
  private spareOrders: RestingOrder | null = null;
  private spareOrderCount = 0;
  /** Why the last `match` stopped with quantity left; a field rather than a returned object to keep matching allocation-free. */
  private stopReason: CancelReason = 'no_liquidity';

  constructor(spec: InstrumentSpec) {
    assertValidSpec(spec);
    this.spec = Object.freeze({ ...spec });
    this.quotePerTickLot = spec.quotePerTickLot;
  }

  /** The sequence the next accepted order will get: a caller can store it with the order before submitting. */
  get upcomingSequence(): number {
    return this.nextSequence;
  }

  /**
   * Validates, matches and (GTC limit only) rests an order. Pass `out` to reuse
   * one result object across calls; see SubmitResult.
   */
  submit(request: OrderRequest, out: SubmitResult = new SubmitResult()): SubmitResult {
    out.reset(request.id);
    const rejection = this.validate(request);
    if (rejection !== null) {
      out.reason = rejection;
      return out;
    }
    out.sequence = this.nextSequence++;
    if (request.type === 'limit') this.executeLimit(request, out);
    else this.executeMarket(request, out);
    return out;
  }

  /** Why submit would refuse this request, without submitting it; null when it would be accepted. */
  rejectionOf(request: OrderRequest): RejectReason | null {
    return this.validate(request);
  }

  /** Removes a resting order; an unknown (or already finished) id is reported, not thrown. */
  cancel(orderId: number): CancelResult {
    const order = this.ordersById.get(orderId);
    if (order === undefined) return { status: 'not_found', orderId };
    const result: CancelResult = {
      status: 'cancelled',
      orderId,
      ownerId: order.ownerId,
      side: order.side,
      priceTicks: order.priceTicks,
      cancelledLots: order.remainingLots,
    };
    this.removeFromBook(order);
    return result;
  }

  /**
   * Puts back an open order loaded from storage (server start), without
   * matching. Time priority comes from `sequence`, not from call order, and
   * later submits are sequenced after every restored order.
   */
  restore(order: OpenOrder): RestoreResult {
    const rejection = this.validateRestore(order);
    if (rejection !== null) return { ok: false, reason: rejection };
    const side = order.side === 'buy' ? this.bids : this.asks;
    const node = this.newRestingOrder(
      order.id,
      order.ownerId,
      order.side,
      order.priceTicks,
      order.originalLots,
      order.remainingLots,
      order.sequence,
    );
    side.levelFor(order.priceTicks).insertBySequence(node);
    this.ordersById.set(order.id, node);
    if (order.sequence >= this.nextSequence) this.nextSequence = order.sequence + 1;
    return RESTORED;
  }

  bestBid(): number | null {
    return this.bids.best()?.priceTicks ?? null;
  }

  bestAsk(): number | null {
    return this.asks.best()?.priceTicks ?? null;
  }

  /** Aggregated levels, best first, at most `maxLevels` per side. */
  depth(maxLevels = Number.POSITIVE_INFINITY): Depth {
    const limit = maxLevels > 0 ? Math.floor(maxLevels) : 0;
    return { bids: depthOf(this.bids, limit), asks: depthOf(this.asks, limit) };
  }

  getOrder(orderId: number): OpenOrder | null {
    const order = this.ordersById.get(orderId);
    return order === undefined ? null : toOpenOrder(order);
  }

  get openOrderCount(): number {
    return this.ordersById.size;
  }

  /**
   * Snapshots of all open orders: bids then asks, best price first, oldest
   * first within a price. Do not submit or cancel while iterating.
   */
  *openOrders(): IterableIterator<OpenOrder> {
    for (const side of [this.bids, this.asks]) {
      const levels = side.levels;
      for (let i = levels.length - 1; i >= 0; i--) {
        for (let order = (levels[i] as PriceLevel).head; order !== null; order = order.next) {
          yield toOpenOrder(order);
        }
      }
    }
  }

  private validate(request: OrderRequest): RejectReason | null {
    if (!isPositiveSafeInteger(request.id)) return 'invalid_order_id';
    if (this.ordersById.has(request.id)) return 'duplicate_order_id';
    if (!Number.isSafeInteger(request.ownerId)) return 'invalid_owner_id';
    if (!isSide(request.side)) return 'invalid_side';
    if (!isPositiveSafeInteger(request.qtyLots)) return 'invalid_quantity';
    if (request.stpMode !== undefined && !isStpMode(request.stpMode)) return 'invalid_stp_mode';
    if (request.type === 'limit') return this.validateLimit(request);
    if (request.type === 'market') return this.validateMarket(request);
    return 'invalid_order_type';
  }

  private validateLimit(request: LimitOrderRequest): RejectReason | null {
    if (!isPositiveSafeInteger(request.priceTicks)) return 'invalid_price';
    if (request.timeInForce !== undefined && !isTimeInForce(request.timeInForce)) return 'invalid_time_in_force';
    // Checking the whole order's notional here bounds every later fill against it
    // (as taker or maker) to a safe integer, so fills never need a range check.
    const notional = request.priceTicks * request.qtyLots * this.quotePerTickLot;
    if (!Number.isSafeInteger(notional)) return 'notional_overflow';
    if (notional < this.spec.minNotional) return 'below_min_notional';
    return null;
  }

  private validateMarket(request: MarketOrderRequest): RejectReason | null {
    if (request.limitPrice !== undefined && !isPositiveSafeInteger(request.limitPrice)) return 'invalid_price';
    if (request.quoteBudget !== undefined) {
      if (request.side !== 'buy' || !isPositiveSafeInteger(request.quoteBudget)) return 'invalid_quote_budget';
    }
    return null;
  }

  private validateRestore(order: OpenOrder): RestoreRejectReason | null {
    if (!isPositiveSafeInteger(order.id)) return 'invalid_order_id';
    if (this.ordersById.has(order.id)) return 'duplicate_order_id';
    if (!Number.isSafeInteger(order.ownerId)) return 'invalid_owner_id';
    if (!isSide(order.side)) return 'invalid_side';
    if (!isPositiveSafeInteger(order.priceTicks)) return 'invalid_price';
    if (!isPositiveSafeInteger(order.originalLots) || !isPositiveSafeInteger(order.remainingLots)) {
      return 'invalid_quantity';
    }
    if (order.remainingLots > order.originalLots) return 'invalid_quantity';
    if (!isPositiveSafeInteger(order.sequence)) return 'invalid_sequence';
    if (!Number.isSafeInteger(order.priceTicks * order.originalLots * this.quotePerTickLot)) {
      return 'notional_overflow';
    }
    const opposite = order.side === 'buy' ? this.asks.best() : this.bids.best();
    if (opposite !== undefined && this.crosses(order.side === 'buy', opposite.priceTicks, order.priceTicks)) {
      return 'would_cross';
    }
    return null;
  }

  private executeLimit(request: LimitOrderRequest, out: SubmitResult): void {
    const isBuy = request.side === 'buy';
    const timeInForce = request.timeInForce ?? 'GTC';
    const stpMode = request.stpMode ?? DEFAULT_STP_MODE;
    const { priceTicks, qtyLots } = request;

    if (timeInForce === 'FOK' && !this.canFillCompletely(isBuy, priceTicks, qtyLots, request.ownerId, stpMode)) {
      this.finishCancelled(out, 'fok_not_fillable', qtyLots);
      return;
    }
    const remaining = this.match(request.id, request.ownerId, isBuy, priceTicks, qtyLots, NO_BUDGET, stpMode, out);
    if (remaining === 0) {
      out.status = 'filled';
    } else if (timeInForce !== 'GTC' || this.stopReason === 'self_trade_prevented') {
      this.finishCancelled(out, this.stopReason, remaining);
    } else {
      const order = this.newRestingOrder(
        request.id,
        request.ownerId,
        request.side,
        priceTicks,
        qtyLots,
        remaining,
        out.sequence,
      );
      (isBuy ? this.bids : this.asks).levelFor(priceTicks).append(order);
      this.ordersById.set(order.id, order);
      out.status = remaining === qtyLots ? 'resting' : 'partially_filled_resting';
      out.remainingLots = remaining;
    }
  }

  private executeMarket(request: MarketOrderRequest, out: SubmitResult): void {
    const isBuy = request.side === 'buy';
    const limitPrice = request.limitPrice ?? (isBuy ? NO_BUY_LIMIT : NO_SELL_LIMIT);
    const budget = request.quoteBudget ?? NO_BUDGET;
    const stpMode = request.stpMode ?? DEFAULT_STP_MODE;
    const remaining = this.match(request.id, request.ownerId, isBuy, limitPrice, request.qtyLots, budget, stpMode, out);
    if (remaining === 0) out.status = 'filled';
    else this.finishCancelled(out, this.stopReason, remaining);
  }

  private finishCancelled(out: SubmitResult, reason: CancelReason, remainingLots: number): void {
    out.status = 'cancelled';
    out.reason = reason;
    out.cancelledLots = remainingLots;
  }

  /** Whether a taker on this side with this limit may trade at `makerPrice`. */
  private crosses(takerIsBuy: boolean, makerPrice: number, takerLimit: number): boolean {
    return takerIsBuy ? makerPrice <= takerLimit : makerPrice >= takerLimit;
  }

  /**
   * Takes liquidity from the opposite side, best price first and oldest first
   * within a price, until the quantity is done or something stops it (recorded
   * in `stopReason`). Appends fills and STP cancellations to `out`; returns the
   * quantity left.
   */
  private match(
    takerId: number,
    takerOwnerId: number,
    takerIsBuy: boolean,
    limitPrice: number,
    qtyLots: number,
    quoteBudget: number,
    stpMode: StpMode,
    out: SubmitResult,
  ): number {
    const levels = (takerIsBuy ? this.asks : this.bids).levels;
    const quotePerTickLot = this.quotePerTickLot;
    const { makerFeeBps, takerFeeBps } = this.spec;
    let remaining = qtyLots;
    let budgetLeft = quoteBudget;

    while (remaining > 0) {
      const level = levels[levels.length - 1];
      if (level === undefined) return this.stop('no_liquidity', remaining);
      const price = level.priceTicks;
      if (!this.crosses(takerIsBuy, price, limitPrice)) return this.stop('price_limit', remaining);
      const lotCost = price * quotePerTickLot;
      // Lots the budget still pays for at this price; prices only get worse deeper in the book.
      let affordable = budgetLeft === NO_BUDGET ? remaining : Math.floor(budgetLeft / lotCost);

      // Removing the level's last order pops the level, which ends this inner loop
      // (maker.next is null) and lets the outer loop read the new best level.
      let maker = level.head;
      while (maker !== null && remaining > 0) {
        const next = maker.next;
        // Budget before STP: a taker that cannot pay for another lot must not cancel its owner's orders either.
        if (affordable === 0) return this.stop('quote_budget_exhausted', remaining);
        if (maker.ownerId === takerOwnerId) {
          if (stpMode === 'cancel_taker') return this.stop('self_trade_prevented', remaining);
          out.stpCancelledIds.push(maker.id);
          out.stpCancelledLots.push(maker.remainingLots);
          this.removeFromBook(maker);
          if (stpMode === 'cancel_both') return this.stop('self_trade_prevented', remaining);
          maker = next;
          continue;
        }
        const lots = Math.min(maker.remainingLots, remaining, affordable);
        const notional = lotCost * lots;
        maker.remainingLots -= lots;
        level.totalLots -= lots;
        remaining -= lots;
        affordable -= lots;
        if (budgetLeft !== NO_BUDGET) budgetLeft -= notional;
        out.filledLots += lots;
        out.addFill(
          maker.id,
          takerId,
          maker.ownerId,
          takerOwnerId,
          price,
          lots,
          notional,
          feeFromBps(notional, makerFeeBps),
          feeFromBps(notional, takerFeeBps),
          maker.remainingLots,
        );
        // A maker with lots left means the taker is done or out of budget: stay on it and let the checks above end the loop.
        if (maker.remainingLots === 0) {
          this.removeFromBook(maker);
          maker = next;
        }
      }
    }
    return 0;
  }

  private stop(reason: CancelReason, remaining: number): number {
    this.stopReason = reason;
    return remaining;
  }

  /**
   * FOK pre-check, walking exactly the orders `match` would meet. Own orders
   * never count as liquidity: under cancel_taker and cancel_both meeting one
   * ends the taker, so only what rests ahead of it is fillable; under
   * cancel_maker they are skipped (and, if the order goes ahead, cancelled).
   */
  private canFillCompletely(
    takerIsBuy: boolean,
    limitPrice: number,
    qtyLots: number,
    takerOwnerId: number,
    stpMode: StpMode,
  ): boolean {
    const levels = (takerIsBuy ? this.asks : this.bids).levels;
    let available = 0;
    for (let i = levels.length - 1; i >= 0; i--) {
      const level = levels[i] as PriceLevel;
      if (!this.crosses(takerIsBuy, level.priceTicks, limitPrice)) return false;
      for (let order = level.head; order !== null; order = order.next) {
        if (order.ownerId === takerOwnerId) {
          if (stpMode !== 'cancel_maker') return false;
          continue;
        }
        available += order.remainingLots;
        if (available >= qtyLots) return true;
      }
    }
    return false;
  }

  /**
   * Unlinks the order, forgets its id, drops its level once empty, and keeps the
   * node for reuse: callers must read whatever they need (e.g. `next`) before.
   */
  private removeFromBook(order: RestingOrder): void {
    const level = order.level;
    if (level === null) return;
    level.unlink(order);
    this.ordersById.delete(order.id);
    if (level.orderCount === 0) (order.side === 'buy' ? this.bids : this.asks).removeLevel(level);
    if (this.spareOrderCount < MAX_SPARE_ORDERS) {
      order.next = this.spareOrders;
      this.spareOrders = order;
      this.spareOrderCount += 1;
    }
  }

  private newRestingOrder(
    id: number,
    ownerId: number,
    side: Side,
    priceTicks: number,
    originalLots: number,
    remainingLots: number,
    sequence: number,
  ): RestingOrder {
    const order = this.spareOrders;
    if (order === null) return new RestingOrder(id, ownerId, side, priceTicks, originalLots, remainingLots, sequence);
    this.spareOrders = order.next;
    this.spareOrderCount -= 1;
    order.next = null;
    order.id = id;
    order.ownerId = ownerId;
    order.side = side;
    order.priceTicks = priceTicks;
    order.originalLots = originalLots;
    order.remainingLots = remainingLots;
    order.sequence = sequence;
    return order;
  }
}
