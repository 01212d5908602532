/**
 * NFT sale windows (spec section 9 "NFT sale"). The spec's sale-time helper
 * answers 2 before the start, inside the window 0 when the artwork's status
 * is 0 and 1 otherwise, and 0 after the end. Pages turn that and the
 * artwork's outcome into the five states they show.
 */

export type SaleTimeFlag = 0 | 1 | 2;

export function saleTimeFlag(now: number, startAt: number, endAt: number, status: number): SaleTimeFlag {
  if (now < startAt) return 2;
  if (now >= endAt) return 0;
  return status === 0 ? 0 : 1;
}

export type SaleState = 'not_started' | 'on_sale' | 'ended' | 'sold' | 'unsold';

export interface SaleWindow {
  startAt: number;
  endAt: number;
  /** The artwork found a buyer (a fixed-price sale, or an auction whose winner paid). */
  sold: boolean;
  /** An auction ended with bids whose winner has not paid yet (or has not failed to yet). */
  awaitingPayment?: boolean;
  /** Any bid was placed (auctions only). */
  hasBids?: boolean;
}

/** What a page shows: sold wins over time; after the end an unsold artwork is "unsold", or "ended" while its winner may still pay. */
export function saleState(now: number, window: SaleWindow): SaleState {
  if (window.sold) return 'sold';
  if (now < window.startAt) return 'not_started';
  if (now < window.endAt) return 'on_sale';
  return window.awaitingPayment ? 'ended' : 'unsold';
}

/** Why a purchase at `now` is refused, or null when the window is open. */
export function purchaseWindowError(now: number, startAt: number, endAt: number): 'not_started' | 'ended' | null {
  if (now < startAt) return 'not_started';
  if (now >= endAt) return 'ended';
  return null;
}
