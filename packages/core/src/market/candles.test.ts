import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  aggregateCandles,
  bucketStart,
  type Candle,
  CandleBuilder,
  type CandlePeriod,
  canAggregate,
  isCandlePeriod,
  nextBucketStart,
  PERIODS,
  type PriceTick,
} from './candles.ts';

const iso = (text: string) => Date.parse(text);
const sec = (text: string) => Date.parse(text) / 1000;

describe('periods', () => {
  it('lists the periods and guards the type', () => {
    expect(PERIODS).toEqual(['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week', '1mon']);
    for (const period of PERIODS) expect(isCandlePeriod(period)).toBe(true);
    expect(isCandlePeriod('1hour')).toBe(false);
    expect(isCandlePeriod(60)).toBe(false);
    expect(isCandlePeriod(undefined)).toBe(false);
  });
});

describe('bucketStart', () => {
  const time = iso('2026-03-18T13:47:35.123Z'); // a Wednesday
  it.each([
    ['1min', '2026-03-18T13:47:00Z'],
    ['5min', '2026-03-18T13:45:00Z'],
    ['15min', '2026-03-18T13:45:00Z'],
    ['30min', '2026-03-18T13:30:00Z'],
    ['60min', '2026-03-18T13:00:00Z'],
    ['4hour', '2026-03-18T12:00:00Z'],
    ['1day', '2026-03-18T00:00:00Z'],
    ['1week', '2026-03-16T00:00:00Z'], // Monday
    ['1mon', '2026-03-01T00:00:00Z'],
  ] as const)('%s of 2026-03-18T13:47:35.123Z is %s', (period, start) => {
    expect(bucketStart(period, time)).toBe(sec(start));
  });

  it('aligns 4-hour buckets to 00/04/08/12/16/20 UTC', () => {
    expect(bucketStart('4hour', iso('2026-03-18T03:59:59.999Z'))).toBe(sec('2026-03-18T00:00:00Z'));
    expect(bucketStart('4hour', iso('2026-03-18T04:00:00Z'))).toBe(sec('2026-03-18T04:00:00Z'));
    expect(bucketStart('4hour', iso('2026-03-18T23:59:59Z'))).toBe(sec('2026-03-18T20:00:00Z'));
  });

  it('starts weeks on Monday 00:00 UTC', () => {
    expect(bucketStart('1week', iso('2026-03-22T23:59:59.999Z'))).toBe(sec('2026-03-16T00:00:00Z')); // Sunday
    expect(bucketStart('1week', iso('2026-03-23T00:00:00Z'))).toBe(sec('2026-03-23T00:00:00Z')); // Monday
    expect(bucketStart('1week', iso('2026-01-01T12:00:00Z'))).toBe(sec('2025-12-29T00:00:00Z')); // across the year
    expect(bucketStart('1week', 0)).toBe(sec('1969-12-29T00:00:00Z')); // the epoch was a Thursday
    for (let day = 0; day < 60; day++) {
      const start = bucketStart('1week', iso('2026-02-01T06:00:00Z') + day * 86_400_000);
      expect(new Date(start * 1000).getUTCDay()).toBe(1);
    }
  });

  it('starts months on the 1st 00:00 UTC', () => {
    expect(bucketStart('1mon', iso('2024-02-29T23:59:59Z'))).toBe(sec('2024-02-01T00:00:00Z'));
    expect(bucketStart('1mon', iso('2026-12-31T23:59:59.999Z'))).toBe(sec('2026-12-01T00:00:00Z'));
    expect(bucketStart('1mon', iso('2027-01-01T00:00:00Z'))).toBe(sec('2027-01-01T00:00:00Z'));
  });

  it('floors times before the epoch', () => {
    expect(bucketStart('1min', iso('1969-12-31T23:59:30Z'))).toBe(-60);
    expect(bucketStart('1day', -1)).toBe(-86_400);
    expect(bucketStart('1mon', -1)).toBe(sec('1969-12-01T00:00:00Z'));
  });

  it('every bucket contains its time and the next bucket starts after it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PERIODS), fc.integer({ min: 0, max: 4_102_444_800_000 }), (period, time) => {
        const start = bucketStart(period, time);
        const next = nextBucketStart(period, start);
        expect(start * 1000).toBeLessThanOrEqual(time);
        expect(time).toBeLessThan(next * 1000);
        expect(bucketStart(period, start * 1000)).toBe(start);
        expect(bucketStart(period, next * 1000)).toBe(next);
      }),
    );
  });

  it('nextBucketStart handles month lengths', () => {
    expect(nextBucketStart('1mon', sec('2026-01-01T00:00:00Z'))).toBe(sec('2026-02-01T00:00:00Z'));
    expect(nextBucketStart('1mon', sec('2026-12-01T00:00:00Z'))).toBe(sec('2027-01-01T00:00:00Z'));
    expect(nextBucketStart('1week', sec('2026-03-16T00:00:00Z'))).toBe(sec('2026-03-23T00:00:00Z'));
  });

  it('rejects unknown periods', () => {
    expect(() => bucketStart('2min' as CandlePeriod, 0)).toThrow(RangeError);
    expect(() => bucketStart('1min', Number.NaN)).toThrow(RangeError);
  });
});

