import { sma } from '../indicators/indicators.ts';

export type Crossover = 'up' | 'down' | null;

/**
 * The demo traders' published rule: the fast moving average of the last
 * prices crossing the slow one. 'up' when the fast average was at or below
 * the slow one one price earlier and is above it now, 'down' the reverse,
 * null otherwise or before there are slow + 1 prices.
 */
export function movingAverageCrossover(prices: readonly number[], fast = 5, slow = 20): Crossover {
  if (fast >= slow) throw new RangeError('the fast period must be shorter than the slow one');
  if (prices.length < slow + 1) return null;
  const window = prices.slice(-(slow + 1));
  const fastSeries = sma(window, fast);
  const slowSeries = sma(window, slow);
  const [fastBefore, fastNow] = [fastSeries.at(-2), fastSeries.at(-1)];
  const [slowBefore, slowNow] = [slowSeries.at(-2), slowSeries.at(-1)];
  if (fastBefore == null || fastNow == null || slowBefore == null || slowNow == null) return null;
  if (fastBefore <= slowBefore && fastNow > slowNow) return 'up';
  if (fastBefore >= slowBefore && fastNow < slowNow) return 'down';
  return null;
}
