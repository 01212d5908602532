import {
  baseMinorToDecimal,
  lotsToQuantity,
  marketProtectionPrice,
  notionalMinor,
  previewSpotOrder,
  type Side,
  type TriggerDirection,
  TriggerBook,
  ticksToPrice,
  tpSlHold,
  quoteMinorToDecimal,
} from '@openbourse/core';
import type { Statement } from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type { Sqlite } from '../db/client.ts';
import { post } from '../ledger/ledger.ts';
import type { MarketBus, TickEvent } from '../market/bus.ts';
import type { Instrument, InstrumentRegistry } from '../market/instruments.ts';
import type { LastTick } from '../market/market-data.ts';
import { AppError } from '../platform/errors.ts';
import type { Exchange, PlaceOrderInput } from './exchange.ts';
import { SIDE_CODES } from './present.ts';

export type ConditionalKind = 'stop_limit' | 'take_profit' | 'stop_loss';
export type ConditionalStatus = 'waiting' | 'triggered' | 'cancelled' | 'failed';

export interface ConditionalRow {
  id: number;
  userId: number;
  symbol: string;
  side: Side;
  kind: ConditionalKind;
  direction: TriggerDirection;
  triggerTicks: number;
  limitTicks: number | null;
  qtyLots: number;
  accountTypeId: number;
  holdCurrencyId: number;
  holdAmount: number;
  status: ConditionalStatus;
  failReason: string | null;
  groupId: number;
  orderId: number | null;
  triggerTickId: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface TickRef {
  id: number;
  priceTicks: number;
  time: number;
}

export interface ConditionalDeps {
  sqlite: Sqlite;
  instruments: InstrumentRegistry;
  bus: MarketBus;
  exchange: Exchange;
  lastTick(symbol: string): LastTick | undefined;
  /** Whether a tick of this instrument may fire orders now (a stock's market hours). */
  firesAt(instrument: Instrument, tickTime: number): boolean;
  now(): number;
  log: FastifyBaseLogger;
}

/** What the index keeps per waiting leg: enough to find its row and its pair. */
interface TriggerPayload {
  conditionalId: number;
  groupId: number;
}

const COLUMNS = `id, user_id AS userId, symbol, side, kind, direction, trigger_ticks AS triggerTicks, limit_ticks AS limitTicks, qty_lots AS qtyLots,
  account_type_id AS accountTypeId, hold_currency_id AS holdCurrencyId, hold_amount AS holdAmount, status, fail_reason AS failReason, group_id AS groupId,
  order_id AS orderId, trigger_tick_id AS triggerTickId, created_at AS createdAt, updated_at AS updatedAt`;

function prepare(sqlite: Sqlite) {
  return {
    insert: sqlite.prepare(
      `INSERT INTO spot_conditional_orders (user_id, symbol, side, kind, direction, trigger_ticks, limit_ticks, qty_lots, account_type_id, hold_currency_id, hold_amount, status, group_id, created_at, updated_at)
       VALUES (@userId, @symbol, @side, @kind, @direction, @triggerTicks, @limitTicks, @qtyLots, @accountTypeId, @holdCurrencyId, @holdAmount, 'waiting', @groupId, @now, @now) RETURNING id`,
    ) as Statement<[Record<string, unknown>], { id: number }>,
    setGroup: sqlite.prepare('UPDATE spot_conditional_orders SET group_id = ? WHERE id = ?') as Statement<[number, number]>,
    row: sqlite.prepare(`SELECT ${COLUMNS} FROM spot_conditional_orders WHERE id = ?`) as Statement<[number], ConditionalRow>,
    group: sqlite.prepare(`SELECT ${COLUMNS} FROM spot_conditional_orders WHERE group_id = ? ORDER BY id`) as Statement<[number], ConditionalRow>,
    waiting: sqlite.prepare(`SELECT ${COLUMNS} FROM spot_conditional_orders WHERE status = 'waiting' ORDER BY id`) as Statement<[], ConditionalRow>,
    byOrder: sqlite.prepare(`SELECT ${COLUMNS} FROM spot_conditional_orders WHERE order_id = ?`) as Statement<[number], ConditionalRow>,
    finish: sqlite.prepare(
      `UPDATE spot_conditional_orders SET status = @status, fail_reason = @failReason, hold_amount = 0, trigger_tick_id = COALESCE(@tickId, trigger_tick_id), updated_at = @now
       WHERE id = @id AND status = 'waiting'`,
    ) as Statement<[Record<string, unknown>]>,
    setOrder: sqlite.prepare('UPDATE spot_conditional_orders SET order_id = ? WHERE id = ?') as Statement<[number, number]>,
    tick: sqlite.prepare('SELECT id, price_ticks AS priceTicks, time FROM ticks WHERE id = ?') as Statement<[number], TickRef>,
  };
}

export interface StopLimitInput {
  instrument: Instrument;
  side: Side;
  stopTicks: number;
  limitTicks: number;
  lots: number;
}

export interface TpSlInput {
  instrument: Instrument;
  /** sell: closes holdings (TP above, SL below the price); buy: buys back (TP below, SL above). */
  side: Side;
  lots: number;
  takeProfitTicks?: number;
  stopLossTicks?: number;
}

/**
 * Conditional spot orders: a stop-limit, or a take-profit / stop-loss pair
 * (one cancels the other), waiting in core's trigger index (one per
 * instrument, levels in price ticks) for a FEED tick to reach them. The
 * database is the truth: the index is rebuilt from the waiting rows at start.
 *
 * Placement holds the funds through the ledger. When a tick crosses a leg,
 * the whole group leaves the index at once, and one exchange command (one
 * savepoint) ends the group, releases its hold, places the order the leg
 * stands for with the firing tick as its reference, and records it; if the
 * order is refused (the book rejects it, funds changed), the group ends as
 * failed and the hold is released in its own transaction.
 */
export class ConditionalOrders {
  private readonly triggers = new TriggerBook<TriggerPayload>();
  private readonly statements: ReturnType<typeof prepare>;
  private readonly transaction: (work: () => void) => void;

