import { isMarketOpen, type SimulatorParams } from '@openbourse/core';
import type { Instrument } from './instruments.ts';
import type { MarketData } from './market-data.ts';

/** The simulator's parameters of an instrument: stocks are active 6.5 h a day, 252 days a year. */
export function simulatorParams(instrument: Instrument, startPrice: string): SimulatorParams {
  const { simulation } = instrument;
  const stock = instrument.kind === 'stock';
  return {
    startPrice,
    annualVolatility: simulation.annual_volatility,
    dailyVolume: simulation.daily_volume,
    jumpsPerDay: simulation.jumps_per_day,
    jumpSizeSigma: simulation.jump_size_sigma,
    ...(stock ? { msPerDay: 23_400_000, daysPerYear: 252 } : {}),
  };
}

/** Stocks move only while their exchange is open; crypto always. */
export function openCheck(market: MarketData, instrument: Instrument): ((timeMs: number) => boolean) | undefined {
  const calendar = market.calendarOf(instrument);
  return calendar ? (timeMs) => isMarketOpen(calendar, timeMs) : undefined;
}
