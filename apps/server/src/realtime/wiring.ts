import { lotsToQuantity, type Ticker, ticksToPrice } from '@openbourse/core';
import { presentOrder } from '../exchange/present.ts';
import type { TickEvent } from '../market/bus.ts';
import type { Instrument } from '../market/instruments.ts';
import { presentRoomMessage, ROOM_HISTORY, roomMessages } from '../platform/chat-room.ts';
import type { AppContext } from '../platform/context.ts';
import type { RealtimeHub } from './hub.ts';

const DEPTH_THROTTLE_MS = 100;
const DEPTH_LEVELS = 20;

/**
 * Connects market events to channels, and describes each channel's current
 * state for new subscribers. `tickers` carries a list of tickers (every
 * instrument in its snapshot, the instruments that just moved afterwards).
 */
export function wireRealtime(ctx: AppContext, hub: RealtimeHub): void {
  const { bus, market, instruments } = ctx;

  // A feed step moves every instrument at once: `tickers` subscribers get the step's tickers as one list, one frame instead of one per instrument.
  let pendingTickers: Ticker[] = [];
  const flushTickers = () => {
    hub.publish('tickers', pendingTickers);
    pendingTickers = [];
  };

  bus.on('tick', (tick) => {
    const instrument = instruments.get(tick.symbol);
    if (!instrument) return;
    const ticker = market.ticker(tick.symbol);
    hub.publish(`ticker:${tick.symbol}`, ticker);
    if (pendingTickers.length === 0) setImmediate(flushTickers);
    pendingTickers.push(ticker);
    for (const candle of market.currentCandles(instrument)) hub.publish(`candles:${tick.symbol}:${candle.period}`, candle);
    publishFeedPrint(tick, instrument);
  });

  // The market's prints from the feed go on the trades channel too (source feed), so a quiet pair does not look dead; up or down from the print before, as /currency/trades says.
  const lastPrint = new Map<string, number>();
  const publishFeedPrint = (tick: TickEvent, instrument: Instrument) => {
    if (tick.volumeLots <= 0) return;
    const before = lastPrint.get(tick.symbol) ?? tick.priceTicks;
    lastPrint.set(tick.symbol, tick.priceTicks);
    hub.publish(`trades:${tick.symbol}`, {
      id: tick.tickId,
      price: ticksToPrice(instrument.def, tick.priceTicks),
      amount: lotsToQuantity(instrument.def, tick.volumeLots),
      side: tick.priceTicks >= before ? 'buy' : 'sell',
      time: tick.time,
      source: 'feed',
    });
  };

  bus.on('trade', (trade) => {
    const instrument = instruments.get(trade.symbol);
    if (!instrument) return;
    hub.publish(`trades:${trade.symbol}`, {
      id: trade.tradeId,
      price: ticksToPrice(instrument.def, trade.priceTicks),
      amount: lotsToQuantity(instrument.def, trade.qtyLots),
      side: trade.takerSide,
      time: trade.time,
      source: 'platform',
    });
  });

  // A burst of orders changes the book many times; subscribers get at most one depth picture per 100 ms.
  const pendingDepth = new Map<string, ReturnType<typeof setTimeout>>();
  bus.on('book', (symbol) => {
    if (pendingDepth.has(symbol) || hub.subscriberCount(`depth:${symbol}`) === 0) return;
    const timer = setTimeout(() => {
      pendingDepth.delete(symbol);
      const instrument = instruments.get(symbol);
      if (instrument) hub.publish(`depth:${symbol}`, ctx.exchange.depth(instrument, DEPTH_LEVELS));
    }, DEPTH_THROTTLE_MS);
    timer.unref();
    pendingDepth.set(symbol, timer);
  });

  bus.on('order', ({ userId, orderId }) => {
    if (!hub.isConnected(userId)) return;
    const order = ctx.exchange.order(orderId);
    const instrument = order ? instruments.get(order.symbol) : undefined;
    if (order && instrument) hub.publishToUser(userId, 'orders', presentOrder(order, instrument));
  });

  // Something happened to a user's money (an option settled, a deposit credited): their own sockets hear it as it happens.
  bus.on('user', (event) => {
    if (hub.isConnected(event.userId)) hub.publishToUser(event.userId, 'events', event);
  });

  bus.on('conditional', ({ userId, row }) => {
    // `kind` says what the frame is (order frames have none); the leg's own kind (stop_limit, take_profit, stop_loss) moves to conditional_kind.
    if (hub.isConnected(userId)) hub.publishToUser(userId, 'orders', { ...row, kind: 'conditional', conditional_kind: row.kind });
  });

  bus.on('balance', ({ userId }) => {
    if (hub.isConnected(userId)) hub.publishToUser(userId, 'balances', { time: ctx.now() });
  });

  bus.on('support', ({ userId, channelKey, data }) => {
    if (userId !== null) hub.publishToUser(userId, 'support', data);
    else hub.publish(`support:${channelKey}`, data);
  });

  bus.on('chatroom', ({ lang, data }) => hub.publish(`chatroom:${lang}`, data));

  // The message itself is fetched in the reader's language; the socket only says there is one and the new badge count.
  bus.on('notification', ({ userId, id, kind, unread }) => {
    if (hub.isConnected(userId)) hub.publishToUser(userId, 'notifications', { id, kind, unread });
  });

  hub.addSnapshotProvider((channel) => {
    if (channel === 'tickers') return instruments.all.map((instrument) => market.ticker(instrument.symbol));
    if (channel.startsWith('chatroom:')) return { type: 'history', list: roomMessages(ctx, channel.slice('chatroom:'.length), undefined, ROOM_HISTORY).map(presentRoomMessage) };
    const [kind, symbol = '', period] = channel.split(':');
    const instrument = instruments.get(symbol);
    if (!instrument) return undefined;
    switch (kind) {
      case 'ticker':
        return market.ticker(symbol);
      case 'depth':
        return ctx.exchange.depth(instrument, DEPTH_LEVELS);
      case 'candles':
        return market.currentCandles(instrument).find((candle) => candle.period === period);
      default:
        return undefined;
    }
  });
}