  constructor(private readonly deps: ConditionalDeps) {
    this.statements = prepare(deps.sqlite);
    this.transaction = deps.sqlite.transaction((work: () => void) => work()).immediate;
  }

  /**
   * Rebuilds the index from the waiting rows, then runs each instrument's
   * latest stored tick through it (a tick stored just before a crash fires
   * now), and listens to the feed from then on.
   */
  start(): void {
    for (const row of this.statements.waiting.iterate()) this.index(row);
    for (const instrument of this.deps.instruments.all) {
      const last = this.deps.lastTick(instrument.symbol);
      if (last) this.onTick({ symbol: instrument.symbol, tickId: last.id, priceTicks: last.priceTicks, volumeLots: 0, time: last.time });
    }
    this.deps.bus.on('tick', (tick) => this.onTick(tick));
  }

  get waitingCount(): number {
    return this.triggers.size;
  }

  row(id: number): ConditionalRow | undefined {
    return this.statements.row.get(id);
  }

  /** The conditional order that placed an order, if any. */
  placedOrder(orderId: number): ConditionalRow | undefined {
    return this.statements.byOrder.get(orderId);
  }

  tick(id: number | null): TickRef | undefined {
    return id === null ? undefined : this.statements.tick.get(id);
  }

  /** A stop-limit: when the feed reaches the stop (a buy's above, a sell's below the price now), a limit order at limitTicks is placed. */
  placeStopLimit(userId: number, input: StopLimitInput): ConditionalRow {
    const { instrument, side } = input;
    const price = this.currentPrice(instrument);
    const direction: TriggerDirection = side === 'buy' ? 'rise' : 'fall';
    if (!this.beforeTrigger(direction, price, input.stopTicks)) throw new AppError('errors.stopWrongSide');
    const preview = previewSpotOrder({ def: instrument.def, side, type: 'limit', priceTicks: input.limitTicks, lots: input.lots });
    if (preview.belowMinNotional) throw new AppError('errors.belowMinNotional');
    const hold = { currencyId: preview.hold.currency === 'base' ? instrument.base.id : instrument.quote.id, amount: preview.hold.amount };
    const [row] = this.create(userId, instrument, hold, [{ side, kind: 'stop_limit', direction, triggerTicks: input.stopTicks, limitTicks: input.limitTicks, qtyLots: input.lots }]);
    return row as ConditionalRow;
  }

