import { describe, expect, it } from 'vitest';
import { previewOpen, type FuturesTerms } from '../futures/contract.ts';
import { type CouponState, couponStatus, feeCouponRefund, isCouponUsable, settleVoucher, voucherPosition } from './coupons.ts';

const HOUR = 3_600_000;
const fee = (remainingMinor: number, overrides: Partial<CouponState> = {}): CouponState => ({ kind: 'fee', remainingMinor, validFrom: 0, validUntil: 10 * HOUR, usedAt: null, ...overrides });

describe('couponStatus', () => {
  it.each([
    { name: 'a fee coupon with value left inside its validity', coupon: fee(5), now: HOUR, expected: 'available' },
    { name: 'a fee coupon before it starts', coupon: fee(5, { validFrom: 2 * HOUR }), now: HOUR, expected: 'available' },
    { name: 'a fee coupon at its end', coupon: fee(5), now: 10 * HOUR, expected: 'expired' },
    { name: 'a fee coupon with nothing left', coupon: fee(0), now: HOUR, expected: 'used' },
    { name: 'a spent fee coupon after its end', coupon: fee(0), now: 11 * HOUR, expected: 'used' },
    { name: 'an unused voucher', coupon: fee(100, { kind: 'voucher' }), now: HOUR, expected: 'available' },
    { name: 'a voucher that opened its position', coupon: fee(100, { kind: 'voucher', usedAt: HOUR }), now: 2 * HOUR, expected: 'used' },
    { name: 'a voucher never used, after its end', coupon: fee(100, { kind: 'voucher' }), now: 12 * HOUR, expected: 'expired' },
  ])('$name: $expected', ({ coupon, now, expected }) => {
    expect(couponStatus(coupon, now)).toBe(expected);
  });

  it('is usable only inside its validity', () => {
    expect(isCouponUsable(fee(5, { validFrom: 2 * HOUR }), HOUR)).toBe(false);
    expect(isCouponUsable(fee(5, { validFrom: 2 * HOUR }), 2 * HOUR)).toBe(true);
    expect(isCouponUsable(fee(5), 10 * HOUR - 1)).toBe(true);
    expect(isCouponUsable(fee(5), 10 * HOUR)).toBe(false);
  });
});

describe('feeCouponRefund', () => {
  it.each([
    { name: 'the whole fee while the coupon covers it', remaining: 10_000_000, feeMinor: 500_001, refund: 500_001, left: 9_499_999 },
    { name: 'exactly what remains', remaining: 500_001, feeMinor: 500_001, refund: 500_001, left: 0 },
    { name: 'only what remains, never more', remaining: 300_000, feeMinor: 500_001, refund: 300_000, left: 0 },
    { name: 'nothing once spent', remaining: 0, feeMinor: 500_001, refund: 0, left: 0 },
    { name: 'nothing on a zero fee', remaining: 10, feeMinor: 0, refund: 0, left: 10 },
  ])('$name', ({ remaining, feeMinor, refund, left }) => {
    expect(feeCouponRefund(fee(remaining), feeMinor, HOUR)).toEqual({ refundMinor: refund, remainingMinor: left });
  });

  it('refunds nothing outside the validity, or from a voucher', () => {
    expect(feeCouponRefund(fee(100), 50, 10 * HOUR)).toEqual({ refundMinor: 0, remainingMinor: 100 });
    expect(feeCouponRefund(fee(100, { validFrom: 2 * HOUR }), 50, HOUR)).toEqual({ refundMinor: 0, remainingMinor: 100 });
    expect(feeCouponRefund(fee(100, { kind: 'voucher' }), 50, HOUR)).toEqual({ refundMinor: 0, remainingMinor: 100 });
  });

  it('sums to the face value over many fees and never beyond', () => {
    let coupon = fee(1_000);
    let refunded = 0;
    for (let trade = 0; trade < 10; trade += 1) {
      const { refundMinor, remainingMinor } = feeCouponRefund(coupon, 333, HOUR);
      refunded += refundMinor;
      coupon = { ...coupon, remainingMinor };
    }
    expect(refunded).toBe(1_000);
    expect(coupon.remainingMinor).toBe(0);
  });
});

// BTC: 0.01 per tick, 0.001 BTC per lot, USDT scale 6, fee 0.05%.
const btc: FuturesTerms = { tickSize: '0.01', lotSize: '0.001', quoteScale: 6, spreadTicks: 10, feeRate: '0.0005', maintenanceMarginRatio: '0.005', overnightRate: '0.0002' };

describe('voucherPosition', () => {
  it.each([
    // One lot at 100000.05 ×10: margin 10.000005 + fee 0.050001 = 10.050006.
    { name: 'a 10 USDT voucher is not enough for one lot at ×10', face: 10_000_000, multiple: 10, lots: null },
    { name: 'exactly one lot', face: 10_050_006, multiple: 10, lots: 1 },
    { name: 'a 100 USDT voucher at ×10', face: 100_000_000, multiple: 10, lots: 9 },
    { name: 'a 100 USDT voucher at ×100', face: 100_000_000, multiple: 100, lots: 95 },
    { name: 'capped by the lots per order', face: 1_000_000_000, multiple: 100, lots: 100 },
  ])('$name: $lots lots', ({ face, multiple, lots }) => {
    const position = voucherPosition(btc, 'long', 10_000_000, multiple, face, 100);
    expect(position?.lots ?? null).toBe(lots);
    if (position) {
      expect(position.totalMinor).toBeLessThanOrEqual(face);
      if (position.lots < 100) expect(previewOpen(btc, 'long', position.lots + 1, multiple, { feedTicks: 10_000_000 }).totalMinor).toBeGreaterThan(face);
    }
  });
});

describe('settleVoucher', () => {
  it.each([
    { name: 'a win pays only the profit, the margin goes back', margin: 100, payout: 130, user: 30, back: 100 },
    { name: 'a loss costs the user nothing, the voucher absorbs it', margin: 100, payout: 60, user: 0, back: 60 },
    { name: 'break-even pays nothing', margin: 100, payout: 100, user: 0, back: 100 },
    { name: 'a liquidation pays nothing and returns nothing', margin: 100, payout: 0, user: 0, back: 0 },
  ])('$name', ({ margin, payout, user, back }) => {
    const settled = settleVoucher(margin, payout);
    expect(settled).toEqual({ userMinor: user, voucherBackMinor: back });
    expect(settled.userMinor + settled.voucherBackMinor).toBe(payout);
    expect(settled.userMinor).toBeLessThanOrEqual(Math.max(0, payout - margin));
  });
});
