import { describe, expect, it } from 'vitest';
import { dec } from '../decimal.ts';
import { toMinor } from '../money.ts';
import { accrueApr, aprFactor, type DualTerms, dualOutcomes, dualPayout, dualSettlementMoment, isConverted } from './dual.ts';

const scales = { coin: 8, usdt: 6 };
const btc = (amount: string) => toMinor(amount, 8);
const usdt = (amount: string) => toMinor(amount, 6);

// 36.5% a year for 10 days: × 1.01, easy to check by hand.
const call: DualTerms = { direction: 'call', linkedPrice: '100000', aprPercent: '36.5', days: 10 };
const put: DualTerms = { direction: 'put', linkedPrice: '90000', aprPercent: '36.5', days: 10 };

describe('APR accrual', () => {
  it('is simple interest over the days: × (1 + days × APR / 365)', () => {
    expect(aprFactor('36.5', 10).toFixed()).toBe('1.01');
    expect(accrueApr(dec(1000), '18.25', 2).toFixed()).toBe('1001');
    expect(aprFactor('0', 30).toFixed()).toBe('1');
  });
});

describe('dual payouts (spec 9)', () => {
  it.each([
    // call, invested 1 BTC: below the linked price paid in BTC with interest
    { terms: call, invested: btc('1'), price: '99999.99', currency: 'coin', amount: btc('1.01'), principal: btc('1'), converted: false },
    // at the linked price (the tie) and above: converted at the linked price, paid in USDT
    { terms: call, invested: btc('1'), price: '100000', currency: 'usdt', amount: usdt('101000'), principal: usdt('100000'), converted: true },
    { terms: call, invested: btc('1'), price: '120000', currency: 'usdt', amount: usdt('101000'), principal: usdt('100000'), converted: true },
    // put, invested 9,000 USDT: at or below the linked price converted into the coin
    { terms: put, invested: usdt('9000'), price: '85000', currency: 'coin', amount: btc('0.101'), principal: btc('0.1'), converted: true },
    { terms: put, invested: usdt('9000'), price: '90000', currency: 'coin', amount: btc('0.101'), principal: btc('0.1'), converted: true },
    // above: paid back in USDT with interest
    { terms: put, invested: usdt('9000'), price: '90000.01', currency: 'usdt', amount: usdt('9090'), principal: usdt('9000'), converted: false },
  ])('$terms.direction at $price pays $amount in $currency', ({ terms, invested, price, currency, amount, principal, converted }) => {
    const payout = dualPayout(terms, invested, scales, price);
    expect(payout).toEqual({ currency, amount, principal, interest: amount - principal, converted });
  });

  it('states the tie rule: a call converts at the linked price, a put converts too', () => {
    expect(isConverted('call', '100', '100')).toBe(true);
    expect(isConverted('put', '100', '100')).toBe(true);
    expect(isConverted('call', '100', '99.99')).toBe(false);
    expect(isConverted('put', '100', '100.01')).toBe(false);
  });

  it('shows both outcomes before buying', () => {
    const outcomes = dualOutcomes(call, btc('0.5'), scales);
    expect(outcomes.kept).toMatchObject({ currency: 'coin', amount: btc('0.505') });
    expect(outcomes.converted).toMatchObject({ currency: 'usdt', amount: usdt('50500') });
  });

  it('rounds every payout down to the payout currency, toward the platform by less than one unit', () => {
    // 1 USDT put at 30,000: 1/30000 × 1.01 = 0.0000336666… BTC → 0.00003366
    const payout = dualPayout({ ...put, linkedPrice: '30000' }, usdt('1'), scales, '29000');
    expect(payout.amount).toBe(3366);
    expect(payout.principal).toBe(3333);
    // 0.00000001 BTC call × 1.01 keeps 1 unit (1.01 → 1)
    expect(dualPayout(call, 1, scales, '1').amount).toBe(1);
  });
});

describe('settlement moment', () => {
  it('is 08:00 UTC on the maturity date', () => {
    expect(dualSettlementMoment('2026-11-25')).toBe(Date.UTC(2026, 10, 25, 8));
  });
});
