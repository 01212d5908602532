import {
  bucketStart,
  type CandleBar,
  type Candle,
  CandleBuilder,
  type CandlePeriod,
  dec,
  isMarketOpen,
  lotsToQuantity,
  NYSE_CALENDAR_2026_2027,
  nextOpen,
  PERIODS,
  quoteMinorToDecimal,
  roundPriceToTick,
  roundQuantityToLots,
  type Ticker,
  type TradingCalendar,
  ticksToPrice,
} from '@openbourse/core';
import type { Statement } from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type { Sqlite } from '../db/client.ts';
import type { MarketBus, TickEvent } from './bus.ts';
import type { Instrument, InstrumentRegistry } from './instruments.ts';

export type TickSource = 'simulator' | 'replay' | 'live';

export interface LastTick {
  id: number;
  priceTicks: number;
  time: number;
}

/**
 * A tick older than this is no market price: the feed has stalled (or a
 * stock market has just opened on last evening's tick) and the user may know
 * more than the tick. Seconds options open and futures open and close only
 * at a tick this fresh.
 */
export const TRADE_TICK_MAX_AGE_MS = 15_000;

const CALENDARS: Record<'NYSE', TradingCalendar> = { NYSE: NYSE_CALENDAR_2026_2027 };
const DAY_SECONDS = 86_400;
const CANDLE_LIMIT = 1500;

interface SymbolState {
  instrument: Instrument;
  builder: CandleBuilder;
  last: LastTick | undefined;
  /** Close of the newest stored 1-minute candle (price ticks): the price when no tick arrived since the start, e.g. a stock market closed all day. */
  lastClose: number | undefined;
  /** The last 24 h of closed 1-minute candles, oldest first, for the 24 h ticker. */
  minutes: Candle[];
  dirty: Set<CandlePeriod>;
}

function statements(sqlite: Sqlite) {
  return {
    insertTick: sqlite.prepare('INSERT INTO ticks (symbol, price_ticks, volume_lots, time, source) VALUES (?, ?, ?, ?, ?) RETURNING id') as Statement<
      [string, number, number, number, TickSource],
      { id: number }
    >,
    lastTick: sqlite.prepare('SELECT id, price_ticks AS priceTicks, time FROM ticks WHERE symbol = ? ORDER BY id DESC LIMIT 1') as Statement<[string], LastTick>,
    upsertCandle: sqlite.prepare(
      `INSERT INTO candles (symbol, period, start, open, high, low, close, volume) VALUES (@symbol, @period, @time, @open, @high, @low, @close, @volume)
       ON CONFLICT (symbol, period, start) DO UPDATE SET open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close, volume = excluded.volume`,
    ) as Statement<[Record<string, unknown>]>,
    latestCandle: sqlite.prepare('SELECT start AS time, open, high, low, close, volume FROM candles WHERE symbol = ? AND period = ? ORDER BY start DESC LIMIT 1') as Statement<
      [string, string],
      Candle
    >,
    candlesSince: sqlite.prepare('SELECT start AS time, open, high, low, close, volume FROM candles WHERE symbol = ? AND period = ? AND start >= ? ORDER BY start') as Statement<
      [string, string, number],
      Candle
    >,
    candlesBetween: sqlite.prepare(
      'SELECT * FROM (SELECT start AS time, open, high, low, close, volume FROM candles WHERE symbol = ? AND period = ? AND start >= ? AND start <= ? ORDER BY start DESC LIMIT ?) ORDER BY time',
    ) as Statement<[string, string, number, number, number], Candle>,
    hasCandles: sqlite.prepare("SELECT 1 FROM candles WHERE symbol = ? AND period = '1min' LIMIT 1").pluck() as Statement<[string], number>,
  };
}

export interface MarketDataDeps {
  sqlite: Sqlite;
  instruments: InstrumentRegistry;
  bus: MarketBus;
  now(): number;
  log: FastifyBaseLogger;
}

/**
 * The one place prices enter the platform. Every tick from a feed (simulator,
 * replay or live) is stored with its time before anything uses it, folded
 * into candles of every period, and announced on the bus.
 */
