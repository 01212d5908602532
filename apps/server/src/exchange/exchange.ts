import { type Fill, lotsToQuantity, marketBuyByTotal, OrderBook, type Side, SpotPreviewError, SubmitResult, spotOrderAmounts, ticksToPrice, type TimeInForce } from '@openbourse/core';
import type { Statement } from 'better-sqlite3';
import type { Sqlite } from '../db/client.ts';
import { lastIdStatement } from '../db/last-id.ts';
import { balanceOf, deferringPostings, holdLines, type JournalEntryInput, type PostingLine, post } from '../ledger/ledger.ts';
import type { MarketBus } from '../market/bus.ts';
import type { Instrument, InstrumentRegistry } from '../market/instruments.ts';
import { AppError } from '../platform/errors.ts';
import { claimWithResult, type IdempotencyKey, onceInTransaction } from '../platform/idempotency.ts';
import { afterFeeCharged } from '../platform/fee-hooks.ts';
import { averagePrice } from './present.ts';

export interface OrderRow {
  id: number;
  userId: number;
  symbol: string;
  side: Side;
  type: 'limit' | 'market';
  timeInForce: TimeInForce;
  priceTicks: number;
  qtyLots: number;
  filledLots: number;
  filledQuote: number;
  fee: number;
  accountTypeId: number;
  holdCurrencyId: number;
  holdRemaining: number;
  status: 'open' | 'filled' | 'cancelled';
  cancelReason: string | null;
  sequence: number;
  referenceTickId: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface PlaceOrderInput {
  symbol: string;
  side: Side;
  type: 'limit' | 'market';
  /** Limit price; for a market order the protection price it may not cross. */
  priceTicks: number;
  lots: number;
  timeInForce: TimeInForce;
  /** The feed tick current at submission. */
  referenceTickId: number | null;
  /** Market buys by total: the quote minor units to spend, fee included; `lots` is then worked out against the book (see placeInTransaction). */
  quoteTotal?: number;
  /** Limit GTC only: refused if it would take liquidity. */
  postOnly?: boolean;
}

/** Work a caller runs inside the same savepoint as a placement (a conditional order releasing its hold, then recording the order it placed). */
export interface PlacementSteps {
  before?(): void;
  after?(orderId: number): void;
}

export interface ExchangeDeps {
  sqlite: Sqlite;
  instruments: InstrumentRegistry;
  bus: MarketBus;
  now(): number;
  /** The latest feed tick id of a symbol, recorded on every fill. */
  referenceTickId(symbol: string): number | null;
}

const ORDER_COLUMNS = `id, user_id AS userId, symbol, side, type, time_in_force AS timeInForce, price_ticks AS priceTicks, qty_lots AS qtyLots,
  filled_lots AS filledLots, filled_quote AS filledQuote, fee, account_type_id AS accountTypeId, hold_currency_id AS holdCurrencyId,
  hold_remaining AS holdRemaining, status, cancel_reason AS cancelReason, sequence, reference_tick_id AS referenceTickId,
  created_at AS createdAt, updated_at AS updatedAt`;

function prepare(sqlite: Sqlite) {
  return {
    insertOrder: sqlite.prepare(
      `INSERT INTO spot_orders (user_id, symbol, side, type, time_in_force, price_ticks, qty_lots, account_type_id, hold_currency_id, hold_remaining, status, sequence, reference_tick_id, created_at, updated_at)
       VALUES (@userId, @symbol, @side, @type, @timeInForce, @priceTicks, @qtyLots, @accountTypeId, @holdCurrencyId, @holdRemaining, 'open', @sequence, @referenceTickId, @createdAt, @updatedAt) RETURNING id`,
    ) as Statement<[OrderRow], { id: number }>,
    recordFill: sqlite.prepare(
      `UPDATE spot_orders SET filled_lots = filled_lots + @lots, filled_quote = filled_quote + @notional, fee = fee + @fee,
         hold_remaining = hold_remaining - @consumed, updated_at = @now WHERE id = @id RETURNING hold_remaining AS holdRemaining, hold_currency_id AS holdCurrencyId`,
    ) as Statement<[Record<string, number>], OrderHold>,
    close: sqlite.prepare(
      "UPDATE spot_orders SET status = @status, cancel_reason = @reason, hold_remaining = 0, updated_at = @now WHERE id = @id AND status = 'open'",
    ) as Statement<[Record<string, unknown>]>,
    insertTrade: sqlite.prepare(
      `INSERT INTO spot_trades (symbol, maker_order_id, taker_order_id, maker_user_id, taker_user_id, taker_side, price_ticks, qty_lots, notional, maker_fee, taker_fee, reference_tick_id, created_at)
       VALUES (@symbol, @makerOrderId, @takerOrderId, @makerUserId, @takerUserId, @takerSide, @priceTicks, @qtyLots, @notional, @makerFee, @takerFee, @referenceTickId, @now) RETURNING id`,
    ) as Statement<[Record<string, unknown>], { id: number }>,
    order: sqlite.prepare(`SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE id = ?`) as Statement<[number], OrderRow>,
    lastOrderId: lastIdStatement(sqlite, 'spot_orders'),
    /** Multi-row inserts of staged orders by number of rows, prepared on first use. */
    insertStaged: new Map<number, Statement<unknown[]>>(),
    openOrders: sqlite.prepare(`SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE symbol = ? AND status = 'open' ORDER BY sequence`) as Statement<[string], OrderRow>,
    userOpenOrders: sqlite.prepare(`SELECT ${ORDER_COLUMNS} FROM spot_orders WHERE user_id = ? AND status = 'open' ORDER BY id`) as Statement<[number], OrderRow>,
  };
}

type Statements = ReturnType<typeof prepare>;

/** What an order still holds, and in which currency. */
type OrderHold = Pick<OrderRow, 'holdRemaining' | 'holdCurrencyId'>;
/** An order as finish() needs it: what it holds as its row stands in the running transaction. */
type FinishingOrder = Pick<OrderRow, 'id' | 'userId'> & OrderHold;

/** Columns of a staged order's row, in insert order (status is always 'open'). */
const STAGED_COLUMNS = ['id', 'userId', 'symbol', 'side', 'type', 'timeInForce', 'priceTicks', 'qtyLots', 'accountTypeId', 'holdCurrencyId', 'holdRemaining', 'sequence', 'referenceTickId', 'createdAt', 'updatedAt'] as const;
/** Staged orders per multi-row insert: 15 values each, far below SQLite's limit of bound values. */
const STAGED_PER_INSERT = 64;

/** A limit order that may rest without trading, and so may be staged (see stageResting). */
interface RestingRequest {
  instrument: Instrument;
  userId: number;
  input: PlaceOrderInput;
  key: IdempotencyKey | undefined;
}

interface QueuedCommand {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  resting?: RestingRequest;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** What a command changed, announced once it has committed. */
interface Effects {
  bookChanged: boolean;
  /** order id → owner */
  orders: Map<number, number>;
  trades: { id: number; fill: Fill; takerSide: Side }[];
  /** Orders this command filled completely: each owner hears of it once the command has committed. */
  filled: { orderId: number; userId: number; side: Side }[];
}

/** What a command (or a run of staged orders) changed on one instrument, announced after the batch commits. */
interface Announcement {
  instrument: Instrument;
  effects: Effects;
  staged?: true;
}

const REJECTION_MESSAGES = {
  below_min_notional: 'errors.belowMinNotional',
  notional_overflow: 'validation.quantity',
  invalid_price: 'validation.price',
  invalid_quantity: 'validation.quantity',
} as const;

/**
 * The spot exchange: one in-memory book per instrument, and the ledger as the
 * truth. Every order command runs in one database transaction: the hold, the
 * matching, each fill's settlement and the order rows commit together or not
 * at all. If anything throws after the book changed, the book is rebuilt from
 * the database so memory and ledger never disagree.
 */
export class Exchange {
  private readonly books = new Map<string, OrderBook>();
  private readonly statements: Statements;
  private readonly result = new SubmitResult();
  /**
   * better-sqlite3's own transaction, built once: it is what drizzle's
   * db.transaction runs underneath, without a query-builder object per
   * order. Called inside another transaction it becomes a savepoint.
   * IMMEDIATE takes the write lock before the first read, so a commit by
   * another process (pnpm ops) in between cannot fail the batch with
   * SQLITE_BUSY_SNAPSHOT; a lone writer pays nothing for it.
   */
  private readonly transaction: (work: () => void) => void;
  /** User commands waiting for the next batch (see flush). */
  private queue: QueuedCommand[] = [];
  /** While a batch runs: what its commands changed, announced once the batch has committed. */
  private deferred: Announcement[] | null = null;
  /** Set on shutdown (see close): the database is about to close, so no new command may start. */
  private closed = false;
  /**
   * Resting orders of the running batch whose rows are not written yet: the
   * book holds them and their answers are ready. writeStaged writes them all
   * at once, before any other command of the batch runs and before it commits.
   */
  private staged: OrderRow[] = [];
  /** The id the next staged order takes; read when the first of a run of staging is staged. */
  private nextStagedId: number | null = null;
  /** Owners told nothing when their orders fill (the market maker: nobody reads its notifications, and they would pile up with every fill). */
  private readonly quietOwners = new Set<number>();

