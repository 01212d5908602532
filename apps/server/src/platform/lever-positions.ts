import type { CopyLotLimits } from '@openbourse/core';
import type { UserEvent } from '../market/bus.ts';

/**
 * The futures feature's port for features that act on lever positions
 * without importing it (copy trading). The futures feature implements it
 * and sets `ctx.leverPositions` when it registers; features that need it
 * are registered after futures.
 */

export type LeverSide = 'long' | 'short';
export type LeverCloseReason = 'manual' | 'batch' | 'take_profit' | 'stop_loss' | 'liquidation' | 'expiry';

/** A stored feed tick (a `ticks` row): mirrors open and close at the very row their trader used. */
export interface LeverTick {
  id: number;
  priceTicks: number;
  time: number;
}

/** A futures order as other features read it (amounts in USDT minor units, prices in feed ticks). */
export interface LeverPosition {
  id: number;
  userId: number;
  symbol: string;
  side: LeverSide;
  multiple: number;
  lots: number;
  status: 'entrusted' | 'holding' | 'closed' | 'cancelled';
  openPriceTicks: number | null;
  openTickId: number | null;
  margin: number;
  openedAt: number | null;
  closeReason: LeverCloseReason | null;
  closeTickId: number | null;
  closePriceTicks: number | null;
  pnl: number | null;
  closedAt: number | null;
}

export interface MirrorSpec {
  symbol: string;
  side: LeverSide;
  multiple: number;
  lots: number;
}

/** After the commit of an open or a close (by any path: order, entrust, manual, batch, TP, SL, liquidation). */
export interface LeverPositionEvent {
  kind: 'opened' | 'closed';
  orderId: number;
  userId: number;
}

/** Inside the close's own transaction, after its ledger entry: a listener may post in the same transaction (a profit share). */
export interface LeverSettlement {
  position: LeverPosition;
  pnlMinor: number;
}

/** How `/lever/my_trade` marks a position copied from a trader, so the futures pages can say so and offer self-holding. */
export interface LeverCopyMark {
  trader_user_id: number;
  trader_nickname: string;
  /** Still closed by the trader's close (false: self-held, or the follow was cancelled). */
  linked: boolean;
  /** The profit share the copy paid when it closed (USDT). */
  profit_share: string;
}

export interface LeverPositions {
  /**
   * Opens a market position at a given stored tick (its open price ± half
   * the spread), inside the caller's transaction; refuses with an AppError
   * (lots outside the contract's limits, not enough lever balance). Answers
   * the new order id and the event to emit after the caller commits.
   */
  openMirror(userId: number, spec: MirrorSpec, tick: LeverTick): { orderId: number; event: UserEvent };
  /** Closes a holding position at a given stored tick, inside the caller's transaction; null when it is no longer holding. */
  closeMirror(orderId: number, tick: LeverTick, reason: LeverCloseReason): UserEvent | null;
  /** A user's own market order (as `/lever/submit`), in its own transaction, announced and mirrored like any: the demo traders' rule. */
  openMarket(userId: number, spec: MirrorSpec): number;
  /** A user's own manual close at the latest tick (as `/lever/close`). */
  close(userId: number, orderId: number): void;
  /** The user's holding positions. */
  holding(userId: number): LeverPosition[];
  position(orderId: number): LeverPosition | null;
  /** The order as `/lever/my_trade` presents it. */
  present(orderId: number): Record<string, unknown> | null;
  tick(tickId: number): LeverTick | null;
  /** The contract's lot limits and what the user already holds on it: how a copy is sized to fit. */
  copyLotLimits(userId: number, symbol: string): CopyLotLimits | null;
  /** The lever account's available balance (minor units). */
  available(userId: number): number;
  onPositionEvent(listener: (event: LeverPositionEvent) => void): void;
  onSettlement(listener: (settlement: LeverSettlement) => void): void;
  /** Copy trading tells futures which orders are copies (null: the user's own), for every order `/lever/my_trade` presents. */
  markCopies(reader: (orderId: number) => LeverCopyMark | null): void;
}
