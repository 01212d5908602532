import { describe, expect, it } from 'vitest';
import { bollinger, ema, macd, rsi, sma } from './index.ts';

// StockCharts' RSI worked example: average gain 0.2386, average loss 0.1000 over the first 14 changes, RSI 70.46
// (their table shows 70.53 because it divides the averages after rounding them to two places).
const WILDER = [44.34, 44.09, 44.15, 43.61, 44.33, 44.83, 45.1, 45.42, 45.84, 46.08, 45.89, 46.03, 45.61, 46.28, 46.28];

describe('moving averages', () => {
  it.each([
    { values: [1, 2, 3, 4, 5], period: 3, expected: [null, null, 2, 3, 4] },
    { values: [10, 20], period: 3, expected: [null, null] },
  ])('sma($values, $period)', ({ values, period, expected }) => {
    expect(sma(values, period)).toEqual(expected);
  });

  it('ema seeds with the sma and then weights by 2/(n+1)', () => {
    const result = ema([1, 2, 3, 4, 5], 3);
    expect(result.slice(0, 2)).toEqual([null, null]);
    expect(result[2]).toBe(2);
    expect(result[3]).toBe(3);
    expect(result[4]).toBe(4);
  });
});

describe('bollinger', () => {
  it('puts the bands k population deviations around the sma', () => {
    const [first, second, third] = bollinger([2, 4, 4, 4, 5, 5, 7, 9].slice(0, 8), 8, 2).slice(-3);
    expect(first?.middle).toBeNull();
    expect(second?.middle).toBeNull();
    // mean 5, population deviation 2
    expect(third).toEqual({ middle: 5, upper: 9, lower: 1 });
  });
});

describe('macd', () => {
  it('is null until the slow average exists, and the histogram is macd − signal', () => {
    const values = Array.from({ length: 60 }, (_, index) => 100 + Math.sin(index / 4) * 5);
    const result = macd(values);
    expect(result[24]?.macd).toBeNull();
    expect(result[25]?.macd).not.toBeNull();
    expect(result[32]?.signal).toBeNull();
    const last = result.at(-1);
    expect(last?.histogram).toBeCloseTo((last?.macd ?? 0) - (last?.signal ?? 0), 12);
  });
});

describe('rsi', () => {
  it('matches the published first value', () => {
    const result = rsi(WILDER, 14);
    expect(result[13]).toBeNull();
    expect(result[14]).toBeCloseTo(70.464, 3);
  });
  it('is 100 when prices only rise', () => {
    expect(rsi([1, 2, 3, 4], 3)[3]).toBe(100);
  });
});