  constructor(private readonly deps: ExchangeDeps) {
    this.statements = prepare(deps.sqlite);
    this.transaction = deps.sqlite.transaction((work: () => void) => work()).immediate;
  }

  /** Rebuilds every book from the open orders in the database, in their original time priority. */
  start(): void {
    for (const instrument of this.deps.instruments.all) this.rebuild(instrument);
  }

  /**
   * Shutdown: runs the commands already queued, so their callers get their
   * answers, and refuses later ones. Called before the database closes.
   */
  close(): void {
    this.closed = true;
    this.flush();
  }

  book(symbol: string): OrderBook {
    const book = this.books.get(symbol);
    if (!book) throw new AppError('errors.pairNotFound');
    return book;
  }

  /** Aggregated depth as decimal strings: bids and asks as [price, quantity], best first. */
  depth(instrument: Instrument, levels: number): { bids: [string, string][]; asks: [string, string][]; time: number } {
    const depth = this.book(instrument.symbol).depth(levels);
    const view = (level: readonly [number, number, number]): [string, string] => [ticksToPrice(instrument.def, level[0]), lotsToQuantity(instrument.def, level[1])];
    return { bids: depth.bids.map(view), asks: depth.asks.map(view), time: this.deps.now() };
  }

  order(id: number): OrderRow | undefined {
    return this.statements.order.get(id);
  }

