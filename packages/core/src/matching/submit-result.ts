import type { Fill, SubmitReason, SubmitStatus } from './types.ts';

/** Concrete fill record: a class so every fill shares one hidden shape. Mutable only so results can recycle it. */
class FillRecord implements Fill {
  makerOrderId = 0;
  takerOrderId = 0;
  makerOwnerId = 0;
  takerOwnerId = 0;
  priceTicks = 0;
  qtyLots = 0;
  notional = 0;
  makerFee = 0;
  takerFee = 0;
  makerRemaining = 0;
}

/**
 * Outcome of one `submit`. Written by the book, read-only for callers.
 *
 * To keep the hot path allocation-free, a caller may pass the same instance to
 * every `submit`: it is reset first, its arrays are truncated and refilled
 * rather than replaced, and its fill records are recycled. Copy out whatever
 * must outlive the next call (including Fill objects).
 *
 * For every accepted order: filledLots + remainingLots + cancelledLots = qtyLots.
 */
export class SubmitResult {
  orderId = 0;
  status: SubmitStatus = 'rejected';
  /** Set when status is 'rejected' or 'cancelled', null otherwise. */
  reason: SubmitReason | null = null;
  /** Time priority the book gave the order (0 when rejected); persist it to `restore` the order later. */
  sequence = 0;
  /** Lots traded by this order as taker (the sum of `fills[i].qtyLots`). */
  filledLots = 0;
  /** Lots now resting on the book for this order. */
  remainingLots = 0;
  /** Lots of this order cancelled or expired unfilled (IOC/FOK/market remainder, STP). */
  cancelledLots = 0;
  readonly fills: Fill[] = [];
  /** Resting orders (same owner as the taker) cancelled by self-trade prevention, in the order they were met. */
  readonly stpCancelledIds: number[] = [];
  /** Remaining lots each of those orders released, index-aligned with stpCancelledIds. */
  readonly stpCancelledLots: number[] = [];
  /** Every FillRecord this result has handed out; slot i is reused for fills[i]. */
  private readonly fillPool: FillRecord[] = [];

  /** Used by OrderBook.submit: clears the previous outcome so the instance can be reused. */
  reset(orderId: number): void {
    this.orderId = orderId;
    this.status = 'rejected';
    this.reason = null;
    this.sequence = 0;
    this.filledLots = 0;
    this.remainingLots = 0;
    this.cancelledLots = 0;
    // pop() is inlined by the JIT; assigning length is a runtime call, and these arrays are short.
    while (this.fills.length !== 0) this.fills.pop();
    while (this.stpCancelledIds.length !== 0) {
      this.stpCancelledIds.pop();
      this.stpCancelledLots.pop();
    }
  }

  /** Used by OrderBook matching: appends a fill, recycling this result's record for that slot when it has one. */
  addFill(
    makerOrderId: number,
    takerOrderId: number,
    makerOwnerId: number,
    takerOwnerId: number,
    priceTicks: number,
    qtyLots: number,
    notional: number,
    makerFee: number,
    takerFee: number,
    makerRemaining: number,
  ): void {
    let record = this.fillPool[this.fills.length];
    if (record === undefined) {
      record = new FillRecord();
      this.fillPool.push(record);
    }
    record.makerOrderId = makerOrderId;
    record.takerOrderId = takerOrderId;
    record.makerOwnerId = makerOwnerId;
    record.takerOwnerId = takerOwnerId;
    record.priceTicks = priceTicks;
    record.qtyLots = qtyLots;
    record.notional = notional;
    record.makerFee = makerFee;
    record.takerFee = takerFee;
    record.makerRemaining = makerRemaining;
    this.fills.push(record);
  }
}
