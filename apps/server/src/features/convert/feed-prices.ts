import { CONVERSION, ticksToPrice } from '@openbourse/core';
import { inArray } from 'drizzle-orm';
import { ticks } from '../../db/schema.ts';
import type { CurrencyInfo } from '../../platform/catalog.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';

/** A currency's price in USDT as the feed last quoted it; USDT itself is 1 and needs no tick. */
export interface FeedPrice {
  currency: CurrencyInfo;
  price: string;
  /** The stored tick the price comes from; null for USDT. */
  tickId: number | null;
}

export interface PresentedTick {
  id: number;
  symbol: string;
  price: string;
  time: number;
  source: string;
}

/** Prices for conversions, only ever from the feed's stored ticks (principle 1). */
export function createFeedPrices(ctx: AppContext) {
  const usdt = ctx.catalog.currencyBySymbol('USDT') as CurrencyInfo;

  const instrumentOf = (currency: CurrencyInfo) => ctx.instruments.byCurrencies(currency.id, usdt.id);

  /** Coins (not stocks) the feed prices against USDT, and USDT. */
  const isConvertible = (currency: CurrencyInfo) => currency.kind === 'crypto' && (currency.id === usdt.id || instrumentOf(currency) !== undefined);

  /**
   * The price a conversion may use now: the last tick, if the feed has quoted
   * the currency recently. Undefined when it has not (no tick yet, or a
   * stalled feed), so nobody converts at a price the market left behind.
   */
  function freshPrice(currency: CurrencyInfo): FeedPrice | undefined {
    if (currency.id === usdt.id) return { currency, price: '1', tickId: null };
    const instrument = instrumentOf(currency);
    const last = instrument ? ctx.market.lastTick(instrument.symbol) : undefined;
    if (!instrument || !last || ctx.now() - last.time > CONVERSION.maxTickAgeMs) return undefined;
    return { currency, price: ticksToPrice(instrument.def, last.priceTicks), tickId: last.id };
  }

  function requireFreshPrice(currency: CurrencyInfo): FeedPrice {
    const price = freshPrice(currency);
    if (!price) throw new AppError('errors.noMarketPrice');
    return price;
  }

  /** The stored ticks a record names, in order, with their prices written out: what the user is shown as "the market at that moment". */
  function presentTicks(ids: (number | null)[]): PresentedTick[] {
    const wanted = ids.filter((id): id is number => id !== null);
    if (wanted.length === 0) return [];
    const rows = new Map(ctx.db.select().from(ticks).where(inArray(ticks.id, wanted)).all().map((row) => [row.id, row]));
    return wanted.flatMap((id) => {
      const row = rows.get(id);
      const instrument = row ? ctx.instruments.get(row.symbol) : undefined;
      return row && instrument ? [{ id: row.id, symbol: row.symbol, price: ticksToPrice(instrument.def, row.priceTicks), time: row.time, source: row.source }] : [];
    });
  }

  return { usdt, isConvertible, freshPrice, requireFreshPrice, presentTicks };
}

export type FeedPrices = ReturnType<typeof createFeedPrices>;