  /** No `spot.order_filled` notice for this owner's orders (see quietOwners). */
  withoutFillNotices(userId: number): void {
    this.quietOwners.add(userId);
  }

  private rebuild(instrument: Instrument): void {
    const book = new OrderBook(instrument.spec);
    for (const row of this.statements.openOrders.iterate(instrument.symbol)) {
      const restored = book.restore({
        id: row.id,
        ownerId: row.userId,
        side: row.side,
        priceTicks: row.priceTicks,
        originalLots: row.qtyLots,
        remainingLots: row.qtyLots - row.filledLots,
        sequence: row.sequence,
      });
      if (!restored.ok) throw new Error(`cannot restore order ${row.id} of ${instrument.symbol}: ${restored.reason}`);
    }
    this.books.set(instrument.symbol, book);
  }

  /**
   * Holds the funds, matches, settles every fill and answers the order as it
   * stands afterwards. With a key, a repeat answers the first order instead.
   * `steps` run inside the order's savepoint (a trigger records what fired it).
   */
  place(userId: number, input: PlaceOrderInput, key?: IdempotencyKey, steps: PlacementSteps = {}): Promise<OrderRow> {
    const instrument = this.instrument(input.symbol);
    const mayRest = input.type === 'limit' && input.timeInForce === 'GTC' && input.quoteTotal === undefined && !steps.before && !steps.after;
    return this.enqueue(() => {
      let orderId = 0;
      let untouched: OrderRow | null = null;
      this.command(instrument, (effects) => {
        // In the order's own savepoint: a duplicate later in the same batch sees this claim, a rollback removes it.
        const once = key && onceInTransaction<{ spot_order: number }>(this.deps.sqlite, key, this.deps.now());
        if (once?.earlier) {
          orderId = once.earlier.spot_order;
          return;
        }
        steps.before?.();
        const placed = this.placeInTransaction(instrument, userId, input, effects);
        orderId = placed.id;
        untouched = placed.untouched;
        steps.after?.(orderId);
        once?.record({ spot_order: orderId });
      });
      return untouched ?? (this.statements.order.get(orderId) as OrderRow);
    }, mayRest ? { instrument, userId, input, key } : undefined);
  }

  /** Cancels the caller's own open order and releases what it still holds. */
  cancel(userId: number, orderId: number): Promise<OrderRow> {
    return this.enqueue(() => {
      // Checked when the command runs: an order queued before it may have filled this one.
      const order = this.statements.order.get(orderId);
      // Someone else's order answers exactly like a missing one.
      if (!order || order.userId !== userId) throw new AppError('errors.orderNotFound');
      if (order.status !== 'open') throw new AppError('errors.orderNotOpen');
      const instrument = this.instrument(order.symbol);
      this.command(instrument, (effects) => this.cancelInTransaction(instrument, order, effects));
      return this.statements.order.get(orderId) as OrderRow;
    });
  }

