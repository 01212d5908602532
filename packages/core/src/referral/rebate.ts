/** The inviter's share of every trading fee their invitee pays, in basis points (spec: 20%). */
export const REFERRAL_REBATE_BPS = 2000;

/**
 * The rebate on one fee, in the fee's minor units: rounded down, so the
 * platform never pays out more than the share (less than one minor unit kept).
 */
export function referralRebate(fee: number, shareBps: number = REFERRAL_REBATE_BPS): number {
  if (!Number.isSafeInteger(fee) || fee <= 0) return 0;
  if (!Number.isInteger(shareBps) || shareBps < 0 || shareBps > 10_000) throw new RangeError('rebate share must be 0..10000 bps');
  return Number((BigInt(fee) * BigInt(shareBps)) / 10_000n);
}
