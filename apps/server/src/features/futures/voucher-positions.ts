import { type CloseSettlement, formatMinor, voucherPosition, settleVoucher, ticksToPrice } from '@openbourse/core';
import { and, eq, lte } from 'drizzle-orm';
import { futuresOrders } from '../../db/schema.ts';
import type { AccountRef } from '../../ledger/accounts.ts';
import { type PostingLine, post } from '../../ledger/ledger.ts';
import type { UserEvent } from '../../market/bus.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { VoucherOpenRequest, VoucherPositionPort } from '../../platform/voucher-positions.ts';
import type { FuturesContractConfig } from './config.ts';

type OrderRow = typeof futuresOrders.$inferSelect;

interface FeedTick {
  id: number;
  priceTicks: number;
  time: number;
}

/** What the voucher port needs of the futures service. */
export interface VoucherDeps {
  contractFor(currencyId: number, legalId: number): FuturesContractConfig;
  assertMarketOpen(contract: FuturesContractConfig): void;
  /** The latest tick while it is fresh: what a voucher's position opens at. */
  tradeTick(symbol: string): FeedTick;
  index(row: OrderRow): void;
  unindex(row: Pick<OrderRow, 'id' | 'symbol'>): void;
  closeAt(row: OrderRow, tick: FeedTick, reason: 'expiry', now: number): UserEvent;
  emitAll(events: UserEvent[]): void;
  lever(userId: number): AccountRef;
  usdt: { id: number; scale: number; symbol: string };
}

export const isVoucherPosition = (row: Pick<OrderRow, 'marginSource'>) => row.marginSource === 'rewards';

/**
 * The close entry of a voucher position: the margin leaves the frozen
 * bucket, the user gets only the profit (core `settleVoucher`), the rest of
 * the payout goes back to `rewards` that funded it, the fee to `fees` and the
 * house's side as for any position. A loss never touches the user's money.
 */
export function voucherCloseLines(row: OrderRow, settled: CloseSettlement, accounts: { lever: AccountRef; fees: AccountRef; house: AccountRef; rewards: AccountRef }): PostingLine[] {
  const split = settleVoucher(row.margin, settled.payoutMinor);
  const lines: PostingLine[] = [
    { account: accounts.lever, bucket: 'frozen', amount: -row.margin },
    { account: accounts.lever, bucket: 'available', amount: split.userMinor },
    { account: accounts.rewards, bucket: 'available', amount: split.voucherBackMinor },
    { account: accounts.fees, bucket: 'available', amount: settled.feeMinor },
    { account: accounts.house, bucket: 'available', amount: row.margin - settled.payoutMinor - settled.feeMinor },
  ];
  return lines.filter((line) => line.amount !== 0);
}

/** The futures side of the coupon centre's position vouchers (platform/voucher-positions.ts). */
export function createVoucherPositions(ctx: AppContext, deps: VoucherDeps): VoucherPositionPort {
  const { db } = ctx;
  const rewards: AccountRef = { system: 'rewards', currencyId: deps.usdt.id };
  const fees: AccountRef = { system: 'fees', currencyId: deps.usdt.id };
  const firstTickFrom = ctx.sqlite.prepare('SELECT id, price_ticks AS priceTicks, time FROM ticks WHERE symbol = ? AND time >= ? ORDER BY time, id LIMIT 1');
  const openLots = ctx.sqlite.prepare("SELECT COALESCE(SUM(lots), 0) FROM futures_orders WHERE user_id = ? AND symbol = ? AND status IN ('entrusted', 'holding')").pluck();
  const money = (minor: number) => formatMinor(minor, deps.usdt.scale);

  function open(request: VoucherOpenRequest, markUsed: (orderId: number) => void): number {
    const contract = deps.contractFor(request.currencyId, request.legalId);
    if (!contract.multiples.includes(request.multiple)) throw new AppError('futures.unknownMultiple', { multiples: contract.multiples.join(', ') });
    deps.assertMarketOpen(contract);
    const { symbol } = contract.instrument;
    const tick = deps.tradeTick(symbol);
    const position = voucherPosition(contract.terms, request.side, tick.priceTicks, request.multiple, request.faceValueMinor, contract.maxLotsPerOrder);
    if (!position) throw new AppError('coupon.voucherTooSmall');
    const now = ctx.now();
    const row = db.transaction((tx) => {
      if (Number(openLots.get(request.userId, symbol)) + position.lots > contract.maxLotsPerUser) throw new AppError('futures.userLotsExceeded', { max: contract.maxLotsPerUser });
      const inserted = tx
        .insert(futuresOrders)
        .values({
          userId: request.userId,
          symbol,
          side: request.side,
          orderType: 'market',
          multiple: request.multiple,
          lots: position.lots,
          terms: contract.terms,
          status: 'holding',
          openPriceTicks: position.openPriceTicks,
          openTickId: tick.id,
          createdTickId: tick.id,
          openFee: position.feeMinor,
          margin: position.marginMinor,
          openedAt: now,
          createdAt: now,
          marginSource: 'rewards',
          couponId: request.couponId,
          voucherExpiresAt: request.expiresAt,
        })
        .returning()
        .get();
      post(
        ctx.sqlite,
        {
          type: 'coupon_voucher_open',
          refType: 'futures_order',
          refId: inserted.id,
          memo: `voucher ${request.couponId}: ${symbol} ${request.side} ${position.lots} lots ×${request.multiple} at ${ticksToPrice(contract.instrument.def, position.openPriceTicks)} (tick ${tick.id}), margin ${money(position.marginMinor)} and fee ${money(position.feeMinor)} from rewards`,
          lines: [
            { account: rewards, bucket: 'available', amount: -position.totalMinor },
            { account: deps.lever(request.userId), bucket: 'frozen', amount: position.marginMinor },
            { account: fees, bucket: 'available', amount: position.feeMinor },
          ],
        },
        now,
      );
      markUsed(inserted.id);
      return inserted;
    });
    deps.index(row);
    deps.emitAll([{ userId: row.userId, kind: 'futures.opened', refType: 'futures_order', refId: row.id, params: { symbol, side: row.side, lots: row.lots }, time: now }]);
    return row.id;
  }

  function closeExpired(now: number): number {
    const due = db
      .select()
      .from(futuresOrders)
      .where(and(eq(futuresOrders.status, 'holding'), eq(futuresOrders.marginSource, 'rewards'), lte(futuresOrders.voucherExpiresAt, now)))
      .all();
    const events: UserEvent[] = [];
    for (const row of due) {
      // The deciding price is the first feed tick at or after the end; none yet: wait for the feed.
      const tick = firstTickFrom.get(row.symbol, row.voucherExpiresAt) as FeedTick | undefined;
      if (!tick) continue;
      events.push(db.transaction(() => deps.closeAt(row, tick, 'expiry', now)));
      deps.unindex(row);
    }
    deps.emitAll(events);
    return events.length;
  }

  return { open, closeExpired };
}
