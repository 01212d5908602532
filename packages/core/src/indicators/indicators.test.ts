import { describe, expect, it } from 'vitest';
import { bollinger, ema, macd, rsi, sma, volumeMa } from './indicators.ts';

const rounded = (series: (number | null)[], decimals: number) => series.map((value) => (value === null ? null : Number(value.toFixed(decimals))));

/**
 * StockCharts ChartSchool, "Moving Averages - Simple and Exponential", the
 * 10-day SMA/EMA worked example (spreadsheet): closes and the published EMA
 * column, which seeds the EMA with the first 10-day SMA (22.22).
 */
const STOCKCHARTS_EMA_CLOSES = [
  22.27, 22.19, 22.08, 22.17, 22.18, 22.13, 22.23, 22.43, 22.24, 22.29, 22.15, 22.39, 22.38, 22.61, 23.36, 24.05, 23.75, 23.83, 23.95, 23.63, 23.82, 23.87, 23.65, 23.19, 23.1, 23.33, 22.68, 23.1,
  22.4, 22.17,
];
const STOCKCHARTS_EMA_10 = [22.22, 22.21, 22.24, 22.27, 22.33, 22.52, 22.8, 22.97, 23.13, 23.28, 23.34, 23.43, 23.51, 23.53, 23.47, 23.4, 23.39, 23.26, 23.23, 23.08, 22.92];

/**
 * StockCharts ChartSchool, "Relative Strength Index (RSI)", the worked
 * example after Wilder (New Concepts in Technical Trading Systems, 1978):
 * closes and the published 14-period RSI column.
 */
const WILDER_RSI_CLOSES = [
  44.3389, 44.0902, 44.1497, 43.6124, 44.3278, 44.8264, 45.0955, 45.4245, 45.8433, 46.0826, 45.8931, 46.0328, 45.614, 46.282, 46.282, 46.0028, 46.0328, 46.4116, 46.2222, 45.6439, 46.2122, 46.2521,
  45.7137, 46.4515, 45.7835, 45.3548, 44.0288, 44.1783, 44.2181, 44.5672, 43.4205, 42.6628, 43.1314,
];
const WILDER_RSI_14 = [70.53, 66.32, 66.55, 69.41, 66.36, 57.97, 62.93, 63.26, 56.06, 62.38, 54.71, 50.42, 39.99, 41.46, 41.87, 45.46, 37.3, 33.08, 37.77];

describe('sma (MA)', () => {
  it.each([
    { values: [1, 2, 3, 4, 5], period: 3, expected: [null, null, 2, 3, 4] },
    { values: [10, 20], period: 1, expected: [10, 20] },
    { values: [10, 20], period: 3, expected: [null, null] },
    { values: [], period: 5, expected: [] },
  ])('$values over $period', ({ values, period, expected }) => {
    expect(sma(values, period)).toEqual(expected);
  });

  it('matches the StockCharts 10-day SMA seed of the EMA example (22.22)', () => {
    expect(Number(sma(STOCKCHARTS_EMA_CLOSES, 10)[9]?.toFixed(2))).toBe(22.22);
  });

  it('refuses a period that is not a positive integer', () => {
    expect(() => sma([1], 0)).toThrow(RangeError);
    expect(() => sma([1], 2.5)).toThrow(RangeError);
  });
});

describe('ema', () => {
  it('reproduces the StockCharts 10-day EMA table', () => {
    const values = rounded(ema(STOCKCHARTS_EMA_CLOSES, 10), 2);
    expect(values.slice(0, 9)).toEqual(new Array(9).fill(null));
    expect(values.slice(9)).toEqual(STOCKCHARTS_EMA_10);
  });

  it('lags a straight line by exactly (period − 1) / 2 once seeded', () => {
    const line = Array.from({ length: 40 }, (_, i) => i);
    const values = ema(line, 9);
    for (let i = 8; i < line.length; i++) expect(values[i]).toBeCloseTo(i - 4, 10);
  });
});

