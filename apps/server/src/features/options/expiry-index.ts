/**
 * Open options by instrument and expiry moment, in memory: which options are
 * due is answered without touching the database, so a feed tick or a timer
 * costs nothing while nothing expires. Rebuilt from the open rows at start.
 */
export class ExpiryIndex {
  /** Per symbol: distinct expiry moments, ascending. */
  private readonly moments = new Map<string, number[]>();
  /** `${symbol}@${moment}` → option ids. */
  private readonly ids = new Map<string, number[]>();

  get size(): number {
    let total = 0;
    for (const list of this.ids.values()) total += list.length;
    return total;
  }

  add(symbol: string, expiresAt: number, optionId: number): void {
    const key = `${symbol}@${expiresAt}`;
    const existing = this.ids.get(key);
    if (existing) {
      existing.push(optionId);
      return;
    }
    this.ids.set(key, [optionId]);
    const list = this.moments.get(symbol) ?? [];
    list.splice(insertionPoint(list, expiresAt), 0, expiresAt);
    this.moments.set(symbol, list);
  }

  /** The earliest expiry of any symbol later than `now`: when the timer must look next. */
  nextAfter(now: number): number | undefined {
    let first: number | undefined;
    for (const list of this.moments.values()) {
      const moment = list[insertionPoint(list, now + 1)];
      if (moment !== undefined && (first === undefined || moment < first)) first = moment;
    }
    return first;
  }

  /** Symbols with an option expired at or before `now`. */
  dueSymbols(now: number): string[] {
    return [...this.moments].filter(([, list]) => list[0] !== undefined && list[0] <= now).map(([symbol]) => symbol);
  }

  /** The earliest expiry moment of a symbol at or before `now`, without removing it. */
  nextDue(symbol: string, now: number): number | undefined {
    const first = this.moments.get(symbol)?.[0];
    return first !== undefined && first <= now ? first : undefined;
  }

  /** Removes and answers the options of one symbol expiring at one moment. */
  take(symbol: string, expiresAt: number): number[] {
    const key = `${symbol}@${expiresAt}`;
    const taken = this.ids.get(key) ?? [];
    this.ids.delete(key);
    const list = this.moments.get(symbol);
    if (list) {
      const at = list.indexOf(expiresAt);
      if (at >= 0) list.splice(at, 1);
      if (list.length === 0) this.moments.delete(symbol);
    }
    return taken;
  }
}

function insertionPoint(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