  /** Cancels every open order of a user, or only those of one symbol; one savepoint per instrument. Answers how many were cancelled. */
  cancelAll(userId: number, symbol?: string): Promise<number> {
    return this.enqueue(() => {
      const orders = this.statements.userOpenOrders.all(userId).filter((order) => symbol === undefined || order.symbol === symbol);
      for (const orderSymbol of new Set(orders.map((order) => order.symbol))) {
        const instrument = this.instrument(orderSymbol);
        this.command(instrument, (effects) => {
          for (const order of orders) if (order.symbol === orderSymbol) this.cancelInTransaction(instrument, order, effects);
        });
      }
      return orders.length;
    });
  }

  /** Cancels some of one user's orders and places others in a single transaction (the market maker's requote). */
  replace(userId: number, symbol: string, cancelIds: number[], orders: PlaceOrderInput[]): number[] {
    const instrument = this.instrument(symbol);
    const placed: number[] = [];
    this.command(instrument, (effects) => {
      for (const orderId of cancelIds) {
        const order = this.statements.order.get(orderId);
        if (order && order.userId === userId && order.status === 'open') this.cancelInTransaction(instrument, order, effects);
      }
      for (const input of orders) placed.push(this.placeInTransaction(instrument, userId, input, effects).id);
    });
    return placed;
  }

  private instrument(symbol: string): Instrument {
    const instrument = this.deps.instruments.get(symbol);
    if (!instrument) throw new AppError('errors.pairNotFound');
    return instrument;
  }

  /**
   * Runs one command in a transaction (a savepoint inside a batch). If it
   * throws after the book changed, the book is rebuilt from the database,
   * which rolled back; listeners hear of the effects only after the commit.
   */
  private command(instrument: Instrument, run: (effects: Effects) => void): void {
    const effects: Effects = { bookChanged: false, orders: new Map(), trades: [], filled: [] };
    try {
      // Its postings join the batch's deferred postings, or are deferred to its own end outside a batch.
      this.transaction(() => deferringPostings(this.deps.sqlite, () => run(effects)));
    } catch (error) {
      if (effects.bookChanged) this.rebuild(instrument);
      throw error;
    }
    if (this.deferred) this.deferred.push({ instrument, effects });
    else this.announce(instrument, effects);
  }

  /**
   * Group commit: the commit, not the matching, is what an order costs most,
   * so the user commands that arrive within one turn of the event loop run
   * together in one transaction (see run: one refused leaves the others
   * intact), and are answered once that transaction has committed. `resting`
   * marks an order that may be staged.
   */
  private enqueue<T>(work: () => T, resting?: RestingRequest): Promise<T> {
    if (this.closed) return Promise.reject(new AppError('errors.serviceRestarting'));
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject, resting });
      if (this.queue.length === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.queue;
    // Already run by close(): the database may be gone by the time the scheduled flush comes.
    if (batch.length === 0) return;
    this.queue = [];
    const deferred: Announcement[] = [];
    const outcomes: Outcome[] = [];
    this.deferred = deferred;
    try {
      // Every posting of the batch is kept in memory and written before the commit: each account the batch moves is read and updated once.
      this.transaction(() =>
        deferringPostings(this.deps.sqlite, () => {
          for (const command of batch) outcomes.push(this.run(command));
          this.writeStaged();
        }),
      );
    } catch (error) {
      // The commit itself failed: nothing of the batch happened, in the database or in the books.
      this.discardStaged();
      this.start();
      for (const command of batch) command.reject(error);
      return;
    } finally {
      this.deferred = null;
    }
    try {
      this.announceAll(deferred);
    } finally {
      // Committed: every caller gets its answer, whatever became of the announcements.
      batch.forEach((command, index) => {
        const outcome = outcomes[index];
        if (outcome?.ok) command.resolve(outcome.value);
        else command.reject(outcome?.error);
      });
    }
  }

  /**
   * A batch's announcements. The notification centre stores a fill notice as
   * it hears it: when the batch filled someone's order, the announcements run
   * in one transaction, so its notices commit together instead of one commit each.
   */
  private announceAll(announcements: Announcement[]): void {
    const announceEach = () => {
      for (const { instrument, effects } of announcements) this.announce(instrument, effects);
    };
    if (announcements.some(({ effects }) => effects.filled.some(({ userId }) => !this.quietOwners.has(userId)))) this.transaction(announceEach);
    else announceEach();
  }

