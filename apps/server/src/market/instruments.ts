import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DerivedSpec, deriveSpec, type InstrumentDef } from '@openbourse/core';
import { z } from 'zod';
import type { Catalog, CurrencyInfo } from '../platform/catalog.ts';

const SPOT_ACCOUNT_TYPE = 2;
const STOCK_ACCOUNT_TYPE = 8;

const instrumentFile = z.array(
  z.object({
    symbol: z.string().regex(/^[A-Z0-9]+\/[A-Z0-9]+$/),
    base: z.string(),
    quote: z.string(),
    kind: z.enum(['crypto', 'stock']),
    calendar: z.literal('NYSE').optional(),
    tick_size: z.string(),
    lot_size: z.string(),
    min_notional: z.string(),
    maker_fee_bps: z.number().int(),
    taker_fee_bps: z.number().int(),
    sort: z.number().int(),
    hot: z.boolean(),
    simulation: z.object({ annual_volatility: z.number().positive(), daily_volume: z.string(), jumps_per_day: z.number().min(0), jump_size_sigma: z.number().min(0) }),
    market_maker: z.object({ spread_bps: z.number().int().positive(), level_step_bps: z.number().int().positive(), levels: z.number().int().min(1).max(50), level_quantity: z.string() }),
  }),
);

type InstrumentSeed = z.infer<typeof instrumentFile>[number];

export interface Instrument {
  symbol: string;
  base: CurrencyInfo;
  quote: CurrencyInfo;
  kind: 'crypto' | 'stock';
  /** Spot pairs settle in the spot (change) account, stocks in the stock account. */
  accountTypeId: number;
  def: InstrumentDef;
  spec: DerivedSpec;
  /** Stocks trade only in their exchange's hours. */
  calendar: 'NYSE' | undefined;
  sort: number;
  hot: boolean;
  simulation: InstrumentSeed['simulation'];
  marketMaker: InstrumentSeed['market_maker'];
}

export interface InstrumentRegistry {
  all: Instrument[];
  get(symbol: string): Instrument | undefined;
  /** The pair of a traded currency id and a quote currency id, as /coin/trade names them. */
  byCurrencies(currencyId: number, legalId: number): Instrument | undefined;
}

export function loadInstruments(seedDataDir: string, catalog: Catalog): InstrumentRegistry {
  const seeds = instrumentFile.parse(JSON.parse(readFileSync(join(seedDataDir, 'instruments.json'), 'utf8')));
  const all = seeds
    .map((seed): Instrument => {
      // Holds reserve the taker fee; a higher maker fee could charge more than was held.
      if (seed.maker_fee_bps > seed.taker_fee_bps) throw new Error(`instrument ${seed.symbol}: maker fee above taker fee`);
      const base = catalog.currencyBySymbol(seed.base);
      const quote = catalog.currencyBySymbol(seed.quote);
      if (!base || !quote) throw new Error(`instrument ${seed.symbol} names an unknown currency`);
      const def: InstrumentDef = {
        symbol: seed.symbol,
        base: seed.base,
        quote: seed.quote,
        kind: seed.kind,
        tickSize: seed.tick_size,
        lotSize: seed.lot_size,
        minNotional: seed.min_notional,
        makerFeeBps: seed.maker_fee_bps,
        takerFeeBps: seed.taker_fee_bps,
        baseScale: base.scale,
        quoteScale: quote.scale,
      };
      return {
        symbol: seed.symbol,
        base,
        quote,
        kind: seed.kind,
        accountTypeId: seed.kind === 'stock' ? STOCK_ACCOUNT_TYPE : SPOT_ACCOUNT_TYPE,
        def,
        spec: deriveSpec(def),
        calendar: seed.calendar,
        sort: seed.sort,
        hot: seed.hot,
        simulation: seed.simulation,
        marketMaker: seed.market_maker,
      };
    })
    .sort((a, b) => a.sort - b.sort);
  const bySymbol = new Map(all.map((instrument) => [instrument.symbol, instrument]));
  const byPair = new Map(all.map((instrument) => [`${instrument.base.id}:${instrument.quote.id}`, instrument]));
  return {
    all,
    get: (symbol) => bySymbol.get(symbol.toUpperCase()),
    byCurrencies: (currencyId, legalId) => byPair.get(`${currencyId}:${legalId}`),
  };
}
