/**
 * The trigger index: conditional work waiting for a price (a stop order's
 * stop price, a take-profit, a stop-loss, a liquidation price, a limit
 * entrust). One index per instrument. A trigger either fires when the price
 * rises to its level (`rise`: price >= level) or falls to it (`fall`:
 * price <= level).
 *
 * Each side is a binary heap ordered by how soon a price move reaches the
 * trigger (lowest level first for `rise`, highest first for `fall`; ties in
 * the order they were added), so a tick only inspects the triggers it
 * crosses plus one: O(k log n) for k fired out of n waiting, and O(1) for a
 * tick that crosses nothing, however many triggers wait. Removal is lazy
 * (marked, then dropped when it surfaces), and the heap compacts itself when
 * more than half of it is removed entries.
 */

export type TriggerDirection = 'rise' | 'fall';

export interface Trigger<T> {
  readonly id: string;
  /** The price level, in any consistent integer unit (usually ticks). */
  readonly level: number;
  readonly direction: TriggerDirection;
  readonly payload: T;
}

interface Entry<T> {
  readonly trigger: Trigger<T>;
  readonly sequence: number;
  removed: boolean;
}

/** A min-heap of entries under an ordering key. */
class EntryHeap<T> {
  private items: Entry<T>[] = [];
  private removedCount = 0;

  constructor(private readonly before: (a: Entry<T>, b: Entry<T>) => boolean) {}

  push(entry: Entry<T>): void {
    this.items.push(entry);
    this.siftUp(this.items.length - 1);
  }

  /** The first live entry, dropping removed ones that surface. */
  peek(): Entry<T> | undefined {
    while (this.items.length > 0 && this.items[0]?.removed) {
      this.popTop();
      this.removedCount--;
    }
    return this.items[0];
  }

  pop(): Entry<T> | undefined {
    const top = this.peek();
    if (top) this.popTop();
    return top;
  }

  markRemoved(): void {
    this.removedCount++;
    if (this.removedCount > 32 && this.removedCount * 2 > this.items.length) this.compact();
  }

  private compact(): void {
    const kept = this.items.filter((entry) => !entry.removed);
    this.items = [];
    this.removedCount = 0;
    for (const entry of kept) this.push(entry);
  }

  private popTop(): void {
    const last = this.items.pop() as Entry<T>;
    if (this.items.length > 0) {
      this.items[0] = last;
      this.siftDown(0);
    }
  }

  private siftUp(index: number): void {
    const items = this.items;
    let child = index;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.before(items[child] as Entry<T>, items[parent] as Entry<T>)) break;
      [items[child], items[parent]] = [items[parent] as Entry<T>, items[child] as Entry<T>];
      child = parent;
    }
  }

  private siftDown(index: number): void {
    const items = this.items;
    let parent = index;
    for (;;) {
      const left = parent * 2 + 1;
      const right = left + 1;
      let first = parent;
      if (left < items.length && this.before(items[left] as Entry<T>, items[first] as Entry<T>)) first = left;
      if (right < items.length && this.before(items[right] as Entry<T>, items[first] as Entry<T>)) first = right;
      if (first === parent) return;
      [items[first], items[parent]] = [items[parent] as Entry<T>, items[first] as Entry<T>];
      parent = first;
    }
  }
}

export class TriggerIndex<T> {
  private readonly byId = new Map<string, Entry<T>>();
  private readonly rising = new EntryHeap<T>((a, b) => a.trigger.level < b.trigger.level || (a.trigger.level === b.trigger.level && a.sequence < b.sequence));
  private readonly falling = new EntryHeap<T>((a, b) => a.trigger.level > b.trigger.level || (a.trigger.level === b.trigger.level && a.sequence < b.sequence));
  private sequence = 0;

  get size(): number {
    return this.byId.size;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  get(id: string): Trigger<T> | undefined {
    return this.byId.get(id)?.trigger;
  }

  /** Adds a trigger; an existing trigger with the same id is replaced (a moved stop). */
  add(trigger: Trigger<T>): void {
    if (!Number.isFinite(trigger.level)) throw new RangeError(`trigger ${trigger.id} has no finite level`);
    this.remove(trigger.id);
    const entry: Entry<T> = { trigger, sequence: this.sequence++, removed: false };
    this.byId.set(trigger.id, entry);
    this.heapOf(trigger.direction).push(entry);
  }

  /** Removes a trigger (cancelled, closed); answers whether it was waiting. */
  remove(id: string): boolean {
    const entry = this.byId.get(id);
    if (!entry) return false;
    entry.removed = true;
    this.byId.delete(id);
    this.heapOf(entry.trigger.direction).markRemoved();
    return true;
  }

  /**
   * Takes out and answers every trigger the price has reached, nearest level
   * first on each side (falling before rising: a price can only cross one
   * side's waiting triggers unless some were added already crossed).
   */
  takeCrossed(price: number): Trigger<T>[] {
    const fired: Trigger<T>[] = [];
    this.drain(this.falling, (level) => price <= level, fired);
    this.drain(this.rising, (level) => price >= level, fired);
    return fired;
  }

  /** The nearest waiting level on each side (the next price that would fire something). */
  nearest(): { rise?: number; fall?: number } {
    return { rise: this.rising.peek()?.trigger.level, fall: this.falling.peek()?.trigger.level };
  }

  *all(): Iterable<Trigger<T>> {
    for (const entry of this.byId.values()) yield entry.trigger;
  }

  private drain(heap: EntryHeap<T>, reached: (level: number) => boolean, fired: Trigger<T>[]): void {
    for (let top = heap.peek(); top && reached(top.trigger.level); top = heap.peek()) {
      heap.pop();
      this.byId.delete(top.trigger.id);
      fired.push(top.trigger);
    }
  }

  private heapOf(direction: TriggerDirection): EntryHeap<T> {
    return direction === 'rise' ? this.rising : this.falling;
  }
}

/** One trigger index per instrument, created on first use. */
export class TriggerBook<T> {
  private readonly indexes = new Map<string, TriggerIndex<T>>();

  for(instrument: string): TriggerIndex<T> {
    let index = this.indexes.get(instrument);
    if (!index) {
      index = new TriggerIndex<T>();
      this.indexes.set(instrument, index);
    }
    return index;
  }

  takeCrossed(instrument: string, price: number): Trigger<T>[] {
    return this.indexes.get(instrument)?.takeCrossed(price) ?? [];
  }

  get size(): number {
    let total = 0;
    for (const index of this.indexes.values()) total += index.size;
    return total;
  }
}