  /**
   * One command of a batch: a resting order is staged when it can be, anything
   * else runs in its own savepoint. A refusal is the command's own outcome; a
   * staging failure that is not a refusal may have left work half done and
   * fails the whole batch.
   */
  private run(command: QueuedCommand): Outcome {
    try {
      const staged = command.resting ? this.stageResting(command.resting) : null;
      if (staged) return { ok: true, value: staged };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, error };
      throw error;
    }
    // It may read, fill or cancel them: the orders staged so far are written first.
    this.writeStaged();
    try {
      return { ok: true, value: command.work() };
    } catch (error) {
      return { ok: false, error };
    }
  }

  /**
   * The common order, a limit order that rests without trading, without a
   * savepoint of its own: every check that could refuse it runs before
   * anything changes, its idempotency key is claimed with its answer in one
   * statement, its hold joins the batch's deferred postings, and its row is
   * written with the batch's other staged orders (writeStaged). Answers the order as placed, or
   * null when it must take the general path: it would trade, or its key
   * belongs to an earlier order.
   */
  private stageResting({ instrument, userId, input, key }: RestingRequest): OrderRow | null {
    if (this.wouldTake(instrument, input)) return null;
    const book = this.book(instrument.symbol);
    const hold = this.holdFor(instrument, input);
    this.nextStagedId ??= (this.statements.lastOrderId.get() as number) + 1;
    const id = this.nextStagedId;
    const request = { type: 'limit', id, ownerId: userId, side: input.side, priceTicks: input.priceTicks, qtyLots: input.lots, timeInForce: 'GTC' } as const;
    // In the general path's order: the hold is refused before the book looks at the order. The balance includes the batch's earlier postings.
    const balances = balanceOf(this.deps.sqlite, this.account(userId, instrument, hold.currencyId));
    if (!balances || balances.available < hold.amount) throw new AppError('errors.insufficientBalance');
    const rejection = book.rejectionOf(request);
    if (rejection !== null) throw new AppError(REJECTION_MESSAGES[rejection as keyof typeof REJECTION_MESSAGES] ?? 'errors.parameterError');
    const now = this.deps.now();
    if (key && !claimWithResult(this.deps.sqlite, key, now, { spot_order: id })) return null;
    const result = book.submit(request, this.result);
    if (result.status !== 'resting') throw new Error(`staged order ${id} was expected to rest, the book answered ${result.status}`);
    this.nextStagedId = id + 1;
    // Checked above against the same balances, so it cannot be refused; kept with the batch's other postings until it commits.
    try {
      post(this.deps.sqlite, this.holdEntry(userId, instrument, hold, id), now);
    } catch (error) {
      // The book and the key already took the order: a refusal here must fail the batch, not answer as one.
      throw new Error(`the hold of staged order ${id} was refused after its balance was checked`, { cause: error });
    }
    const row = this.restingRow(id, userId, instrument, input, hold, result.sequence, now);
    this.staged.push(row);
    // Staged orders in a row share one announcement: one book change, one balance change per owner.
    const last = this.deferred?.at(-1);
    if (last?.staged && last.instrument === instrument) last.effects.orders.set(id, userId);
    else this.deferred?.push({ instrument, effects: { bookChanged: true, orders: new Map([[id, userId]]), trades: [], filled: [] }, staged: true });
    return row;
  }

  /** Writes the staged orders' rows in multi-row inserts (their holds were posted when they were staged). */
  private writeStaged(): void {
    const staged = this.staged;
    // Even with nothing staged: a staging that stopped short took an id, stale once anything else runs.
    this.discardStaged();
    if (staged.length === 0) return;
    for (let start = 0; start < staged.length; start += STAGED_PER_INSERT) {
      const chunk = staged.slice(start, start + STAGED_PER_INSERT);
      const values: unknown[] = [];
      for (const row of chunk) for (const column of STAGED_COLUMNS) values.push(row[column]);
      this.insertStagedStatement(chunk.length).run(values);
    }
  }

  /** Forgets what was staged: written, or rolled back with the batch. */
  private discardStaged(): void {
    this.staged = [];
    this.nextStagedId = null;
  }

  private insertStagedStatement(rows: number): Statement<unknown[]> {
    let statement = this.statements.insertStaged.get(rows);
    if (!statement) {
      const placeholders = `(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?, ?, ?)`;
      statement = this.deps.sqlite.prepare(
        `INSERT INTO spot_orders (id, user_id, symbol, side, type, time_in_force, price_ticks, qty_lots, account_type_id, hold_currency_id, hold_remaining, status, sequence, reference_tick_id, created_at, updated_at)
         VALUES ${Array.from({ length: rows }, () => placeholders).join(', ')}`,
      );
      this.statements.insertStaged.set(rows, statement);
    }
    return statement;
  }

