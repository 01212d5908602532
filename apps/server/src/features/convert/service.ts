import { randomBytes } from 'node:crypto';
import { CONVERSION, conversionRate, dec, formatMinor, previewConversion } from '@openbourse/core';
import type { Language } from '@openbourse/i18n';
import { and, count, desc, eq, isNull, lt } from 'drizzle-orm';
import { conversionQuotes, conversions, ledgerAccounts } from '../../db/schema.ts';
import { type PostingLine, post } from '../../ledger/ledger.ts';
import type { AccountTypeInfo, CurrencyInfo } from '../../platform/catalog.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { pageWindow, toPage } from '../../platform/fields.ts';
import { translate } from '../../platform/i18n.ts';
import type { FeedPrice, FeedPrices } from './feed-prices.ts';

/** Coin-to-coin conversion happens in the spot (coin-to-coin, "change") account. */
export const CONVERSION_ACCOUNT_CODE = 'change';

export type ConversionRow = typeof conversions.$inferSelect;

export interface ConversionInput {
  userId: number;
  kind: ConversionRow['kind'];
  quoteId: string | null;
  account: AccountTypeInfo;
  from: FeedPrice;
  to: FeedPrice;
  amountIn: number;
  feeBps: number;
  now: number;
}

const feeRate = (feeBps: number) => dec(feeBps).dividedBy(10_000).toFixed();

/**
 * Settles one conversion inside the caller's transaction: the user gives the
 * amount to the treasury and receives its value at the two feed prices less
 * the fee, which goes to the fees account. Refuses an amount worth nothing.
 */
export function settleConversion(ctx: AppContext, input: ConversionInput): ConversionRow {
  const { from, to } = input;
  const preview = previewConversion(
    { fromPrice: from.price, toPrice: to.price, feeBps: input.feeBps, fromScale: from.currency.scale, toScale: to.currency.scale },
    input.amountIn,
  );
  if (preview.receive <= 0) throw new AppError('errors.conversionTooSmall');
  const row = ctx.db
    .insert(conversions)
    .values({
      userId: input.userId,
      kind: input.kind,
      quoteId: input.quoteId,
      accountTypeId: input.account.id,
      fromCurrencyId: from.currency.id,
      toCurrencyId: to.currency.id,
      amountIn: input.amountIn,
      amountOut: preview.receive,
      fee: preview.fee,
      fromPrice: from.price,
      toPrice: to.price,
      fromTickId: from.tickId,
      toTickId: to.tickId,
      feeBps: input.feeBps,
      createdAt: input.now,
    })
    .returning()
    .get();
  const user = (currency: CurrencyInfo) => ({ userId: input.userId, currencyId: currency.id, accountTypeId: input.account.id });
  const lines: PostingLine[] = [
    { account: user(from.currency), bucket: 'available', amount: -input.amountIn },
    { account: { system: 'treasury', currencyId: from.currency.id }, bucket: 'available', amount: input.amountIn },
    { account: { system: 'treasury', currencyId: to.currency.id }, bucket: 'available', amount: -preview.gross },
    { account: user(to.currency), bucket: 'available', amount: preview.receive },
  ];
  if (preview.fee > 0) lines.push({ account: { system: 'fees', currencyId: to.currency.id }, bucket: 'available', amount: preview.fee });
  const ticksUsed = [from.tickId, to.tickId].flatMap((id) => (id === null ? [] : [`tick ${id}`])).join(', ');
  post(
    ctx.sqlite,
    {
      type: input.kind === 'quote' ? 'conversion' : 'small_balance',
      refType: 'conversion',
      refId: row.id,
      memo: `${from.currency.symbol} → ${to.currency.symbol} at ${from.price}/${to.price} USDT (${ticksUsed || 'no tick'})`,
      lines,
    },
    input.now,
  );
  return row;
}