  /** A take-profit and/or stop-loss on spot; each leg fires a market order and cancels the other. */
  placeTpSl(userId: number, input: TpSlInput): ConditionalRow[] {
    const { instrument, side, lots } = input;
    const price = this.currentPrice(instrument);
    const legs: { kind: ConditionalKind; direction: TriggerDirection; triggerTicks: number }[] = [];
    // A sell takes profit on a rise and stops the loss on a fall; buying back is the mirror image.
    if (input.takeProfitTicks !== undefined) legs.push({ kind: 'take_profit', direction: side === 'sell' ? 'rise' : 'fall', triggerTicks: input.takeProfitTicks });
    if (input.stopLossTicks !== undefined) legs.push({ kind: 'stop_loss', direction: side === 'sell' ? 'fall' : 'rise', triggerTicks: input.stopLossTicks });
    if (legs.length === 0) throw new AppError('errors.tpslPriceRequired');
    for (const leg of legs) {
      if (!this.beforeTrigger(leg.direction, price, leg.triggerTicks)) throw new AppError(leg.kind === 'take_profit' ? 'errors.takeProfitWrongSide' : 'errors.stopLossWrongSide');
      if (notionalMinor(instrument.spec, leg.triggerTicks, lots) < instrument.spec.minNotional) throw new AppError('errors.belowMinNotional');
    }
    const held = tpSlHold(instrument.def, side, lots, legs.map((leg) => leg.triggerTicks));
    const hold = { currencyId: held.currency === 'base' ? instrument.base.id : instrument.quote.id, amount: held.amount };
    return this.create(userId, instrument, hold, legs.map((leg) => ({ ...leg, side, limitTicks: null, qtyLots: lots })));
  }

  /** Cancels a waiting conditional order (and the other leg of its pair) and releases the hold. */
  cancel(userId: number, id: number): ConditionalRow[] {
    const row = this.statements.row.get(id);
    // Someone else's id answers exactly like a missing one.
    if (!row || row.userId !== userId) throw new AppError('errors.conditionalNotFound');
    if (row.status !== 'waiting') throw new AppError('errors.conditionalNotWaiting');
    const instrument = this.instrumentOf(row);
    this.transaction(() => this.endGroup(instrument, row, { status: 'cancelled', failReason: 'user', tickId: null }));
    const group = this.statements.group.all(row.groupId);
    for (const leg of group) this.triggers.for(row.symbol).remove(String(leg.id));
    this.announce(group);
    return group;
  }

  /**
   * The feed moved: every leg whose level the price reached fires, nearest
   * first. Outside a stock's market hours nothing fires: the legs wait in the
   * index and fire on the first tick after the open.
   */
  onTick(tick: TickEvent): void {
    const instrument = this.deps.instruments.get(tick.symbol);
    if (instrument && !this.deps.firesAt(instrument, tick.time)) return;
    const fired = this.triggers.takeCrossed(tick.symbol, tick.priceTicks);
    const groups = new Set<number>();
    for (const trigger of fired) {
      const { conditionalId, groupId } = trigger.payload;
      // Both legs of a pair crossed by one jump: the first (nearest) wins, the group ends with it.
      if (groups.has(groupId)) continue;
      groups.add(groupId);
      for (const leg of this.statements.group.all(groupId)) this.triggers.for(tick.symbol).remove(String(leg.id));
      this.fire(conditionalId, { id: tick.tickId, priceTicks: tick.priceTicks, time: tick.time }).catch((error: unknown) =>
        this.deps.log.error({ err: error, conditionalId }, 'conditional order could not be settled; it stays waiting and is retried at the next start'),
      );
    }
  }

