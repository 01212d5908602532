import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, Sqlite } from '../db/client.ts';
import type { ConditionalOrders } from '../exchange/conditional-orders.ts';
import type { Exchange } from '../exchange/exchange.ts';
import type { MarketBus } from '../market/bus.ts';
import type { InstrumentRegistry } from '../market/instruments.ts';
import type { MarketData } from '../market/market-data.ts';
import type { Catalog } from './catalog.ts';
import type { DevClock } from './dev-clock.ts';
import type { LeverPositions } from './lever-positions.ts';
import type { Messenger } from './messenger.ts';
import type { PriceBook } from './prices.ts';
import type { Scheduler } from './scheduler.ts';

/** What every feature plugin is given: no feature reaches for globals. */
export interface AppContext {
  config: Config;
  db: Db;
  /** The same connection without the query builder, for hot paths (ledger postings, session lookups). */
  sqlite: Sqlite;
  messenger: Messenger;
  catalog: Catalog;
  prices: PriceBook;
  instruments: InstrumentRegistry;
  /** Prices from the feed: last ticks, candles, tickers, trading hours. */
  market: MarketData;
  exchange: Exchange;
  /** Stop-limit and take-profit / stop-loss orders triggered by the feed (core's trigger index). */
  conditionalOrders: ConditionalOrders;
  bus: MarketBus;
  /** Lets a pushed feed (replay) take a symbol over from the simulator. */
  feedControl: { pauseSimulator(symbol: string): void };
  /** Periodic jobs (dividends, settlements, expiries) on the server's clock; features add theirs when they register. */
  scheduler: Scheduler;
  /** Set only with CLOCK_CONTROL=1 (demo, browser tests): `now` follows it. */
  devClock: DevClock | null;
  /** Milliseconds since the epoch; tests replace it to move time. */
  now(): number;
  log: FastifyBaseLogger;
  /** Set by the futures feature when it registers: lever positions for features registered after it (copy trading). */
  leverPositions?: LeverPositions;
}
