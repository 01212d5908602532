import type { CandlePeriod } from './candles.ts';
import type { InstrumentDef, InstrumentKind } from './instrument.ts';

/**
 * The market data the API and the realtime channels send, shared by the
 * server that builds it and the clients that read it. Prices, quantities and
 * amounts are decimal strings; times are Unix milliseconds unless noted.
 */

/** A live price picture of one instrument (`tickers`, `ticker:<symbol>`, `/currency/quotation_new`). */
export interface Ticker {
  symbol: string;
  price: string;
  open_24h: string;
  change: string;
  change_percent: string;
  high: string;
  low: string;
  volume: string;
  turnover: string;
  time: number;
  tick_id: number | null;
  /** Always true for crypto; stocks trade only in their exchange's sessions. */
  market_open: boolean;
  /** When a closed market opens next, otherwise null. */
  next_open: number | null;
}

/** One candle (`/currency/new_timeshar`, `candles:<symbol>:<period>`). */
export interface CandleBar {
  period: CandlePeriod;
  /** Bucket start, Unix seconds. */
  time: number;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

/** What trading an instrument needs to know, in the API's field names. */
export interface InstrumentTerms {
  symbol: string;
  base: string;
  quote: string;
  kind: InstrumentKind;
  tick_size: string;
  lot_size: string;
  min_notional: string;
  maker_fee_bps: number;
  taker_fee_bps: number;
  base_scale: number;
  quote_scale: number;
}

/** An instrument as `/currency/quotation_new` lists it: its ticker, its terms and how to show it. */
export interface Quote extends Ticker, InstrumentTerms {
  currency_id: number;
  legal_id: number;
  name: string;
  icon: string;
  /** Present when the caller is signed in. */
  favourite?: boolean;
}

/** The definition the rest of this package works with, from the terms the API sends. */
export function instrumentDefOf(terms: InstrumentTerms): InstrumentDef {
  return {
    symbol: terms.symbol,
    base: terms.base,
    quote: terms.quote,
    kind: terms.kind,
    tickSize: terms.tick_size,
    lotSize: terms.lot_size,
    minNotional: terms.min_notional,
    makerFeeBps: terms.maker_fee_bps,
    takerFeeBps: terms.taker_fee_bps,
    baseScale: terms.base_scale,
    quoteScale: terms.quote_scale,
  };
}
