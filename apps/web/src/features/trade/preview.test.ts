import { dec } from '@openbourse/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountForShare,
  amountForTotal,
  type DraftMarket,
  EMPTY_DRAFT,
  evaluateDraft,
  type OrderDraft,
  shareOfAvailable,
  throughMarketPercent,
  totalForAmount,
} from './preview.ts';
import { BTC_USDT as BTC } from '@openbourse/core/market/test-fixtures';

const market = (available?: string, lastPrice: string | undefined = '100000.00'): DraftMarket => ({ def: BTC, lastPrice, available });
const limitBuy = (price: string, amount: string): OrderDraft => ({ ...EMPTY_DRAFT, side: 'buy', type: 'limit', price, amount });

describe('evaluateDraft, limit orders', () => {
  it('previews a buy exactly: notional, taker fee on it, and notional plus fee held in quote', () => {
    const { preview, issue } = evaluateDraft(limitBuy('100000.00', '0.01'), market('10000'));
    expect(issue).toBeNull();
    expect(preview).toMatchObject({
      estimated: false,
      notional: '1000.000000',
      fee: '1.000000',
      hold: { asset: 'USDT', amountDecimal: '1001.000000' },
      receive: { asset: 'BTC', amountDecimal: '0.01000000' },
    });
  });

  it('previews a sell: the quantity is held, the notional less the fee is received', () => {
    const { preview, issue } = evaluateDraft({ ...EMPTY_DRAFT, side: 'sell', type: 'limit', price: '100000.00', amount: '0.01' }, market('1'));
    expect(issue).toBeNull();
    expect(preview?.hold).toMatchObject({ asset: 'BTC', amountDecimal: '0.01000000' });
    expect(preview?.receive).toMatchObject({ asset: 'USDT', amountDecimal: '999.000000' });
  });

  it('rounds the fee down to the quote minor unit as the engine does', () => {
    const { preview } = evaluateDraft(limitBuy('12345.67', '0.0003'), market());
    // 3.703701 × 0.001 = 0.003703701 → 0.003703
    expect(preview).toMatchObject({ notional: '3.703701', fee: '0.003703' });
  });

  it('rejects a price off the tick grid before submit', () => {
    expect(evaluateDraft(limitBuy('100000.005', '0.01'), market('10000'))).toEqual({ preview: null, issue: 'priceOffTick' });
  });

  it('rejects a quantity off the lot grid before submit', () => {
    expect(evaluateDraft(limitBuy('100000', '0.00015'), market('10000'))).toEqual({ preview: null, issue: 'amountOffLot' });
  });

  it('tells a missing field from an invalid one', () => {
    expect(evaluateDraft(limitBuy('', '0.01'), market()).issue).toBe('priceMissing');
    expect(evaluateDraft(limitBuy('100000', ' '), market()).issue).toBe('amountMissing');
    for (const price of ['abc', '0', '-1', '1e3']) expect(evaluateDraft(limitBuy(price, '0.01'), market()).issue).toBe('priceInvalid');
    for (const amount of ['x', '0', '-0.01']) expect(evaluateDraft(limitBuy('100000', amount), market()).issue).toBe('amountInvalid');
  });

  it('flags an order below the minimum value and still shows its figures', () => {
    const { preview, issue } = evaluateDraft(limitBuy('10000', '0.0004'), market('10000'));
    expect(issue).toBe('belowMinNotional');
    expect(preview?.notional).toBe('4.000000');
  });

  it('accepts an order exactly at the minimum value', () => {
    expect(evaluateDraft(limitBuy('10000', '0.0005'), market('10000')).issue).toBeNull();
  });

  it('flags insufficient balance when the hold exceeds what is available, not when it equals it', () => {
    expect(evaluateDraft(limitBuy('100000', '0.01'), market('1000.999999'))).toMatchObject({ issue: 'insufficientBalance', preview: { hold: { amountDecimal: '1001.000000' } } });
    expect(evaluateDraft(limitBuy('100000', '0.01'), market('1001')).issue).toBeNull();
    expect(evaluateDraft({ ...EMPTY_DRAFT, side: 'sell', type: 'limit', price: '100000', amount: '0.5' }, market('0.4999')).issue).toBe('insufficientBalance');
  });

  it('does not judge the balance while it is unknown', () => {
    expect(evaluateDraft(limitBuy('100000', '0.01'), market(undefined)).issue).toBeNull();
  });

  it('reports an order too large to represent', () => {
    expect(evaluateDraft(limitBuy('99999999999', '99999999999'), market()).issue).toBe('tooLarge');
  });
});

