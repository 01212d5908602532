import { type Decimal, formatMinor, fromMinor, ZERO } from '@openbourse/core';
import type { Language } from '@openbourse/i18n';
import { eq } from 'drizzle-orm';
import { FUNDS_ACCOUNT_TYPE_ID } from '../../chains/settings.ts';
import { ledgerAccounts } from '../../db/schema.ts';
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

/** The bill type of the informational row for an invitation rebate the user's fee paid to their inviter (not a journal entry type). */
const REBATE_PAID = 'referral_rebate_paid';

interface BillRow {
  sortKey: number;
  informational: 0 | 1;
  id: number;
  entryId: number;
  bucket: 'available' | 'frozen';
  amount: number;
  balanceAfter: number | null;
  currencyId: number;
  accountTypeId: number;
  type: string;
  refType: string;
  refId: string;
  memo: string;
  createdAt: number;
}

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
      const held = holdings(userId);
      const totals = new Map<number, number>();
      for (const [holdingKey, holding] of held) {
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
          /** Whether it moves on a network at all: only these can be deposited, withdrawn or given a saved address. */
          on_chain: currency.chains.length > 0,
          total: total.toFixed(currency.scale),
          /** What a withdrawal can take: the funds account's available balance, as the withdrawal form shows it. */
          withdrawable: formatMinor(held.get(key(currency.id, FUNDS_ACCOUNT_TYPE_ID))?.available ?? 0, currency.scale),
          usdt_value: total.times(ctx.prices.usdtPrice(currency.id)).toFixed(2),
        };
      });
    },

    /**
     * The user's bills, newest first, with the type named in the caller's
     * language: every posting of their accounts, and, as informational rows
     * (`informational: true`, no balance), each invitation rebate one of their
     * fees paid to their inviter. That rebate moves money from the fees
     * account to the inviter only, never on the payer's account; the row sits
     * right above the fee that paid it (ordered by the inviter's posting).
     */
    postings(userId: number, lang: Language, filter: PostingFilter) {
      const postingWhere = ['a.user_id = @userId'];
      const rebateWhere = ['r.invitee_id = @userId'];
      if (filter.currency) {
        postingWhere.push('a.currency_id = @currencyId');
        rebateWhere.push('r.currency_id = @currencyId');
      }
      if (filter.type) {
        postingWhere.push('a.account_type_id = @accountTypeId');
        rebateWhere.push('credit_account.account_type_id = @accountTypeId');
      }
      if (filter.kind) {
        postingWhere.push('e.type = @kind');
        if (filter.kind !== REBATE_PAID) rebateWhere.push('0');
      }
      if (filter.from !== undefined) {
        postingWhere.push('e.created_at >= @from');
        rebateWhere.push('r.created_at >= @from');
      }
      if (filter.to !== undefined) {
        postingWhere.push('e.created_at < @to');
        rebateWhere.push('r.created_at < @to');
      }
      const rows = `
        SELECT p.id AS sortKey, 0 AS informational, p.id AS id, p.entry_id AS entryId, p.bucket AS bucket, p.amount AS amount, p.balance_after AS balanceAfter,
               a.currency_id AS currencyId, a.account_type_id AS accountTypeId, e.type AS type, e.ref_type AS refType, e.ref_id AS refId, e.memo AS memo, e.created_at AS createdAt
        FROM postings p JOIN ledger_accounts a ON a.id = p.account_id JOIN journal_entries e ON e.id = p.entry_id
        WHERE ${postingWhere.join(' AND ')}
        UNION ALL
        SELECT credit.id, 1, r.id, r.entry_id, 'available', r.rebate, NULL,
               r.currency_id, credit_account.account_type_id, '${REBATE_PAID}', r.ref_type, r.ref_id, '', r.created_at
        FROM referral_rebates r
          JOIN postings credit ON credit.entry_id = r.entry_id
          JOIN ledger_accounts credit_account ON credit_account.id = credit.account_id AND credit_account.user_id = r.inviter_id
        WHERE ${rebateWhere.join(' AND ')}`;
      const params = {
        userId,
        currencyId: filter.currency?.id,
        accountTypeId: filter.type?.id,
        kind: filter.kind,
        from: filter.from,
        to: filter.to,
      };
      const bound = Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined));
      const window = pageWindow(filter.page, filter.limit);
      const total = ctx.sqlite.prepare(`SELECT count(*) FROM (${rows})`).pluck().get(bound) as number;
      const page = ctx.sqlite.prepare(`${rows} ORDER BY sortKey DESC LIMIT @limit OFFSET @offset`).all({ ...bound, limit: window.limit, offset: window.offset }) as BillRow[];
      const list = page.map((row) => {
        const currency = catalog.currency(row.currencyId) as CurrencyInfo;
        const type = catalog.accountType(row.accountTypeId);
        const typeKey = `ledgerTypes.${row.type}`;
        return {
          id: row.id,
          entry_id: row.entryId,
          type: row.type,
          type_name: hasMessage(typeKey) ? translate(lang, typeKey) : row.type,
          /** A rebate the user's fee paid to their inviter: shown for information, not a change of the user's balance. */
          informational: row.informational === 1,
          currency_id: currency.id,
          currency: currency.symbol,
          account_type: row.accountTypeId,
          account_name: type ? accountName(lang, type) : '',
          bucket: row.bucket,
          amount: formatMinor(row.amount, currency.scale),
          balance_after: row.balanceAfter === null ? null : formatMinor(row.balanceAfter, currency.scale),
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
