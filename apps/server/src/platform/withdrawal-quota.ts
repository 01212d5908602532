import { Decimal, dec, fromMinor, ticksToPrice, toMinor, VERIFICATION_LIMITS } from '@openbourse/core';
import type { CurrencyInfo } from './catalog.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';

/**
 * The 24-hour withdrawal limit of spec 6 (Lv1 200 BTC, Lv2 500 BTC): each
 * withdrawal is valued in BTC at the feed's prices when it is requested,
 * and that value, with the ticks it came from, is recorded on the request.
 * Shared by the withdrawal itself and the page that shows what is left.
 */

export const BTC_SCALE = 8;
export const QUOTA_WINDOW_MS = 24 * 3_600_000;

interface FeedPrice {
  price: Decimal;
  tickId: number | null;
}

function usdtPrice(ctx: AppContext, currency: CurrencyInfo): FeedPrice {
  if (currency.symbol === 'USDT') return { price: dec(1), tickId: null };
  const usdt = ctx.catalog.currencyBySymbol('USDT');
  const instrument = usdt && ctx.instruments.byCurrencies(currency.id, usdt.id);
  const tick = instrument && ctx.market.lastTick(instrument.symbol);
  if (!instrument || !tick) throw new AppError('errors.noMarketPrice');
  return { price: dec(ticksToPrice(instrument.def, tick.priceTicks)), tickId: tick.id };
}

export interface BtcRate {
  /** BTC per one unit of the currency. */
  btcPerUnit: Decimal;
  priceTickId: number | null;
  btcTickId: number | null;
}

/** How much BTC one unit of the currency is worth at the feed's last ticks (BTC itself is 1 by definition). */
export function btcRate(ctx: AppContext, currency: CurrencyInfo): BtcRate {
  if (currency.symbol === 'BTC') return { btcPerUnit: dec(1), priceTickId: null, btcTickId: null };
  const btc = ctx.catalog.currencyBySymbol('BTC');
  if (!btc) throw new AppError('errors.noMarketPrice');
  const own = usdtPrice(ctx, currency);
  const reference = usdtPrice(ctx, btc);
  return { btcPerUnit: own.price.dividedBy(reference.price), priceTickId: own.tickId, btcTickId: reference.tickId };
}

/** An amount's BTC value in satoshis, rounded up: the limit never counts a withdrawal as less than it is. */
export function btcValueOf(rate: BtcRate, currency: CurrencyInfo, amount: number): number {
  const btc = fromMinor(amount, currency.scale).times(rate.btcPerUnit);
  return toMinor(btc.toDecimalPlaces(BTC_SCALE, Decimal.ROUND_UP), BTC_SCALE);
}

/** The currency amount a BTC value in satoshis buys at this rate, rounded down. */
export function currencyAmountOf(rate: BtcRate, currency: CurrencyInfo, satoshis: number): number {
  if (rate.btcPerUnit.isZero()) return 0;
  const units = fromMinor(satoshis, BTC_SCALE).dividedBy(rate.btcPerUnit);
  return toMinor(units.toDecimalPlaces(currency.scale, Decimal.ROUND_DOWN), currency.scale);
}

export interface WithdrawalQuota {
  /** All in satoshis. */
  limit: number;
  used: number;
  remaining: number;
}

/** The limit of the user's level, what withdrawals of the last 24 hours used (rejected ones do not count), and what is left. */
export function withdrawalQuota(ctx: Pick<AppContext, 'sqlite'>, userId: number, verificationLevel: number, now: number): WithdrawalQuota {
  const level = verificationLevel >= 2 ? 2 : verificationLevel === 1 ? 1 : 0;
  const limit = level === 0 ? 0 : toMinor(VERIFICATION_LIMITS[level].withdrawal24hBtc, BTC_SCALE);
  const used =
    (ctx.sqlite.prepare("SELECT COALESCE(SUM(btc_value), 0) FROM withdrawals WHERE user_id = ? AND status != 'rejected' AND created_at > ?").pluck().get(userId, now - QUOTA_WINDOW_MS) as number) ?? 0;
  return { limit, used, remaining: Math.max(0, limit - used) };
}
