import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.ts';

/** The fields of a ccxt unified ticker that a price feed needs. */
export interface UnifiedTicker {
  symbol: string;
  last?: number | undefined;
  timestamp?: number | undefined;
  baseVolume?: number | undefined;
}

export interface LiveTick {
  symbol: string;
  price: string;
  volume: string;
  time: number;
}

const POLL_MS = 2000;

/**
 * Turns successive unified tickers into ticks: the price is the last trade,
 * the volume the growth of the exchange's rolling 24 h base volume since the
 * previous poll (zero when the window rolled back).
 */
export function ticksFromTickers(tickers: UnifiedTicker[], previousVolume: Map<string, number>, now: number): LiveTick[] {
  const ticks: LiveTick[] = [];
  for (const ticker of tickers) {
    if (typeof ticker.last !== 'number' || !Number.isFinite(ticker.last) || ticker.last <= 0) continue;
    const volume = ticker.baseVolume ?? 0;
    const before = previousVolume.get(ticker.symbol);
    previousVolume.set(ticker.symbol, volume);
    const traded = before === undefined ? 0 : Math.max(0, volume - before);
    ticks.push({ symbol: ticker.symbol, price: String(ticker.last), volume: String(traded), time: ticker.timestamp ?? now });
  }
  return ticks;
}

/**
 * A public exchange's tickers through ccxt (MARKET_FEED=live:<exchange id>),
 * polled for the crypto pairs. ccxt loads only when a live feed is asked for.
 */
export async function startLiveFeed(ctx: AppContext, exchangeId: string, app: FastifyInstance): Promise<void> {
  const ccxt = (await import('ccxt')).default as unknown as Record<string, new () => { fetchTickers(symbols: string[]): Promise<Record<string, UnifiedTicker>> }>;
  const ExchangeClass = ccxt[exchangeId];
  if (typeof ExchangeClass !== 'function') throw new Error(`ccxt has no exchange "${exchangeId}"`);
  const exchange = new ExchangeClass();
  const symbols = ctx.instruments.all.filter((instrument) => instrument.kind === 'crypto').map((instrument) => instrument.symbol);
  const previousVolume = new Map<string, number>();
  let stopped = false;
  const poll = async () => {
    while (!stopped) {
      try {
        const tickers = Object.values(await exchange.fetchTickers(symbols));
        for (const tick of ticksFromTickers(tickers, previousVolume, ctx.now())) ctx.market.ingest(tick.symbol, tick.price, tick.volume, ctx.now(), 'live');
      } catch (error) {
        ctx.log.warn({ err: error }, `live feed ${exchangeId} poll failed`);
      }
      await new Promise((done) => setTimeout(done, POLL_MS).unref());
    }
  };
  void poll();
  app.addHook('onClose', async () => {
    stopped = true;
  });
}