  /** An order as it stands when it rests untouched: what its insert wrote. */
  private restingRow(
    id: number,
    userId: number,
    instrument: Instrument,
    input: PlaceOrderInput,
    hold: { currencyId: number; amount: number },
    sequence: number,
    now: number,
  ): OrderRow {
    return {
      id,
      userId,
      symbol: instrument.symbol,
      side: input.side,
      type: input.type,
      timeInForce: input.timeInForce,
      priceTicks: input.priceTicks,
      qtyLots: input.lots,
      filledLots: 0,
      filledQuote: 0,
      fee: 0,
      accountTypeId: instrument.accountTypeId,
      holdCurrencyId: hold.currencyId,
      holdRemaining: hold.amount,
      status: 'open',
      cancelReason: null,
      sequence,
      referenceTickId: input.referenceTickId,
      createdAt: now,
      updatedAt: now,
    };
  }

  /**
   * Places one order inside the caller's transaction. Answers its id and,
   * when it only rested (no fill, not ended), its row as inserted: the
   * answer then needs no read back, which most orders are.
   */
  private placeInTransaction(instrument: Instrument, userId: number, requested: PlaceOrderInput, effects: Effects): { id: number; untouched: OrderRow | null } {
    const book = this.book(instrument.symbol);
    const now = this.deps.now();
    const input = requested.quoteTotal === undefined ? requested : { ...requested, lots: this.lotsForTotal(instrument, requested.quoteTotal) };
    if (input.postOnly && input.type === 'limit' && this.wouldTake(instrument, input)) throw new AppError('errors.postOnlyWouldTake');
    const hold = input.quoteTotal === undefined ? this.holdFor(instrument, input) : { currencyId: instrument.quote.id, amount: input.quoteTotal };
    // Stored with the row, saving an update after matching; checked against what the book assigned below.
    const sequence = book.upcomingSequence;
    // The row as it rests untouched; its id is the one the insert assigns.
    const row = this.restingRow(0, userId, instrument, input, hold, sequence, now);
    const orderId = this.statements.insertOrder.get(row)?.id as number;
    this.postHold(userId, instrument, hold, orderId, now);
    effects.orders.set(orderId, userId);

    const result =
      input.type === 'limit'
        ? book.submit({ type: 'limit', id: orderId, ownerId: userId, side: input.side, priceTicks: input.priceTicks, qtyLots: input.lots, timeInForce: input.timeInForce }, this.result)
        : book.submit(
            {
              type: 'market',
              id: orderId,
              ownerId: userId,
              side: input.side,
              qtyLots: input.lots,
              limitPrice: input.priceTicks,
              quoteBudget: input.quoteTotal === undefined ? undefined : marketBuyByTotal(instrument.def, input.quoteTotal).budget,
            },
            this.result,
          );
    if (result.status === 'rejected') {
      throw new AppError(REJECTION_MESSAGES[result.reason as keyof typeof REJECTION_MESSAGES] ?? 'errors.parameterError');
    }
    effects.bookChanged = true;
    if (result.sequence !== sequence) throw new Error(`order ${orderId} was stored with sequence ${sequence} but the book gave it ${result.sequence}`);
    const referenceTickId = this.deps.referenceTickId(instrument.symbol);
    // What the order still holds, as each fill's update answers it: finishing it needs no read.
    let holdRemaining = hold.amount;
    for (const fill of result.fills) {
      const settled = this.settle(instrument, fill, input.side, referenceTickId, now);
      holdRemaining = settled.taker.holdRemaining;
      effects.trades.push({ id: settled.tradeId, fill, takerSide: input.side });
      effects.orders.set(fill.makerOrderId, fill.makerOwnerId);
      if (fill.makerRemaining === 0) {
        this.finish(instrument, { id: fill.makerOrderId, userId: fill.makerOwnerId, ...settled.maker }, 'filled', null, now);
        effects.filled.push({ orderId: fill.makerOrderId, userId: fill.makerOwnerId, side: input.side === 'buy' ? 'sell' : 'buy' });
      }
    }
    for (const makerId of result.stpCancelledIds) {
      const maker = this.statements.order.get(makerId);
      if (!maker) continue;
      this.finish(instrument, maker, 'cancelled', 'self_trade_prevented', now);
      effects.orders.set(makerId, maker.userId);
    }
    const taker = { id: orderId, userId, holdRemaining, holdCurrencyId: hold.currencyId };
    if (result.status === 'filled') {
      this.finish(instrument, taker, 'filled', null, now);
      effects.filled.push({ orderId, userId, side: input.side });
    } else if (result.status === 'cancelled') this.finish(instrument, taker, 'cancelled', result.reason, now);
    const untouched = result.fills.length === 0 && result.status !== 'filled' && result.status !== 'cancelled';
    return {
      id: orderId,
      untouched: untouched ? { ...row, id: orderId } : null,
    };
  }

