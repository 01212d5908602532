import { priceToTicks, quantityToLots } from '@openbourse/core';
import type { Instrument } from '../../market/instruments.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';

export function requireInstrument(ctx: AppContext, currencyId: number, legalId: number): Instrument {
  const instrument = ctx.instruments.byCurrencies(currencyId, legalId);
  if (!instrument) throw new AppError('errors.pairNotFound');
  return instrument;
}

/** Stocks trade only while their exchange is open; the refusal says when it opens next. */
export function assertMarketOpen(ctx: AppContext, instrument: Instrument): void {
  const now = ctx.now();
  if (ctx.market.isOpen(instrument, now)) return;
  throw new AppError('errors.marketClosed', { opens: { dateTime: ctx.market.nextOpen(instrument, now), timeZone: 'America/New_York' } });
}

/** A typed quantity in lots; refused when empty, malformed or off the lot size. */
export function lotsOf(instrument: Instrument, amount: string | undefined): number {
  const lots = amount === undefined ? undefined : quantityToLots(instrument.def, amount);
  if (!lots?.ok) throw new AppError('validation.quantity');
  return lots.lots;
}

/** A typed price in ticks; an off-tick price is refused with the tick size. */
export function ticksOf(instrument: Instrument, text: string): number {
  const price = priceToTicks(instrument.def, text);
  if (!price.ok) throw new AppError(price.reason === 'off_tick' ? 'errors.offTickPrice' : 'validation.price', { tick: instrument.def.tickSize });
  return price.ticks;
}
