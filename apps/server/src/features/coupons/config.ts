import type { CouponKind } from '../../platform/coupons.ts';

export type CouponTask = 'verify' | 'first_deposit' | 'first_trade';

/** What each new-user task grants (USDT, in whole units; validity from the claim). */
export const NEW_USER_TASKS: Record<CouponTask, { kind: CouponKind; faceValue: string; validDays: number }> = {
  verify: { kind: 'fee', faceValue: '10', validDays: 30 },
  first_deposit: { kind: 'voucher', faceValue: '100', validDays: 7 },
  first_trade: { kind: 'fee', faceValue: '20', validDays: 30 },
};

export const COUPON_TASKS = Object.keys(NEW_USER_TASKS) as CouponTask[];

/** The fixed multiple a position voucher opens at (one of every contract's multiples). */
export const VOUCHER_MULTIPLE = 10;

/** Which bus `user` event completes which task (a position opened with a voucher does not); a spot fill (the `order` event of a filled order) completes `first_trade` too. */
export const TASK_EVENTS: Record<string, CouponTask> = {
  'verification.approved': 'verify',
  'deposit.credited': 'first_deposit',
  'futures.opened': 'first_trade',
  'option.placed': 'first_trade',
};
