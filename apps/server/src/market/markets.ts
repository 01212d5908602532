import { dec } from '@openbourse/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, Sqlite } from '../db/client.ts';
import { ConditionalOrders } from '../exchange/conditional-orders.ts';
import { Exchange } from '../exchange/exchange.ts';
import type { Catalog } from '../platform/catalog.ts';
import type { PriceBook } from '../platform/prices.ts';
import { MarketBus } from './bus.ts';
import { backfillHistory } from './history.ts';
import { type InstrumentRegistry, loadInstruments } from './instruments.ts';
import { MarketData } from './market-data.ts';
import { SimulatorFeed } from './simulator-feed.ts';

export interface Markets {
  instruments: InstrumentRegistry;
  bus: MarketBus;
  market: MarketData;
  exchange: Exchange;
  /** Stop-limit and take-profit / stop-loss orders waiting for the feed; started (see ConditionalOrders.start) once the books have liquidity. */
  conditionalOrders: ConditionalOrders;
  /** Present when the simulator is the price source. */
  simulator: SimulatorFeed | undefined;
  prices: PriceBook;
}

interface MarketDeps {
  db: Db;
  sqlite: Sqlite;
  catalog: Catalog;
  now(): number;
  log: FastifyBaseLogger;
}

/** Instruments, stored prices and candles (back-filled on first start), and the books rebuilt from open orders. */
export function createMarkets(config: Config, deps: MarketDeps): Markets {
  const instruments = loadInstruments(config.seedDataDir, deps.catalog);
  const bus = new MarketBus();
  const market = new MarketData({ sqlite: deps.sqlite, instruments, bus, now: deps.now, log: deps.log });
  for (const instrument of instruments.all) backfillHistory(market, instrument, config.market.historyDays, deps.now(), config.market.seed);
  market.start();
  const exchange = new Exchange({ sqlite: deps.sqlite, instruments, bus, now: deps.now, referenceTickId: (symbol) => market.lastTick(symbol)?.id ?? null });
  exchange.start();
  const conditionalOrders = new ConditionalOrders({ sqlite: deps.sqlite, instruments, bus, exchange, lastTick: (symbol) => market.lastTick(symbol), firesAt: (instrument, tickTime) => market.firesAt(instrument, tickTime), now: deps.now, log: deps.log });
  const simulator = config.market.feed === 'simulator' ? new SimulatorFeed(market, instruments.all, config.market.seed, config.market.tickMs, deps.now) : undefined;

  const usdt = deps.catalog.currencyBySymbol('USDT');
  const prices: PriceBook = {
    usdtPrice(currencyId) {
      if (currencyId === usdt?.id) return dec(1);
      const instrument = instruments.all.find((candidate) => candidate.base.id === currencyId && candidate.quote.id === usdt?.id);
      const last = instrument ? market.lastPrice(instrument.symbol) : undefined;
      return dec(last ?? deps.catalog.currency(currencyId)?.referencePrice ?? 0);
    },
  };
  return { instruments, bus, market, exchange, conditionalOrders, simulator, prices };
}
