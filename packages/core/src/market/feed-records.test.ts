import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregateCandles, type Candle, CandleBuilder, type CandlePeriod, nextBucketStart, PERIODS, type PriceTick } from './candles.ts';
import { candleRecordToCandle, candlesToTicks, parseFeedFile, parseFeedTime, tickRecordToTick } from './feed-records.ts';
import { BTC_USDT } from './test-fixtures.ts';

const iso = (text: string) => Date.parse(text);

describe('parseFeedTime', () => {
  it.each([
    ['1773841655123', 1_773_841_655_123],
    [1_773_841_655_123, 1_773_841_655_123],
    ['2026-03-18T13:47:35.123Z', iso('2026-03-18T13:47:35.123Z')],
    ['2026-03-18T13:47:35Z', iso('2026-03-18T13:47:35Z')],
    ['2026-03-18T13:47Z', iso('2026-03-18T13:47:00Z')],
    ['2026-03-18 13:47:35', iso('2026-03-18T13:47:35Z')], // no offset: UTC
    ['2026-03-18T09:47:35-04:00', iso('2026-03-18T13:47:35Z')],
    ['2026-03-18T22:47:35+0900', iso('2026-03-18T13:47:35Z')],
    ['2026-03-18T13:47:35.123456Z', iso('2026-03-18T13:47:35.123Z')],
    ['2026-03-18', iso('2026-03-18T00:00:00Z')],
  ])('%j → %d', (text, ms) => {
    expect(parseFeedTime(text)).toBe(ms);
  });

  it.each(['', 'yesterday', '2026-02-30', '2026-13-01', '2026-03-18T24:00:00Z', '1.5', '2026-03-18T13:47:35+25:00', 1.5, null])(
    '%j → null',
    (text) => {
      expect(parseFeedTime(text)).toBeNull();
    },
  );
});

describe('parseFeedFile: ticks', () => {
  it('parses CSV ticks with ISO and Unix-ms times, sorted, reporting bad lines', () => {
    const text = [
      'time,price,volume',
      '2026-03-18T13:47:36Z,96250.10,0.5',
      '1773841655000,96249.99,1.25',
      '',
      '# a comment',
      'not-a-time,1,1',
      '2026-03-18T13:47:37Z,abc,1',
      '2026-03-18T13:47:38Z,0,1',
      '2026-03-18T13:47:39Z,96250,-1',
      '2026-03-18T13:47:40Z,96250',
      '"2026-03-18T13:47:41Z","96,251.5",1',
      '"2026-03-18T13:47:42Z","96251.5",2',
    ].join('\r\n');
    const result = parseFeedFile(text, 'csv');
    expect(result.kind).toBe('ticks');
    expect(result.records).toEqual([
      { time: 1_773_841_655_000, price: '96249.99', volume: '1.25' },
      { time: iso('2026-03-18T13:47:36Z'), price: '96250.1', volume: '0.5' },
      { time: iso('2026-03-18T13:47:42Z'), price: '96251.5', volume: '2' },
    ]);
    expect(result.errors.map((error) => error.line)).toEqual([6, 7, 8, 9, 10, 11]);
    expect(result.errors[0]?.message).toMatch(/^time/);
    expect(result.errors[1]?.message).toMatch(/^price/);
    expect(result.errors[2]?.message).toBe('price: must be positive');
    expect(result.errors[3]?.message).toBe('volume: must not be negative');
    expect(result.errors[4]?.message).toBe('expected 3 fields, got 2');
  });

  it('accepts any column order, extra columns, a BOM, and ticks without volume', () => {
    const result = parseFeedFile('\uFEFFPrice,Side,Time\n100.5,buy,1000\n', 'csv');
    expect(result).toEqual({ kind: 'ticks', records: [{ time: 1000, price: '100.5', volume: '0' }], errors: [] });
  });

  it('parses JSONL ticks with string or number values', () => {
    const text = [
      '{"time":"2026-03-18T13:47:36Z","price":"96250.10","volume":"0.5"}',
      '{"time":1773841655000,"price":96249.99,"volume":1.25}',
      '{"time":1773841655000,"price":"1e3","volume":"1"}',
      'not json',
      '[1,2,3]',
      '{"foo":1}',
      '{"time":1773841656000,"open":"1","high":"1","low":"1","close":"1","volume":"1"}',
    ].join('\n');
    const result = parseFeedFile(text, 'jsonl');
    expect(result.kind).toBe('ticks');
    expect(result.records).toEqual([
      { time: 1_773_841_655_000, price: '96249.99', volume: '1.25' },
      { time: iso('2026-03-18T13:47:36Z'), price: '96250.1', volume: '0.5' },
    ]);
    expect(result.errors).toEqual([
      { line: 3, message: 'price: not a decimal number ("1e3")' },
      { line: 4, message: 'not valid JSON' },
      { line: 5, message: 'not a JSON object' },
      { line: 6, message: 'neither a tick (time, price) nor a candle (time, open, high, low, close, volume)' },
      { line: 7, message: 'a candle in a file of ticks' },
    ]);
  });

  it('keeps ticks of equal times in file order', () => {
    const result = parseFeedFile('time,price,volume\n2000,2,1\n1000,1,1\n2000,3,1\n', 'csv');
    expect(result.records.map((record) => (record as { price: string }).price)).toEqual(['1', '2', '3']);
  });
});