export class MarketData {
  private readonly states = new Map<string, SymbolState>();
  private readonly statements: ReturnType<typeof statements>;
  private flushTimer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly deps: MarketDataDeps) {
    this.statements = statements(deps.sqlite);
    for (const instrument of deps.instruments.all) {
      const state: SymbolState = { instrument, builder: new CandleBuilder(), last: undefined, lastClose: undefined, minutes: [], dirty: new Set() };
      state.builder = new CandleBuilder({ onClose: (period, candle) => this.onCandleClosed(state, period, candle) });
      this.states.set(instrument.symbol, state);
    }
  }

  /** Reloads the last tick, the open candles and the 24 h window; call after history back-fill. */
  start(): void {
    const nowMs = this.deps.now();
    const nowSeconds = Math.floor(nowMs / 1000);
    for (const state of this.states.values()) {
      const { symbol } = state.instrument;
      state.last = this.statements.lastTick.get(symbol);
      state.lastClose = this.statements.latestCandle.get(symbol, '1min')?.close;
      for (const period of PERIODS) {
        const latest = this.statements.latestCandle.get(symbol, period);
        // Only a candle whose bucket is still running continues; older ones are history.
        if (latest && state.builder.current(period) === null && latest.time === bucketStart(period, nowMs)) state.builder.restore(period, latest);
      }
      state.minutes = this.statements.candlesSince.all(symbol, '1min', nowSeconds - DAY_SECONDS).filter((candle) => candle.time !== bucketStart('1min', nowMs));
    }
    this.flushTimer = setInterval(() => this.flush(), 1000);
    this.flushTimer.unref();
  }

  stop(): void {
    clearInterval(this.flushTimer);
    this.flush();
  }

  hasHistory(symbol: string): boolean {
    return this.statements.hasCandles.get(symbol) !== undefined;
  }

  /** Takes one price from a feed: rounded to the tick, stored, folded into candles, announced. */
  ingest(symbol: string, price: string, volume: string, time: number, source: TickSource): TickEvent | undefined {
    const state = this.states.get(symbol);
    if (!state) return undefined;
    const { def } = state.instrument;
    const priceTicks = Math.max(1, roundPriceToTick(def, price, 'nearest'));
    const volumeLots = Math.max(0, roundQuantityToLots(def, volume, 'down'));
    if (!state.builder.mergeTick({ time, price: priceTicks, volume: volumeLots })) return undefined;
    const tickId = this.statements.insertTick.get(symbol, priceTicks, volumeLots, time, source)?.id as number;
    state.last = { id: tickId, priceTicks, time };
    for (const period of PERIODS) state.dirty.add(period);
    const event: TickEvent = { symbol, tickId, priceTicks, volumeLots, time };
    this.deps.bus.emit('tick', event);
    return event;
  }

  lastTick(symbol: string): LastTick | undefined {
    return this.states.get(symbol)?.last;
  }

  /** The last tick if it is at most TRADE_TICK_MAX_AGE_MS old now: the only price a trade may open or close at. */
  freshTick(symbol: string): LastTick | undefined {
    const last = this.lastTick(symbol);
    return last && this.deps.now() - last.time <= TRADE_TICK_MAX_AGE_MS ? last : undefined;
  }

  lastPrice(symbol: string): string | undefined {
    const state = this.states.get(symbol);
    const priceTicks = state?.last?.priceTicks ?? state?.lastClose;
    return state && priceTicks !== undefined ? ticksToPrice(state.instrument.def, priceTicks) : undefined;
  }

  isOpen(instrument: Instrument, time: number): boolean {
    return instrument.calendar === undefined || isMarketOpen(CALENDARS[instrument.calendar], time);
  }

  /**
   * Whether a feed tick may fire what waits on it (entrusts, stops,
   * liquidations): a stock's only inside its market hours, both at the tick's
   * time and now, so a replayed or late tick never fires over a closed market.
   */
  firesAt(instrument: Instrument, tickTime: number): boolean {
    return this.isOpen(instrument, tickTime) && this.isOpen(instrument, this.deps.now());
  }

  nextOpen(instrument: Instrument, time: number): number {
    return instrument.calendar === undefined ? time : nextOpen(CALENDARS[instrument.calendar], time);
  }

  calendarOf(instrument: Instrument): TradingCalendar | undefined {
    return instrument.calendar === undefined ? undefined : CALENDARS[instrument.calendar];
  }

  /** Last price with the 24 h open, change, high, low, volume and turnover, from 1-minute candles. */
  ticker(symbol: string): Ticker {
    const state = this.states.get(symbol);
    if (!state) throw new Error(`unknown symbol ${symbol}`);
    const { instrument } = state;
    const { def, spec } = instrument;
    const now = this.deps.now();
    const since = Math.floor(now / 1000) - DAY_SECONDS;
    const current = state.builder.current('1min');
    const window = state.minutes.filter((candle) => candle.time >= since);
    if (current) window.push(current);
    const lastTicks = state.last?.priceTicks ?? window.at(-1)?.close ?? state.lastClose ?? 0;
    const openTicks = window[0]?.open ?? lastTicks;
    let high = lastTicks;
    let low = lastTicks;
    let volume = 0;
    let turnover = 0;
    for (const candle of window) {
      high = Math.max(high, candle.high);
      low = Math.min(low, candle.low);
      volume += candle.volume;
      turnover += candle.close * candle.volume * spec.quotePerTickLot;
    }
    const change = lastTicks - openTicks;
    const marketOpen = this.isOpen(instrument, now);
    return {
      symbol,
      price: ticksToPrice(def, lastTicks),
      open_24h: ticksToPrice(def, openTicks),
      change: dec(ticksToPrice(def, Math.abs(change))).times(Math.sign(change)).toFixed(spec.priceDecimals),
      change_percent: openTicks > 0 ? dec(change).times(100).dividedBy(openTicks).toFixed(2) : '0.00',
      high: ticksToPrice(def, high),
      low: ticksToPrice(def, low),
      volume: lotsToQuantity(def, volume),
      turnover: Number.isSafeInteger(turnover) ? quoteMinorToDecimal(def, turnover) : dec(turnover).dividedBy(10 ** def.quoteScale).toFixed(2),
      time: state.last?.time ?? now,
      tick_id: state.last?.id ?? null,
      market_open: marketOpen,
      next_open: marketOpen ? null : this.nextOpen(instrument, now),
    };
  }

  /** Candles oldest first; the running candle is included and current. */
  candles(instrument: Instrument, period: CandlePeriod, fromSeconds: number | undefined, toSeconds: number): CandleBar[] {
    const state = this.states.get(instrument.symbol) as SymbolState;
    this.flushSymbol(state);
    const stored = this.statements.candlesBetween.all(instrument.symbol, period, fromSeconds ?? 0, toSeconds, CANDLE_LIMIT);
    return stored.map((candle) => this.view(instrument, period, candle));
  }

  /** The running candle of every period, for realtime subscribers. */
  currentCandles(instrument: Instrument): CandleBar[] {
    const state = this.states.get(instrument.symbol) as SymbolState;
    return PERIODS.flatMap((period) => {
      const candle = state.builder.current(period);
      return candle ? [this.view(instrument, period, candle)] : [];
    });
  }

  /** Back-filled history goes straight to storage; the running candles continue it. */
  storeHistory(instrument: Instrument, closed: { period: CandlePeriod; candle: Candle }[], open: { period: CandlePeriod; candle: Candle }[]): void {
    const state = this.states.get(instrument.symbol) as SymbolState;
    const write = this.deps.sqlite.transaction(() => {
      for (const { period, candle } of [...closed, ...open]) this.statements.upsertCandle.run({ symbol: instrument.symbol, period, ...candle });
    });
    write();
    for (const { period, candle } of open) state.builder.restore(period, candle);
  }

  private view(instrument: Instrument, period: CandlePeriod, candle: Candle): CandleBar {
    const { def } = instrument;
    return {
      period,
      time: candle.time,
      open: ticksToPrice(def, candle.open),
      high: ticksToPrice(def, candle.high),
      low: ticksToPrice(def, candle.low),
      close: ticksToPrice(def, candle.close),
      volume: lotsToQuantity(def, candle.volume),
    };
  }

  private onCandleClosed(state: SymbolState, period: CandlePeriod, candle: Candle): void {
    this.statements.upsertCandle.run({ symbol: state.instrument.symbol, period, ...candle });
    state.dirty.delete(period);
    if (period !== '1min') return;
    state.minutes.push(candle);
    const since = candle.time - DAY_SECONDS;
    while ((state.minutes[0]?.time ?? since) < since) state.minutes.shift();
  }

  private flushSymbol(state: SymbolState): void {
    for (const period of state.dirty) {
      const candle = state.builder.current(period);
      if (candle) this.statements.upsertCandle.run({ symbol: state.instrument.symbol, period, ...candle });
    }
    state.dirty.clear();
  }

  /** Running candles are written once a second rather than on every tick. */
  flush(): void {
    this.deps.sqlite.transaction(() => {
      for (const state of this.states.values()) this.flushSymbol(state);
    })();
  }
}
