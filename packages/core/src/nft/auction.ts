import type { MinorUnits } from '../money.ts';

/**
 * Auctions (spec sections 4, 5 and 9): a margin is required before bidding;
 * a bid must exceed the current bid by at least the per-increase amount (the
 * first bid must reach the starting price); a bid in the last ten minutes
 * moves the end ten minutes later; at the end every margin but the winner's
 * is refunded, and the winner has one day to pay or forfeits the margin.
 */

export const MINUTE_MS = 60_000;
export const AUCTION_EXTENSION_MS = 10 * MINUTE_MS;
export const AUCTION_PAYMENT_WINDOW_MS = 24 * 60 * MINUTE_MS;
/** How long before the payment deadline an unpaid winner is reminded once. */
export const PAYMENT_REMINDER_LEAD_MS = 2 * 60 * MINUTE_MS;

export interface AuctionTerms {
  startAt: number;
  endAt: number;
  startPrice: MinorUnits;
  /** The per-increase amount: the least a bid must add to the current one. */
  increase: MinorUnits;
}

export interface BidContext {
  now: number;
  /** The highest bid so far, null before the first. */
  currentBid: MinorUnits | null;
  /** The current highest bidder, null before the first bid. */
  currentBidder: number | null;
  bidder: number;
  seller: number | null;
  hasMargin: boolean;
}

export type BidRefusal = 'not_started' | 'ended' | 'no_margin' | 'own_artwork' | 'already_highest' | 'too_low';

/** The least the next bid may be: the starting price first, then the current bid plus the increase. */
export function minimumBid(terms: Pick<AuctionTerms, 'startPrice' | 'increase'>, currentBid: MinorUnits | null): MinorUnits {
  return currentBid === null ? terms.startPrice : currentBid + terms.increase;
}

/** The end after a bid at `now`: ten minutes later when the bid came in the last ten minutes. */
export function endAfterBid(endAt: number, now: number): number {
  return endAt - now <= AUCTION_EXTENSION_MS ? endAt + AUCTION_EXTENSION_MS : endAt;
}

export type BidCheck = { ok: true; endAt: number; extended: boolean } | { ok: false; refusal: BidRefusal; minimum: MinorUnits };

/** Whether a bid of `price` is accepted, and the auction's end afterwards. */
export function checkBid(terms: AuctionTerms, context: BidContext, price: MinorUnits): BidCheck {
  const minimum = minimumBid(terms, context.currentBid);
  const refuse = (refusal: BidRefusal): BidCheck => ({ ok: false, refusal, minimum });
  if (context.now < terms.startAt) return refuse('not_started');
  if (context.now >= terms.endAt) return refuse('ended');
  if (context.seller !== null && context.seller === context.bidder) return refuse('own_artwork');
  if (!context.hasMargin) return refuse('no_margin');
  if (context.currentBidder === context.bidder) return refuse('already_highest');
  if (price < minimum) return refuse('too_low');
  const endAt = endAfterBid(terms.endAt, context.now);
  return { ok: true, endAt, extended: endAt !== terms.endAt };
}

export interface MarginHolder {
  userId: number;
  amount: MinorUnits;
}

export interface MarginSettlement {
  /** Refunded at the end of the auction: every margin but the winner's. */
  refunds: MarginHolder[];
  /** Kept until the winner pays (then returned) or the day runs out (then forfeited). */
  held: MarginHolder | null;
}

/** At the end of an auction: the winner's margin stays held, every other one is refunded at once. */
export function settleMargins(margins: readonly MarginHolder[], winner: number | null): MarginSettlement {
  return {
    refunds: margins.filter((margin) => margin.userId !== winner),
    held: margins.find((margin) => margin.userId === winner) ?? null,
  };
}

/** The winner's deadline: one day after the auction's end. */
export function paymentDeadline(endAt: number): number {
  return endAt + AUCTION_PAYMENT_WINDOW_MS;
}

/** Whether an unpaid winner is due the reminder: within the last PAYMENT_REMINDER_LEAD_MS before the deadline, not after it. */
export function paymentReminderDue(now: number, deadline: number): boolean {
  return now >= deadline - PAYMENT_REMINDER_LEAD_MS && now < deadline;
}

export type WinnerOutcome = 'awaiting' | 'forfeit';

/** An unpaid winner past the deadline forfeits the margin and the artwork returns unsold. */
export function unpaidWinnerOutcome(now: number, endAt: number): WinnerOutcome {
  return now >= paymentDeadline(endAt) ? 'forfeit' : 'awaiting';
}

/** What the winner pays at the payment step: the winning bid less the margin already held, which is applied to it. */
export function winnerPayment(winningBid: MinorUnits, margin: MinorUnits): { fromAvailable: MinorUnits; fromMargin: MinorUnits } {
  const fromMargin = Math.min(margin, winningBid);
  return { fromAvailable: winningBid - fromMargin, fromMargin };
}