describe('parseFeedFile: candles', () => {
  it('parses CSV candles and checks their consistency', () => {
    const text = [
      'time,open,high,low,close,volume',
      '2026-03-18T13:48:00Z,101,103,100,102,7.5',
      '2026-03-18T13:47:00Z,100,102,99,101,10',
      '2026-03-18T13:49:00Z,101,100,99,100,1',
      '2026-03-18T13:50:00Z,101,103,101.5,102,1',
      '2026-03-18T13:51:00Z,0,1,0,1,1',
      '2026-03-18T13:47:00Z,100,102,99,101,10',
    ].join('\n');
    const result = parseFeedFile(text, 'csv');
    expect(result.kind).toBe('candles');
    expect(result.records).toEqual([
      { time: iso('2026-03-18T13:47:00Z'), open: '100', high: '102', low: '99', close: '101', volume: '10' },
      { time: iso('2026-03-18T13:48:00Z'), open: '101', high: '103', low: '100', close: '102', volume: '7.5' },
    ]);
    expect(result.errors).toEqual([
      { line: 4, message: 'high: below open, low or close' },
      { line: 5, message: 'low: above open or close' },
      { line: 6, message: 'low: must be positive' },
      { line: 7, message: `duplicate candle time ${iso('2026-03-18T13:47:00Z')} (first on line 3)` },
    ]);
  });

  it('parses JSONL candles', () => {
    const text = '{"time":1773841620000,"open":"100","high":"102","low":"99","close":"101","volume":"10"}\n\n{"time":1773841560000,"open":100,"high":100,"low":100,"close":100,"volume":0}\n{"time":1,"price":"5"}';
    const result = parseFeedFile(text, 'jsonl');
    expect(result.kind).toBe('candles');
    expect(result.records.map((record) => record.time)).toEqual([1_773_841_560_000, 1_773_841_620_000]);
    expect(result.errors).toEqual([{ line: 4, message: 'a tick in a file of candles' }]);
  });

  it('reports files it cannot classify', () => {
    expect(parseFeedFile('', 'csv')).toEqual({ kind: 'unknown', records: [], errors: [{ line: 1, message: 'empty file: no header line' }] });
    expect(parseFeedFile('\n\n', 'jsonl')).toEqual({ kind: 'unknown', records: [], errors: [{ line: 1, message: 'empty file: no records' }] });
    const unknown = parseFeedFile('date,value\n1,2\n', 'csv');
    expect(unknown.kind).toBe('unknown');
    expect(unknown.errors[0]?.message).toMatch(/^unrecognised header/);
    expect(parseFeedFile('oops\n{"a":1}', 'jsonl').kind).toBe('unknown');
    expect(() => parseFeedFile('', 'xml' as 'csv')).toThrow(RangeError);
  });
});

function buildPeriods(ticks: readonly PriceTick[], periods: readonly CandlePeriod[]): Map<CandlePeriod, Candle[]> {
  const out = new Map<CandlePeriod, Candle[]>(periods.map((period) => [period, []]));
  const builder = new CandleBuilder({ periods, onClose: (period, candle) => out.get(period)?.push(candle) });
  for (const tick of ticks) expect(builder.mergeTick(tick)).toBe(true);
  for (const period of periods) {
    const current = builder.current(period);
    if (current) out.get(period)?.push(current);
  }
  return out;
}

