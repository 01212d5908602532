import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dec } from '../decimal.ts';
import { AmountRangeError, toMinor } from '../money.ts';
import { CONVERSION, ConversionTermsError, conversionRate, isSmallBalance, previewConversion, usdtValueOf } from './conversion.ts';

const BTC_TO_USDT = { fromPrice: '96250.00', toPrice: '1', feeBps: 20, fromScale: 8, toScale: 6 };

describe('previewConversion', () => {
  it('converts BTC to USDT at the feed price and keeps the fee in USDT', () => {
    // 0.5 BTC × 96250 = 48125 USDT; 0.2 % is 96.25 USDT.
    expect(previewConversion(BTC_TO_USDT, toMinor('0.5', 8))).toEqual({ gross: 48_125_000_000, fee: 96_250_000, receive: 48_028_750_000 });
  });

  it('converts USDT to BTC, rounding the amount received down to a satoshi', () => {
    // 1000 / 96250 = 0.01038961038961... BTC, less 0.2 % = 0.01036883116883... BTC
    const preview = previewConversion({ fromPrice: '1', toPrice: '96250.00', feeBps: 20, fromScale: 6, toScale: 8 }, toMinor('1000', 6));
    expect(preview).toEqual({ gross: 1_038_961, fee: 2_078, receive: 1_036_883 });
  });

  it('crosses two feed prices through USDT', () => {
    // 2 ETH at 3420 = 6840 USDT = 0.07106493506... BTC at 96250; less 0.2 % = 0.07092280519... BTC
    const preview = previewConversion({ fromPrice: '3420.00', toPrice: '96250.00', feeBps: 20, fromScale: 8, toScale: 8 }, toMinor('2', 8));
    expect(preview).toEqual({ gross: 7_106_493, fee: 14_213, receive: 7_092_280 });
  });

  it('charges nothing at a zero fee and gives exactly the value when it is whole', () => {
    expect(previewConversion({ ...BTC_TO_USDT, feeBps: 0 }, 1)).toEqual({ gross: 962, fee: 0, receive: 962 });
  });

  it('receives nothing for an amount worth less than one minor unit', () => {
    expect(previewConversion({ fromPrice: '0.00001', toPrice: '1', feeBps: 20, fromScale: 8, toScale: 6 }, 1).receive).toBe(0);
  });

  it('refuses amounts that are not positive safe integers, and results past the safe range', () => {
    expect(() => previewConversion(BTC_TO_USDT, 0)).toThrow(AmountRangeError);
    expect(() => previewConversion(BTC_TO_USDT, -5)).toThrow(AmountRangeError);
    expect(() => previewConversion(BTC_TO_USDT, 1.5)).toThrow(AmountRangeError);
    expect(() => previewConversion({ ...BTC_TO_USDT, fromPrice: '1000000000', fromScale: 0, toScale: 18 }, 9_000_000_000)).toThrow(AmountRangeError);
  });

  it('refuses terms that cannot price anything', () => {
    expect(() => previewConversion({ ...BTC_TO_USDT, toPrice: '0' }, 1)).toThrow(ConversionTermsError);
    expect(() => previewConversion({ ...BTC_TO_USDT, fromPrice: '-1' }, 1)).toThrow(ConversionTermsError);
    expect(() => previewConversion({ ...BTC_TO_USDT, feeBps: 10_000 }, 1)).toThrow(ConversionTermsError);
    expect(() => previewConversion({ ...BTC_TO_USDT, toScale: 19 }, 1)).toThrow(ConversionTermsError);
  });

  it('rounds toward the platform by less than one minor unit, and the fee is the rest of the value', () => {
    const price = fc.integer({ min: 1, max: 10_000_000 }).chain((units) => fc.integer({ min: 0, max: 8 }).map((scale) => dec(units).dividedBy(10 ** scale).toFixed()));
    fc.assert(
      fc.property(
        price,
        price,
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 1_000_000_000_000 }),
        (fromPrice, toPrice, feeBps, fromScale, toScale, amount) => {
          const terms = { fromPrice, toPrice, feeBps, fromScale, toScale };
          let preview: ReturnType<typeof previewConversion>;
          try {
            preview = previewConversion(terms, amount);
          } catch (error) {
            expect(error).toBeInstanceOf(AmountRangeError);
            return;
          }
          // One division each, so the 40-digit reference only rounds where the true value has no end.
          const value = dec(amount).times(fromPrice).times(10 ** toScale);
          const exact = value.dividedBy(dec(toPrice).times(10 ** fromScale));
          const exactNet = value.times(10_000 - feeBps).dividedBy(dec(toPrice).times(10 ** fromScale).times(10_000));
          expect(dec(preview.receive).lte(exactNet)).toBe(true);
          expect(exactNet.minus(preview.receive).lt(1)).toBe(true);
          expect(preview.gross).toBe(exact.floor().toNumber());
          expect(preview.fee + preview.receive).toBe(preview.gross);
          expect(preview.fee).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe('conversionRate', () => {
  it('shows units received per unit given, rounded down to twelve significant digits', () => {
    expect(conversionRate('96250.00', '1')).toBe('96250');
    expect(conversionRate('1', '96250.00')).toBe('0.0000103896103896');
    expect(conversionRate('3420', '96250')).toBe('0.0355324675324');
    expect(() => conversionRate('1', '0')).toThrow(ConversionTermsError);
  });
});

describe('small balances', () => {
  it('are worth less than one USDT at the feed price, zero included', () => {
    expect(CONVERSION.smallBalanceUsdt).toBe('1');
    expect(isSmallBalance(toMinor('0.00001', 8), 8, '96250')).toBe(true);
    expect(isSmallBalance(toMinor('0.0000104', 8), 8, '96250')).toBe(false);
    expect(isSmallBalance(0, 8, '96250')).toBe(true);
    expect(usdtValueOf(toMinor('3', 8), 8, '0.3125').toFixed()).toBe('0.9375');
  });
});
