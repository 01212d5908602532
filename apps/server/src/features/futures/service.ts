import {
  checkStops,
  entrustOpenPriceTicks,
  entrustReachedAt,
  entrustTrigger,
  type FuturesPosition,
  type FuturesSide,
  type FuturesTerms,
  formatMinor,
  levelDirections,
  liquidationPriceTicks,
  contractQuantity,
  overnightFee,
  pnlAtFeedLevel,
  positionRiskRate,
  previewOpen,
  priceToTicks,
  settleClose,
  ticksToPrice,
  TriggerBook,
  unrealizedPnl,
  accountRiskRate,
  positionEquity,
} from '@openbourse/core';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { futuresOrders } from '../../db/schema.ts';
import type { AccountRef } from '../../ledger/accounts.ts';
import { type PostingLine, post } from '../../ledger/ledger.ts';
import type { TickEvent, UserEvent } from '../../market/bus.ts';
import type { CurrencyInfo } from '../../platform/catalog.ts';
import type { AppContext } from '../../platform/context.ts';
import type { LeverCopyMark, LeverPosition, LeverPositionEvent, LeverPositions, LeverSettlement, LeverTick, MirrorSpec } from '../../platform/lever-positions.ts';
import { AppError } from '../../platform/errors.ts';
import { afterFeeCharged } from '../../platform/fee-hooks.ts';
import { pageWindow, toPage } from '../../platform/fields.ts';
import { type IdempotencyKey, onceInTransaction } from '../../platform/idempotency.ts';
import { provideVoucherPositions } from '../../platform/voucher-positions.ts';
import type { FuturesContractConfig } from './config.ts';
import { createVoucherPositions, isVoucherPosition, voucherCloseLines } from './voucher-positions.ts';

type OrderRow = typeof futuresOrders.$inferSelect;
export type OrderStatus = OrderRow['status'];
export type CloseReason = NonNullable<OrderRow['closeReason']>;
type TriggerKind = 'entrust' | 'take_profit' | 'stop_loss' | 'liquidation';

interface TriggerPayload {
  orderId: number;
  kind: TriggerKind;
}

interface FeedTick {
  id: number;
  priceTicks: number;
  time: number;
}

/** How a tick is run: a live or replayed feed tick moves the engine's cursor; a re-check of a tick already processed does not. */
interface TickMode {
  /** A stored tick replayed at start: orders placed after it keep their levels. */
  replay: boolean;
  /** Whether the tick counts as processed (the cursor moves to it). */
  advances: boolean;
}

export interface SubmitInput {
  symbol: string;
  side: FuturesSide;
  orderType: 'market' | 'limit';
  lots: number;
  multiple: number;
  limitPrice?: string;
  takeProfit?: string;
  stopLoss?: string;
}

const DAY_MS = 86_400_000;
/** Stored ticks read per query when the engine replays what it missed. */
const REPLAY_PAGE = 1000;
/** Which reason wins when one tick crosses several of a position's levels (a gap): the liquidation, then the stop. */
const CLOSE_PRIORITY: TriggerKind[] = ['liquidation', 'stop_loss', 'take_profit'];

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);
/** Which emitted events tell the lever-positions port's listeners that a position opened or closed. */
const POSITION_EVENT_KINDS: Record<string, LeverPositionEvent['kind']> = { 'futures.opened': 'opened', 'futures.closed': 'closed', 'futures.liquidated': 'closed' };

/** `futures_orders` in the row shape drizzle answers, for the engine's prepared statements (terms still JSON text). */
const ORDER_COLUMNS = `id, user_id AS userId, symbol, side, order_type AS orderType, multiple, lots, terms, status, limit_price_ticks AS limitPriceTicks,
  entrust_hold AS entrustHold, take_profit_ticks AS takeProfitTicks, stop_loss_ticks AS stopLossTicks, open_price_ticks AS openPriceTicks,
  open_tick_id AS openTickId, created_tick_id AS createdTickId, open_fee AS openFee, margin, overnight_fees AS overnightFees, overnight_paid_day AS overnightPaidDay, opened_at AS openedAt,
  close_reason AS closeReason, close_tick_id AS closeTickId, close_feed_ticks AS closeFeedTicks, close_tick_time AS closeTickTime,
  close_price_ticks AS closePriceTicks, pnl, close_fee AS closeFee, payout, deficit, closed_at AS closedAt, cancelled_at AS cancelledAt, created_at AS createdAt,
  margin_source AS marginSource, coupon_id AS couponId, voucher_expires_at AS voucherExpiresAt`;

/**
 * Futures with isolated margin against the house (issue 11 §1). Margin and
 * entrust holds sit in the lever account's frozen bucket; fees go to `fees`;
 * P&L is settled with `house`. The risk engine keeps one trigger index per
 * instrument holding every entrust level, take-profit, stop-loss and
 * liquidation level, so a feed tick only touches the orders it crosses.
 */
