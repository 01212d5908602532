import { type Candle, CandleBuilder, type CandlePeriod, type PathPoint, PERIODS, roundPriceToTick, roundQuantityToLots, simulatePathBackwards } from '@openbourse/core';
import type { Instrument } from './instruments.ts';
import type { MarketData } from './market-data.ts';
import { openCheck, simulatorParams } from './simulation.ts';

const DAY_MS = 86_400_000;

/**
 * Resolution falls with age: the last day in 20-second steps (one-minute
 * candles with real highs and lows), the rest of the first week in minutes,
 * older days in five-minute steps. Each tier is coarse enough for the candles
 * that are looked at over that span, and start-up stays fast.
 */
const TIERS = [
  { upToDays: 1, stepMs: 20_000, smallestPeriod: '1min' },
  { upToDays: 7, stepMs: 60_000, smallestPeriod: '5min' },
  { upToDays: 365, stepMs: 300_000, smallestPeriod: '15min' },
] as const satisfies readonly { upToDays: number; stepMs: number; smallestPeriod: CandlePeriod }[];

/**
 * Simulated history for an instrument with none, so charts are never empty on
 * first start. It walks backwards from the reference price, so the history
 * joins the price the live feed starts from. It is chart history only: no
 * tick rows, nothing any settlement can point at.
 */
export function backfillHistory(market: MarketData, instrument: Instrument, days: number, nowMs: number, seed: number): void {
  if (days <= 0 || market.hasHistory(instrument.symbol)) return;
  const isOpen = openCheck(market, instrument);
  const params = simulatorParams(instrument, instrument.base.referencePrice);
  const segments: { points: PathPoint[]; smallestPeriod: CandlePeriod }[] = [];
  let endMs = Math.floor(nowMs / 60_000) * 60_000 - 1;
  let endPrice = instrument.base.referencePrice;
  let coveredDays = 0;
  for (const tier of TIERS) {
    const tierDays = Math.min(days, tier.upToDays) - coveredDays;
    if (tierDays <= 0) break;
    const points = simulatePathBackwards(params, endPrice, endMs, (tierDays * DAY_MS) / tier.stepMs, tier.stepMs, `${seed}:${instrument.symbol}:${tier.stepMs}`, isOpen);
    segments.unshift({ points, smallestPeriod: tier.smallestPeriod });
    const first = points[0] as PathPoint;
    endMs = first.time - tier.stepMs;
    endPrice = first.price;
    coveredDays += tierDays;
  }

  const closed: { period: CandlePeriod; candle: Candle }[] = [];
  let smallest: CandlePeriod = '1min';
  const builder = new CandleBuilder({
    // A coarse tier would give flat candles of the shorter periods: those are left out.
    onClose: (period, candle) => {
      if (PERIODS.indexOf(period) >= PERIODS.indexOf(smallest)) closed.push({ period, candle });
    },
  });
  for (const segment of segments) {
    smallest = segment.smallestPeriod;
    for (const point of segment.points) {
      // A closed market leaves no candles, as on a real exchange's chart.
      if (isOpen && !isOpen(point.time)) continue;
      const volume = roundQuantityToLots(instrument.def, point.volume, 'down');
      builder.mergeTick({ time: point.time, price: Math.max(1, roundPriceToTick(instrument.def, point.price, 'nearest')), volume });
    }
  }
  const open = PERIODS.flatMap((period) => {
    const candle = builder.current(period);
    return candle ? [{ period, candle }] : [];
  });
  market.storeHistory(instrument, closed, open);
}