describe('CandleBuilder', () => {
  const base = iso('2026-03-18T13:47:00Z');
  const tick = (offsetMs: number, price: number, volume = 1): PriceTick => ({ time: base + offsetMs, price, volume });

  it('folds ticks into OHLCV and emits each closed candle', () => {
    const closed: [CandlePeriod, Candle][] = [];
    const builder = new CandleBuilder({ periods: ['1min', '5min'], onClose: (period, candle) => closed.push([period, candle]) });
    expect(builder.periods).toEqual(['1min', '5min']);
    expect(builder.current('1min')).toBeNull();
    expect(builder.mergeTick(tick(0, 100, 2))).toBe(true);
    expect(builder.mergeTick(tick(10_000, 105, 1))).toBe(true);
    expect(builder.mergeTick(tick(20_000, 98, 4))).toBe(true);
    expect(builder.mergeTick(tick(59_999, 101, 3))).toBe(true);
    const minute = sec('2026-03-18T13:47:00Z');
    expect(builder.current('1min')).toEqual({ time: minute, open: 100, high: 105, low: 98, close: 101, volume: 10 });
    expect(closed).toEqual([]);
    expect(builder.mergeTick(tick(60_000, 102, 5))).toBe(true);
    expect(closed).toEqual([['1min', { time: minute, open: 100, high: 105, low: 98, close: 101, volume: 10 }]]);
    expect(builder.current('1min')).toEqual({ time: minute + 60, open: 102, high: 102, low: 102, close: 102, volume: 5 });
    expect(builder.current('5min')).toEqual({ time: sec('2026-03-18T13:45:00Z'), open: 100, high: 105, low: 98, close: 102, volume: 15 });
    // 13:50 closes the 5-minute candle too; the empty minute 13:49 produces nothing.
    expect(builder.mergeTick(tick(3 * 60_000, 90, 1))).toBe(true);
    expect(closed.map(([period, candle]) => [period, candle.time])).toEqual([
      ['1min', minute],
      ['1min', minute + 60],
      ['5min', sec('2026-03-18T13:45:00Z')],
    ]);
    expect(() => builder.current('1day')).toThrow(RangeError);
  });

  it('ignores ticks older than the current bucket, and handles disorder inside it', () => {
    const builder = new CandleBuilder({ periods: ['1min', '1day'] });
    expect(builder.mergeTick(tick(30_000, 100))).toBe(true);
    expect(builder.mergeTick(tick(10_000, 90))).toBe(true); // earlier, same minute: becomes the open
    expect(builder.mergeTick(tick(20_000, 95))).toBe(true); // neither first nor last
    expect(builder.current('1min')).toMatchObject({ open: 90, high: 100, low: 90, close: 100, volume: 3 });
    expect(builder.mergeTick(tick(30_000, 99))).toBe(true); // same time as the close: later arrival wins
    expect(builder.current('1min')).toMatchObject({ close: 99 });
    expect(builder.mergeTick(tick(60_000, 110))).toBe(true);
    // Older than the current minute (but inside the current day): ignored everywhere.
    expect(builder.mergeTick(tick(59_000, 1))).toBe(false);
    expect(builder.current('1day')).toMatchObject({ low: 90, high: 110, volume: 5 });
  });

  it('advanceTo closes finished buckets without a tick', () => {
    const closed: Candle[] = [];
    const builder = new CandleBuilder({ periods: ['1min'], onClose: (_, candle) => closed.push(candle) });
    builder.mergeTick(tick(0, 100));
    builder.advanceTo(base + 59_999);
    expect(closed).toHaveLength(0);
    builder.advanceTo(base + 60_000);
    expect(closed).toHaveLength(1);
    expect(builder.current('1min')).toBeNull();
    expect(builder.mergeTick(tick(30_000, 100))).toBe(false);
    expect(builder.mergeTick(tick(61_000, 101))).toBe(true);
  });

  it('restores an open candle after a restart', () => {
    const builder = new CandleBuilder({ periods: ['1min'] });
    const time = sec('2026-03-18T13:47:00Z');
    builder.restore('1min', { time, open: 100, high: 110, low: 95, close: 105, volume: 7 });
    expect(builder.mergeTick(tick(-1, 1))).toBe(false);
    expect(builder.mergeTick(tick(40_000, 120, 2))).toBe(true);
    expect(builder.current('1min')).toEqual({ time, open: 100, high: 120, low: 95, close: 120, volume: 9 });
    expect(() => builder.restore('1min', { time: time + 1, open: 1, high: 1, low: 1, close: 1, volume: 0 })).toThrow(RangeError);
  });

  it('rejects malformed ticks', () => {
    const builder = new CandleBuilder();
    expect(() => builder.mergeTick({ time: base, price: 0, volume: 1 })).toThrow(RangeError);
    expect(() => builder.mergeTick({ time: base, price: 1.5, volume: 1 })).toThrow(RangeError);
    expect(() => builder.mergeTick({ time: base, price: 1, volume: -1 })).toThrow(RangeError);
    expect(() => builder.mergeTick({ time: Number.NaN, price: 1, volume: 1 })).toThrow(RangeError);
    expect(() => new CandleBuilder({ periods: ['2min' as CandlePeriod] })).toThrow(RangeError);
  });
});