describe('evaluateDraft, market orders', () => {
  const marketBuy = (amount: string): OrderDraft => ({ ...EMPTY_DRAFT, side: 'buy', type: 'market', price: '', amount });

  it('estimates at the last price and holds at the 5 % protection price, as the server does', () => {
    const { preview, issue } = evaluateDraft(marketBuy('0.01'), market('10000'));
    expect(issue).toBeNull();
    expect(preview).toMatchObject({
      estimated: true,
      notional: '1000.000000',
      fee: '1.000000',
      // 0.01 × 105000.00 = 1050, plus 1.05 fee
      hold: { asset: 'USDT', amountDecimal: '1051.050000' },
    });
  });

  it('ignores whatever is in the price field', () => {
    expect(evaluateDraft({ ...EMPTY_DRAFT, side: 'buy', type: 'market', price: 'not a price', amount: '0.01' }, market()).issue).toBeNull();
  });

  it('needs a last price', () => {
    expect(evaluateDraft(marketBuy('0.01'), { ...market('10000'), lastPrice: undefined }).issue).toBe('noMarketPrice');
    expect(evaluateDraft(marketBuy('0.01'), market('10000', '0.00')).issue).toBe('noMarketPrice');
  });

  it('judges the balance by the protection-price hold', () => {
    expect(evaluateDraft(marketBuy('0.01'), market('1051.04')).issue).toBe('insufficientBalance');
    expect(evaluateDraft(marketBuy('0.01'), market('1051.05')).issue).toBeNull();
  });

  it('checks the minimum value at the last price', () => {
    expect(evaluateDraft(marketBuy('0.0001'), market('10000', '49999.99')).issue).toBe('belowMinNotional');
    expect(evaluateDraft(marketBuy('0.0001'), market('10000', '50000.00')).issue).toBeNull();
  });

  it('holds the quantity of a market sell and estimates its proceeds at the last price', () => {
    const { preview } = evaluateDraft({ ...EMPTY_DRAFT, side: 'sell', type: 'market', price: '', amount: '0.02' }, market('1'));
    expect(preview).toMatchObject({ estimated: true, hold: { amountDecimal: '0.02000000' }, receive: { amountDecimal: '1998.000000' } });
  });
});

describe('amountForShare', () => {
  it('buys as much as fits in the share of the quote balance, fee included', () => {
    expect(amountForShare(limitBuy('100000', ''), market('1001'), 100)).toBe('0.0100');
    expect(amountForShare(limitBuy('100000', ''), market('1000.99'), 100)).toBe('0.0099');
    expect(amountForShare(limitBuy('100000', ''), market('2002'), 50)).toBe('0.0100');
  });

  it('sizes a market buy by its protection-price hold', () => {
    expect(amountForShare({ ...EMPTY_DRAFT, side: 'buy', type: 'market', price: '' }, market('1051.05'), 100)).toBe('0.0100');
    expect(amountForShare({ ...EMPTY_DRAFT, side: 'buy', type: 'market', price: '' }, market('1051.04'), 100)).toBe('0.0099');
  });

  it('sells the share of the base balance, rounded down to a lot', () => {
    expect(amountForShare({ ...EMPTY_DRAFT, side: 'sell', type: 'limit', price: '' }, market('1'), 25)).toBe('0.2500');
    expect(amountForShare({ ...EMPTY_DRAFT, side: 'sell', type: 'market', price: '' }, market('0.00019999'), 100)).toBe('0.0001');
  });

  it('is empty when nothing fits or the price or balance is unknown', () => {
    expect(amountForShare(limitBuy('100000', ''), market('5'), 100)).toBe('');
    expect(amountForShare(limitBuy('', ''), market('10000'), 100)).toBe('');
    expect(amountForShare(limitBuy('100000', ''), market(undefined), 100)).toBe('');
    expect(amountForShare(limitBuy('100000', ''), market('10000'), 0)).toBe('');
  });

  it('always fits the balance, and one more lot would not (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 100_000_000 }), fc.integer({ min: 1, max: 10_000_000_000_000 }), fc.integer({ min: 1, max: 100 }), (priceTicks, availableMinor, percent) => {
        const price = dec(priceTicks).dividedBy(100).toFixed(2);
        const available = dec(availableMinor).dividedBy(1_000_000).toFixed(6);
        const draft = limitBuy(price, '');
        const amount = amountForShare(draft, market(available), percent);
        const budget = dec(available).times(percent).dividedBy(100);
        if (amount !== '') {
          const { preview } = evaluateDraft({ ...draft, amount }, market());
          expect(dec(preview?.hold.amountDecimal ?? 'NaN').lessThanOrEqualTo(budget)).toBe(true);
        }
        const oneMore = dec(amount || '0').plus(BTC.lotSize).toFixed();
        const next = evaluateDraft({ ...draft, amount: oneMore }, market());
        if (next.preview) expect(dec(next.preview.hold.amountDecimal).greaterThan(budget)).toBe(true);
      }),
    );
  });
});

