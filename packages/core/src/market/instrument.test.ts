import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderBook } from '../matching/order-book.ts';
import { AmountPrecisionError, AmountRangeError } from '../money.ts';
import {
  baseDecimalToMinor,
  baseMinorToDecimal,
  deriveSpec,
  type InstrumentDef,
  InstrumentDefinitionError,
  instrumentDefSchema,
  lotsToBaseMinor,
  lotsToQuantity,
  notionalMinor,
  priceToTicks,
  quantityToLots,
  quoteDecimalToMinor,
  quoteMinorToDecimal,
  roundPriceToTick,
  roundQuantityToLots,
  ticksToPrice,
} from './instrument.ts';
import { BTC_USDT } from './test-fixtures.ts';


const AAPL_USD: InstrumentDef = {
  symbol: 'AAPL/USD',
  base: 'AAPL',
  quote: 'USD',
  kind: 'stock',
  tickSize: '0.01',
  lotSize: '1',
  minNotional: '1',
  makerFeeBps: 0,
  takerFeeBps: 5,
  baseScale: 0,
  quoteScale: 2,
};

const HALF_TICK: InstrumentDef = { ...BTC_USDT, symbol: 'HALF', tickSize: '0.5', lotSize: '0.01' };
const FIVE_TICK: InstrumentDef = { ...BTC_USDT, symbol: 'FIVE', tickSize: '5', lotSize: '1' };

describe('deriveSpec', () => {
  it('derives the engine spec of BTC/USDT', () => {
    expect(deriveSpec(BTC_USDT)).toEqual({
      symbol: 'BTC/USDT',
      quotePerTickLot: 1, // 0.01 × 0.0001 × 10^6
      minNotional: 5_000_000,
      makerFeeBps: 10,
      takerFeeBps: 10,
      baseUnitsPerLot: 10_000, // 0.0001 × 10^8
      priceDecimals: 2,
      quantityDecimals: 4,
    });
    // The engine accepts it as is.
    expect(() => new OrderBook(deriveSpec(BTC_USDT))).not.toThrow();
  });

  it('derives a stock with whole-share lots', () => {
    expect(deriveSpec(AAPL_USD)).toMatchObject({ quotePerTickLot: 1, baseUnitsPerLot: 1, minNotional: 100, quantityDecimals: 0 });
    expect(deriveSpec(FIVE_TICK)).toMatchObject({ quotePerTickLot: 5_000_000, baseUnitsPerLot: 100_000_000, priceDecimals: 0 });
  });

  it('memoises per definition object', () => {
    expect(deriveSpec(BTC_USDT)).toBe(deriveSpec(BTC_USDT));
  });

  it.each([
    [{ tickSize: '0.001' }, 'quotePerTickLot'], // 0.001 × 0.0001 × 10^6 = 0.1
    [{ tickSize: '1000', lotSize: '0.000000001' }, 'baseUnitsPerLot'], // 1 quote unit per tick-lot, but 0.1 satoshi per lot
    [{ lotSize: '0.00000001', tickSize: '0.01' }, 'quotePerTickLot'],
    [{ minNotional: '0.0000001' }, 'minNotional'],
    [{ minNotional: '-1' }, 'minNotional'],
    [{ tickSize: '0' }, 'tickSize'],
    [{ tickSize: '-0.01' }, 'tickSize'],
    [{ tickSize: 'abc' }, 'tickSize'],
    [{ lotSize: '1e-4' }, 'lotSize'],
    [{ takerFeeBps: 10.5 }, 'takerFeeBps'],
    [{ makerFeeBps: 10_001 }, 'makerFeeBps'],
    [{ quoteScale: -1 }, 'quoteScale'],
    [{ kind: 'bond' }, 'kind'],
    [{ symbol: '' }, 'symbol'],
    [{ tickSize: '1000000000', lotSize: '1000000000' }, 'quotePerTickLot'], // not a safe integer
  ])('rejects %o (%s)', (patch, field) => {
    const def = { ...BTC_USDT, ...patch } as InstrumentDef;
    expect(() => deriveSpec(def)).toThrow(InstrumentDefinitionError);
    try {
      deriveSpec(def);
    } catch (error) {
      expect((error as InstrumentDefinitionError).field).toBe(field);
      expect((error as Error).message).toContain(field);
    }
  });

  it('the JSON schema accepts a definition and rejects unknown or missing keys', () => {
    expect(instrumentDefSchema.parse(BTC_USDT)).toEqual(BTC_USDT);
    expect(instrumentDefSchema.safeParse({ ...BTC_USDT, extra: 1 }).success).toBe(false);
    const { lotSize: _lotSize, ...missing } = BTC_USDT;
    expect(instrumentDefSchema.safeParse(missing).success).toBe(false);
  });
});

