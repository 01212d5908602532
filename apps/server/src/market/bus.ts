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

export interface MarketEvents {
  tick: [TickEvent];
  trade: [TradeEvent];
  /** The order book of a symbol changed. */
  book: [string];
  /** A user's order changed (placed, filled, cancelled). */
  order: [{ userId: number; orderId: number }];
  /** A user's balances changed. */
  balance: [{ userId: number }];
}

/** In-process events between the feed, the exchange, the market maker and realtime delivery. */
export class MarketBus extends EventEmitter<MarketEvents> {
  constructor() {
    super();
    this.setMaxListeners(50);
  }
}