describe('candlesToTicks', () => {
  const minute = Date.parse('2026-03-18T13:47:00Z') / 1000;

  it('walks open → low → high → close for a rising candle, high first for a falling one', () => {
    const ticks = candlesToTicks(
      [
        { time: minute, open: 100, high: 110, low: 95, close: 105, volume: 10 },
        { time: minute + 60, open: 105, high: 108, low: 90, close: 92, volume: 3 },
      ],
      '1min',
    );
    const start = minute * 1000;
    expect(ticks).toEqual([
      { time: start, price: 100, volume: 2 },
      { time: start + 15_000, price: 95, volume: 2 },
      { time: start + 30_000, price: 110, volume: 2 },
      { time: start + 45_000, price: 105, volume: 4 },
      { time: start + 60_000, price: 105, volume: 0 },
      { time: start + 75_000, price: 108, volume: 0 },
      { time: start + 90_000, price: 90, volume: 0 },
      { time: start + 105_000, price: 92, volume: 3 },
    ]);
  });

  it('rejects inconsistent, misaligned or unordered candles', () => {
    const good: Candle = { time: minute, open: 100, high: 110, low: 95, close: 105, volume: 1 };
    expect(() => candlesToTicks([{ ...good, high: 104 }], '1min')).toThrow(RangeError);
    expect(() => candlesToTicks([{ ...good, low: 101 }], '1min')).toThrow(RangeError);
    expect(() => candlesToTicks([{ ...good, volume: 0.5 }], '1min')).toThrow(RangeError);
    expect(() => candlesToTicks([{ ...good, time: minute + 1 }], '1min')).toThrow(RangeError);
    expect(() => candlesToTicks([good, good], '1min')).toThrow(RangeError);
  });

  it('replays through the CandleBuilder into exactly the same candles, and their aggregates', () => {
    const candleArb = fc
      .record({
        gap: fc.integer({ min: 1, max: 3 }),
        a: fc.integer({ min: 1, max: 1_000_000 }),
        b: fc.integer({ min: 1, max: 1_000_000 }),
        c: fc.integer({ min: 1, max: 1_000_000 }),
        d: fc.integer({ min: 1, max: 1_000_000 }),
        volume: fc.integer({ min: 0, max: 1_000_000 }),
      })
      .map(({ gap, a, b, c, d, volume }) => {
        const [low, x, y, high] = [a, b, c, d].sort((p, q) => p - q) as [number, number, number, number];
        const flip = (a + b) % 2 === 0;
        return { gap, open: flip ? x : y, close: flip ? y : x, high, low, volume };
      });
    fc.assert(
      fc.property(fc.constantFrom(...PERIODS), fc.array(candleArb, { minLength: 1, maxLength: 30 }), (period, shapes) => {
        let time = Date.parse('2025-12-01T00:00:00Z') / 1000;
        const candles: Candle[] = shapes.map(({ gap, ...shape }) => {
          for (let step = 0; step < gap; step++) time = nextBucketStart(period, time);
          return { time, ...shape };
        });
        const coarser = PERIODS.slice(PERIODS.indexOf(period)).filter((to) => !(period === '1week' && to === '1mon'));
        const built = buildPeriods(candlesToTicks(candles, period), coarser);
        expect(built.get(period)).toEqual(candles);
        for (const to of coarser) expect(built.get(to)).toEqual(aggregateCandles(candles, period, to));
      }),
      { numRuns: 150 },
    );
  });
});

describe('records to instrument units', () => {

  it('rounds prices to the nearest tick and volumes down to lots', () => {
    expect(tickRecordToTick(BTC_USDT, { time: 5, price: '96250.005', volume: '0.01239' })).toEqual({ time: 5, price: 9_625_001, volume: 123 });
    expect(tickRecordToTick(BTC_USDT, { time: 5, price: '0.001', volume: '0' })).toEqual({ time: 5, price: 1, volume: 0 });
    expect(
      candleRecordToCandle(BTC_USDT, { time: 1_773_841_620_000, open: '100', high: '100.019', low: '99.991', close: '100.004', volume: '1.5' }),
    ).toEqual({ time: 1_773_841_620, open: 10_000, high: 10_002, low: 9_999, close: 10_000, volume: 15_000 });
  });
});
