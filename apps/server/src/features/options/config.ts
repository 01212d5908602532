import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { percentToMillionths, toMinor } from '@openbourse/core';
import { z } from 'zod';
import type { InstrumentRegistry } from '../../market/instruments.ts';
import type { Catalog, CurrencyInfo } from '../../platform/catalog.ts';

const stakeLimits = z.object({ min: z.string(), max: z.string() });
const periodSeed = z.object({ seconds: z.number().int().min(5).max(86_400), payout_rate: z.string(), fee_rate: z.string(), stakes: z.record(z.string(), stakeLimits) });
const optionsFile = z.object({
  payable_currencies: z.array(z.string()).min(1),
  periods: z.array(periodSeed).min(1),
  /** Periods for one instrument instead of the global ones (e.g. a stock with fewer periods). */
  instruments: z.record(z.string(), z.object({ periods: z.array(periodSeed).min(1) })).default({}),
});

export interface PeriodConfig {
  seconds: number;
  payoutRate: number;
  /** The trading fee, a share of the stake in whole millionths, charged at placement. */
  feeRate: number;
  /** Stake limits per stake currency id. */
  stakes: Map<number, { minStake: number; maxStake: number }>;
}

export interface OptionsConfig {
  payable: CurrencyInfo[];
  /** The periods offered on an instrument, shortest first. */
  periodsOf(symbol: string): PeriodConfig[];
}

/**
 * Reads `data/options.json`: the stake currencies the options account pays
 * with, and per period the payout rate, the fee rate (percent of the stake)
 * and stake limits in each of them, globally or per instrument. A file that names an unknown currency or
 * instrument, or misses a stake currency in a period, stops the start.
 */
export function loadOptionsConfig(seedDataDir: string, catalog: Catalog, instruments: InstrumentRegistry): OptionsConfig {
  const seed = optionsFile.parse(JSON.parse(readFileSync(join(seedDataDir, 'options.json'), 'utf8')));
  const payable = seed.payable_currencies.map((symbol) => {
    const currency = catalog.currencyBySymbol(symbol);
    if (!currency) throw new Error(`options.json: unknown currency ${symbol}`);
    return currency;
  });
  const periodsFrom = (periods: z.infer<typeof periodSeed>[], where: string): PeriodConfig[] =>
    periods
      .map((period) => {
        const payoutRate = percentToMillionths(period.payout_rate);
        if (payoutRate === null) throw new Error(`options.json ${where}: payout rate ${period.payout_rate} is not a percent`);
        const feeRate = percentToMillionths(period.fee_rate);
        if (feeRate === null) throw new Error(`options.json ${where}: fee rate ${period.fee_rate} is not a percent`);
        const stakes = new Map(
          payable.map((currency) => {
            const limits = period.stakes[currency.symbol];
            if (!limits) throw new Error(`options.json ${where}: ${period.seconds} s has no stake limits in ${currency.symbol}`);
            const minStake = toMinor(limits.min, currency.scale);
            const maxStake = toMinor(limits.max, currency.scale);
            if (minStake <= 0 || maxStake < minStake) throw new Error(`options.json ${where}: ${period.seconds} s ${currency.symbol} limits are inverted`);
            return [currency.id, { minStake, maxStake }];
          }),
        );
        return { seconds: period.seconds, payoutRate, feeRate, stakes };
      })
      .sort((a, b) => a.seconds - b.seconds);
  const global = periodsFrom(seed.periods, 'periods');
  const perInstrument = new Map<string, PeriodConfig[]>();
  for (const [symbol, override] of Object.entries(seed.instruments)) {
    if (!instruments.get(symbol)) throw new Error(`options.json: unknown instrument ${symbol}`);
    perInstrument.set(symbol, periodsFrom(override.periods, symbol));
  }
  return { payable, periodsOf: (symbol) => perInstrument.get(symbol) ?? global };
}
