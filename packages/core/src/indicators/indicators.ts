/**
 * Chart indicators over candle series, oldest first. Display only (never
 * money), so plain numbers. Every function answers an array as long as its
 * input, with `null` where the indicator is still warming up, so a chart can
 * line the values up with its candles by index.
 */

export type Series = (number | null)[];

function assertPeriod(period: number): void {
  if (!Number.isInteger(period) || period < 1) throw new RangeError(`indicator period must be a positive integer, got ${period}`);
}

/** Simple moving average (MA): the mean of the last `period` values. */
export function sma(values: readonly number[], period: number): Series {
  assertPeriod(period);
  const out: Series = new Array(values.length).fill(null);
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i] as number;
    if (i >= period) sum -= values[i - period] as number;
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

/**
 * Exponential moving average with α = 2 / (period + 1), seeded with the SMA
 * of the first `period` values (the StockCharts convention), so the first
 * value appears at index period − 1.
 */
export function ema(values: readonly number[], period: number): Series {
  assertPeriod(period);
  return emaFrom(values, period, 0);
}

/** EMA of values[start..], for series whose first entries are warm-up gaps (MACD's signal line). */
function emaFrom(values: readonly number[], period: number, start: number): Series {
  const out: Series = new Array(values.length).fill(null);
  if (values.length - start < period) return out;
  const alpha = 2 / (period + 1);
  let seed = 0;
  for (let i = start; i < start + period; i++) seed += values[i] as number;
  let current = seed / period;
  out[start + period - 1] = current;
  for (let i = start + period; i < values.length; i++) {
    current = ((values[i] as number) - current) * alpha + current;
    out[i] = current;
  }
  return out;
}

export interface BollingerBands {
  middle: Series;
  upper: Series;
  lower: Series;
}

/** Bollinger bands: the SMA, and ± `width` population standard deviations of the same window (BOLL 20, 2). */
export function bollinger(values: readonly number[], period = 20, width = 2): BollingerBands {
  const middle = sma(values, period);
  const upper: Series = new Array(values.length).fill(null);
  const lower: Series = new Array(values.length).fill(null);
  for (let i = period - 1; i < values.length; i++) {
    const mean = middle[i] as number;
    let squares = 0;
    for (let j = i - period + 1; j <= i; j++) squares += ((values[j] as number) - mean) ** 2;
    const deviation = Math.sqrt(squares / period);
    upper[i] = mean + width * deviation;
    lower[i] = mean - width * deviation;
  }
  return { middle, upper, lower };
}

/** VOL's moving average line: the SMA of volumes (the bars themselves are the volumes). */
export function volumeMa(volumes: readonly number[], period = 5): Series {
  return sma(volumes, period);
}

export interface Macd {
  /** EMA(fast) − EMA(slow). */
  macd: Series;
  /** EMA(signal) of the MACD line. */
  signal: Series;
  /** MACD − signal (the bars). */
  histogram: Series;
}

/** MACD (12, 26, 9). */
export function macd(values: readonly number[], fast = 12, slow = 26, signalPeriod = 9): Macd {
  assertPeriod(fast);
  assertPeriod(slow);
  assertPeriod(signalPeriod);
  const fastLine = ema(values, fast);
  const slowLine = ema(values, slow);
  const line: Series = values.map((_, i) => (fastLine[i] == null || slowLine[i] == null ? null : (fastLine[i] as number) - (slowLine[i] as number)));
  const start = line.findIndex((value) => value !== null);
  const signal = start < 0 ? new Array<number | null>(values.length).fill(null) : emaFrom(line.map((value) => value ?? 0), signalPeriod, start);
  const histogram: Series = line.map((value, i) => (value === null || signal[i] == null ? null : value - (signal[i] as number)));
  return { macd: line, signal, histogram };
}

/**
 * Relative strength index with Wilder's smoothing: the first average gain
 * and loss are plain means of the first `period` changes, later ones
 * (previous × (period − 1) + current) / period. The first value is at index
 * `period` (it needs `period` changes). A window without losses is 100.
 */
export function rsi(values: readonly number[], period = 14): Series {
  assertPeriod(period);
  const out: Series = new Array(values.length).fill(null);
  if (values.length <= period) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const change = (values[i] as number) - (values[i - 1] as number);
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= period;
  loss /= period;
  out[period] = strength(gain, loss);
  for (let i = period + 1; i < values.length; i++) {
    const change = (values[i] as number) - (values[i - 1] as number);
    gain = (gain * (period - 1) + Math.max(change, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-change, 0)) / period;
    out[i] = strength(gain, loss);
  }
  return out;
}

function strength(averageGain: number, averageLoss: number): number {
  if (averageLoss === 0) return averageGain === 0 ? 50 : 100;
  return 100 - 100 / (1 + averageGain / averageLoss);
}
