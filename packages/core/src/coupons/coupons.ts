import { type FuturesSide, type FuturesTerms, previewOpen, type OpenPreview } from '../futures/contract.ts';
import type { MinorUnits } from '../money.ts';

/** A trading-fee coupon refunds fees up to its face value; a position voucher opens one futures position with its face value as margin. */
export type CouponKind = 'fee' | 'voucher';
export type CouponStatus = 'available' | 'used' | 'expired';

/** What a coupon's state is decided on (times in Unix milliseconds, amounts in minor units). */
export interface CouponState {
  kind: CouponKind;
  remainingMinor: MinorUnits;
  validFrom: number;
  validUntil: number;
  /** A voucher is used once it opened its position; a fee coupon once nothing remains. */
  usedAt: number | null;
}

/**
 * Where a coupon stands at `now`: used once spent (a fee coupon with nothing
 * left, a voucher that opened its position), expired when its validity ended
 * unused, available otherwise (also before `validFrom`: the list shows it
 * with its start, but it refunds nothing yet).
 */
export function couponStatus(coupon: CouponState, now: number): CouponStatus {
  if (coupon.usedAt !== null || (coupon.kind === 'fee' && coupon.remainingMinor <= 0)) return 'used';
  if (now >= coupon.validUntil) return 'expired';
  return 'available';
}

/** Whether a coupon can be spent at `now`: available and inside its validity. */
export function isCouponUsable(coupon: CouponState, now: number): boolean {
  return couponStatus(coupon, now) === 'available' && now >= coupon.validFrom;
}

/**
 * The refund a fee coupon gives on one fee: the whole fee while the coupon's
 * remaining value covers it, then what remains, never more; nothing outside
 * its validity or for a voucher.
 */
export function feeCouponRefund(coupon: CouponState, feeMinor: MinorUnits, now: number): { refundMinor: MinorUnits; remainingMinor: MinorUnits } {
  if (coupon.kind !== 'fee' || feeMinor <= 0 || !isCouponUsable(coupon, now)) return { refundMinor: 0, remainingMinor: coupon.remainingMinor };
  const refundMinor = Math.min(feeMinor, coupon.remainingMinor);
  return { refundMinor, remainingMinor: coupon.remainingMinor - refundMinor };
}

/**
 * The position a voucher opens: the most lots whose margin and open fee
 * together fit in the face value (the voucher pays both), at the voucher's
 * fixed multiple; null when not even one lot fits.
 */
export function voucherPosition(terms: FuturesTerms, side: FuturesSide, feedTicks: number, multiple: number, faceValueMinor: MinorUnits, maxLots: number): (OpenPreview & { lots: number }) | null {
  let low = 0;
  let high = Math.max(0, Math.floor(maxLots));
  while (low < high) {
    const lots = Math.ceil((low + high) / 2);
    if (previewOpen(terms, side, lots, multiple, { feedTicks }).totalMinor <= faceValueMinor) low = lots;
    else high = lots - 1;
  }
  return low === 0 ? null : { ...previewOpen(terms, side, low, multiple, { feedTicks }), lots: low };
}

export interface VoucherSettlement {
  /** Paid to the user's lever account: the profit after the close fee, never the margin itself. */
  userMinor: MinorUnits;
  /** Returned to the rewards account that funded the margin: the margin less any loss. */
  voucherBackMinor: MinorUnits;
}

/**
 * Splitting a voucher position's close payout (margin + P&L − fee, from core
 * `settleClose`): the user gets max(0, profit), the voucher absorbs any loss,
 * and the margin, which is the voucher's face value, goes back to where it
 * came from, so a voucher never pays out its own value.
 */
export function settleVoucher(marginMinor: MinorUnits, payoutMinor: MinorUnits): VoucherSettlement {
  const userMinor = Math.max(0, payoutMinor - marginMinor);
  return { userMinor, voucherBackMinor: payoutMinor - userMinor };
}
