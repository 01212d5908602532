export const PERIODS = ['1min', '5min', '15min', '30min', '60min', '4hour', '1day', '1week', '1mon'] as const;
export type CandlePeriod = (typeof PERIODS)[number];

export function isCandlePeriod(value: unknown): value is CandlePeriod {
  return typeof value === 'string' && (PERIODS as readonly string[]).includes(value);
}

/** Length in seconds of every period but 1mon (whose length varies). */
export const PERIOD_SECONDS = {
  '1min': 60,
  '5min': 300,
  '15min': 900,
  '30min': 1800,
  '60min': 3600,
  '4hour': 14_400,
  '1day': 86_400,
  '1week': 604_800,
} as const satisfies Record<Exclude<CandlePeriod, '1mon'>, number>;

/** 1970-01-05, the first Monday after the epoch (a Thursday). */
const FIRST_MONDAY_SECONDS = 4 * 86_400;

function assertPeriod(period: CandlePeriod): void {
  if (!isCandlePeriod(period)) throw new RangeError(`unknown candle period ${String(period)}`);
}

/**
 * Start (Unix seconds, UTC) of the bucket holding timeMs: fixed periods align
 * to multiples of their length since the epoch (4hour to 00/04/08… UTC,
 * 1day to midnight UTC), 1week to Monday 00:00 UTC, 1mon to the 1st 00:00 UTC.
 */
export function bucketStart(period: CandlePeriod, timeMs: number): number {
  assertPeriod(period);
  if (!Number.isFinite(timeMs)) throw new RangeError(`time must be finite, got ${timeMs}`);
  const seconds = Math.floor(timeMs / 1000);
  if (period === '1mon') {
    const date = new Date(seconds * 1000);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1) / 1000;
  }
  const length = PERIOD_SECONDS[period];
  const offset = period === '1week' ? FIRST_MONDAY_SECONDS : 0;
  return Math.floor((seconds - offset) / length) * length + offset;
}

/** Start (Unix seconds) of the bucket after the one starting at startSeconds. */
export function nextBucketStart(period: CandlePeriod, startSeconds: number): number {
  assertPeriod(period);
  if (period === '1mon') {
    const date = new Date(startSeconds * 1000);
    return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1) / 1000;
  }
  return startSeconds + PERIOD_SECONDS[period];
}

/** Integers: time = bucket start in Unix seconds, prices in ticks, volume in lots. */
export interface Candle {
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
}

/** One trade or price update: time in Unix ms, price in ticks, volume in lots (0 for a quote-only update). */
export interface PriceTick {
  readonly time: number;
  readonly price: number;
  readonly volume: number;
}

export type CandleListener = (period: CandlePeriod, candle: Candle) => void;

export interface CandleBuilderOptions {
  /** Defaults to every period. */
  readonly periods?: readonly CandlePeriod[];
  /** Called with each candle as its bucket closes, in `periods` order. */
  readonly onClose?: CandleListener;
}

interface PeriodState {
  readonly period: CandlePeriod;
  /** Bucket start (s) of the latest time seen, or null before the first tick. */
  start: number | null;
  candle: { time: number; open: number; high: number; low: number; close: number; volume: number } | null;
  /** Times (ms) of the ticks that set open and close, to handle out-of-order ticks inside the bucket. */
  openMs: number;
  closeMs: number;
}

function assertTick(tick: PriceTick): void {
  if (!Number.isFinite(tick.time)) throw new RangeError(`tick time must be finite, got ${tick.time}`);
  if (!Number.isSafeInteger(tick.price) || tick.price <= 0) throw new RangeError(`tick price must be a positive integer, got ${tick.price}`);
  if (!Number.isSafeInteger(tick.volume) || tick.volume < 0) {
    throw new RangeError(`tick volume must be a non-negative integer, got ${tick.volume}`);
  }
}

/**
 * Folds ticks into OHLCV candles for several periods. A candle closes (and is
 * emitted) when a tick or advanceTo reaches a later bucket; buckets without
 * ticks produce no candle. Ticks older than the current bucket of any period
 * are ignored (mergeTick returns false); ticks inside the current bucket may
 * arrive out of order: open is the earliest tick's price, close the latest's
 * (the later arrival on equal times).
 */
export class CandleBuilder {
  private readonly states: PeriodState[];
  private readonly onClose: CandleListener | undefined;

  constructor(options: CandleBuilderOptions = {}) {
    const periods = options.periods ?? PERIODS;
    for (const period of periods) assertPeriod(period);
    const unique = PERIODS.filter((period) => periods.includes(period));
    this.states = unique.map((period) => ({ period, start: null, candle: null, openMs: 0, closeMs: 0 }));
    this.onClose = options.onClose;
  }

  get periods(): readonly CandlePeriod[] {
    return this.states.map((state) => state.period);
  }