describe('shareOfAvailable', () => {
  it('is the held share of the balance, capped at 100', () => {
    expect(shareOfAvailable(limitBuy('100000', '0.01'), market('2002'))).toBe(50);
    expect(shareOfAvailable(limitBuy('100000', '0.01'), market('500'))).toBe(100);
    expect(shareOfAvailable({ ...EMPTY_DRAFT, side: 'sell', type: 'limit', price: '100000', amount: '0.25' }, market('1'))).toBe(25);
  });

  it('is 0 for an empty balance or an incomplete draft', () => {
    expect(shareOfAvailable(limitBuy('100000', '0.01'), market('0'))).toBe(0);
    expect(shareOfAvailable(limitBuy('100000', ''), market('1000'))).toBe(0);
    expect(shareOfAvailable(limitBuy('100000', '0.01'), market(undefined))).toBe(0);
  });
});

describe('linked amount and total', () => {
  it.each([
    { type: 'limit' as const, price: '100000.00', amount: '0.0150', expected: '1500' },
    { type: 'limit' as const, price: '', amount: '0.0150', expected: '' },
    { type: 'market' as const, price: '', amount: '0.0100', expected: '1000' },
  ])('total follows the amount ($type at $price)', ({ type, price, amount, expected }) => {
    expect(totalForAmount({ type, price, amount }, BTC, '100000.00')).toBe(expected);
  });

  it.each([
    { total: '1000', expected: '0.0100' },
    { total: '1005.99', expected: '0.0100' },
    { total: '10', expected: '0.0001' },
    { total: '0.5', expected: '' },
  ])('amount follows a total of $total down to the lot grid', ({ total, expected }) => {
    expect(amountForTotal({ type: 'limit', price: '100000.00', total }, BTC, undefined)).toBe(expected);
  });
});

describe('market buy by total', () => {
  const spend = (total: string): OrderDraft => ({ ...EMPTY_DRAFT, type: 'market', basis: 'total', total });

  it('holds exactly the total and estimates the quantity at the last price', () => {
    const { preview, issue } = evaluateDraft(spend('100'), market('1000'));
    expect(issue).toBeNull();
    expect(preview?.hold.amountDecimal).toBe('100.000000');
    expect(preview?.receive.amountDecimal).toBe('0.00090000');
    expect(preview?.estimated).toBe(true);
  });

  it.each([
    { total: '', issue: 'totalMissing' },
    { total: 'abc', issue: 'totalInvalid' },
    { total: '1.0000001', issue: 'totalInvalid' },
    { total: '1', issue: 'belowMinNotional' },
    { total: '2000', issue: 'insufficientBalance' },
  ])('says what is wrong with a total of "$total"', ({ total, issue }) => {
    expect(evaluateDraft(spend(total), market('1000')).issue).toBe(issue);
  });
});

describe('stop-limit', () => {
  const stop = (stopPrice: string): OrderDraft => ({ ...EMPTY_DRAFT, type: 'stop_limit', stopPrice, price: '101000.00', amount: '0.0100' });
  it.each([
    { stopPrice: '', issue: 'stopMissing' },
    { stopPrice: 'x', issue: 'stopInvalid' },
    { stopPrice: '100500.005', issue: 'stopOffTick' },
    { stopPrice: '100500.00', issue: null },
  ])('checks the stop price "$stopPrice"', ({ stopPrice, issue }) => {
    expect(evaluateDraft(stop(stopPrice), market('10000')).issue).toBe(issue);
  });

  it('previews and holds like a limit order at its limit price', () => {
    expect(evaluateDraft(stop('100500.00'), market('10000')).preview?.hold.amountDecimal).toBe('1011.010000');
  });
});

describe('limit price through the market', () => {
  it.each([
    { side: 'buy' as const, price: '105000', expected: 5 },
    { side: 'buy' as const, price: '106000', expected: 6 },
    { side: 'buy' as const, price: '90000', expected: 0 },
    { side: 'sell' as const, price: '90000', expected: 10 },
    { side: 'sell' as const, price: '110000', expected: 0 },
  ])('a $side at $price is $expected% through a last price of 100000', ({ side, price, expected }) => {
    expect(throughMarketPercent({ side, type: 'limit', price }, '100000.00')).toBe(expected);
  });

  it('never warns about a market order', () => {
    expect(throughMarketPercent({ side: 'buy', type: 'market', price: '' }, '100000.00')).toBe(0);
  });
});