/** Quotes valid for a few seconds and conversions at exactly those quotes. */
export function createConversionService(ctx: AppContext, prices: FeedPrices) {
  const { db, catalog } = ctx;
  const account = catalog.accountTypeByCode(CONVERSION_ACCOUNT_CODE) as AccountTypeInfo;

  function convertible(currencyId: number): CurrencyInfo {
    const currency = catalog.currency(currencyId);
    if (!currency) throw new AppError('errors.currencyNotFound');
    if (!prices.isConvertible(currency) || !account.currencyIds.includes(currency.id)) throw new AppError('errors.notConvertible', { currency: currency.symbol });
    return currency;
  }

  function pair(fromId: number, toId: number): [CurrencyInfo, CurrencyInfo] {
    const from = convertible(fromId);
    const to = convertible(toId);
    if (from.id === to.id) throw new AppError('errors.sameCurrency');
    return [from, to];
  }

  const accountBlock = (lang: Language) => ({ type: account.id, code: account.code, name: translate(lang, `accountTypes.${account.code}`) });

  function presentConversion(lang: Language, row: ConversionRow) {
    const from = catalog.currency(row.fromCurrencyId) as CurrencyInfo;
    const to = catalog.currency(row.toCurrencyId) as CurrencyInfo;
    const type = catalog.accountType(row.accountTypeId) as AccountTypeInfo;
    return {
      id: row.id,
      kind: row.kind,
      from_currency_id: from.id,
      from_currency: from.symbol,
      to_currency_id: to.id,
      to_currency: to.symbol,
      amount_in: formatMinor(row.amountIn, from.scale),
      amount_out: formatMinor(row.amountOut, to.scale),
      fee: formatMinor(row.fee, to.scale),
      fee_currency: to.symbol,
      fee_rate: feeRate(row.feeBps),
      rate: conversionRate(row.fromPrice, row.toPrice),
      from_price: row.fromPrice,
      to_price: row.toPrice,
      ticks: prices.presentTicks([row.fromTickId, row.toTickId]),
      account: { type: type.id, code: type.code, name: translate(lang, `accountTypes.${type.code}`) },
      created_at: row.createdAt,
    };
  }

  function availableIn(userId: number): Map<number, number> {
    const rows = db
      .select({ currencyId: ledgerAccounts.currencyId, available: ledgerAccounts.available })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.accountTypeId, account.id)))
      .all();
    return new Map(rows.map((row) => [row.currencyId, row.available]));
  }

  return {
    presentConversion,

    /** Every coin that converts into every other, with what the user has available in the spot account. */
    list(userId: number, lang: Language) {
      const available = availableIn(userId);
      const currencies = catalog.currencies.filter((currency) => prices.isConvertible(currency) && account.currencyIds.includes(currency.id));
      return {
        account: accountBlock(lang),
        fee_bps: CONVERSION.feeBps,
        fee_rate: feeRate(CONVERSION.feeBps),
        quote_ttl_ms: CONVERSION.quoteTtlMs,
        currencies: currencies.map((currency) => ({
          id: currency.id,
          currency: currency.symbol,
          name: currency.name,
          icon: currency.icon,
          scale: currency.scale,
          display_decimals: currency.displayDecimals,
          available: formatMinor(available.get(currency.id) ?? 0, currency.scale),
          to: currencies.filter((other) => other.id !== currency.id).map((other) => other.id),
        })),
      };
    },

    /** A price for this user and pair from the feed's last ticks, valid for CONVERSION.quoteTtlMs. */
    quote(userId: number, fromId: number, toId: number) {
      const [fromCurrency, toCurrency] = pair(fromId, toId);
      const from = prices.requireFreshPrice(fromCurrency);
      const to = prices.requireFreshPrice(toCurrency);
      const now = ctx.now();
      const row = db
        .insert(conversionQuotes)
        .values({
          id: randomBytes(16).toString('base64url'),
          userId,
          fromCurrencyId: fromCurrency.id,
          toCurrencyId: toCurrency.id,
          fromPrice: from.price,
          toPrice: to.price,
          fromTickId: from.tickId,
          toTickId: to.tickId,
          feeBps: CONVERSION.feeBps,
          createdAt: now,
          expiresAt: now + CONVERSION.quoteTtlMs,
        })
        .returning()
        .get();
      return {
        quote_id: row.id,
        from_currency_id: fromCurrency.id,
        from_currency: fromCurrency.symbol,
        to_currency_id: toCurrency.id,
        to_currency: toCurrency.symbol,
        from_scale: fromCurrency.scale,
        to_scale: toCurrency.scale,
        from_price: row.fromPrice,
        to_price: row.toPrice,
        rate: conversionRate(row.fromPrice, row.toPrice),
        fee_bps: row.feeBps,
        fee_rate: feeRate(row.feeBps),
        ticks: prices.presentTicks([row.fromTickId, row.toTickId]),
        created_at: row.createdAt,
        expires_at: row.expiresAt,
        valid_ms: CONVERSION.quoteTtlMs,
      };
    },

    /**
     * Converts at exactly the quote's prices, or refuses: a quote that is
     * unknown, someone else's, for another pair, expired or already used
     * reads the same ("expired"), and nothing changes.
     */
    convert(userId: number, lang: Language, input: { quoteId: string; fromId: number; toId: number; amount: (currency: CurrencyInfo) => number }) {
      const [fromCurrency, toCurrency] = pair(input.fromId, input.toId);
      const amountIn = input.amount(fromCurrency);
      const now = ctx.now();
      const row = db.transaction((tx) => {
        const quote = tx
          .select()
          .from(conversionQuotes)
          .where(and(eq(conversionQuotes.id, input.quoteId), eq(conversionQuotes.userId, userId)))
          .get();
        const usable =
          quote !== undefined && quote.usedAt === null && now <= quote.expiresAt && quote.fromCurrencyId === fromCurrency.id && quote.toCurrencyId === toCurrency.id;
        if (!usable) throw new AppError('errors.quoteExpired');
        tx.update(conversionQuotes).set({ usedAt: now }).where(and(eq(conversionQuotes.id, quote.id), isNull(conversionQuotes.usedAt))).run();
        return settleConversion(ctx, {
          userId,
          kind: 'quote',
          quoteId: quote.id,
          account,
          from: { currency: fromCurrency, price: quote.fromPrice, tickId: quote.fromTickId },
          to: { currency: toCurrency, price: quote.toPrice, tickId: quote.toTickId },
          amountIn,
          feeBps: quote.feeBps,
          now,
        });
      });
      const conversion = presentConversion(lang, row);
      ctx.bus.emit('user', {
        userId,
        kind: 'conversion.completed',
        refType: 'conversion',
        refId: row.id,
        params: { from: conversion.from_currency, to: conversion.to_currency, amount_in: conversion.amount_in, amount_out: conversion.amount_out, rate: conversion.rate },
        time: now,
      });
      ctx.bus.emit('balance', { userId });
      return conversion;
    },

    history(userId: number, lang: Language, page: number, limit: number) {
      const window = pageWindow(page, limit);
      const where = eq(conversions.userId, userId);
      const total = db.select({ total: count() }).from(conversions).where(where).get()?.total ?? 0;
      const rows = db.select().from(conversions).where(where).orderBy(desc(conversions.id)).limit(window.limit).offset(window.offset).all();
      return toPage(
        rows.map((row) => presentConversion(lang, row)),
        window,
        total,
      );
    },

    /** Quotes nobody used are of no interest once expired; used ones stay, as their conversions name them. */
    pruneQuotes(now: number) {
      db.delete(conversionQuotes)
        .where(and(isNull(conversionQuotes.usedAt), lt(conversionQuotes.expiresAt, now - CONVERSION.quoteTtlMs)))
        .run();
    },
  };
}