describe('bollinger (BOLL 20, 2)', () => {
  it('is the 20-period SMA ± 2 population standard deviations', () => {
    // 1..20 by hand: mean 10.5, population variance (20² − 1) / 12 = 33.25, deviation √33.25 = 5.766281...
    const bands = bollinger(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(bands.middle[19]).toBe(10.5);
    expect(bands.upper[19]).toBeCloseTo(10.5 + 2 * Math.sqrt(33.25), 12);
    expect(bands.lower[19]).toBeCloseTo(10.5 - 2 * Math.sqrt(33.25), 12);
    expect(Number(bands.upper[19]?.toFixed(4))).toBe(22.0326);
    expect(bands.upper[18]).toBeNull();
  });

  it('collapses onto the average for a flat series', () => {
    const bands = bollinger(new Array(25).fill(7));
    expect(bands.upper[24]).toBe(7);
    expect(bands.lower[24]).toBe(7);
  });
});

describe('volumeMa (VOL)', () => {
  it('averages volumes over 5 bars by default', () => {
    expect(volumeMa([1, 2, 3, 4, 5, 6])).toEqual([null, null, null, null, 3, 4]);
    expect(volumeMa([2, 4, 6], 2)).toEqual([null, 3, 5]);
  });
});

describe('macd (12, 26, 9)', () => {
  it('is EMA12 − EMA26 = 7 on a slope-1 line (lags 5.5 and 12.5), its signal 7 and histogram 0', () => {
    const line = Array.from({ length: 60 }, (_, i) => i);
    const result = macd(line);
    expect(result.macd[24]).toBeNull();
    expect(result.macd[25]).toBeCloseTo(7, 10);
    // The signal line needs nine MACD values: first at 25 + 8.
    expect(result.signal[32]).toBeNull();
    expect(result.signal[33]).toBeCloseTo(7, 10);
    expect(result.histogram[59]).toBeCloseTo(0, 10);
  });

  it('follows its definition on the StockCharts closes', () => {
    const result = macd(STOCKCHARTS_EMA_CLOSES, 3, 6, 4);
    const fast = ema(STOCKCHARTS_EMA_CLOSES, 3);
    const slow = ema(STOCKCHARTS_EMA_CLOSES, 6);
    expect(result.macd[5]).toBeCloseTo((fast[5] as number) - (slow[5] as number), 12);
    // Signal seed: the mean of the first four MACD values (indexes 5..8).
    const seed = [5, 6, 7, 8].reduce((sum, i) => sum + (result.macd[i] as number), 0) / 4;
    expect(result.signal[8]).toBeCloseTo(seed, 12);
    expect(result.signal[9]).toBeCloseTo(((result.macd[9] as number) - seed) * 0.4 + seed, 12);
    expect(result.histogram[9]).toBeCloseTo((result.macd[9] as number) - (result.signal[9] as number), 12);
  });

  it('answers only gaps for a series shorter than the slow period', () => {
    expect(macd([1, 2, 3]).macd).toEqual([null, null, null]);
    expect(macd([1, 2, 3]).signal).toEqual([null, null, null]);
  });
});

describe('rsi (14, Wilder)', () => {
  it("reproduces the StockCharts/Wilder RSI table", () => {
    const values = rounded(rsi(WILDER_RSI_CLOSES), 2);
    expect(values.slice(0, 14)).toEqual(new Array(14).fill(null));
    expect(values.slice(14)).toEqual(WILDER_RSI_14);
  });

  it.each([
    { values: [1, 2, 3, 4], period: 3, expected: 100 },
    { values: [4, 3, 2, 1], period: 3, expected: 0 },
    { values: [5, 5, 5, 5], period: 3, expected: 50 },
    { values: [1, 2, 1, 2], period: 3, expected: 66.67 },
  ])('$values over $period → $expected', ({ values, period, expected }) => {
    expect(Number((rsi(values, period)[period] as number).toFixed(2))).toBe(expected);
  });
});