  private async fire(conditionalId: number, tick: TickRef): Promise<void> {
    const row = this.statements.row.get(conditionalId);
    if (row?.status !== 'waiting') return;
    const instrument = this.instrumentOf(row);
    try {
      await this.deps.exchange.place(row.userId, this.orderFor(instrument, row, tick), undefined, {
        before: () => {
          // Checked inside the command: a cancel may have come between the tick and this turn.
          const current = this.statements.row.get(conditionalId);
          if (current?.status !== 'waiting') throw new AppError('errors.conditionalNotWaiting');
          this.endGroup(instrument, row, { status: 'triggered', failReason: null, tickId: tick.id });
        },
        after: (orderId) => this.statements.setOrder.run(orderId, conditionalId),
      });
    } catch (error) {
      const reason = error instanceof AppError ? error.key : 'internal';
      // Cancelled meanwhile: nothing to do. Shutting down: the row stays waiting, and the start after runs the latest tick through it again.
      if (reason === 'errors.conditionalNotWaiting' || reason === 'errors.serviceRestarting') return;
      this.transaction(() => this.endGroup(instrument, row, { status: 'failed', failReason: reason, tickId: tick.id }));
    }
    const group = this.statements.group.all(row.groupId);
    this.announce(group);
    const fired = group.find((leg) => leg.id === conditionalId) as ConditionalRow;
    this.deps.bus.emit('user', {
      userId: row.userId,
      kind: fired.status === 'triggered' ? `spot.${row.kind === 'stop_limit' ? 'stop' : row.kind}_triggered` : 'spot.conditional_failed',
      refType: 'spot_conditional',
      refId: conditionalId,
      params: { symbol: row.symbol, trigger_price: ticksToPrice(instrument.def, row.triggerTicks), tick_price: ticksToPrice(instrument.def, tick.priceTicks), tick_id: tick.id },
      time: this.deps.now(),
    });
  }

  /**
   * The order a leg places. A stop-limit: its limit order, holding exactly
   * what the stop held. A take-profit or stop-loss: a market order protected
   * around the firing tick; a buy's protection never above the one its hold
   * was computed at, so the order never needs more than was held.
   */
  private orderFor(instrument: Instrument, row: ConditionalRow, tick: TickRef): PlaceOrderInput {
    const base = { symbol: row.symbol, side: row.side, lots: row.qtyLots, referenceTickId: tick.id };
    if (row.limitTicks !== null) return { ...base, type: 'limit', priceTicks: row.limitTicks, timeInForce: 'GTC' };
    let protection = marketProtectionPrice(instrument.def, row.side, tick.priceTicks);
    if (row.side === 'buy') {
      const legs = this.statements.group.all(row.groupId);
      protection = Math.min(protection, marketProtectionPrice(instrument.def, 'buy', Math.max(...legs.map((leg) => leg.triggerTicks))));
    }
    return { ...base, type: 'market', priceTicks: protection, timeInForce: 'IOC' };
  }

  private create(
    userId: number,
    instrument: Instrument,
    hold: { currencyId: number; amount: number },
    legs: { side: Side; kind: ConditionalKind; direction: TriggerDirection; triggerTicks: number; limitTicks: number | null; qtyLots: number }[],
  ): ConditionalRow[] {
    const now = this.deps.now();
    const ids: number[] = [];
    this.transaction(() => {
      for (const leg of legs) {
        const id = this.statements.insert.get({ userId, symbol: instrument.symbol, accountTypeId: instrument.accountTypeId, holdCurrencyId: hold.currencyId, holdAmount: hold.amount, groupId: 0, now, ...leg })
          ?.id as number;
        ids.push(id);
        this.statements.setGroup.run(ids[0] as number, id);
      }
      this.postHold(userId, instrument, hold, ids[0] as number, 'hold', now);
    });
    const rows = ids.map((id) => this.statements.row.get(id) as ConditionalRow);
    for (const row of rows) this.index(row);
    this.announce(rows);
    return rows;
  }

