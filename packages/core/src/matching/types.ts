/**
 * Public vocabulary of the matching engine. Every quantity is an integer:
 * prices in ticks, sizes in lots, amounts in quote minor units (see money.ts).
 */

export type Side = 'buy' | 'sell';
export type TimeInForce = 'GTC' | 'IOC' | 'FOK';

/**
 * What happens when an incoming order (the taker) meets a resting order of the same owner:
 * - cancel_taker (default): the taker's remainder is cancelled, even for GTC (it does not rest); the resting order stays.
 * - cancel_maker: the resting order is cancelled (see SubmitResult.stpCancelledIds) and matching continues.
 * - cancel_both: the resting order is cancelled, and so is the taker's remainder.
 * Fills made before the meeting stand. The taker's mode decides; the mode a maker was submitted with is irrelevant.
 */
export type StpMode = 'cancel_taker' | 'cancel_maker' | 'cancel_both';
export const DEFAULT_STP_MODE: StpMode = 'cancel_taker';

export interface InstrumentSpec {
  readonly symbol: string;
  /** Quote minor units for 1 tick × 1 lot, so a fill's notional is priceTicks × qtyLots × quotePerTickLot. */
  readonly quotePerTickLot: number;
  /** Limit orders whose full notional is below this are rejected. Market orders are checked by the caller. */
  readonly minNotional: number;
  /** Integer basis points in [0, 10000]; rebates (negative fees) are not supported. */
  readonly makerFeeBps: number;
  readonly takerFeeBps: number;
}

export interface LimitOrderRequest {
  readonly type: 'limit';
  /** Caller-assigned, positive safe integer, unique among the book's open orders. */
  readonly id: number;
  readonly ownerId: number;
  readonly side: Side;
  readonly priceTicks: number;
  readonly qtyLots: number;
  /** Defaults to GTC. */
  readonly timeInForce?: TimeInForce;
  /** Defaults to cancel_taker. */
  readonly stpMode?: StpMode;
}

export interface MarketOrderRequest {
  readonly type: 'market';
  readonly id: number;
  readonly ownerId: number;
  readonly side: Side;
  readonly qtyLots: number;
  /** Protection price in ticks: a buy never fills above it, a sell never below it. */
  readonly limitPrice?: number;
  /** Buys only: quote minor units the order may spend (fees excluded); it stops before the lot that would exceed it. */
  readonly quoteBudget?: number;
  readonly stpMode?: StpMode;
}

export type OrderRequest = LimitOrderRequest | MarketOrderRequest;

export type SubmitStatus =
  /** Nothing left: the whole quantity traded. */
  | 'filled'
  /** Some quantity traded and the rest now rests on the book. */
  | 'partially_filled_resting'
  /** Nothing traded; the whole quantity rests on the book. */
  | 'resting'
  /** The remainder (possibly all of it) was cancelled; fills before that stand. `reason` says why. */
  | 'cancelled'
  /** Invalid request: the book is untouched and no lots are accounted. `reason` says why. */
  | 'rejected';

export type RejectReason =
  | 'invalid_order_id'
  | 'duplicate_order_id'
  | 'invalid_owner_id'
  | 'invalid_order_type'
  | 'invalid_side'
  | 'invalid_price'
  | 'invalid_quantity'
  | 'invalid_time_in_force'
  | 'invalid_stp_mode'
  | 'invalid_quote_budget'
  /** priceTicks × qtyLots × quotePerTickLot is not a safe integer. */
  | 'notional_overflow'
  | 'below_min_notional';

export type CancelReason =
  /** The opposite side ran out of orders. */
  | 'no_liquidity'
  /** The next opposite price is beyond the order's limit (IOC limit, or a market order's protection price). */
  | 'price_limit'
  /** A market buy's next lot would exceed its quote budget. */
  | 'quote_budget_exhausted'
  /** FOK: the full quantity was not immediately available; nothing traded. */
  | 'fok_not_fillable'
  /** The taker met its own resting order under cancel_taker or cancel_both. */
  | 'self_trade_prevented';

export type SubmitReason = RejectReason | CancelReason;

/** One trade between a resting (maker) and an incoming (taker) order, always at the maker's price. */
export interface Fill {
  readonly makerOrderId: number;
  readonly takerOrderId: number;
  readonly makerOwnerId: number;
  readonly takerOwnerId: number;
  readonly priceTicks: number;
  readonly qtyLots: number;
  /** priceTicks × qtyLots × quotePerTickLot, in quote minor units. */
  readonly notional: number;
  /** floor(notional × makerFeeBps / 10000). */
  readonly makerFee: number;
  /** floor(notional × takerFeeBps / 10000). */
  readonly takerFee: number;
  /** The maker's quantity still resting after this fill (0: the maker is gone from the book). */
  readonly makerRemaining: number;
}

/** An open order as reported by the book, and as given back to `restore`. */
export interface OpenOrder {
  readonly id: number;
  readonly ownerId: number;
  readonly side: Side;
  readonly priceTicks: number;
  readonly originalLots: number;
  readonly remainingLots: number;
  /** Time priority inside a price level: lower goes first. Assigned by the book on submit. */
  readonly sequence: number;
}

export type CancelResult =
  | {
      readonly status: 'cancelled';
      readonly orderId: number;
      readonly ownerId: number;
      readonly side: Side;
      readonly priceTicks: number;
      /** Exactly the quantity that was still resting, now released. */
      readonly cancelledLots: number;
    }
  | { readonly status: 'not_found'; readonly orderId: number };

export type RestoreRejectReason =
  | 'invalid_order_id'
  | 'duplicate_order_id'
  | 'invalid_owner_id'
  | 'invalid_side'
  | 'invalid_price'
  | 'invalid_quantity'
  | 'invalid_sequence'
  | 'notional_overflow'
  /** The order would cross the opposite side, which a consistent book can never contain. */
  | 'would_cross';

export type RestoreResult = { readonly ok: true } | { readonly ok: false; readonly reason: RestoreRejectReason };

/** [priceTicks, total qtyLots, number of orders] of one price level. */
export type DepthLevel = readonly [priceTicks: number, qtyLots: number, orderCount: number];

export interface Depth {
  /** Best (highest) price first. */
  readonly bids: DepthLevel[];
  /** Best (lowest) price first. */
  readonly asks: DepthLevel[];
}
