import type { FuturesTerms } from '@openbourse/core';
import { describe, expect, it } from 'vitest';
import { copiedLots, numberIssue, previewCopy } from './preview.ts';

/** BTC/USDT as data/futures.json configures it: lots of 0.001 BTC, a 0.05 % fee. */
const BTC: FuturesTerms = { tickSize: '0.01', lotSize: '0.001', quoteScale: 6, spreadTicks: 10, feeRate: '0.0005', maintenanceMarginRatio: '0.005', overnightRate: '0.0002' };

describe('follow number', () => {
  it.each([
    [1, '1.5', null],
    [1, '0.25', null],
    [1, '1.255', null],
    [1, '1000.01', 'tooBig'],
    [2, '3', null],
    [2, '2.5', 'wholeLots'],
    [1, '0', 'invalid'],
    [2, '-1', 'invalid'],
    [1, 'abc', 'invalid'],
    [1, '', 'invalid'],
  ] as const)('type %s, "%s" → %s', (type, text, issue) => {
    expect(numberIssue(type, text)).toBe(issue);
  });
});

describe('copied lots (core sizing: the multiple rounded to two decimals half up, lots rounded down)', () => {
  it.each([
    [1, '1', 3, 3],
    [1, '1.5', 3, 4],
    [1, '0.5', 1, 0],
    [1, '2.25', 4, 9],
    [1, '1.333', 3, 3],
    [1, '1.666', 3, 5],
    [1, '0.004', 3, null],
    [2, '7', 100, 7],
  ] as const)('type %s, number %s of %s trader lots → %s', (type, number, traderLots, lots) => {
    expect(copiedLots(type, number, traderLots)).toBe(lots);
  });
});

describe('copy preview', () => {
  it('holds margin = price × quantity ÷ multiple and the opening fee at the trader’s price', () => {
    // 2 × 5 lots = 10 lots = 0.01 BTC at 100,000: notional 1,000 USDT, margin 100 at ×10, fee 0.5.
    const preview = previewCopy(BTC, { lots: 5, multiple: 10, open_price: '100000.00' }, 1, '2');
    expect(preview).toEqual({ lots: 10, margin: '100.000000', fee: '0.500000', totalMinor: 100_500_000 });
  });

  it('previews nothing for a number the server would refuse', () => {
    expect(previewCopy(BTC, { lots: 5, multiple: 10, open_price: '100000.00' }, 2, '1.5')).toBeNull();
  });
});
