import { CONVERSION, type ConversionPreview, formatMinor, isSmallBalance, previewConversion, usdtValueOf } from '@openbourse/core';
import type { Language } from '@openbourse/i18n';
import { and, desc, eq, gt } from 'drizzle-orm';
import { conversions, ledgerAccounts } from '../../db/schema.ts';
import type { AccountTypeInfo } from '../../platform/catalog.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n.ts';
import type { FeedPrice, FeedPrices } from './feed-prices.ts';
import { type ConversionRow, settleConversion } from './service.ts';

interface SmallBalance {
  account: AccountTypeInfo;
  from: FeedPrice;
  /** What is converted: the available part; a balance with a lot frozen is not small. */
  available: number;
  total: number;
  preview: ConversionPreview;
}

/**
 * Coins worth less than one USDT swept into USDT of the same account in one
 * action, at feed prices, at most once per CONVERSION.smallBalanceIntervalMs.
 */
export function createSmallBalanceService(ctx: AppContext, prices: FeedPrices, present: (lang: Language, row: ConversionRow) => unknown) {
  const { db, catalog } = ctx;
  const usdt = prices.usdt;
  const usdtPrice: FeedPrice = { currency: usdt, price: '1', tickId: null };

  /** What a sweep would convert now: coins priced by a fresh tick, in accounts that hold USDT, worth under the threshold and yielding at least one USDT minor unit. */
  function smallBalances(userId: number): SmallBalance[] {
    const rows = db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, userId), gt(ledgerAccounts.available, 0)))
      .all();
    return rows.flatMap((row) => {
      const account = catalog.accountType(row.accountTypeId);
      const currency = catalog.currency(row.currencyId);
      if (!account || !currency || currency.id === usdt.id || !prices.isConvertible(currency) || !account.currencyIds.includes(usdt.id)) return [];
      const from = prices.freshPrice(currency);
      const total = row.available + row.frozen;
      if (!from || !isSmallBalance(total, currency.scale, from.price)) return [];
      const preview = previewConversion({ fromPrice: from.price, toPrice: '1', feeBps: CONVERSION.feeBps, fromScale: currency.scale, toScale: usdt.scale }, row.available);
      return preview.receive > 0 ? [{ account, from, available: row.available, total, preview }] : [];
    });
  }

  /** When the user may sweep again, or null when now. */
  function nextAllowedAt(userId: number, now: number): number | null {
    const last = db
      .select({ createdAt: conversions.createdAt })
      .from(conversions)
      .where(and(eq(conversions.userId, userId), eq(conversions.kind, 'small_balance')))
      .orderBy(desc(conversions.createdAt))
      .limit(1)
      .get();
    const next = last ? last.createdAt + CONVERSION.smallBalanceIntervalMs : null;
    return next !== null && next > now ? next : null;
  }

  const totalReceived = (items: { preview: ConversionPreview }[]) => formatMinor(items.reduce((sum, item) => sum + item.preview.receive, 0), usdt.scale);

  return {
    list(userId: number, lang: Language) {
      const items = smallBalances(userId);
      return {
        threshold_usdt: CONVERSION.smallBalanceUsdt,
        fee_bps: CONVERSION.feeBps,
        next_allowed_at: nextAllowedAt(userId, ctx.now()),
        items: items.map((item) => ({
          account: { type: item.account.id, code: item.account.code, name: translate(lang, `accountTypes.${item.account.code}`) },
          currency_id: item.from.currency.id,
          currency: item.from.currency.symbol,
          icon: item.from.currency.icon,
          amount: formatMinor(item.available, item.from.currency.scale),
          price: item.from.price,
          usdt_value: usdtValueOf(item.total, item.from.currency.scale, item.from.price).toFixed(usdt.scale),
          receive: formatMinor(item.preview.receive, usdt.scale),
        })),
        total_receive: totalReceived(items),
      };
    },

    convert(userId: number, lang: Language) {
      const now = ctx.now();
      const rows = db.transaction(() => {
        const next = nextAllowedAt(userId, now);
        if (next !== null) {
          const minutes = Math.ceil((next - now) / 60_000);
          throw new AppError('errors.smallBalanceWait', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
        }
        const items = smallBalances(userId);
        if (items.length === 0) throw new AppError('errors.noSmallBalances');
        return items.map(
          (item) => settleConversion(ctx, { userId, kind: 'small_balance', quoteId: null, account: item.account, from: item.from, to: usdtPrice, amountIn: item.available, feeBps: CONVERSION.feeBps, now }),
        );
      });
      const total = formatMinor(
        rows.reduce((sum, row) => sum + row.amountOut, 0),
        usdt.scale,
      );
      ctx.bus.emit('user', {
        userId,
        kind: 'conversion.small_balances',
        refType: 'conversion',
        refId: rows[0]?.id ?? 0,
        params: { count: rows.length, amount_out: total, currency: usdt.symbol },
        time: now,
      });
      ctx.bus.emit('balance', { userId });
      return { converted: rows.map((row) => present(lang, row)), total_receive: total, next_allowed_at: now + CONVERSION.smallBalanceIntervalMs };
    },
  };
}