/** Every candle the builder produced for each period: closed ones, then the open one. */
function buildAll(ticks: readonly PriceTick[], periods: readonly CandlePeriod[] = PERIODS): Map<CandlePeriod, Candle[]> {
  const out = new Map<CandlePeriod, Candle[]>(periods.map((period) => [period, []]));
  const builder = new CandleBuilder({ periods, onClose: (period, candle) => out.get(period)?.push(candle) });
  for (const tick of ticks) builder.mergeTick(tick);
  for (const period of periods) {
    const current = builder.current(period);
    if (current) out.get(period)?.push(current);
  }
  return out;
}

describe('aggregateCandles', () => {
  it('aggregates by hand', () => {
    const m = sec('2026-03-18T13:45:00Z');
    const ones: Candle[] = [
      { time: m + 60, open: 11, high: 15, low: 9, close: 12, volume: 2 },
      { time: m, open: 10, high: 12, low: 8, close: 11, volume: 1 }, // out of order on purpose
      { time: m + 300, open: 20, high: 20, low: 20, close: 20, volume: 0 },
    ];
    expect(aggregateCandles(ones, '1min', '5min')).toEqual([
      { time: m, open: 10, high: 15, low: 8, close: 12, volume: 3 },
      { time: m + 300, open: 20, high: 20, low: 20, close: 20, volume: 0 },
    ]);
    expect(aggregateCandles([], '1min', '1day')).toEqual([]);
  });

  it('knows which periods nest', () => {
    expect(canAggregate('1min', '1mon')).toBe(true);
    expect(canAggregate('1day', '1week')).toBe(true);
    expect(canAggregate('4hour', '1week')).toBe(true);
    expect(canAggregate('1week', '1mon')).toBe(false);
    expect(canAggregate('1day', '4hour')).toBe(false);
    expect(canAggregate('1mon', '1mon')).toBe(true);
    expect(() => aggregateCandles([], '1week', '1mon')).toThrow(RangeError);
  });

  it('rejects misaligned or duplicate candles', () => {
    const candle: Candle = { time: 60, open: 1, high: 1, low: 1, close: 1, volume: 1 };
    expect(() => aggregateCandles([{ ...candle, time: 61 }], '1min', '5min')).toThrow(RangeError);
    expect(() => aggregateCandles([candle, candle], '1min', '5min')).toThrow(RangeError);
  });

  it('1-minute candles aggregate to the candles built directly from the same ticks', () => {
    const start = iso('2026-01-26T00:00:00Z');
    const tickArb = fc.record({
      // Dense near the start (same minutes), sparse over ~70 days (weeks and months).
      time: fc.oneof(fc.integer({ min: 0, max: 3_600_000 }), fc.integer({ min: 0, max: 70 * 86_400_000 })),
      price: fc.integer({ min: 1, max: 1_000_000 }),
      volume: fc.integer({ min: 0, max: 1000 }),
    });
    fc.assert(
      fc.property(fc.array(tickArb, { minLength: 1, maxLength: 120 }), (raw) => {
        const ticks = raw.map((tick) => ({ ...tick, time: start + tick.time })).sort((a, b) => a.time - b.time);
        const built = buildAll(ticks);
        const minutes = built.get('1min') ?? [];
        for (const period of PERIODS) {
          expect(aggregateCandles(minutes, '1min', period)).toEqual(built.get(period));
        }
        expect(aggregateCandles(built.get('1day') ?? [], '1day', '1week')).toEqual(built.get('1week'));
        expect(aggregateCandles(built.get('60min') ?? [], '60min', '1mon')).toEqual(built.get('1mon'));
      }),
      { numRuns: 150 },
    );
  });
});
