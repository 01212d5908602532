import { Decimal, dec } from '@openbourse/core';

/** Best first: `[price, quantity]`, as the depth channel sends it. */
export type BookLevel = [string, string];

/** The grouping steps offered for a tick size: 1, 10, 100 and 1000 ticks. */
export function groupingSteps(tickSize: string): string[] {
  return [1, 10, 100, 1000].map((multiple) => dec(tickSize).times(multiple).toFixed());
}

/**
 * Levels merged into price buckets that are multiples of `step`: bids round
 * down and asks up, so a bucket never promises a better price than its
 * orders. Quantities in a bucket add up; order stays best first.
 */
export function groupLevels(levels: BookLevel[], step: string, side: 'bid' | 'ask'): BookLevel[] {
  const size = dec(step);
  const buckets = new Map<string, Decimal>();
  const order: string[] = [];
  for (const [price, quantity] of levels) {
    const units = dec(price).dividedBy(size);
    const bucket = (side === 'bid' ? units.floor() : units.ceil()).times(size).toFixed();
    const known = buckets.get(bucket);
    if (known === undefined) order.push(bucket);
    buckets.set(bucket, (known ?? new Decimal(0)).plus(quantity));
  }
  const decimals = size.decimalPlaces();
  return order.map((bucket) => [dec(bucket).toFixed(decimals), (buckets.get(bucket) as Decimal).toFixed()]);
}

export interface DepthPoint {
  price: number;
  /** Quantity from the best price up to and including this level. */
  cumulative: number;
}

/** Cumulative quantity per level, best first, as chart coordinates (numbers are fine for a picture). */
export function cumulativeDepth(levels: BookLevel[]): DepthPoint[] {
  let running = 0;
  return levels.map(([price, quantity]) => {
    running += Number(quantity);
    return { price: Number(price), cumulative: running };
  });
}