describe('priceToTicks', () => {
  it.each([
    ['96250.01', 9_625_001],
    ['96250.010', 9_625_001],
    ['96250', 9_625_000],
    ['0.01', 1],
    ['.5', 50],
    ['7.', 700],
    [' 96250.01 ', 9_625_001],
    ['00012.30', 1230],
    ['90071992547409.91', Number.MAX_SAFE_INTEGER],
  ])('%s → %d ticks', (text, ticks) => {
    expect(priceToTicks(BTC_USDT, text)).toEqual({ ok: true, ticks });
  });

  it.each([
    ['96250.001', 'off_tick'],
    ['0.001', 'off_tick'],
    ['96250.0100000000000000000000000000000000000000001', 'off_tick'], // beyond 40 digits
    ['0', 'not_positive'],
    ['0.00', 'not_positive'],
    ['-0', 'not_positive'],
    ['-1', 'not_positive'],
    ['-0.015', 'not_positive'],
    ['90071992547409.92', 'too_large'],
    ['99999999999999999999999', 'too_large'],
    ['99999999999999999999999.001', 'too_large'],
    ['', 'invalid'],
    [' ', 'invalid'],
    ['abc', 'invalid'],
    ['1e5', 'invalid'],
    ['1,000.00', 'invalid'],
    ['+5', 'invalid'],
    ['NaN', 'invalid'],
    ['Infinity', 'invalid'],
    ['0x10', 'invalid'],
    ['1.2.3', 'invalid'],
  ])('%j → %s', (text, reason) => {
    expect(priceToTicks(BTC_USDT, text)).toEqual({ ok: false, reason });
  });

  it('rejects non-strings from untyped callers', () => {
    expect(priceToTicks(BTC_USDT, 5 as unknown as string)).toEqual({ ok: false, reason: 'invalid' });
    expect(priceToTicks(BTC_USDT, null as unknown as string)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('handles ticks that are not powers of ten', () => {
    expect(priceToTicks(HALF_TICK, '1.5')).toEqual({ ok: true, ticks: 3 });
    expect(priceToTicks(HALF_TICK, '1.25')).toEqual({ ok: false, reason: 'off_tick' });
    expect(priceToTicks(FIVE_TICK, '95')).toEqual({ ok: true, ticks: 19 });
    expect(priceToTicks(FIVE_TICK, '96')).toEqual({ ok: false, reason: 'off_tick' });
  });
});

describe('quantityToLots', () => {
  it.each([
    ['0.0123', 123],
    ['1', 10_000],
    ['0.0001', 1],
    ['0.01230000', 123],
  ])('%s → %d lots', (text, lots) => {
    expect(quantityToLots(BTC_USDT, text)).toEqual({ ok: true, lots });
  });

  it.each([
    ['0.00001', 'off_lot'],
    ['0.01234', 'off_lot'],
    ['0', 'not_positive'],
    ['-0.0123', 'not_positive'],
    ['1000000000000', 'too_large'],
    ['1 000', 'invalid'],
  ])('%j → %s', (text, reason) => {
    expect(quantityToLots(BTC_USDT, text)).toEqual({ ok: false, reason });
  });

  it('whole-share lots reject fractions', () => {
    expect(quantityToLots(AAPL_USD, '10')).toEqual({ ok: true, lots: 10 });
    expect(quantityToLots(AAPL_USD, '10.5')).toEqual({ ok: false, reason: 'off_lot' });
  });
});

describe('ticksToPrice / lotsToQuantity', () => {
  it('prints with the tick and lot decimals', () => {
    expect(ticksToPrice(BTC_USDT, 9_625_001)).toBe('96250.01');
    expect(ticksToPrice(BTC_USDT, 9_625_000)).toBe('96250.00');
    expect(ticksToPrice(BTC_USDT, 1)).toBe('0.01');
    expect(ticksToPrice(BTC_USDT, 0)).toBe('0.00');
    expect(ticksToPrice(BTC_USDT, Number.MAX_SAFE_INTEGER)).toBe('90071992547409.91');
    expect(ticksToPrice(HALF_TICK, 3)).toBe('1.5');
    expect(ticksToPrice(FIVE_TICK, 2)).toBe('10');
    expect(lotsToQuantity(BTC_USDT, 123)).toBe('0.0123');
    expect(lotsToQuantity(BTC_USDT, 10_000)).toBe('1.0000');
    expect(lotsToQuantity(AAPL_USD, 7)).toBe('7');
  });

  it('rejects non-integers', () => {
    expect(() => ticksToPrice(BTC_USDT, 1.5)).toThrow(RangeError);
    expect(() => lotsToQuantity(BTC_USDT, Number.NaN)).toThrow(RangeError);
  });

  it('round-trips every safe tick and lot count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (count) => {
        expect(priceToTicks(BTC_USDT, ticksToPrice(BTC_USDT, count))).toEqual({ ok: true, ticks: count });
        expect(quantityToLots(BTC_USDT, lotsToQuantity(BTC_USDT, count))).toEqual({ ok: true, lots: count });
        expect(priceToTicks(HALF_TICK, ticksToPrice(HALF_TICK, count))).toEqual({ ok: true, ticks: count });
      }),
    );
  });
});

