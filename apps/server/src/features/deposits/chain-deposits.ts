import { formatMinor } from '@openbourse/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { ChainNetwork } from '../../chains/network.ts';
import { type ChainSettings, FUNDS_ACCOUNT_TYPE_ID } from '../../chains/settings.ts';
import type { ChainWatcher, ObservedTransfer } from '../../chains/watcher.ts';
import { depositAddresses, deposits } from '../../db/schema.ts';
import { post, transferLines } from '../../ledger/ledger.ts';
import type { AppContext } from '../../platform/context.ts';


/**
 * Turns what chain watchers see into deposit records: a new transfer to a
 * user's address becomes a record with its confirmations, each poll moves
 * them up, and at the chain's threshold the amount is credited from deposit
 * clearing through the ledger, once: the record is keyed on (chain, txid,
 * output) and only a `confirming` record is ever credited.
 */

type DepositRow = typeof deposits.$inferSelect;

function ownerOf(ctx: AppContext, chain: string, transfer: ObservedTransfer): number | undefined {
  const tagCondition = transfer.tag === null ? isNull(depositAddresses.tag) : eq(depositAddresses.tag, transfer.tag);
  return ctx.db
    .select({ userId: depositAddresses.userId })
    .from(depositAddresses)
    .where(and(eq(depositAddresses.chain, chain), eq(depositAddresses.address, transfer.address), tagCondition))
    .get()?.userId;
}

function creditChainDeposit(ctx: AppContext, row: DepositRow, symbol: string, now: number): DepositRow {
  post(
    ctx.sqlite,
    {
      type: 'deposit',
      refType: 'deposit',
      refId: row.id,
      memo: `${symbol} deposit on ${row.chain}, tx ${row.txid}:${row.outputIndex}`,
      lines: transferLines({ system: 'deposit_clearing', currencyId: row.currencyId }, { userId: row.userId, currencyId: row.currencyId, accountTypeId: row.accountTypeId }, row.amount),
    },
    now,
  );
  return ctx.db.update(deposits).set({ status: 'credited', creditedAt: now, updatedAt: now }).where(eq(deposits.id, row.id)).returning().get();
}

/** Records one poll's transfers in one transaction; answers the deposits it credited. */
export function recordObservedTransfers(ctx: AppContext, settings: ChainSettings, chain: string, observed: ObservedTransfer[], now: number): DepositRow[] {
  return ctx.db.transaction(() => {
    const credited: DepositRow[] = [];
    for (const transfer of observed) {
      const asset = settings.asset(transfer.currencyId, chain);
      const userId = asset && ownerOf(ctx, chain, transfer);
      if (!asset || userId === undefined) continue;
      const key = and(eq(deposits.route, 'chain'), eq(deposits.chain, chain), eq(deposits.txid, transfer.txid), eq(deposits.outputIndex, transfer.outputIndex));
      let row = ctx.db.select().from(deposits).where(key).get();
      if (!row) {
        row = ctx.db
          .insert(deposits)
          .values({
            userId,
            currencyId: asset.currency.id,
            accountTypeId: FUNDS_ACCOUNT_TYPE_ID,
            route: 'chain',
            chain,
            amount: transfer.amount,
            // Below the minimum a transfer is not credited automatically; support recovers it by hand.
            status: transfer.amount < asset.minDeposit ? 'below_minimum' : 'confirming',
            txid: transfer.txid,
            outputIndex: transfer.outputIndex,
            address: transfer.address,
            tag: transfer.tag,
            confirmations: transfer.confirmations,
            requiredConfirmations: asset.confirmations,
            createdAt: now,
            updatedAt: now,
          })
          .returning()
          .get();
      } else if (row.status === 'confirming' && transfer.confirmations > row.confirmations) {
        row = ctx.db.update(deposits).set({ confirmations: transfer.confirmations, updatedAt: now }).where(eq(deposits.id, row.id)).returning().get();
      }
      if (row.status === 'confirming' && row.confirmations >= row.requiredConfirmations) credited.push(creditChainDeposit(ctx, row, asset.currency.symbol, now));
    }
    return credited;
  });
}

async function poll(ctx: AppContext, settings: ChainSettings, watcher: ChainWatcher, now: number): Promise<void> {
  const addresses = ctx.db.selectDistinct({ address: depositAddresses.address }).from(depositAddresses).where(eq(depositAddresses.chain, watcher.chain)).all();
  if (addresses.length === 0) return;
  const observed = await watcher.scan(
    addresses.map((row) => row.address),
    now,
  );
  if (observed.length === 0) return;
  const credited = recordObservedTransfers(ctx, settings, watcher.chain, observed, ctx.now());
  for (const row of credited) {
    const currency = ctx.catalog.currency(row.currencyId);
    ctx.bus.emit('balance', { userId: row.userId });
    ctx.bus.emit('user', {
      userId: row.userId,
      kind: 'deposit.credited',
      refType: 'deposit',
      refId: row.id,
      params: { amount: formatMinor(row.amount, currency?.scale ?? 0), currency: currency?.symbol ?? '', chain: row.chain ?? '', txid: row.txid ?? '' },
      time: row.creditedAt ?? ctx.now(),
    });
  }
}

/** One scheduled job per watched chain, at that watcher's pace. */
export function scheduleChainDeposits(ctx: AppContext, network: ChainNetwork): void {
  for (const watcher of network.watchers) {
    ctx.scheduler.add({ name: `chain-deposits:${watcher.chain}`, everyMs: watcher.pollMs, run: (now) => poll(ctx, network.settings, watcher, now) });
  }
}