  /** Ends every waiting leg of a group and releases the group's one hold; must run inside a transaction. */
  private endGroup(instrument: Instrument, fired: ConditionalRow, outcome: { status: ConditionalStatus; failReason: string | null; tickId: number | null }): void {
    const now = this.deps.now();
    const group = this.statements.group.all(fired.groupId);
    const held = group.find((leg) => leg.status === 'waiting')?.holdAmount ?? 0;
    for (const leg of group) {
      const own = leg.id === fired.id;
      // The other leg of a pair is cancelled by the one that fired (one cancels the other).
      this.statements.finish.run({
        id: leg.id,
        status: own ? outcome.status : 'cancelled',
        failReason: own ? outcome.failReason : outcome.status === 'cancelled' ? outcome.failReason : 'other_leg',
        tickId: own ? outcome.tickId : null,
        now,
      });
    }
    if (held > 0) this.postHold(fired.userId, instrument, { currencyId: fired.holdCurrencyId, amount: held }, fired.groupId, 'release', now);
  }

  private postHold(userId: number, instrument: Instrument, hold: { currencyId: number; amount: number }, groupId: number, what: 'hold' | 'release', now: number): void {
    const account = { userId, currencyId: hold.currencyId, accountTypeId: instrument.accountTypeId };
    const sign = what === 'hold' ? 1 : -1;
    post(
      this.deps.sqlite,
      {
        type: what === 'hold' ? 'spot_conditional_hold' : 'spot_conditional_release',
        refType: 'spot_conditional',
        refId: groupId,
        memo: `${what} for conditional order ${groupId} on ${instrument.symbol}`,
        lines: [
          { account, bucket: 'available', amount: -sign * hold.amount },
          { account, bucket: 'frozen', amount: sign * hold.amount },
        ],
      },
      now,
    );
  }

  private index(row: ConditionalRow): void {
    this.triggers.for(row.symbol).add({ id: String(row.id), level: row.triggerTicks, direction: row.direction, payload: { conditionalId: row.id, groupId: row.groupId } });
  }

  /** A trigger must still be ahead of the price: above it for a rise, below for a fall. */
  private beforeTrigger(direction: TriggerDirection, priceTicks: number, triggerTicks: number): boolean {
    return direction === 'rise' ? triggerTicks > priceTicks : triggerTicks < priceTicks;
  }

  private currentPrice(instrument: Instrument): number {
    const last = this.deps.lastTick(instrument.symbol);
    if (!last) throw new AppError('errors.noMarketPrice');
    return last.priceTicks;
  }

  private instrumentOf(row: ConditionalRow): Instrument {
    const instrument = this.deps.instruments.get(row.symbol);
    if (!instrument) throw new AppError('errors.pairNotFound');
    return instrument;
  }

  private announce(rows: ConditionalRow[]): void {
    const userId = rows[0]?.userId;
    if (userId === undefined) return;
    for (const row of rows) this.deps.bus.emit('conditional', { userId, row: this.present(row) });
    this.deps.bus.emit('balance', { userId });
  }

  /** A row as the API and the realtime `orders` channel show it. */
  present(row: ConditionalRow) {
    const instrument = this.instrumentOf(row);
    const { def } = instrument;
    const tick = this.tick(row.triggerTickId);
    return {
      id: row.id,
      symbol: row.symbol,
      currency_id: instrument.base.id,
      legal_id: instrument.quote.id,
      side: SIDE_CODES[row.side],
      kind: row.kind,
      trigger_price: ticksToPrice(def, row.triggerTicks),
      limit_price: row.limitTicks === null ? null : ticksToPrice(def, row.limitTicks),
      amount: lotsToQuantity(def, row.qtyLots),
      held: row.holdCurrencyId === instrument.base.id ? baseMinorToDecimal(def, row.holdAmount) : quoteMinorToDecimal(def, row.holdAmount),
      held_currency: row.holdCurrencyId === instrument.base.id ? instrument.base.symbol : instrument.quote.symbol,
      status: row.status,
      fail_reason: row.failReason,
      group_id: row.kind === 'stop_limit' ? null : row.groupId,
      order_id: row.orderId,
      trigger_tick: tick ? { id: tick.id, price: ticksToPrice(def, tick.priceTicks), time: tick.time } : null,
      created_at: row.createdAt,
    };
  }
}
