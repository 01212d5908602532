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
  lastStep: number;
}

/**
 * The default feed: a seeded random walk per instrument, one tick per
 * interval. The same seed gives the same sequence of moves. It stays quiet
 * while a stock's exchange is closed and while another feed drives a symbol.
 * The instruments take turns spread over the interval: each tick is stored,
 * announced and requoted by the market maker on the thread that answers
 * requests, and all of them at once held every request back by tens of
 * milliseconds once per interval.
 */
export class SimulatorFeed {
  private readonly walkers: Walker[] = [];
  private readonly pausedUntil = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | undefined;
  /** The walker whose turn is next. */
  private turn = 0;

  constructor(
    private readonly market: MarketData,
    instruments: Instrument[],
    seed: number,
    private readonly tickMs: number,
    private readonly now: () => number,
  ) {
    const startedAt = now();
    for (const instrument of instruments) {
      const price = market.lastPrice(instrument.symbol) ?? instrument.base.referencePrice;
      this.walkers.push({ instrument, rng: createRng(`${seed}:${instrument.symbol}`), state: { price, volume: '0' }, lastStep: startedAt });
    }
  }

  start(): void {
    if (this.walkers.length === 0) return;
    this.timer = setInterval(() => this.stepNext(), Math.max(1, this.tickMs / this.walkers.length));
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Another feed (replay) is driving this symbol. */
  pause(symbol: string): void {
    this.pausedUntil.set(symbol, this.now() + EXTERNAL_FEED_PAUSE_MS);
  }

  /** Moves the instrument whose turn it is. */
  private stepNext(): void {
    const walker = this.walkers[this.turn] as Walker;
    this.turn = (this.turn + 1) % this.walkers.length;
    this.stepWalker(walker, this.now());
  }

  private stepWalker(walker: Walker, now: number): void {
    const dt = Math.max(1, now - walker.lastStep);
    walker.lastStep = now;
    const { symbol } = walker.instrument;
    if ((this.pausedUntil.get(symbol) ?? 0) > now) return;
    if (!this.market.isOpen(walker.instrument, now)) return;
    const current = this.market.lastPrice(symbol) ?? walker.state.price;
    walker.state = stepSimulator({ price: current, volume: '0' }, simulatorParams(walker.instrument, current), dt, walker.rng);
    this.market.ingest(symbol, walker.state.price, walker.state.volume, now, 'simulator');
  }
}
