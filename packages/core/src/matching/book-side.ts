import { IntMap } from './int-map.ts';
import type { Side } from './types.ts';

/**
 * A resting order. It is its own node in its price level's doubly linked FIFO
 * (intrusive list), so removing it from the middle of a queue is O(1) and
 * needs no per-order wrapper allocation. Internal: callers only see copies,
 * which is what lets the book recycle nodes (see OrderBook.spareOrders).
 */
export class RestingOrder {
  level: PriceLevel | null = null;
  prev: RestingOrder | null = null;
  next: RestingOrder | null = null;

  constructor(
    public id: number,
    public ownerId: number,
    public side: Side,
    public priceTicks: number,
    public originalLots: number,
    public remainingLots: number,
    public sequence: number,
  ) {}
}

/** All orders resting at one price, oldest first, with running totals for depth. */
export class PriceLevel {
  totalLots = 0;
  orderCount = 0;
  head: RestingOrder | null = null;
  tail: RestingOrder | null = null;

  constructor(
    readonly priceTicks: number,
    /** Grows as the price gets better for this side (price for bids, -price for asks): one ordering for both sides. */
    readonly rankKey: number,
  ) {}

  append(order: RestingOrder): void {
    this.linkAfter(this.tail, order);
  }

  /**
   * Restore path: places the order by its sequence number instead of arrival.
   * Walks from the tail, so restoring in ascending sequence order stays O(1).
   * Equal sequences keep arrival order.
   */
  insertBySequence(order: RestingOrder): void {
    let before = this.tail;
    while (before !== null && before.sequence > order.sequence) before = before.prev;
    this.linkAfter(before, order);
  }

  /** Takes the order out of the queue; the lots it still holds leave the level total. */
  unlink(order: RestingOrder): void {
    const { prev, next } = order;
    if (prev === null) this.head = next;
    else prev.next = next;
    if (next === null) this.tail = prev;
    else next.prev = prev;
    order.prev = null;
    order.next = null;
    order.level = null;
    this.totalLots -= order.remainingLots;
    this.orderCount -= 1;
  }

  private linkAfter(before: RestingOrder | null, order: RestingOrder): void {
    const after = before === null ? this.head : before.next;
    order.prev = before;
    order.next = after;
    if (before === null) this.head = order;
    else before.next = order;
    if (after === null) this.tail = order;
    else after.prev = order;
    order.level = this;
    this.totalLots += order.remainingLots;
    this.orderCount += 1;
  }
}

/**
 * The active price levels of one side, kept in a plain array ordered from worst
 * to best price. The best level is therefore the last element: matching reads
 * it and pops it in O(1), and since almost all order flow lands near the top
 * of the book, inserts and removals only shift the few levels above them.
 * A hash from price to level makes joining an existing level O(1); a new
 * level's slot is found by galloping down from the top, then binary search.
 * A tree or heap would pay pointer chasing and allocation on every level
 * change for a worst case that order flow rarely produces.
 */
export class BookSide {
  /** Worst → best. Never holds an empty level. */
  readonly levels: PriceLevel[] = [];
  private readonly byPrice = new IntMap<PriceLevel>();

  constructor(readonly isBid: boolean) {}

  best(): PriceLevel | undefined {
    return this.levels[this.levels.length - 1];
  }

  /** The level at this price, created (empty) if none exists yet. */
  levelFor(priceTicks: number): PriceLevel {
    const existing = this.byPrice.get(priceTicks);
    if (existing !== undefined) return existing;
    const rankKey = this.isBid ? priceTicks : -priceTicks;
    const level = new PriceLevel(priceTicks, rankKey);
    const levels = this.levels;
    const index = this.lowerBound(rankKey);
    // Shift right by hand: splice would allocate its (empty) result array.
    levels.push(level);
    for (let i = levels.length - 1; i > index; i--) levels[i] = levels[i - 1] as PriceLevel;
    levels[index] = level;
    this.byPrice.set(priceTicks, level);
    return level;
  }

  /** Drops a level that has become empty. */
  removeLevel(level: PriceLevel): void {
    const levels = this.levels;
    const last = levels.length - 1;
    if (levels[last] !== level) {
      const index = this.lowerBound(level.rankKey);
      for (let i = index; i < last; i++) levels[i] = levels[i + 1] as PriceLevel;
    }
    levels.pop();
    this.byPrice.delete(level.priceTicks);
  }

  /** First index whose level ranks at or above rankKey (levels.length when none). */
  private lowerBound(rankKey: number): number {
    const levels = this.levels;
    let high = levels.length;
    let low = 0;
    // Gallop from the top: doubling steps until a level ranks below the key.
    for (let step = 1; high > 0; step *= 2) {
      const probe = high - step;
      if (probe <= 0) break;
      if ((levels[probe] as PriceLevel).rankKey < rankKey) {
        low = probe;
        break;
      }
      high = probe;
    }
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((levels[middle] as PriceLevel).rankKey < rankKey) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
