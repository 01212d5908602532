import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FuturesTerms, priceToTicks } from '@openbourse/core';
import { z } from 'zod';
import type { Instrument, InstrumentRegistry } from '../../market/instruments.ts';

const rate = z.string().regex(/^0(\.\d+)?$/);

const futuresFile = z.array(
  z.object({
    symbol: z.string(),
    multiples: z.array(z.number().int().min(1).max(1000)).min(1),
    lot_size: z.string().regex(/^\d+(\.\d+)?$/),
    min_lots: z.number().int().min(1),
    max_lots_per_order: z.number().int().min(1),
    max_lots_per_user: z.number().int().min(1),
    fee_rate: rate,
    spread: z.string().regex(/^\d+(\.\d+)?$/),
    overnight_rate: rate,
    maintenance_margin_ratio: rate,
  }),
);

/** One instrument's futures configuration from data/futures.json, with the contract terms core computes with. */
export interface FuturesContractConfig {
  instrument: Instrument;
  multiples: number[];
  lotSize: string;
  minLots: number;
  maxLotsPerOrder: number;
  maxLotsPerUser: number;
  terms: FuturesTerms;
}

/** Reads data/futures.json; an entry naming an unknown instrument or a spread off the instrument's tick is a configuration error at start. */
export function loadFuturesConfig(seedDataDir: string, instruments: InstrumentRegistry): Map<string, FuturesContractConfig> {
  const entries = futuresFile.parse(JSON.parse(readFileSync(join(seedDataDir, 'futures.json'), 'utf8')));
  const contracts = new Map<string, FuturesContractConfig>();
  for (const entry of entries) {
    const instrument = instruments.get(entry.symbol);
    if (!instrument) throw new Error(`data/futures.json: unknown instrument ${entry.symbol}`);
    const spread = entry.spread === '0' ? { ok: true as const, ticks: 0 } : priceToTicks(instrument.def, entry.spread);
    if (!spread.ok) throw new Error(`data/futures.json: ${entry.symbol} spread ${entry.spread} is not a whole number of ticks`);
    if (entry.min_lots > entry.max_lots_per_order || entry.max_lots_per_order > entry.max_lots_per_user) throw new Error(`data/futures.json: ${entry.symbol} lot limits out of order`);
    contracts.set(entry.symbol, {
      instrument,
      multiples: [...entry.multiples].sort((a, b) => a - b),
      lotSize: entry.lot_size,
      minLots: entry.min_lots,
      maxLotsPerOrder: entry.max_lots_per_order,
      maxLotsPerUser: entry.max_lots_per_user,
      terms: {
        tickSize: instrument.def.tickSize,
        lotSize: entry.lot_size,
        quoteScale: instrument.quote.scale,
        spreadTicks: spread.ticks,
        feeRate: entry.fee_rate,
        maintenanceMarginRatio: entry.maintenance_margin_ratio,
        overnightRate: entry.overnight_rate,
      },
    });
  }
  return contracts;
}