  /** Merges a tick into every period; false (and nothing changes) if it is older than a current bucket. */
  mergeTick(tick: PriceTick): boolean {
    assertTick(tick);
    const starts = this.states.map((state) => bucketStart(state.period, tick.time));
    for (let index = 0; index < this.states.length; index++) {
      const start = (this.states[index] as PeriodState).start;
      if (start !== null && (starts[index] as number) < start) return false;
    }
    for (let index = 0; index < this.states.length; index++) {
      const state = this.states[index] as PeriodState;
      const start = starts[index] as number;
      if (state.start === null || start > state.start) {
        this.close(state);
        state.start = start;
      }
      const candle = state.candle;
      if (candle === null) {
        state.candle = { time: start, open: tick.price, high: tick.price, low: tick.price, close: tick.price, volume: tick.volume };
        state.openMs = tick.time;
        state.closeMs = tick.time;
        continue;
      }
      if (tick.price > candle.high) candle.high = tick.price;
      if (tick.price < candle.low) candle.low = tick.price;
      candle.volume += tick.volume;
      if (tick.time < state.openMs) {
        candle.open = tick.price;
        state.openMs = tick.time;
      }
      if (tick.time >= state.closeMs) {
        candle.close = tick.price;
        state.closeMs = tick.time;
      }
    }
    return true;
  }

  /** Closes (and emits) every candle whose bucket ended at or before timeMs; later ticks before timeMs's buckets are then ignored. */
  advanceTo(timeMs: number): void {
    for (const state of this.states) {
      const start = bucketStart(state.period, timeMs);
      if (state.start === null || start > state.start) {
        this.close(state);
        state.start = start;
      }
    }
  }

  /** The open candle of a period, or null when its current bucket has no tick yet. */
  current(period: CandlePeriod): Candle | null {
    const state = this.states.find((candidate) => candidate.period === period);
    if (!state) throw new RangeError(`period ${period} is not built by this CandleBuilder`);
    return state.candle === null ? null : { ...state.candle };
  }

  /**
   * Resumes a period from a stored open candle (after a restart). Later
   * ticks of the same bucket update it (they become the close); earlier
   * buckets are then ignored. Replaces whatever the period held, silently.
   */
  restore(period: CandlePeriod, candle: Candle): void {
    const state = this.states.find((candidate) => candidate.period === period);
    if (!state) throw new RangeError(`period ${period} is not built by this CandleBuilder`);
    if (bucketStart(period, candle.time * 1000) !== candle.time) {
      throw new RangeError(`candle time ${candle.time} is not a ${period} bucket start`);
    }
    state.start = candle.time;
    state.candle = { ...candle };
    state.openMs = candle.time * 1000;
    state.closeMs = candle.time * 1000;
  }

  private close(state: PeriodState): void {
    const candle = state.candle;
    if (candle === null) return;
    state.candle = null;
    this.onClose?.(state.period, { ...candle });
  }
}

/** Whether every `from` bucket lies inside a single `to` bucket. */
export function canAggregate(fromPeriod: CandlePeriod, toPeriod: CandlePeriod): boolean {
  assertPeriod(fromPeriod);
  assertPeriod(toPeriod);
  if (fromPeriod === toPeriod) return true;
  if (fromPeriod === '1mon') return false;
  if (toPeriod === '1mon') return fromPeriod !== '1week';
  const from = PERIOD_SECONDS[fromPeriod];
  const to = PERIOD_SECONDS[toPeriod];
  // Weeks start on Monday; every shorter period here divides a day.
  return to > from && (toPeriod === '1week' ? 86_400 % from === 0 : to % from === 0);
}

/**
 * Builds `toPeriod` candles from `fromPeriod` candles (e.g. 1day from 1min
 * for back-fill). Input times must be `fromPeriod` bucket starts, distinct;
 * they are sorted here. Throws RangeError otherwise, or when `from` buckets
 * do not nest in `to` buckets (1mon from 1week).
 */
export function aggregateCandles(candles: readonly Candle[], fromPeriod: CandlePeriod, toPeriod: CandlePeriod): Candle[] {
  if (!canAggregate(fromPeriod, toPeriod)) throw new RangeError(`cannot aggregate ${fromPeriod} candles into ${toPeriod}`);
  const sorted = [...candles].sort((a, b) => a.time - b.time);
  const out: Candle[] = [];
  let current: { time: number; open: number; high: number; low: number; close: number; volume: number } | null = null;
  let previousTime: number | null = null;
  for (const candle of sorted) {
    if (bucketStart(fromPeriod, candle.time * 1000) !== candle.time) {
      throw new RangeError(`candle time ${candle.time} is not a ${fromPeriod} bucket start`);
    }
    if (candle.time === previousTime) throw new RangeError(`duplicate candle time ${candle.time}`);
    previousTime = candle.time;
    const start = bucketStart(toPeriod, candle.time * 1000);
    if (current === null || current.time !== start) {
      if (current !== null) out.push(current);
      current = { time: start, open: candle.open, high: candle.high, low: candle.low, close: candle.close, volume: candle.volume };
      continue;
    }
    if (candle.high > current.high) current.high = candle.high;
    if (candle.low < current.low) current.low = candle.low;
    current.close = candle.close;
    current.volume += candle.volume;
  }
  if (current !== null) out.push(current);
  return out;
}
