/**
 * Chart indicators over closing prices (or volumes), oldest first. Each
 * answers one entry per input value, null until enough values exist, so the
 * result lines up with the candles it was computed from. Chart coordinates
 * only: these are numbers, never money.
 */

/** Simple moving average of the last `period` values. */
export function sma(values: number[], period: number): (number | null)[] {
  const result: (number | null)[] = [];
  let sum = 0;
  for (let index = 0; index < values.length; index += 1) {
    sum += values[index] as number;
    if (index >= period) sum -= values[index - period] as number;
    result.push(index >= period - 1 ? sum / period : null);
  }
  return result;
}

/** Exponential moving average with α = 2 / (period + 1), seeded with the SMA of the first `period` values. */
export function ema(values: number[], period: number): (number | null)[] {
  const alpha = 2 / (period + 1);
  const result: (number | null)[] = [];
  let previous: number | null = null;
  let seedSum = 0;
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index] as number;
    if (previous === null) {
      seedSum += value;
      if (index === period - 1) previous = seedSum / period;
    } else {
      previous = value * alpha + previous * (1 - alpha);
    }
    result.push(previous);
  }
  return result;
}

export interface BollingerPoint {
  middle: number | null;
  upper: number | null;
  lower: number | null;
}

/** Bollinger bands: the SMA and k population standard deviations either side of it. */
export function bollinger(values: number[], period = 20, k = 2): BollingerPoint[] {
  const middle = sma(values, period);
  return middle.map((mean, index) => {
    if (mean === null) return { middle: null, upper: null, lower: null };
    let squares = 0;
    for (let back = index - period + 1; back <= index; back += 1) squares += ((values[back] as number) - mean) ** 2;
    const deviation = Math.sqrt(squares / period);
    return { middle: mean, upper: mean + k * deviation, lower: mean - k * deviation };
  });
}

export interface MacdPoint {
  macd: number | null;
  signal: number | null;
  histogram: number | null;
}

/** MACD = EMA(fast) − EMA(slow); signal = EMA(signal) of the MACD line; histogram = MACD − signal. */
export function macd(values: number[], fast = 12, slow = 26, signal = 9): MacdPoint[] {
  const fastLine = ema(values, fast);
  const slowLine = ema(values, slow);
  const line = values.map((_, index) => {
    const a = fastLine[index];
    const b = slowLine[index];
    return a === null || a === undefined || b === null || b === undefined ? null : a - b;
  });
  const firstDefined = line.findIndex((value) => value !== null);
  const signalLine: (number | null)[] = firstDefined < 0 ? line.map(() => null) : [...line.slice(0, firstDefined).map(() => null), ...ema(line.slice(firstDefined) as number[], signal)];
  return line.map((value, index) => {
    const trigger = signalLine[index] ?? null;
    return { macd: value, signal: trigger, histogram: value === null || trigger === null ? null : value - trigger };
  });
}

/** Relative strength index with Wilder's smoothing (the first average a plain mean of `period` changes). */
export function rsi(values: number[], period = 14): (number | null)[] {
  const result: (number | null)[] = values.map(() => null);
  if (values.length <= period) return result;
  let gain = 0;
  let loss = 0;
  for (let index = 1; index <= period; index += 1) {
    const change = (values[index] as number) - (values[index - 1] as number);
    if (change > 0) gain += change;
    else loss -= change;
  }
  gain /= period;
  loss /= period;
  const strength = () => (loss === 0 ? 100 : 100 - 100 / (1 + gain / loss));
  result[period] = strength();
  for (let index = period + 1; index < values.length; index += 1) {
    const change = (values[index] as number) - (values[index - 1] as number);
    gain = (gain * (period - 1) + Math.max(change, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-change, 0)) / period;
    result[index] = strength();
  }
  return result;
}