describe('roundPriceToTick', () => {
  it.each([
    ['96250.015', 9_625_001, 9_625_002, 9_625_002],
    ['96250.0149', 9_625_001, 9_625_002, 9_625_001],
    ['96250.01', 9_625_001, 9_625_001, 9_625_001],
    ['0.004', 0, 1, 0],
    ['96250.01000000000000000000000000000000000000000001', 9_625_001, 9_625_002, 9_625_001],
  ])('%s: down %d, up %d, nearest %d', (price, down, up, nearest) => {
    expect(roundPriceToTick(BTC_USDT, price, 'down')).toBe(down);
    expect(roundPriceToTick(BTC_USDT, price, 'up')).toBe(up);
    expect(roundPriceToTick(BTC_USDT, price, 'nearest')).toBe(nearest);
  });

  it('rounds to ticks that are not powers of ten, halves up', () => {
    expect(roundPriceToTick(HALF_TICK, '1.74', 'nearest')).toBe(3);
    expect(roundPriceToTick(HALF_TICK, '1.75', 'nearest')).toBe(4);
    expect(roundPriceToTick(FIVE_TICK, '97.4', 'nearest')).toBe(19);
    expect(roundPriceToTick(FIVE_TICK, '97.5', 'nearest')).toBe(20);
    expect(roundPriceToTick(FIVE_TICK, 96, 'up')).toBe(20);
  });

  it('rejects non-finite and out-of-range prices', () => {
    expect(() => roundPriceToTick(BTC_USDT, Number.POSITIVE_INFINITY, 'down')).toThrow(RangeError);
    expect(() => roundPriceToTick(BTC_USDT, '1e30', 'down')).toThrow(RangeError);
  });

  it('brackets the price: down ≤ price/tick ≤ up ≤ down + 1, nearest one of them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 12 }),
        fc.integer({ min: 0, max: 999_999 }),
        (whole, fraction) => {
          const price = `${whole}.${String(fraction).padStart(6, '0')}`;
          const down = roundPriceToTick(BTC_USDT, price, 'down');
          const up = roundPriceToTick(BTC_USDT, price, 'up');
          const nearest = roundPriceToTick(BTC_USDT, price, 'nearest');
          const exact = fraction % 10_000 === 0;
          expect(up - down).toBe(exact ? 0 : 1);
          expect([down, up]).toContain(nearest);
          expect(down).toBe(Number((BigInt(whole) * 1_000_000n + BigInt(fraction)) / 10_000n));
        },
      ),
    );
  });

  it('roundQuantityToLots rounds volumes', () => {
    expect(roundQuantityToLots(BTC_USDT, '0.01239', 'down')).toBe(123);
    expect(roundQuantityToLots(BTC_USDT, '0.01235', 'nearest')).toBe(124);
    expect(roundQuantityToLots(BTC_USDT, '0.00001', 'up')).toBe(1);
  });
});

describe('amounts', () => {
  const spec = deriveSpec(BTC_USDT);

  it('notionalMinor multiplies ticks, lots and quotePerTickLot', () => {
    expect(notionalMinor(spec, 9_625_001, 123)).toBe(1_183_875_123);
    expect(quoteMinorToDecimal(BTC_USDT, 1_183_875_123)).toBe('1183.875123');
    expect(notionalMinor(deriveSpec(FIVE_TICK), 19, 3)).toBe(285_000_000); // 95 × 3 units
    expect(() => notionalMinor(spec, Number.MAX_SAFE_INTEGER, 2)).toThrow(AmountRangeError);
    expect(() => notionalMinor(spec, 94_906_266, 94_906_266)).toThrow(AmountRangeError); // just past 2^53
    expect(() => notionalMinor(spec, 1.5, 1)).toThrow(RangeError);
  });

  it('converts base and quote minor units both ways', () => {
    expect(lotsToBaseMinor(spec, 123)).toBe(1_230_000);
    expect(baseMinorToDecimal(BTC_USDT, 1_230_000)).toBe('0.01230000');
    expect(baseDecimalToMinor(BTC_USDT, '0.0123')).toBe(1_230_000);
    expect(quoteDecimalToMinor(BTC_USDT, '5')).toBe(5_000_000);
    expect(() => quoteDecimalToMinor(BTC_USDT, '0.0000001')).toThrow(AmountPrecisionError);
    expect(() => baseDecimalToMinor(BTC_USDT, '1000000000')).toThrow(AmountRangeError);
  });
});
