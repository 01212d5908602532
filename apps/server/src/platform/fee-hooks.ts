import type { Sqlite } from '../db/client.ts';
import { refundFeeWithCoupons } from './coupon-refunds.ts';
import { type ChargedFee, postReferralRebate } from './rebates.ts';

export type { ChargedFee } from './rebates.ts';

/**
 * What follows every trading fee a user pays, in the caller's open
 * transaction right after the entry that charged it: the inviter's rebate
 * (`platform/rebates.ts`), then the payer's fee-coupon refund
 * (`platform/coupon-refunds.ts`). Spot fills, futures opens and closes call this one
 * function, so a new consequence of paying a fee is added here once.
 * Synchronous and without I/O: safe on the order path.
 */
export function afterFeeCharged(sqlite: Sqlite, charged: ChargedFee, now: number): void {
  if (charged.fee <= 0) return;
  postReferralRebate(sqlite, charged, now);
  refundFeeWithCoupons(sqlite, charged, now);
}
