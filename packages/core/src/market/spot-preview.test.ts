import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { feeFromBps } from '../matching/fees.ts';
import { OrderBook } from '../matching/order-book.ts';
import { deriveSpec, type InstrumentDef, priceToTicks, quantityToLots } from './instrument.ts';
import { marketBuyByTotal, marketProtectionPrice, previewSpotOrder, SpotPreviewError, spotOrderAmounts, tpSlHold } from './spot-preview.ts';
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
  takerFeeBps: 25,
  baseScale: 0,
  quoteScale: 2,
};

const ticks = (def: InstrumentDef, price: string) => {
  const result = priceToTicks(def, price);
  if (!result.ok) throw new Error(result.reason);
  return result.ticks;
};
const lots = (def: InstrumentDef, quantity: string) => {
  const result = quantityToLots(def, quantity);
  if (!result.ok) throw new Error(result.reason);
  return result.lots;
};

describe('previewSpotOrder', () => {
  // 96250.01 USDT × 0.0123 BTC = 1183.875123 USDT; fee 0.1 % = 1.183875123 → 1.183875 (floored to the micro-USDT).
  it('buy limit: holds notional + taker fee in quote, receives the base quantity', () => {
    const preview = previewSpotOrder({
      def: BTC_USDT,
      side: 'buy',
      type: 'limit',
      priceTicks: ticks(BTC_USDT, '96250.01'),
      lots: lots(BTC_USDT, '0.0123'),
    });
    expect(preview).toEqual({
      side: 'buy',
      type: 'limit',
      notional: 1_183_875_123,
      notionalDecimal: '1183.875123',
      fee: 1_183_875,
      feeDecimal: '1.183875',
      hold: { currency: 'quote', asset: 'USDT', amount: 1_185_058_998, amountDecimal: '1185.058998' },
      receive: { currency: 'base', asset: 'BTC', amount: 1_230_000, amountDecimal: '0.01230000' },
      belowMinNotional: false,
    });
  });

  it('sell limit: holds the base quantity, receives notional − taker fee in quote', () => {
    const preview = previewSpotOrder({
      def: BTC_USDT,
      side: 'sell',
      type: 'limit',
      priceTicks: ticks(BTC_USDT, '96250.01'),
      lots: lots(BTC_USDT, '0.0123'),
    });
    expect(preview.hold).toEqual({ currency: 'base', asset: 'BTC', amount: 1_230_000, amountDecimal: '0.01230000' });
    expect(preview.receive).toEqual({ currency: 'quote', asset: 'USDT', amount: 1_182_691_248, amountDecimal: '1182.691248' });
    expect(preview.fee).toBe(1_183_875);
  });

  it('stock market buy at the protection price', () => {
    // 10 shares at 187.23 (protection price) = 1872.30 USD; 25 bps = 4.68075 → 4.68 (468 cents).
    const preview = previewSpotOrder({ def: AAPL_USD, side: 'buy', type: 'market', priceTicks: 18_723, lots: 10 });
    expect(preview.notional).toBe(187_230);
    expect(preview.fee).toBe(468);
    expect(preview.hold).toEqual({ currency: 'quote', asset: 'USD', amount: 187_698, amountDecimal: '1876.98' });
    expect(preview.receive).toEqual({ currency: 'base', asset: 'AAPL', amount: 10, amountDecimal: '10' });
  });

  it('flags orders below the minimum notional', () => {
    // 0.0001 BTC × 40000 = 4 USDT < 5 USDT
    const small = previewSpotOrder({ def: BTC_USDT, side: 'buy', type: 'limit', priceTicks: 4_000_000, lots: 1 });
    expect(small.notional).toBe(4_000_000);
    expect(small.belowMinNotional).toBe(true);
    const engine = new OrderBook(deriveSpec(BTC_USDT));
    const result = engine.submit({ type: 'limit', id: 1, ownerId: 1, side: 'buy', priceTicks: 4_000_000, qtyLots: 1 });
    expect(result.reason).toBe('below_min_notional');
    expect(previewSpotOrder({ def: BTC_USDT, side: 'buy', type: 'limit', priceTicks: 5_000_000, lots: 1 }).belowMinNotional).toBe(false);
  });

  it.each([
    [{ priceTicks: 0 }, 'invalid_price'],
    [{ priceTicks: 1.5 }, 'invalid_price'],
    [{ lots: -1 }, 'invalid_quantity'],
    [{ lots: Number.NaN }, 'invalid_quantity'],
    [{ priceTicks: Number.MAX_SAFE_INTEGER, lots: 2 }, 'notional_overflow'],
    [{ priceTicks: Number.MAX_SAFE_INTEGER - 1000, lots: 1 }, 'notional_overflow'], // the notional is safe, notional + fee is not
    [{ side: 'short' }, 'invalid_side'],
    [{ type: 'stop' }, 'invalid_order_type'],
  ])('rejects %o with %s', (patch, reason) => {
    const input = { def: BTC_USDT, side: 'buy', type: 'limit', priceTicks: 100, lots: 1, ...patch } as Parameters<typeof previewSpotOrder>[0];
    expect(() => previewSpotOrder(input)).toThrow(SpotPreviewError);
    try {
      previewSpotOrder(input);
    } catch (error) {
      expect((error as SpotPreviewError).reason).toBe(reason);
    }
  });

  it('the buy hold covers any set of fills at or below the limit price', () => {
    const spec = deriveSpec(BTC_USDT);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000_000 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 500 })), { minLength: 1, maxLength: 8 }),
        (limit, fills) => {
          const totalLots = fills.reduce((sum, [, qty]) => sum + qty, 0);
          const preview = previewSpotOrder({ def: BTC_USDT, side: 'buy', type: 'limit', priceTicks: limit, lots: totalLots });
          let spent = 0;
          for (const [discount, qty] of fills) {
            const price = Math.max(1, limit - discount);
            const notional = price * qty * spec.quotePerTickLot;
            spent += notional + feeFromBps(notional, spec.takerFeeBps);
          }
          expect(spent).toBeLessThanOrEqual(preview.hold.amount);
          expect(preview.receive.amount).toBe(totalLots * spec.baseUnitsPerLot);
        },
      ),
    );
  });
});

