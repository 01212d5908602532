import { type Decimal, formatMinor, fromMinor, ZERO } from '@openbourse/core';
import type { Language } from '@openbourse/i18n';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema.ts';
import type { AccountTypeInfo, CurrencyInfo, FiatRate } from '../../platform/catalog.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { pageWindow, toPage } from '../../platform/fields.ts';
import { hasMessage, translate } from '../../platform/i18n.ts';

interface PostingFilter {
  currency?: CurrencyInfo;
  type?: AccountTypeInfo;
  /** A journal entry type (spot_trade, transfer, conversion...). */
  kind?: string;
  /** Unix ms, inclusive. */
  from?: number;
  /** Unix ms, exclusive. */
  to?: number;
  page: number;
  limit: number;
}

interface Holding {
  available: number;
  frozen: number;
}

const key = (currencyId: number, accountTypeId: number) => `${currencyId}:${accountTypeId}`;

export function createWalletService(ctx: AppContext) {
  const { db, catalog } = ctx;

  function holdings(userId: number): Map<string, Holding> {
    const rows = db
      .select({ currencyId: ledgerAccounts.currencyId, accountTypeId: ledgerAccounts.accountTypeId, available: ledgerAccounts.available, frozen: ledgerAccounts.frozen })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, userId))
      .all();
    return new Map(rows.map((row) => [key(row.currencyId, row.accountTypeId), row]));
  }

  function fiatRate(code: string): FiatRate {
    const rate = catalog.fiatRates.find((entry) => entry.code === code.toUpperCase());
    if (!rate) throw new AppError('validation.invalid', { field: { key: 'fields.fiat' } });
    return rate;
  }

  function valued(currency: CurrencyInfo, holding: Holding | undefined, fiat: FiatRate) {
    const available = holding?.available ?? 0;
    const frozen = holding?.frozen ?? 0;
    const total = fromMinor(available + frozen, currency.scale);
    const usdt = total.times(ctx.prices.usdtPrice(currency.id));
    return {
      currency_id: currency.id,
      currency: currency.symbol,
      name: currency.name,
      icon: currency.icon,
      available: formatMinor(available, currency.scale),
      frozen: formatMinor(frozen, currency.scale),
      total: total.toFixed(currency.scale),
      usdt_value: usdt.toFixed(2),
      fiat_value: usdt.times(fiat.rate).toFixed(2),
      usdt: usdt,
    };
  }

  function accountName(lang: Language, type: AccountTypeInfo): string {
    return translate(lang, `accountTypes.${type.code}`);
  }

  function resolveAccountType(type: string | number): AccountTypeInfo {
    const found = typeof type === 'number' || /^\d+$/.test(type) ? catalog.accountType(Number(type)) : catalog.accountTypeByCode(type);
    if (!found) throw new AppError('errors.accountTypeNotFound');
    return found;
  }

  function resolveCurrency(currency: string | number): CurrencyInfo {
    const found = typeof currency === 'number' || /^\d+$/.test(currency) ? catalog.currency(Number(currency)) : catalog.currencyBySymbol(currency);
    if (!found) throw new AppError('errors.currencyNotFound');
    return found;
  }

  const fiatBlock = (fiat: FiatRate) => ({ code: fiat.code, symbol: fiat.symbol, rate: fiat.rate });
  const stripUsdt = <T extends { usdt: Decimal }>({ usdt: _usdt, ...rest }: T) => rest;

  return {
    resolveAccountType,
    resolveCurrency,

    list(userId: number, lang: Language, fiatCode: string) {
      const fiat = fiatRate(fiatCode);
      const held = holdings(userId);
      let grandTotal = ZERO;
      const accounts = catalog.accountTypes.map((type) => {
        const balances = type.currencyIds.map((currencyId) => valued(catalog.currency(currencyId) as CurrencyInfo, held.get(key(currencyId, type.id)), fiat));
        const total = balances.reduce((sum, balance) => sum.plus(balance.usdt), ZERO);
        grandTotal = grandTotal.plus(total);
        return {
          type: type.id,
          code: type.code,
          name: accountName(lang, type),
          total_usdt: total.toFixed(2),
          total_fiat: total.times(fiat.rate).toFixed(2),
          balances: balances.map(stripUsdt),
        };
      });
      return { fiat: fiatBlock(fiat), total_usdt: grandTotal.toFixed(2), total_fiat: grandTotal.times(fiat.rate).toFixed(2), accounts };
    },

    detail(userId: number, lang: Language, currencyRef: string | number, typeRef: string | number, fiatCode: string) {
      const fiat = fiatRate(fiatCode);
      const type = resolveAccountType(typeRef);
      const currency = resolveCurrency(currencyRef);
      if (!type.currencyIds.includes(currency.id)) throw new AppError('errors.currencyNotFound');
      const holding = holdings(userId).get(key(currency.id, type.id));
      return { account_type: type.id, account_code: type.code, account_name: accountName(lang, type), fiat: fiatBlock(fiat), ...stripUsdt(valued(currency, holding, fiat)) };
    },

    /** Both sides of a trading pair in the account the pair trades in (spot for crypto, stock for stocks). */
    pairDetail(userId: number, lang: Language, currencyId: number, legalId: number, fiatCode: string) {
      const fiat = fiatRate(fiatCode);
      const instrument = ctx.instruments.byCurrencies(currencyId, legalId);
      if (!instrument) throw new AppError('errors.pairNotFound');
      const type = resolveAccountType(instrument.accountTypeId);
      const owned = holdings(userId);
      const side = (currency: CurrencyInfo) => stripUsdt(valued(currency, owned.get(key(currency.id, type.id)), fiat));
      return {
        symbol: instrument.symbol,
        account_type: type.id,
        account_code: type.code,
        account_name: accountName(lang, type),
        fiat: fiatBlock(fiat),
        base: side(instrument.base),
        quote: side(instrument.quote),
      };
    },

    /** One currency over every account that holds it: the coin detail page. */
    coin(userId: number, lang: Language, currency: CurrencyInfo, fiatCode: string) {
      const fiat = fiatRate(fiatCode);
      const held = holdings(userId);
      const types = catalog.accountTypes.filter((type) => type.currencyIds.includes(currency.id));
      const accounts = types.map((type) => {
        const { available, frozen, total, usdt_value, fiat_value } = valued(currency, held.get(key(currency.id, type.id)), fiat);
        return { type: type.id, code: type.code, name: accountName(lang, type), available, frozen, total, usdt_value, fiat_value };
      });
      const overall = types.reduce<Holding>(
        (sum, type) => {
          const holding = held.get(key(currency.id, type.id));
          return { available: sum.available + (holding?.available ?? 0), frozen: sum.frozen + (holding?.frozen ?? 0) };
        },
        { available: 0, frozen: 0 },
      );
      const usdt = catalog.currencyBySymbol('USDT');
      const instrument = usdt && currency.id !== usdt.id ? ctx.instruments.byCurrencies(currency.id, usdt.id) : undefined;
      return {
        fiat: fiatBlock(fiat),
        ...stripUsdt(valued(currency, overall, fiat)),
        kind: currency.kind,
        scale: currency.scale,
        display_decimals: currency.displayDecimals,
        chains: currency.chains,
        usdt_price: ctx.prices.usdtPrice(currency.id).toFixed(),
        trade_symbol: instrument?.symbol ?? null,
        accounts,
      };
    },

    /** Currencies with the user's total over every account, for pickers that show what the user holds. */
    userCurrencies(userId: number) {
      const totals = new Map<number, number>();
      for (const [holdingKey, holding] of holdings(userId)) {
        const currencyId = Number(holdingKey.split(':')[0]);
        totals.set(currencyId, (totals.get(currencyId) ?? 0) + holding.available + holding.frozen);
      }
      return catalog.currencies.map((currency) => {
        const total = fromMinor(totals.get(currency.id) ?? 0, currency.scale);
        return {
          id: currency.id,
          currency: currency.symbol,
          name: currency.name,
          icon: currency.icon,
          kind: currency.kind,
          total: total.toFixed(currency.scale),
          usdt_value: total.times(ctx.prices.usdtPrice(currency.id)).toFixed(2),
        };
      });
    },

    /** The user's postings, newest first, with the posting type named in the caller's language. */
    postings(userId: number, lang: Language, filter: PostingFilter) {
      const conditions: SQL[] = [eq(ledgerAccounts.userId, userId)];
      if (filter.currency) conditions.push(eq(ledgerAccounts.currencyId, filter.currency.id));
      if (filter.type) conditions.push(eq(ledgerAccounts.accountTypeId, filter.type.id));
      if (filter.kind) conditions.push(eq(journalEntries.type, filter.kind));
      if (filter.from !== undefined) conditions.push(gte(journalEntries.createdAt, filter.from));
      if (filter.to !== undefined) conditions.push(lt(journalEntries.createdAt, filter.to));
      const where = and(...conditions);
      const window = pageWindow(filter.page, filter.limit);
      const total =
        db
          .select({ total: count() })
          .from(postings)
          .innerJoin(ledgerAccounts, eq(postings.accountId, ledgerAccounts.id))
          .innerJoin(journalEntries, eq(postings.entryId, journalEntries.id))
          .where(where)
          .get()?.total ?? 0;
      const rows = db
        .select({
          id: postings.id,
          entryId: postings.entryId,
          bucket: postings.bucket,
          amount: postings.amount,
          balanceAfter: postings.balanceAfter,
          currencyId: ledgerAccounts.currencyId,
          accountTypeId: ledgerAccounts.accountTypeId,
          type: journalEntries.type,
          refType: journalEntries.refType,
          refId: journalEntries.refId,
          memo: journalEntries.memo,
          createdAt: journalEntries.createdAt,
        })
        .from(postings)
        .innerJoin(ledgerAccounts, eq(postings.accountId, ledgerAccounts.id))
        .innerJoin(journalEntries, eq(postings.entryId, journalEntries.id))
        .where(where)
        .orderBy(desc(postings.id))
        .limit(window.limit)
        .offset(window.offset)
        .all();
      const list = rows.map((row) => {
        const currency = catalog.currency(row.currencyId) as CurrencyInfo;
        const type = catalog.accountType(row.accountTypeId);
        const typeKey = `ledgerTypes.${row.type}`;
        return {
          id: row.id,
          entry_id: row.entryId,
          type: row.type,
          type_name: hasMessage(typeKey) ? translate(lang, typeKey) : row.type,
          currency_id: currency.id,
          currency: currency.symbol,
          account_type: row.accountTypeId,
          account_name: type ? accountName(lang, type) : '',
          bucket: row.bucket,
          amount: formatMinor(row.amount, currency.scale),
          balance_after: formatMinor(row.balanceAfter, currency.scale),
          memo: row.memo,
          ref_type: row.refType,
          ref_id: row.refId,
          created_at: row.createdAt,
        };
      });
      return toPage(list, window, total);
    },
  };
}