export function createFuturesService(ctx: AppContext, contracts: Map<string, FuturesContractConfig>) {
  const { db, catalog } = ctx;
  const leverType = catalog.accountTypeByCode('lever');
  const usdtInfo = catalog.currencyBySymbol('USDT');
  if (!leverType || !usdtInfo) throw new Error('futures need the lever account type and USDT');
  const usdt: CurrencyInfo = usdtInfo;
  const leverTypeId = leverType.id;
  const lever = (userId: number): AccountRef => ({ userId, currencyId: usdt.id, accountTypeId: leverTypeId });
  const fees: AccountRef = { system: 'fees', currencyId: usdt.id };
  const house: AccountRef = { system: 'house', currencyId: usdt.id };
  const money = (minor: number) => formatMinor(minor, usdt.scale);

  const triggers = new TriggerBook<TriggerPayload>();
  const positionListeners: ((event: LeverPositionEvent) => void)[] = [];
  const settlementListeners: ((settlement: LeverSettlement) => void)[] = [];
  /** Set by copy trading when it registers; without it no order is a copy. */
  let copyMarkOf: (orderId: number) => LeverCopyMark | null = () => null;
  const statements = {
    balance: ctx.sqlite.prepare('SELECT available, frozen FROM ledger_accounts WHERE user_id = ? AND currency_id = ? AND account_type_id = ?'),
    lastTick: ctx.sqlite.prepare('SELECT id, price_ticks AS priceTicks, time FROM ticks WHERE symbol = ? ORDER BY id DESC LIMIT 1'),
    ticksAfter: ctx.sqlite.prepare('SELECT id, price_ticks AS priceTicks, time FROM ticks WHERE symbol = ? AND id > ? ORDER BY id LIMIT ?'),
    cursors: ctx.sqlite.prepare('SELECT symbol, tick_id AS tickId FROM futures_tick_cursors'),
    // Never backwards: a re-check of an older tick must not make the next start replay what is done.
    saveCursor: ctx.sqlite.prepare('INSERT INTO futures_tick_cursors (symbol, tick_id) VALUES (?, ?) ON CONFLICT (symbol) DO UPDATE SET tick_id = MAX(tick_id, excluded.tick_id)'),
    chargeOvernight: ctx.sqlite.prepare('UPDATE futures_orders SET margin = ?, overnight_fees = ?, overnight_paid_day = ? WHERE id = ?'),
    openLots: ctx.sqlite.prepare("SELECT COALESCE(SUM(lots), 0) FROM futures_orders WHERE user_id = ? AND symbol = ? AND status IN ('entrusted', 'holding')").pluck(),
    // The risk engine's path: a tick can cross thousands of orders, so it reads them in one query and writes with prepared statements.
    ordersByIds: ctx.sqlite.prepare(`SELECT ${ORDER_COLUMNS} FROM futures_orders WHERE id IN (SELECT value FROM json_each(?))`),
    openEntrust: ctx.sqlite.prepare("UPDATE futures_orders SET status = 'holding', open_price_ticks = ?, open_tick_id = ?, open_fee = ?, margin = ?, entrust_hold = 0, opened_at = ? WHERE id = ?"),
    close: ctx.sqlite.prepare(
      "UPDATE futures_orders SET status = 'closed', close_reason = ?, close_tick_id = ?, close_feed_ticks = ?, close_tick_time = ?, close_price_ticks = ?, pnl = ?, close_fee = ?, payout = ?, deficit = ?, closed_at = ? WHERE id = ?",
    ),
  };
  /** One transaction when called outside one, a savepoint inside one (better-sqlite3 nests by itself). */
  const transaction = ctx.sqlite.transaction((work: () => unknown) => work());
  const inTransaction = <T>(work: () => T): T => transaction(work) as T;
  /** Every order of an instrument carries the same terms text: parsed once. */
  const parsedTerms = new Map<string, FuturesTerms>();
  function rowOf(raw: Omit<OrderRow, 'terms'> & { terms: string }): OrderRow {
    let terms = parsedTerms.get(raw.terms);
    if (!terms) {
      terms = JSON.parse(raw.terms) as FuturesTerms;
      parsedTerms.set(raw.terms, terms);
    }
    return { ...raw, terms };
  }

  function contractOf(symbol: string): FuturesContractConfig {
    const contract = contracts.get(symbol);
    if (!contract) throw new AppError('futures.notAvailable');
    return contract;
  }

  function contractFor(currencyId: number, legalId: number): FuturesContractConfig {
    const instrument = ctx.instruments.byCurrencies(currencyId, legalId);
    if (!instrument) throw new AppError('errors.pairNotFound');
    return contractOf(instrument.symbol);
  }

  /** The latest stored feed tick of a symbol, however old: what positions are valued and stops judged at (a stock's last tick over closed hours). */
  function latestTick(symbol: string): FeedTick {
    const tick = (ctx.market.lastTick(symbol) ?? statements.lastTick.get(symbol)) as FeedTick | undefined;
    if (!tick) throw new AppError('futures.noPrice');
    return tick;
  }

  /** The tick every open and manual close uses and records: the latest, and only while it is fresh (the rule seconds options follow too). */
  function tradeTick(symbol: string): FeedTick {
    const tick = ctx.market.freshTick(symbol);
    if (!tick) throw new AppError('errors.noMarketPrice');
    return tick;
  }

  function leverBalance(userId: number): { available: number; frozen: number } {
    return (statements.balance.get(userId, usdt.id, leverType?.id) as { available: number; frozen: number } | undefined) ?? { available: 0, frozen: 0 };
  }

  const termsOf = (row: OrderRow) => row.terms as FuturesTerms;
  const positionOf = (row: OrderRow): FuturesPosition => ({ side: row.side, lots: row.lots, openPriceTicks: row.openPriceTicks ?? 0, marginMinor: row.margin });

  function priceTicksOf(contract: FuturesContractConfig, price: string): number {
    const ticks = priceToTicks(contract.instrument.def, price);
    if (!ticks.ok) throw new AppError('futures.invalidPrice');
    return ticks.ticks;
  }

  function assertMarketOpen(contract: FuturesContractConfig): void {
    const now = ctx.now();
    if (ctx.market.isOpen(contract.instrument, now)) return;
    throw new AppError('errors.marketClosed', { opens: { dateTime: ctx.market.nextOpen(contract.instrument, now), timeZone: 'America/New_York' } });
  }

  function refuseStops(terms: FuturesTerms, position: FuturesPosition, referenceTicks: number, stops: { takeProfitTicks?: number; stopLossTicks?: number }, contract: FuturesContractConfig): void {
    const refusal = checkStops(terms, position, referenceTicks, stops);
    if (refusal === 'take_profit_wrong_side') throw new AppError('futures.takeProfitWrongSide');
    if (refusal === 'stop_loss_wrong_side') throw new AppError('futures.stopLossWrongSide');
    if (refusal === 'stop_loss_beyond_liquidation') throw new AppError('futures.stopLossBeyondLiquidation', { price: ticksToPrice(contract.instrument.def, liquidationPriceTicks(terms, position)) });
  }

  // ---- the trigger index ----

  const triggerId = (orderId: number, kind: TriggerKind) => `${orderId}:${kind}`;

  function unindex(row: Pick<OrderRow, 'id' | 'symbol'>): void {
    const index = triggers.for(row.symbol);
    for (const kind of ['entrust', ...CLOSE_PRIORITY] as TriggerKind[]) index.remove(triggerId(row.id, kind));
  }

  /** Puts an order's levels into its instrument's index (replacing any it had). */
  function index(row: OrderRow): void {
    unindex(row);
    const book = triggers.for(row.symbol);
    const terms = termsOf(row);
    if (row.status === 'entrusted' && row.limitPriceTicks !== null) {
      const { level, direction } = entrustTrigger(terms, row.side, row.limitPriceTicks);
      book.add({ id: triggerId(row.id, 'entrust'), level, direction, payload: { orderId: row.id, kind: 'entrust' } });
      return;
    }
    if (row.status !== 'holding') return;
    const directions = levelDirections(row.side);
    const add = (kind: TriggerKind, level: number | null, direction: 'rise' | 'fall') => {
      if (level !== null) book.add({ id: triggerId(row.id, kind), level, direction, payload: { orderId: row.id, kind } });
    };
    add('liquidation', liquidationPriceTicks(terms, positionOf(row)), directions.liquidation);
    add('take_profit', row.takeProfitTicks, directions.takeProfit);
    add('stop_loss', row.stopLossTicks, directions.stopLoss);
  }

  // ---- ledger movements (each inside the caller's transaction) ----

  function postOpen(row: OrderRow, margin: number, fee: number, heldBefore: number, tick: FeedTick, now: number): void {
    const lines =
      heldBefore > 0
        ? [
            { account: lever(row.userId), bucket: 'frozen' as const, amount: margin - heldBefore },
            { account: lever(row.userId), bucket: 'available' as const, amount: heldBefore - margin - fee },
          ]
        : [
            { account: lever(row.userId), bucket: 'available' as const, amount: -(margin + fee) },
            { account: lever(row.userId), bucket: 'frozen' as const, amount: margin },
          ];
    post(
      ctx.sqlite,
      {
        type: 'futures_open',
        refType: 'futures_order',
        refId: row.id,
        memo: `${row.symbol} ${row.side} ${row.lots} lots ×${row.multiple} at ${ticksToPrice(contractOf(row.symbol).instrument.def, row.openPriceTicks ?? 0)} (tick ${tick.id}): margin ${money(margin)}, fee ${money(fee)}`,
        lines: [...lines.filter((line) => line.amount !== 0), { account: fees, bucket: 'available', amount: fee }],
      },
      now,
    );
    chargedFee(row, fee, now);
  }

  /** The fee's rebate and coupon refund, right after the entry that charged it (platform/fee-hooks.ts). */
  function chargedFee(row: OrderRow, fee: number, now: number): void {
    afterFeeCharged(ctx.sqlite, { payerId: row.userId, fee, currencyId: usdt.id, accountTypeId: leverTypeId, refType: 'futures_order', refId: row.id }, now);
  }

  // ---- commands ----

  /**
   * Places an order and answers its id. With an idempotency key the claim,
   * the checks and the effect are one transaction: a repeat of the key
   * answers the first order and places nothing, whatever the price is now.
   */
  function submit(userId: number, input: SubmitInput, key?: IdempotencyKey): number {
    const placed = inTransaction(() => {
      const once = key && onceInTransaction<{ futures_order: number }>(ctx.sqlite, key, ctx.now());
      if (once?.earlier) return { orderId: once.earlier.futures_order, row: null, event: null };
      const { row, event } = place(userId, input);
      once?.record({ futures_order: row.id });
      return { orderId: row.id, row, event };
    });
    if (placed.row) {
      index(placed.row);
      emitAll([placed.event]);
    }
    return placed.orderId;
  }

  /**
   * The order itself, inside the caller's transaction. A limit the tick just
   * read already reaches (a long limit above the price, a short below) opens
   * at once at that tick, as the engine would have opened it on that tick.
   */
  function place(userId: number, input: SubmitInput): { row: OrderRow; event: UserEvent } {
    const contract = contractOf(input.symbol);
    const { terms } = contract;
    if (!contract.multiples.includes(input.multiple)) throw new AppError('futures.unknownMultiple', { multiples: contract.multiples.join(', ') });
    if (input.lots < contract.minLots || input.lots > contract.maxLotsPerOrder) throw new AppError('futures.lotsOutOfRange', { min: contract.minLots, max: contract.maxLotsPerOrder });
    assertMarketOpen(contract);
    const tick = tradeTick(input.symbol);
    const limitTicks = input.orderType === 'limit' ? priceTicksOf(contract, input.limitPrice ?? '') : undefined;
    const opensNow = limitTicks === undefined || entrustReachedAt(terms, input.side, limitTicks, tick.priceTicks);
    const preview = previewOpen(terms, input.side, input.lots, input.multiple, limitTicks === undefined ? { feedTicks: tick.priceTicks } : { limitTicks });
    const stops = {
      takeProfitTicks: input.takeProfit === undefined ? undefined : priceTicksOf(contract, input.takeProfit),
      stopLossTicks: input.stopLoss === undefined ? undefined : priceTicksOf(contract, input.stopLoss),
    };
    // What opens now is judged at the tick and the price it opens at; an entrust that waits, at its limit (where it will open).
    const openTicks = limitTicks === undefined ? preview.openPriceTicks : opensNow ? entrustOpenPriceTicks(terms, input.side, limitTicks, tick.priceTicks) : limitTicks;
    const position: FuturesPosition = { side: input.side, lots: input.lots, openPriceTicks: openTicks, marginMinor: previewOpen(terms, input.side, input.lots, input.multiple, { limitTicks: openTicks }).marginMinor };
    refuseStops(terms, position, opensNow ? tick.priceTicks : (limitTicks as number), stops, contract);
    const open = Number(statements.openLots.get(userId, input.symbol));
    if (open + input.lots > contract.maxLotsPerUser) throw new AppError('futures.userLotsExceeded', { max: contract.maxLotsPerUser });
    const now = ctx.now();
    const market = limitTicks === undefined;
    const inserted = db
      .insert(futuresOrders)
      .values({
        userId,
        symbol: input.symbol,
        side: input.side,
        orderType: input.orderType,
        multiple: input.multiple,
        lots: input.lots,
        terms,
        status: market ? 'holding' : 'entrusted',
        limitPriceTicks: limitTicks ?? null,
        entrustHold: market ? 0 : preview.totalMinor,
        takeProfitTicks: stops.takeProfitTicks ?? null,
        stopLossTicks: stops.stopLossTicks ?? null,
        openPriceTicks: market ? preview.openPriceTicks : null,
        openTickId: market ? tick.id : null,
        createdTickId: tick.id,
        openFee: market ? preview.feeMinor : 0,
        margin: market ? preview.marginMinor : 0,
        openedAt: market ? now : null,
        createdAt: now,
      })
      .returning()
      .get();
    if (market) {
      postOpen(inserted, preview.marginMinor, preview.feeMinor, 0, tick, now);
      return { row: inserted, event: { userId, kind: 'futures.opened', refType: 'futures_order', refId: inserted.id, params: { symbol: inserted.symbol, side: inserted.side, lots: inserted.lots, tick_id: tick.id }, time: now } };
    }
    post(
      ctx.sqlite,
      {
        type: 'futures_entrust',
        refType: 'futures_order',
        refId: inserted.id,
        memo: `${input.symbol} ${input.side} ${input.lots} lots ×${input.multiple} limit ${input.limitPrice}: margin and fee held`,
        lines: [
          { account: lever(userId), bucket: 'available', amount: -preview.totalMinor },
          { account: lever(userId), bucket: 'frozen', amount: preview.totalMinor },
        ],
      },
      now,
    );
    if (opensNow) return openEntrust(inserted, tick, now);
    return { row: inserted, event: { userId, kind: 'futures.entrusted', refType: 'futures_order', refId: inserted.id, params: { symbol: inserted.symbol, side: inserted.side, lots: inserted.lots }, time: now } };
  }

  function ownOrder(userId: number, orderId: number): OrderRow {
    const row = db
      .select()
      .from(futuresOrders)
      .where(and(eq(futuresOrders.id, orderId), eq(futuresOrders.userId, userId)))
      .get();
    if (!row) throw new AppError('futures.orderNotFound');
    return row;
  }

  function cancel(userId: number, orderId: number): void {
    const row = ownOrder(userId, orderId);
    if (row.status !== 'entrusted') throw new AppError('futures.notEntrusted');
    const now = ctx.now();
    db.transaction((tx) => {
      tx.update(futuresOrders).set({ status: 'cancelled', cancelledAt: now, entrustHold: 0 }).where(eq(futuresOrders.id, row.id)).run();
      post(
        ctx.sqlite,
        {
          type: 'futures_entrust_cancel',
          refType: 'futures_order',
          refId: row.id,
          memo: `${row.symbol} entrust cancelled: hold released`,
          lines: [
            { account: lever(userId), bucket: 'frozen', amount: -row.entrustHold },
            { account: lever(userId), bucket: 'available', amount: row.entrustHold },
          ],
        },
        now,
      );
    });
    unindex(row);
    emitAll([{ userId, kind: 'futures.cancelled', refType: 'futures_order', refId: row.id, params: { symbol: row.symbol }, time: now }]);
  }

  /**
   * The overnight fee a position owes, not charged yet, for every 00:00 UTC
   * it was open at up to `time` (days missed after a restart too): one fee
   * per day, capped at the margin.
   */
  function overnightDue(row: OrderRow, time: number): { days: number; fee: number; day: string } {
    const dayStart = Math.floor(time / DAY_MS) * DAY_MS;
    const firstDue = row.overnightPaidDay === null ? Math.floor((row.openedAt ?? time) / DAY_MS) * DAY_MS + DAY_MS : Date.parse(`${row.overnightPaidDay}T00:00:00Z`) + DAY_MS;
    const days = Math.max(0, Math.floor((dayStart - firstDue) / DAY_MS) + 1);
    return { days, fee: days === 0 ? 0 : Math.min(row.margin, overnightFee(termsOf(row), positionOf(row)) * days), day: utcDay(time) };
  }

  /** Charges what `overnightDue` finds, from the margin (frozen → fees), inside the caller's transaction; answers the row as charged. */
  function chargeOvernightDue(row: OrderRow, time: number, now: number): { row: OrderRow; days: number; fee: number } {
    const due = overnightDue(row, time);
    if (due.days === 0) return { row, days: 0, fee: 0 };
    const charged: OrderRow = { ...row, margin: row.margin - due.fee, overnightFees: row.overnightFees + due.fee, overnightPaidDay: due.day };
    statements.chargeOvernight.run(charged.margin, charged.overnightFees, charged.overnightPaidDay, row.id);
    if (due.fee > 0)
      post(
        ctx.sqlite,
        {
          type: 'futures_overnight',
          refType: 'futures_order',
          refId: row.id,
          memo: `${row.symbol} ${row.side}: overnight fee for ${due.days} day(s) to ${due.day}`,
          lines: [
            { account: lever(row.userId), bucket: 'frozen', amount: -due.fee },
            { account: fees, bucket: 'available', amount: due.fee },
          ],
        },
        now,
      );
    return { row: charged, days: due.days, fee: due.fee };
  }

  /**
   * Closes one holding position at a feed tick inside the caller's
   * transaction; answers its event. A position that was open at a 00:00 UTC
   * before the tick pays that day's overnight fee first, even when the daily
   * job has not run yet.
   */
  function closeAt(holding: OrderRow, tick: FeedTick, reason: CloseReason, now: number): UserEvent {
    const row = chargeOvernightDue(holding, tick.time, now).row;
    const settled = settleClose(termsOf(row), positionOf(row), tick.priceTicks);
    const houseTakes = row.margin - settled.payoutMinor - settled.feeMinor;
    const def = contractOf(row.symbol).instrument.def;
    statements.close.run(reason, tick.id, tick.priceTicks, tick.time, settled.closePriceTicks, settled.pnlMinor, settled.feeMinor, settled.payoutMinor, settled.deficitMinor, now, row.id);
    const voucher = isVoucherPosition(row);
    post(
      ctx.sqlite,
      {
        type: voucher ? 'coupon_voucher_close' : reason === 'liquidation' ? 'futures_liquidation' : 'futures_close',
        refType: 'futures_order',
        refId: row.id,
        memo: `${row.symbol} ${row.side} closed (${reason}) at ${ticksToPrice(def, settled.closePriceTicks)}, feed ${ticksToPrice(def, tick.priceTicks)} (tick ${tick.id}): P&L ${money(settled.pnlMinor)}, fee ${money(settled.feeMinor)}${settled.deficitMinor > 0 ? `, house absorbed ${money(settled.deficitMinor)}` : ''}`,
        lines: voucher
          ? voucherCloseLines(row, settled, { lever: lever(row.userId), fees, house, rewards: { system: 'rewards', currencyId: usdt.id } })
          : ([
              { account: lever(row.userId), bucket: 'frozen', amount: -row.margin },
              { account: lever(row.userId), bucket: 'available', amount: settled.payoutMinor },
              { account: fees, bucket: 'available', amount: settled.feeMinor },
              { account: house, bucket: 'available', amount: houseTakes },
            ] satisfies PostingLine[]).filter((line) => line.amount !== 0),
      },
      now,
    );
    // In the close's own transaction: copy trading posts its profit share here.
    for (const listener of settlementListeners) listener({ position: leverPositionOf({ ...row, status: 'closed', closeReason: reason, closeTickId: tick.id, closePriceTicks: settled.closePriceTicks, pnl: settled.pnlMinor, closedAt: now }), pnlMinor: settled.pnlMinor });
    // A voucher's fees are paid out of the voucher's own payout, not by the user: no rebate, no coupon refund.
    if (!voucher) chargedFee(row, settled.feeMinor, now);
    return {
      userId: row.userId,
      kind: reason === 'liquidation' ? 'futures.liquidated' : 'futures.closed',
      refType: 'futures_order',
      refId: row.id,
      params: { symbol: row.symbol, side: row.side, reason, pnl: money(settled.pnlMinor), payout: money(settled.payoutMinor), currency: usdt.symbol, tick_id: tick.id },
      time: now,
    };
  }

  /**
   * Announces committed changes. Listeners store what they hear (the
   * notification centre writes a row per event): running them in one
   * transaction turns a tick's thousands of commits into one.
   */
  function emitAll(events: UserEvent[]): void {
    inTransaction(() => {
      const users = new Set<number>();
      for (const event of events) {
        ctx.bus.emit('user', event);
        users.add(event.userId);
      }
      for (const userId of users) ctx.bus.emit('balance', { userId });
    });
    // Mirroring listeners (copy trading) write in their own transactions, one per follower, after the announcements are stored.
    for (const event of events) {
      const kind = POSITION_EVENT_KINDS[event.kind];
      if (kind) for (const listener of positionListeners) listener({ kind, orderId: Number(event.refId), userId: event.userId });
    }
  }

  /** Closes one of the user's positions at the latest fresh tick; answers the order's id (the first request's, for a repeated key). */
  function close(userId: number, orderId: number, key?: IdempotencyKey): number {
    const closed = inTransaction(() => {
      const once = key && onceInTransaction<{ futures_order: number }>(ctx.sqlite, key, ctx.now());
      if (once?.earlier) return { orderId: once.earlier.futures_order, row: null, event: null };
      const row = ownOrder(userId, orderId);
      if (row.status !== 'holding') throw new AppError('futures.notHolding');
      assertMarketOpen(contractOf(row.symbol));
      const event = closeAt(row, tradeTick(row.symbol), 'manual', ctx.now());
      once?.record({ futures_order: row.id });
      return { orderId: row.id, row, event };
    });
    if (closed.row) {
      unindex(closed.row);
      emitAll([closed.event]);
    }
    return closed.orderId;
  }

  /**
   * Closes the user's positions: 0 all, 1 longs only, 2 shorts only.
   * Answers how many closed (the first request's count, for a repeated key).
   * Positions whose market is closed, or whose feed has no fresh tick, stay
   * open: there is no price to close them at; when that leaves every
   * position open, the refusal says so.
   */
  function batchClose(userId: number, type: 0 | 1 | 2, key?: IdempotencyKey): number {
    const conditions: SQL[] = [eq(futuresOrders.userId, userId), eq(futuresOrders.status, 'holding')];
    if (type !== 0) conditions.push(eq(futuresOrders.side, type === 1 ? 'long' : 'short'));
    const done = inTransaction(() => {
      const once = key && onceInTransaction<{ closed: number }>(ctx.sqlite, key, ctx.now());
      if (once?.earlier) return { closed: once.earlier.closed, rows: [], events: [] };
      const now = ctx.now();
      const open = db
        .select()
        .from(futuresOrders)
        .where(and(...conditions))
        .all()
        .filter((row) => ctx.market.isOpen(contractOf(row.symbol).instrument, now));
      const priced = open.flatMap((row) => {
        const tick = ctx.market.freshTick(row.symbol);
        return tick ? [{ row, tick }] : [];
      });
      if (priced.length === 0 && open.length > 0) throw new AppError('errors.noMarketPrice');
      const events = priced.map(({ row, tick }) => closeAt(row, tick, 'batch', now));
      once?.record({ closed: priced.length });
      return { closed: priced.length, rows: priced.map(({ row }) => row), events };
    });
    for (const row of done.rows) unindex(row);
    emitAll(done.events);
    return done.closed;
  }

  function setStops(userId: number, orderId: number, takeProfit: string | undefined, stopLoss: string | undefined): void {
    const row = ownOrder(userId, orderId);
    if (row.status !== 'holding' && row.status !== 'entrusted') throw new AppError('futures.notHolding');
    const contract = contractOf(row.symbol);
    const stops = {
      takeProfitTicks: takeProfit === undefined ? undefined : priceTicksOf(contract, takeProfit),
      stopLossTicks: stopLoss === undefined ? undefined : priceTicksOf(contract, stopLoss),
    };
    const terms = termsOf(row);
    const position =
      row.status === 'holding'
        ? positionOf(row)
        : { side: row.side, lots: row.lots, openPriceTicks: row.limitPriceTicks ?? 0, marginMinor: previewOpen(terms, row.side, row.lots, row.multiple, { limitTicks: row.limitPriceTicks ?? 0 }).marginMinor };
    refuseStops(terms, position, row.status === 'holding' ? latestTick(row.symbol).priceTicks : (row.limitPriceTicks ?? 0), stops, contract);
    const updated = inTransaction(() => {
      // Ticks the engine has processed were judged against the old levels: a restart never replays them against the new ones.
      keepCursor(row.symbol);
      return db
        .update(futuresOrders)
        .set({ takeProfitTicks: stops.takeProfitTicks ?? null, stopLossTicks: stops.stopLossTicks ?? null })
        .where(eq(futuresOrders.id, row.id))
        .returning()
        .get();
    });
    index(updated);
    emitAll([{ userId, kind: 'futures.stops_set', refType: 'futures_order', refId: row.id, params: { symbol: row.symbol }, time: ctx.now() }]);
  }

  function addMargin(userId: number, orderId: number, amount: number): void {
    const row = ownOrder(userId, orderId);
    if (row.status !== 'holding') throw new AppError('futures.notHolding');
    // A voucher's position risks only the voucher: the user's own money never joins it.
    if (isVoucherPosition(row)) throw new AppError('coupon.voucherNoMargin');
    const now = ctx.now();
    const updated = db.transaction((tx) => {
      const next = tx
        .update(futuresOrders)
        .set({ margin: sql`${futuresOrders.margin} + ${amount}` })
        .where(eq(futuresOrders.id, row.id))
        .returning()
        .get();
      post(
        ctx.sqlite,
        {
          type: 'futures_add_margin',
          refType: 'futures_order',
          refId: row.id,
          memo: `${row.symbol} ${row.side}: margin added ${money(amount)}`,
          lines: [
            { account: lever(userId), bucket: 'available', amount: -amount },
            { account: lever(userId), bucket: 'frozen', amount },
          ],
        },
        now,
      );
      return next;
    });
    index(updated);
    emitAll([{ userId, kind: 'futures.margin_added', refType: 'futures_order', refId: row.id, params: { symbol: row.symbol, amount: money(amount), currency: usdt.symbol }, time: now }]);
  }

  // ---- the risk engine ----

  /** Opens an entrust at a tick's open price (never worse than its limit); releases what the hold kept beyond margin and fee. */
  function openEntrust(row: OrderRow, tick: FeedTick, now: number): { row: OrderRow; event: UserEvent } {
    const terms = termsOf(row);
    // Only limit orders wait as entrusts: the limit is always there.
    const open = entrustOpenPriceTicks(terms, row.side, row.limitPriceTicks as number, tick.priceTicks);
    const preview = previewOpen(terms, row.side, row.lots, row.multiple, { limitTicks: open });
    statements.openEntrust.run(open, tick.id, preview.feeMinor, preview.marginMinor, now, row.id);
    const opened: OrderRow = { ...row, status: 'holding', openPriceTicks: open, openTickId: tick.id, openFee: preview.feeMinor, margin: preview.marginMinor, entrustHold: 0, openedAt: now };
    postOpen(opened, preview.marginMinor, preview.feeMinor, row.entrustHold, tick, now);
    return { row: opened, event: { userId: row.userId, kind: 'futures.opened', refType: 'futures_order', refId: row.id, params: { symbol: row.symbol, side: row.side, lots: row.lots, tick_id: tick.id }, time: now } };
  }

  const loadOrders = (ids: number[]): OrderRow[] =>
    (statements.ordersByIds.all(JSON.stringify(ids)) as (Omit<OrderRow, 'terms'> & { terms: string })[]).map(rowOf);

  /** Opens a crossed entrust or closes a crossed position for its highest-priority reason; answers whether it did. */
  function settleTriggered(row: OrderRow, kinds: Set<TriggerKind>, feed: FeedTick, now: number, events: UserEvent[]): boolean {
    if (row.status === 'entrusted' && kinds.has('entrust')) {
      const opened = openEntrust(row, feed, now);
      index(opened.row);
      events.push(opened.event);
      return true;
    }
    if (row.status !== 'holding') return false;
    const reason = CLOSE_PRIORITY.find((kind) => kinds.has(kind)) as CloseReason | undefined;
    if (!reason) return false;
    const event = closeAt(row, feed, reason, now);
    unindex(row);
    events.push(event);
    return true;
  }

  /** Whether an order was placed (or its position opened) after a tick: a replayed tick never fires such an order. */
  const placedAfter = (row: OrderRow, tickId: number) => ((row.status === 'entrusted' ? row.createdTickId : row.openTickId) ?? 0) > tickId;

  /**
   * Everything one tick crosses, in one transaction: takes the crossed
   * levels out of the index, reads their orders in one query, opens and
   * closes them, and repeats for levels a just-opened position already
   * crosses. `isolated` puts each order in its own savepoint, so one failing
   * order leaves the others done and goes back in the index for the next
   * tick. The engine's cursor moves to the tick in the same transaction.
   */
  function processTick(symbol: string, feed: FeedTick, mode: TickMode, isolated: boolean, touched: Set<number>): { handled: number; events: UserEvent[] } {
    const now = ctx.now();
    const events: UserEvent[] = [];
    const failed: OrderRow[] = [];
    const later: OrderRow[] = [];
    let handled = 0;
    let fired = triggers.takeCrossed(symbol, feed.priceTicks);
    if (fired.length === 0) return { handled, events };
    inTransaction(() => {
      while (fired.length > 0) {
        const kindsByOrder = new Map<number, Set<TriggerKind>>();
        for (const trigger of fired) {
          const kinds = kindsByOrder.get(trigger.payload.orderId) ?? new Set<TriggerKind>();
          kinds.add(trigger.payload.kind);
          kindsByOrder.set(trigger.payload.orderId, kinds);
          touched.add(trigger.payload.orderId);
        }
        for (const row of loadOrders([...kindsByOrder.keys()])) {
          if (mode.replay && placedAfter(row, feed.id)) {
            later.push(row);
            continue;
          }
          const kinds = kindsByOrder.get(row.id) as Set<TriggerKind>;
          if (!isolated) {
            if (settleTriggered(row, kinds, feed, now, events)) handled += 1;
            continue;
          }
          try {
            inTransaction(() => {
              if (settleTriggered(row, kinds, feed, now, events)) handled += 1;
            });
          } catch (error) {
            ctx.log.error({ err: error, orderId: row.id }, 'futures trigger failed');
            failed.push(row);
          }
        }
        fired = triggers.takeCrossed(symbol, feed.priceTicks);
      }
      if (mode.advances) statements.saveCursor.run(symbol, feed.id);
    });
    // Back in the index after the loop, which would otherwise take their levels again.
    for (const row of [...failed, ...later]) index(row);
    return { handled, events };
  }

  /**
   * One tick. The batch runs without a savepoint per order (each order's
   * money is frozen already, so none should fail); if one does, the whole
   * tick rolls back, the orders it touched go back in the index as the
   * database has them, and the tick runs again order by order. Events after
   * the commit. Outside a stock's market hours nothing fires: the levels stay
   * in the index and fire on the first tick after the open.
   */
  function runTick(tick: TickEvent, mode: TickMode): number {
    const contract = contracts.get(tick.symbol);
    if (!contract) return 0;
    let result: { handled: number; events: UserEvent[] } = { handled: 0, events: [] };
    if (ctx.market.firesAt(contract.instrument, tick.time)) {
      const feed: FeedTick = { id: tick.tickId, priceTicks: tick.priceTicks, time: tick.time };
      const touched = new Set<number>();
      try {
        result = processTick(tick.symbol, feed, mode, false, touched);
      } catch {
        for (const row of loadOrders([...touched])) index(row);
        result = processTick(tick.symbol, feed, mode, true, new Set());
      }
    }
    if (mode.advances) advanceCursor(tick.symbol, tick.tickId);
    emitAll(result.events);
    return result.handled;
  }

  /** A feed tick as the bus announces it, just stored. */
  const onTick = (tick: TickEvent): number => runTick(tick, { replay: false, advances: true });

  const tickEvent = (symbol: string, tick: FeedTick): TickEvent => ({ symbol, tickId: tick.id, priceTicks: tick.priceTicks, volumeLots: 0, time: tick.time });

  // ---- the engine's cursor: which stored ticks it has processed ----

  /** Per instrument, the last tick processed (every stored tick up to it): in memory, written with each tick's work and by `flushCursors`. */
  const processed = new Map<string, number>();
  const unsaved = new Set<string>();

  function advanceCursor(symbol: string, tickId: number): void {
    if (tickId <= (processed.get(symbol) ?? 0)) return;
    processed.set(symbol, tickId);
    unsaved.add(symbol);
  }

  /** Inside a transaction that moves a level closer: the ticks processed so far were judged against the old level and are never replayed against the new one. */
  function keepCursor(symbol: string): void {
    const tickId = processed.get(symbol);
    if (tickId !== undefined) statements.saveCursor.run(symbol, tickId);
  }

  /** Writes the cursors of ticks that crossed nothing (a tick's work writes its own): a restart then replays only the last few seconds. */
  function flushCursors(): void {
    if (unsaved.size === 0) return;
    inTransaction(() => {
      for (const symbol of unsaved) statements.saveCursor.run(symbol, processed.get(symbol) as number);
    });
    unsaved.clear();
  }

  /** Rebuilds the index from the database and reads the engine's cursors; `catchUp` then processes the ticks stored after them. */
  function rebuild(): void {
    const rows = db
      .select()
      .from(futuresOrders)
      .where(inArray(futuresOrders.status, ['entrusted', 'holding']))
      .all();
    for (const row of rows) index(row);
    for (const cursor of statements.cursors.all() as { symbol: string; tickId: number }[]) processed.set(cursor.symbol, cursor.tickId);
  }

  /**
   * After a restart, the stored ticks the engine has not processed (stored
   * just before a crash, or while it was not listening), in id order, as if
   * they had just arrived; a tick never fires an order placed after it. An
   * instrument with nothing waiting only moves its cursor to its last tick;
   * one without a cursor yet (the first start with cursors) processes its
   * last tick. Answers how many ticks it replayed.
   */
  function catchUp(): number {
    let replayed = 0;
    for (const symbol of contracts.keys()) {
      const last = statements.lastTick.get(symbol) as FeedTick | undefined;
      if (!last) continue;
      let after = processed.get(symbol);
      if (after === undefined || triggers.for(symbol).size === 0) {
        runTick(tickEvent(symbol, last), { replay: true, advances: true });
        replayed += 1;
        continue;
      }
      while (after < last.id) {
        const page = statements.ticksAfter.all(symbol, after, REPLAY_PAGE) as FeedTick[];
        if (page.length === 0) break;
        for (const tick of page) runTick(tickEvent(symbol, tick), { replay: true, advances: true });
        replayed += page.length;
        after = (page.at(-1) as FeedTick).id;
      }
    }
    flushCursors();
    return replayed;
  }

  /**
   * The daily overnight fee, due at 00:00 UTC for every position open at
   * that moment: one charge per missed day (after a restart), taken from the
   * margin (capped at it), which moves the liquidation level; a position the
   * last tick already puts past its new level is liquidated at that tick.
   * (A close charges what is due itself, before this job runs.)
   */
  function chargeOvernight(now: number): number {
    const today = utcDay(now);
    const todayStart = Date.parse(`${today}T00:00:00Z`);
    const rows = db
      .select()
      .from(futuresOrders)
      .where(and(eq(futuresOrders.status, 'holding'), sql`${futuresOrders.openedAt} < ${todayStart}`, sql`(${futuresOrders.overnightPaidDay} IS NULL OR ${futuresOrders.overnightPaidDay} < ${today})`))
      .all();
    const events: UserEvent[] = [];
    const symbols = new Set(rows.map((row) => row.symbol));
    const charged = inTransaction(() => {
      for (const symbol of symbols) keepCursor(symbol);
      return rows.map((row) => {
        const due = chargeOvernightDue(row, now, now);
        events.push({ userId: row.userId, kind: 'futures.overnight_charged', refType: 'futures_order', refId: row.id, params: { symbol: row.symbol, fee: money(due.fee), currency: usdt.symbol, days: due.days }, time: now });
        return due.row;
      });
    });
    for (const row of charged) index(row);
    emitAll(events);
    // The re-check runs the last tick again: it does not move the cursor (no newer tick is processed by it).
    for (const symbol of symbols) {
      const tick = statements.lastTick.get(symbol) as FeedTick | undefined;
      if (tick) runTick(tickEvent(symbol, tick), { replay: false, advances: false });
    }
    return rows.length;
  }

  // ---- reading ----

  function present(row: OrderRow) {
    const contract = contractOf(row.symbol);
    const { def } = contract.instrument;
    const terms = termsOf(row);
    const price = (ticks: number | null) => (ticks === null ? null : ticksToPrice(def, ticks));
    const last = ctx.market.lastTick(row.symbol) ?? (statements.lastTick.get(row.symbol) as FeedTick | undefined);
    const holding = row.status === 'holding' && last !== undefined;
    const position = positionOf(row);
    const closeTick = row.closeTickId === null ? null : { id: row.closeTickId, time: row.closeTickTime, price: price(row.closeFeedTicks) };
    return {
      id: row.id,
      symbol: row.symbol,
      currency_id: contract.instrument.base.id,
      legal_id: contract.instrument.quote.id,
      side: row.side,
      order_type: row.orderType,
      status: row.status,
      multiple: row.multiple,
      lots: row.lots,
      quantity: contractQuantity(terms, row.lots).toFixed(),
      limit_price: price(row.limitPriceTicks),
      open_price: price(row.openPriceTicks),
      open_tick_id: row.openTickId,
      margin: money(row.margin),
      entrust_hold: money(row.entrustHold),
      open_fee: money(row.openFee),
      margin_source: row.marginSource,
      coupon_id: row.couponId,
      overnight_fees: money(row.overnightFees),
      take_profit: price(row.takeProfitTicks),
      stop_loss: price(row.stopLossTicks),
      liquidation_price: row.status === 'holding' ? price(liquidationPriceTicks(terms, position)) : null,
      feed_price: last ? price(last.priceTicks) : null,
      pnl: holding ? money(unrealizedPnl(terms, position, last.priceTicks)) : null,
      risk_rate: holding ? positionRiskRate(terms, position, last.priceTicks) : null,
      pnl_at_take_profit: row.status === 'holding' && row.takeProfitTicks !== null ? money(pnlAtFeedLevel(terms, position, row.takeProfitTicks)) : null,
      pnl_at_stop_loss: row.status === 'holding' && row.stopLossTicks !== null ? money(pnlAtFeedLevel(terms, position, row.stopLossTicks)) : null,
      terms: { tick_size: terms.tickSize, lot_size: terms.lotSize, quote_scale: terms.quoteScale, spread_ticks: terms.spreadTicks, fee_rate: terms.feeRate, maintenance_margin_ratio: terms.maintenanceMarginRatio, overnight_rate: terms.overnightRate },
      created_at: row.createdAt,
      opened_at: row.openedAt,
      close:
        row.status === 'closed'
          ? {
              reason: row.closeReason,
              tick: closeTick,
              close_price: price(row.closePriceTicks),
              pnl: money(row.pnl ?? 0),
              fee: money(row.closeFee ?? 0),
              payout: money(row.payout ?? 0),
              house_absorbed: money(row.deficit ?? 0),
              closed_at: row.closedAt,
            }
          : null,
      cancelled_at: row.cancelledAt,
      copy: copyMarkOf(row.id),
    };
  }

  function ownList(userId: number, filter: { symbol?: string; status?: OrderStatus }, page: number, limit: number) {
    const conditions: SQL[] = [eq(futuresOrders.userId, userId)];
    if (filter.symbol) conditions.push(eq(futuresOrders.symbol, filter.symbol));
    if (filter.status) conditions.push(eq(futuresOrders.status, filter.status));
    const where = and(...conditions);
    const window = pageWindow(page, limit);
    const total = db.select({ total: count() }).from(futuresOrders).where(where).get()?.total ?? 0;
    const rows = db.select().from(futuresOrders).where(where).orderBy(desc(futuresOrders.id)).limit(window.limit).offset(window.offset).all();
    return toPage(rows.map(present), window, total);
  }

  function presentContract(contract: FuturesContractConfig) {
    const { instrument, terms } = contract;
    return {
      symbol: instrument.symbol,
      currency_id: instrument.base.id,
      legal_id: instrument.quote.id,
      kind: instrument.kind,
      multiples: contract.multiples,
      lot_size: contract.lotSize,
      min_lots: contract.minLots,
      max_lots_per_order: contract.maxLotsPerOrder,
      max_lots_per_user: contract.maxLotsPerUser,
      fee_rate: terms.feeRate,
      spread: ticksToPrice(instrument.def, terms.spreadTicks),
      spread_ticks: terms.spreadTicks,
      tick_size: terms.tickSize,
      quote_scale: terms.quoteScale,
      overnight_rate: terms.overnightRate,
      maintenance_margin_ratio: terms.maintenanceMarginRatio,
      market_open: ctx.market.isOpen(instrument, ctx.now()),
      feed_price: ctx.market.lastPrice(instrument.symbol) ?? null,
    };
  }

  /**
   * `/lever/deal`: the lever balance, the instrument's terms and the user's
   * open orders of it, with the account risk rate: equity (available, what
   * entrusts hold, and every position's margin + P&L at its last tick) over
   * the margin used.
   */
  function deal(userId: number, currencyId: number, legalId: number) {
    const contract = contractFor(currencyId, legalId);
    const balance = leverBalance(userId);
    const rows = db
      .select()
      .from(futuresOrders)
      .where(and(eq(futuresOrders.userId, userId), inArray(futuresOrders.status, ['entrusted', 'holding'])))
      .orderBy(desc(futuresOrders.id))
      .all();
    const holdings = rows.filter((row) => row.status === 'holding');
    const equities = holdings.map((row) => {
      const last = ctx.market.lastTick(row.symbol) ?? (statements.lastTick.get(row.symbol) as FeedTick | undefined);
      return { equityMinor: last ? positionEquity(termsOf(row), positionOf(row), last.priceTicks) : row.margin, marginMinor: row.margin };
    });
    const usedMargin = holdings.reduce((sum, row) => sum + row.margin, 0);
    return {
      currency: usdt.symbol,
      available: money(balance.available),
      frozen: money(balance.frozen),
      used_margin: money(usedMargin),
      // The frozen bucket beyond the positions' margin is what entrusts hold: the user's money as much as the available balance.
      account_risk_rate: accountRiskRate(balance.available + balance.frozen - usedMargin, equities),
      contract: presentContract(contract),
      contracts: [...contracts.values()].map((entry) => ({ symbol: entry.instrument.symbol, currency_id: entry.instrument.base.id, legal_id: entry.instrument.quote.id, kind: entry.instrument.kind })),
      positions: rows.filter((row) => row.symbol === contract.instrument.symbol).map(present),
    };
  }

  // ---- the lever-positions port (platform/lever-positions.ts) ----

  function leverPositionOf(row: OrderRow): LeverPosition {
    return {
      id: row.id,
      userId: row.userId,
      symbol: row.symbol,
      side: row.side,
      multiple: row.multiple,
      lots: row.lots,
      status: row.status,
      openPriceTicks: row.openPriceTicks,
      openTickId: row.openTickId,
      margin: row.margin,
      openedAt: row.openedAt,
      closeReason: row.closeReason,
      closeTickId: row.closeTickId,
      closePriceTicks: row.closePriceTicks,
      pnl: row.pnl,
      closedAt: row.closedAt,
    };
  }

  const orderById = (orderId: number) => db.select().from(futuresOrders).where(eq(futuresOrders.id, orderId)).get();
  const tickById = ctx.sqlite.prepare('SELECT id, price_ticks AS priceTicks, time FROM ticks WHERE id = ?');

  /** A market open at a given stored tick, inside the caller's transaction (a copy of a trader's open: same tick, same price ± spread). */
  function openMirror(userId: number, spec: MirrorSpec, tick: LeverTick): { orderId: number; event: UserEvent } {
    const contract = contractOf(spec.symbol);
    const { terms } = contract;
    if (!contract.multiples.includes(spec.multiple)) throw new AppError('futures.unknownMultiple', { multiples: contract.multiples.join(', ') });
    if (spec.lots < contract.minLots || spec.lots > contract.maxLotsPerOrder) throw new AppError('futures.lotsOutOfRange', { min: contract.minLots, max: contract.maxLotsPerOrder });
    if (Number(statements.openLots.get(userId, spec.symbol)) + spec.lots > contract.maxLotsPerUser) throw new AppError('futures.userLotsExceeded', { max: contract.maxLotsPerUser });
    const preview = previewOpen(terms, spec.side, spec.lots, spec.multiple, { feedTicks: tick.priceTicks });
    if (leverBalance(userId).available < preview.totalMinor) throw new AppError('errors.insufficientBalance');
    const now = ctx.now();
    const row = db
      .insert(futuresOrders)
      .values({
        userId,
        symbol: spec.symbol,
        side: spec.side,
        orderType: 'market',
        multiple: spec.multiple,
        lots: spec.lots,
        terms,
        status: 'holding',
        openPriceTicks: preview.openPriceTicks,
        openTickId: tick.id,
        openFee: preview.feeMinor,
        margin: preview.marginMinor,
        openedAt: now,
        createdAt: now,
      })
      .returning()
      .get();
    postOpen(row, preview.marginMinor, preview.feeMinor, 0, tick, now);
    index(row);
    return { orderId: row.id, event: { userId, kind: 'futures.opened', refType: 'futures_order', refId: row.id, params: { symbol: row.symbol, side: row.side, lots: row.lots, tick_id: tick.id }, time: now } };
  }

  function closeMirror(orderId: number, tick: LeverTick, reason: CloseReason): UserEvent | null {
    const row = orderById(orderId);
    if (row?.status !== 'holding') return null;
    unindex(row);
    return closeAt(row, tick, reason, ctx.now());
  }

  const port: LeverPositions = {
    openMirror,
    closeMirror,
    openMarket: (userId, spec) => submit(userId, { ...spec, orderType: 'market' }),
    close: (userId, orderId) => close(userId, orderId),
    holding: (userId) =>
      db
        .select()
        .from(futuresOrders)
        .where(and(eq(futuresOrders.userId, userId), eq(futuresOrders.status, 'holding')))
        .all()
        .map(leverPositionOf),
    position: (orderId) => {
      const row = orderById(orderId);
      return row ? leverPositionOf(row) : null;
    },
    present: (orderId) => {
      const row = orderById(orderId);
      return row ? present(row) : null;
    },
    tick: (tickId) => (tickById.get(tickId) as LeverTick | undefined) ?? null,
    copyLotLimits: (userId, symbol) => {
      const contract = contracts.get(symbol);
      if (!contract) return null;
      return { minLots: contract.minLots, maxLotsPerOrder: contract.maxLotsPerOrder, maxLotsPerUser: contract.maxLotsPerUser, openLots: Number(statements.openLots.get(userId, symbol)) };
    },
    available: (userId) => leverBalance(userId).available,
    onPositionEvent: (listener) => void positionListeners.push(listener),
    onSettlement: (listener) => void settlementListeners.push(listener),
    markCopies: (reader) => {
      copyMarkOf = reader;
    },
  };

  provideVoucherPositions(ctx, createVoucherPositions(ctx, { contractFor, assertMarketOpen, tradeTick, index, unindex, closeAt, emitAll, lever, usdt }));

  return {
    port,
    triggers,
    contractFor,
    contractOf,
    submit,
    cancel,
    close,
    batchClose,
    setStops,
    addMargin,
    onTick,
    rebuild,
    catchUp,
    flushCursors,
    chargeOvernight,
    deal,
    ownList,
    presentOne: (userId: number, orderId: number) => present(ownOrder(userId, orderId)),
  };
}

export type FuturesService = ReturnType<typeof createFuturesService>;