describe('spotOrderAmounts', () => {
  it('are the preview\'s minor-unit amounts, for any side, type, price and quantity of either instrument', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(BTC_USDT, AAPL_USD),
        fc.constantFrom('buy' as const, 'sell' as const),
        fc.constantFrom('limit' as const, 'market' as const),
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (def, side, type, priceTicks, orderLots) => {
          const input = { def, side, type, priceTicks, lots: orderLots };
          const preview = previewSpotOrder(input);
          expect(spotOrderAmounts(input)).toEqual({
            notional: preview.notional,
            fee: preview.fee,
            hold: { currency: preview.hold.currency, amount: preview.hold.amount },
            receive: { currency: preview.receive.currency, amount: preview.receive.amount },
            belowMinNotional: preview.belowMinNotional,
          });
        },
      ),
    );
  });
});

describe('marketProtectionPrice', () => {
  it('widens by the band, rounding away from the reference', () => {
    // 96250.01 × 1.05 = 101062.5105 → 101062.52; × 0.95 = 91437.5095 → 91437.50
    expect(marketProtectionPrice(BTC_USDT, 'buy', 9_625_001)).toBe(10_106_252);
    expect(marketProtectionPrice(BTC_USDT, 'sell', 9_625_001)).toBe(9_143_750);
    expect(marketProtectionPrice(BTC_USDT, 'buy', 9_625_000, 100)).toBe(9_721_250);
    expect(marketProtectionPrice(BTC_USDT, 'sell', 9_625_000, 100)).toBe(9_528_750);
    expect(marketProtectionPrice(BTC_USDT, 'buy', 100, 0)).toBe(100);
    expect(marketProtectionPrice(BTC_USDT, 'sell', 100, 0)).toBe(100);
  });

  it('moves at least one tick up for buys and never goes below one tick for sells', () => {
    expect(marketProtectionPrice(BTC_USDT, 'buy', 1)).toBe(2);
    expect(marketProtectionPrice(BTC_USDT, 'sell', 1)).toBe(1);
    expect(marketProtectionPrice(BTC_USDT, 'sell', 10, 9_999)).toBe(1);
    expect(marketProtectionPrice(BTC_USDT, 'buy', Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('rejects bad arguments', () => {
    expect(() => marketProtectionPrice(BTC_USDT, 'buy', 0)).toThrow(RangeError);
    expect(() => marketProtectionPrice(BTC_USDT, 'buy', 100, 10_000)).toThrow(RangeError);
    expect(() => marketProtectionPrice(BTC_USDT, 'buy', 100, -1)).toThrow(RangeError);
    expect(() => marketProtectionPrice(BTC_USDT, 'buy', 100, 1.5)).toThrow(RangeError);
  });

  it('brackets reference × (1 ± band) within one tick', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 ** 12 }), fc.integer({ min: 0, max: 9_999 }), (reference, band) => {
        const up = marketProtectionPrice(BTC_USDT, 'buy', reference, band);
        const down = marketProtectionPrice(BTC_USDT, 'sell', reference, band);
        const exactUp = (BigInt(reference) * BigInt(10_000 + band)) / 10_000n;
        expect(BigInt(up) - exactUp).toBeGreaterThanOrEqual(0n);
        expect(BigInt(up) - exactUp).toBeLessThanOrEqual(1n);
        expect(BigInt(up) * 10_000n).toBeGreaterThanOrEqual(BigInt(reference) * BigInt(10_000 + band));
        expect(BigInt(down) * 10_000n <= BigInt(reference) * BigInt(10_000 - band) || down === 1).toBe(true);
        expect(down).toBeLessThanOrEqual(reference);
        expect(down).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});

describe('marketBuyByTotal', () => {
  it.each([
    // BTC/USDT, 0.1 % taker fee: 100 USDT → budget 100 / 1.001 = 99.900099 USDT.
    { total: 100_000_000, budget: 99_900_099 },
    { total: 5_005_000, budget: 5_000_000 },
    { total: 1, budget: 0 },
  ])('a total of $total minor units spends at most $budget on the notional', ({ total, budget }) => {
    const result = marketBuyByTotal(BTC_USDT, total);
    expect(result).toMatchObject({ budget, hold: total });
    expect(budget + feeFromBps(budget, BTC_USDT.takerFeeBps)).toBeLessThanOrEqual(total);
  });

  it('flags a total below the minimum notional and refuses a non-positive one', () => {
    expect(marketBuyByTotal(BTC_USDT, 4_000_000).belowMinNotional).toBe(true);
    expect(() => marketBuyByTotal(BTC_USDT, 0)).toThrow(SpotPreviewError);
  });

  it('never lets notional plus fee exceed the total, whatever the fills', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: 0, max: 100 }), (total, fraction) => {
        const { budget } = marketBuyByTotal(BTC_USDT, total);
        const notional = Math.floor((budget * fraction) / 100);
        return notional + feeFromBps(notional, BTC_USDT.takerFeeBps) <= total;
      }),
    );
  });
});

describe('tpSlHold', () => {
  it('holds the base quantity for a sell', () => {
    expect(tpSlHold(BTC_USDT, 'sell', 100, [ticks(BTC_USDT, '90000'), ticks(BTC_USDT, '110000')])).toMatchObject({ currency: 'base', amount: 1_000_000 });
  });

  it('holds a buy-back at the higher trigger plus the 5 % protection band and the fee', () => {
    // 0.01 BTC at 110000 × 1.05 = 115500: 1155 USDT + 1.155 fee.
    expect(tpSlHold(BTC_USDT, 'buy', 100, [ticks(BTC_USDT, '90000'), ticks(BTC_USDT, '110000')])).toMatchObject({ currency: 'quote', amount: 1_156_155_000 });
  });
});
