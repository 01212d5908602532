import { lotsToQuantity, type Ticker, ticksToPrice } from '@openbourse/core';
import { presentOrder } from '../exchange/present.ts';
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
  });

  bus.on('trade', (trade) => {
    const instrument = instruments.get(trade.symbol);
    if (!instrument) return;
    hub.publish(`trades:${trade.symbol}`, {
      id: trade.tradeId,
      price: ticksToPrice(instrument.def, trade.priceTicks),
      amount: lotsToQuantity(instrument.def, trade.qtyLots),
      side: trade.takerSide,
      time: trade.time,
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

  bus.on('balance', ({ userId }) => {
    if (hub.isConnected(userId)) hub.publishToUser(userId, 'balances', { time: ctx.now() });
  });

  // The message itself is fetched in the reader's language; the socket only says there is one and the new badge count.
  bus.on('notification', ({ userId, id, kind, unread }) => {
    if (hub.isConnected(userId)) hub.publishToUser(userId, 'notifications', { id, kind, unread });
  });

  hub.addSnapshotProvider((channel) => {
    if (channel === 'tickers') return instruments.all.map((instrument) => market.ticker(instrument.symbol));
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
