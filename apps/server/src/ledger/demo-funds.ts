import { writeAudit } from '../platform/audit.ts';
import type { CurrencyInfo } from '../platform/catalog.ts';
import type { AppContext } from '../platform/context.ts';
import { post, transferLines } from './ledger.ts';

export interface DemoCredit {
  userId: number;
  currency: CurrencyInfo;
  accountTypeId: number;
  units: number;
  actor: string;
}

/**
 * Demo money comes out of the treasury account like any other money: one
 * balanced, audited journal entry. Runs inside the caller's transaction.
 */
export function creditDemoFunds(ctx: AppContext, credit: DemoCredit): void {
  const now = ctx.now();
  const account = { userId: credit.userId, currencyId: credit.currency.id, accountTypeId: credit.accountTypeId };
  const balanceBefore = ctx.sqlite
    .prepare('SELECT available FROM ledger_accounts WHERE user_id = ? AND currency_id = ? AND account_type_id = ?')
    .pluck()
    .get(credit.userId, credit.currency.id, credit.accountTypeId) as number | undefined;
  const entryId = post(
    ctx.sqlite,
    {
      type: 'demo_credit',
      refType: 'user',
      refId: credit.userId,
      memo: `demo funds by ${credit.actor}`,
      lines: transferLines({ system: 'treasury', currencyId: credit.currency.id }, account, credit.units),
    },
    now,
  );
  writeAudit(
    ctx.db,
    {
      actor: credit.actor,
      action: 'ledger.demo_credit',
      targetType: 'user',
      targetId: credit.userId,
      before: { currency: credit.currency.symbol, available: balanceBefore ?? 0 },
      after: { currency: credit.currency.symbol, available: (balanceBefore ?? 0) + credit.units, journal_entry: entryId },
    },
    now,
  );
}