  /**
   * A market buy by total buys at most what the total pays for at the best
   * ask (deeper levels only cost more); the quote budget stops it earlier.
   * Without asks it is one lot, which the book cancels for want of liquidity.
   */
  private lotsForTotal(instrument: Instrument, quoteTotal: number): number {
    const { budget, belowMinNotional } = marketBuyByTotal(instrument.def, quoteTotal);
    if (belowMinNotional) throw new AppError('errors.belowMinNotional');
    const bestAsk = this.book(instrument.symbol).bestAsk();
    return bestAsk === null ? 1 : Math.max(1, Math.floor(budget / (bestAsk * instrument.spec.quotePerTickLot)));
  }

  /** Whether a limit order would trade on arrival: a buy at or above the best ask, a sell at or below the best bid. */
  private wouldTake(instrument: Instrument, input: PlaceOrderInput): boolean {
    const book = this.book(instrument.symbol);
    const opposite = input.side === 'buy' ? book.bestAsk() : book.bestBid();
    return opposite !== null && (input.side === 'buy' ? opposite <= input.priceTicks : opposite >= input.priceTicks);
  }

  private cancelInTransaction(instrument: Instrument, order: OrderRow, effects: Effects): void {
    const cancelled = this.book(instrument.symbol).cancel(order.id);
    effects.bookChanged ||= cancelled.status === 'cancelled';
    this.finish(instrument, order, 'cancelled', 'user', this.deps.now());
    effects.orders.set(order.id, order.userId);
  }

  /** What an order freezes, computed by the same formula as the preview the web client shows: a buy its notional plus the taker fee, a sell its quantity. */
  private holdFor(instrument: Instrument, input: PlaceOrderInput): { currencyId: number; amount: number } {
    try {
      const { hold } = spotOrderAmounts({ def: instrument.def, side: input.side, type: input.type, priceTicks: input.priceTicks, lots: input.lots });
      return { currencyId: hold.currency === 'base' ? instrument.base.id : instrument.quote.id, amount: hold.amount };
    } catch (error) {
      if (error instanceof SpotPreviewError) throw new AppError(error.reason === 'invalid_price' ? 'validation.price' : 'validation.quantity');
      throw error;
    }
  }

  private account(userId: number, instrument: Instrument, currencyId: number) {
    return { userId, currencyId, accountTypeId: instrument.accountTypeId };
  }

  private postHold(userId: number, instrument: Instrument, hold: { currencyId: number; amount: number }, orderId: number, now: number): void {
    post(this.deps.sqlite, this.holdEntry(userId, instrument, hold, orderId), now);
  }

  private holdEntry(userId: number, instrument: Instrument, hold: { currencyId: number; amount: number }, orderId: number): JournalEntryInput {
    return { type: 'spot_hold', refType: 'spot_order', refId: orderId, memo: `hold for order ${orderId} on ${instrument.symbol}`, lines: holdLines(this.account(userId, instrument, hold.currencyId), hold.amount) };
  }

