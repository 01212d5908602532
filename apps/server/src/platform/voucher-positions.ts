import type { FuturesSide } from '@openbourse/core';
import type { AppContext } from './context.ts';

/** A position voucher turned into a futures position (coupons → futures, through this port: features never import each other). */
export interface VoucherOpenRequest {
  userId: number;
  couponId: number;
  /** The pair, as `/lever/*` names it. */
  currencyId: number;
  legalId: number;
  side: FuturesSide;
  /** The voucher's face value in USDT minor units: margin and open fee come out of it, from `rewards`. */
  faceValueMinor: number;
  multiple: number;
  /** The voucher's end: the position is closed at the first feed tick at or after it. */
  expiresAt: number;
}

export interface VoucherPositionPort {
  /**
   * Opens the position in one transaction, calling `markUsed(orderId)` inside
   * it so the coupon and the position change together; answers the order id.
   */
  open(request: VoucherOpenRequest, markUsed: (orderId: number) => void): number;
  /** Closes voucher positions whose end has passed, at the first stored tick at or after that end; answers how many. */
  closeExpired(now: number): number;
}

const ports = new WeakMap<AppContext, VoucherPositionPort>();

/** The futures feature provides the port when it registers. */
export function provideVoucherPositions(ctx: AppContext, port: VoucherPositionPort): void {
  ports.set(ctx, port);
}

/** The port, or undefined when futures are not running (a server built without them). */
export function voucherPositions(ctx: AppContext): VoucherPositionPort | undefined {
  return ports.get(ctx);
}
