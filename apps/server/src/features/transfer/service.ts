import { formatMinor } from '@openbourse/core';
import type { Language } from '@openbourse/i18n';
import { count, desc, eq } from 'drizzle-orm';
import { accountTransfers } from '../../db/schema.ts';
import { post, transferLines } from '../../ledger/ledger.ts';
import type { AccountTypeInfo, CurrencyInfo } from '../../platform/catalog.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { pageWindow, toPage } from '../../platform/fields.ts';
import { type MessageKey, translate } from '../../platform/i18n.ts';

export interface TransferRequest {
  currency: CurrencyInfo;
  /** Minor units, positive. */
  amount: number;
  from: AccountTypeInfo;
  to: AccountTypeInfo;
}

/** Moves money between two of a user's own accounts: instant, free, one balanced journal entry. */
export function createTransferService(ctx: AppContext) {
  const { db, catalog } = ctx;

  const accountName = (lang: Language, type: AccountTypeInfo) => translate(lang, `accountTypes.${type.code}`);

  function resolveAccountType(reference: string | number): AccountTypeInfo {
    const type = typeof reference === 'number' || /^\d+$/.test(reference) ? catalog.accountType(Number(reference)) : catalog.accountTypeByCode(reference);
    if (!type) throw new AppError('errors.accountTypeNotFound');
    return type;
  }

  function resolveCurrency(reference: string | number): CurrencyInfo {
    const currency = typeof reference === 'number' || /^\d+$/.test(reference) ? catalog.currency(Number(reference)) : catalog.currencyBySymbol(reference);
    if (!currency) throw new AppError('errors.currencyNotFound');
    return currency;
  }

  /** Refuses what no transfer can do, before any money moves. */
  function check(request: TransferRequest): void {
    if (request.from.id === request.to.id) throw new AppError('errors.sameAccount');
    for (const type of [request.from, request.to]) {
      if (!type.currencyIds.includes(request.currency.id)) {
        throw new AppError('errors.currencyNotInAccount', { currency: request.currency.symbol, account: { key: `accountTypes.${type.code}` as MessageKey } });
      }
    }
  }

  function present(lang: Language, row: typeof accountTransfers.$inferSelect) {
    const currency = catalog.currency(row.currencyId) as CurrencyInfo;
    const from = catalog.accountType(row.fromAccountTypeId) as AccountTypeInfo;
    const to = catalog.accountType(row.toAccountTypeId) as AccountTypeInfo;
    return {
      id: row.id,
      currency_id: currency.id,
      currency: currency.symbol,
      amount: formatMinor(row.amount, currency.scale),
      from: { type: from.id, code: from.code, name: accountName(lang, from) },
      to: { type: to.id, code: to.code, name: accountName(lang, to) },
      created_at: row.createdAt,
    };
  }

  return {
    resolveAccountType,
    resolveCurrency,

    /** Which accounts hold which currencies, so a page offers only transfers that can happen. */
    accounts(lang: Language) {
      return catalog.accountTypes.map((type) => ({ type: type.id, code: type.code, name: accountName(lang, type), currency_ids: type.currencyIds }));
    },

    transfer(userId: number, lang: Language, request: TransferRequest) {
      check(request);
      const now = ctx.now();
      const row = db.transaction((tx) => {
        const inserted = tx
          .insert(accountTransfers)
          .values({ userId, currencyId: request.currency.id, amount: request.amount, fromAccountTypeId: request.from.id, toAccountTypeId: request.to.id, createdAt: now })
          .returning()
          .get();
        const account = (type: AccountTypeInfo) => ({ userId, currencyId: request.currency.id, accountTypeId: type.id });
        // An insufficient balance throws here and the transfer row rolls back with it.
        post(
          ctx.sqlite,
          {
            type: 'transfer',
            refType: 'account_transfer',
            refId: inserted.id,
            memo: `${request.currency.symbol} ${request.from.code} → ${request.to.code}`,
            lines: transferLines(account(request.from), account(request.to), request.amount),
          },
          now,
        );
        return inserted;
      });
      const transfer = present(lang, row);
      ctx.bus.emit('user', {
        userId,
        kind: 'transfer.completed',
        refType: 'account_transfer',
        refId: row.id,
        params: { currency: transfer.currency, amount: transfer.amount, from: request.from.code, to: request.to.code },
        time: now,
      });
      ctx.bus.emit('balance', { userId });
      return transfer;
    },

    history(userId: number, lang: Language, page: number, limit: number) {
      const window = pageWindow(page, limit);
      const where = eq(accountTransfers.userId, userId);
      const total = db.select({ total: count() }).from(accountTransfers).where(where).get()?.total ?? 0;
      const rows = db.select().from(accountTransfers).where(where).orderBy(desc(accountTransfers.id)).limit(window.limit).offset(window.offset).all();
      return toPage(
        rows.map((row) => present(lang, row)),
        window,
        total,
      );
    },
  };
}