  /**
   * One fill: the buyer's frozen quote pays the notional and its fee, the
   * seller receives the notional less its fee, the fee account takes both
   * fees, and the base moves from the seller's frozen to the buyer's available.
   */
  private settle(instrument: Instrument, fill: Fill, takerSide: Side, referenceTickId: number | null, now: number): { tradeId: number; maker: OrderHold; taker: OrderHold } {
    const takerBuys = takerSide === 'buy';
    const buyer = takerBuys ? { userId: fill.takerOwnerId, orderId: fill.takerOrderId, fee: fill.takerFee } : { userId: fill.makerOwnerId, orderId: fill.makerOrderId, fee: fill.makerFee };
    const seller = takerBuys ? { userId: fill.makerOwnerId, orderId: fill.makerOrderId, fee: fill.makerFee } : { userId: fill.takerOwnerId, orderId: fill.takerOrderId, fee: fill.takerFee };
    const baseUnits = fill.qtyLots * instrument.spec.baseUnitsPerLot;
    const tradeId = this.statements.insertTrade.get({
      symbol: instrument.symbol,
      makerOrderId: fill.makerOrderId,
      takerOrderId: fill.takerOrderId,
      makerUserId: fill.makerOwnerId,
      takerUserId: fill.takerOwnerId,
      takerSide,
      priceTicks: fill.priceTicks,
      qtyLots: fill.qtyLots,
      notional: fill.notional,
      makerFee: fill.makerFee,
      takerFee: fill.takerFee,
      referenceTickId,
      now,
    })?.id as number;
    const quote = instrument.quote.id;
    const base = instrument.base.id;
    const lines: PostingLine[] = [
      { account: this.account(buyer.userId, instrument, quote), bucket: 'frozen', amount: -(fill.notional + buyer.fee) },
      { account: this.account(seller.userId, instrument, quote), bucket: 'available', amount: fill.notional - seller.fee },
      { account: { system: 'fees', currencyId: quote }, bucket: 'available', amount: buyer.fee + seller.fee },
      { account: this.account(seller.userId, instrument, base), bucket: 'frozen', amount: -baseUnits },
      { account: this.account(buyer.userId, instrument, base), bucket: 'available', amount: baseUnits },
    ];
    post(
      this.deps.sqlite,
      { type: 'spot_trade', refType: 'spot_trade', refId: tradeId, memo: `${instrument.symbol} fill of orders ${fill.makerOrderId}/${fill.takerOrderId}`, lines: lines.filter((line) => line.amount !== 0) },
      now,
    );
    // Each fee's consequences (the inviter's rebate, a fee coupon's refund), in this same transaction.
    for (const payer of [buyer, seller]) {
      afterFeeCharged(this.deps.sqlite, { payerId: payer.userId, fee: payer.fee, currencyId: quote, accountTypeId: instrument.accountTypeId, refType: 'spot_trade', refId: tradeId }, now);
    }
    const buyerHold = this.recordFill({ id: buyer.orderId, lots: fill.qtyLots, notional: fill.notional, fee: buyer.fee, consumed: fill.notional + buyer.fee, now });
    const sellerHold = this.recordFill({ id: seller.orderId, lots: fill.qtyLots, notional: fill.notional, fee: seller.fee, consumed: baseUnits, now });
    return { tradeId, maker: takerBuys ? sellerHold : buyerHold, taker: takerBuys ? buyerHold : sellerHold };
  }

  /** Adds a fill to an order's row; answers what the order still holds afterwards. */
  private recordFill(change: { id: number; lots: number; notional: number; fee: number; consumed: number; now: number }): OrderHold {
    const updated = this.statements.recordFill.get(change);
    if (!updated) throw new Error(`order ${change.id} filled in the book has no row`);
    return updated;
  }

  /** Ends an order: whatever it still holds (as its row stands in this transaction) goes back to available. */
  private finish(instrument: Instrument, order: FinishingOrder, status: 'filled' | 'cancelled', reason: string | null, now: number): void {
    const { id: orderId, holdRemaining: remaining } = order;
    if (remaining > 0) {
      const account = this.account(order.userId, instrument, order.holdCurrencyId);
      post(
        this.deps.sqlite,
        {
          type: 'spot_release',
          refType: 'spot_order',
          refId: orderId,
          memo: `release of order ${orderId} (${status})`,
          lines: [
            { account, bucket: 'frozen', amount: -remaining },
            { account, bucket: 'available', amount: remaining },
          ],
        },
        now,
      );
    }
    this.statements.close.run({ id: orderId, status, reason, now });
  }

  private announce(instrument: Instrument, effects: Effects): void {
    const { bus } = this.deps;
    const time = this.deps.now();
    for (const { id, fill, takerSide } of effects.trades) {
      bus.emit('trade', { symbol: instrument.symbol, tradeId: id, priceTicks: fill.priceTicks, qtyLots: fill.qtyLots, takerSide, time });
    }
    if (effects.bookChanged) bus.emit('book', instrument.symbol);
    for (const [orderId, userId] of effects.orders) bus.emit('order', { userId, orderId });
    for (const userId of new Set(effects.orders.values())) bus.emit('balance', { userId });
    for (const { orderId, userId, side } of effects.filled) {
      if (this.quietOwners.has(userId)) continue;
      const order = this.statements.order.get(orderId) as OrderRow;
      const filled = { quantity: lotsToQuantity(instrument.def, order.filledLots), base: instrument.base.symbol, average_price: averagePrice(order, instrument), quote: instrument.quote.symbol };
      bus.emit('user', { userId, kind: 'spot.order_filled', refType: 'spot_order', refId: orderId, params: { symbol: instrument.symbol, side, ...filled }, time });
    }
  }
}
