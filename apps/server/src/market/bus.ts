import { EventEmitter } from 'node:events';

export interface TickEvent {
  symbol: string;
  tickId: number;
  priceTicks: number;
  volumeLots: number;
  time: number;
}

export interface TradeEvent {
  symbol: string;
  tradeId: number;
  priceTicks: number;
  qtyLots: number;
  takerSide: 'buy' | 'sell';
  time: number;
}

/**
 * Something happened to a user's money or account (a login from a new device,
 * a verification decided, a deposit credited, a position liquidated...). Every
 * feature emits one after its transaction commits; the notification centre
 * turns them into messages in the reader's language.
 */
export interface UserEvent {
  userId: number;
  /** `<feature>.<what>`, e.g. `verification.approved`, `deposit.credited`: the message key of the notification. */
  kind: string;
  /** What the event is about, so a notification can link to it. */
  refType: string;
  refId: string | number;
  /** Values the message shows (amounts as decimal strings, symbols, reasons). */
  params: Record<string, string | number>;
  time: number;
}

/** Something to show in a support conversation (a message, support read it, closed): delivered to the user's sockets, or a visitor's channel. */
export interface SupportEvent {
  userId: number | null;
  channelKey: string;
  data: unknown;
}

/** Something happened in a language's chat room (a message, a removal). */
export interface ChatRoomEvent {
  lang: string;
  data: unknown;
}

export interface MarketEvents {
  tick: [TickEvent];
  trade: [TradeEvent];
  /** The order book of a symbol changed. */
  book: [string];
  /** A user's order changed (placed, filled, cancelled). */
  order: [{ userId: number; orderId: number }];
  /** A user's conditional order (stop-limit, take-profit, stop-loss) changed; `row` is what the API shows. */
  conditional: [{ userId: number; row: Record<string, unknown> }];
  /** A user's balances changed. */
  balance: [{ userId: number }];
  /** A user's money or account changed; see UserEvent. */
  user: [UserEvent];
  support: [SupportEvent];
  chatroom: [ChatRoomEvent];
  /** The notification centre stored a message for a user: `unread` is their new unread count. */
  notification: [{ userId: number; id: number; kind: string; unread: number }];
}

/** In-process events between the feed, the exchange, the market maker, the features and realtime delivery. */
export class MarketBus extends EventEmitter<MarketEvents> {
  constructor() {
    super();
    this.setMaxListeners(50);
  }
}
