import { createRng, type Rng, type SimulatorState, stepSimulator } from '@openbourse/core';
import type { Instrument } from './instruments.ts';
import type { MarketData } from './market-data.ts';
import { simulatorParams } from './simulation.ts';

/** After a replayed or live tick, the simulator leaves that instrument alone for this long. */
export const EXTERNAL_FEED_PAUSE_MS = 30_000;

interface Walker {
  instrument: Instrument;
  rng: Rng;
  state: SimulatorState;
}

/**
 * The default feed: a seeded random walk per instrument, one tick per
 * interval. The same seed gives the same sequence of moves. It stays quiet
 * while a stock's exchange is closed and while another feed drives a symbol.
 */
export class SimulatorFeed {
  private readonly walkers: Walker[] = [];
  private readonly pausedUntil = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private lastStep: number;

  constructor(
    private readonly market: MarketData,
    instruments: Instrument[],
    seed: number,
    private readonly tickMs: number,
    private readonly now: () => number,
  ) {
    this.lastStep = now();
    for (const instrument of instruments) {
      const price = market.lastPrice(instrument.symbol) ?? instrument.base.referencePrice;
      this.walkers.push({ instrument, rng: createRng(`${seed}:${instrument.symbol}`), state: { price, volume: '0' } });
    }
  }

  start(): void {
    this.timer = setInterval(() => this.step(), this.tickMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Another feed (replay) is driving this symbol. */
  pause(symbol: string): void {
    this.pausedUntil.set(symbol, this.now() + EXTERNAL_FEED_PAUSE_MS);
  }

  step(): void {
    const now = this.now();
    const dt = Math.max(1, now - this.lastStep);
    this.lastStep = now;
    for (const walker of this.walkers) {
      const { symbol } = walker.instrument;
      if ((this.pausedUntil.get(symbol) ?? 0) > now) continue;
      if (!this.market.isOpen(walker.instrument, now)) continue;
      const current = this.market.lastPrice(symbol) ?? walker.state.price;
      walker.state = stepSimulator({ price: current, volume: '0' }, simulatorParams(walker.instrument, current), dt, walker.rng);
      this.market.ingest(symbol, walker.state.price, walker.state.volume, now, 'simulator');
    }
  }
}
