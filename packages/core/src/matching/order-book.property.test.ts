import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderBook } from './order-book.ts';
import { SubmitResult } from './submit-result.ts';
import type {
  CancelReason,
  CancelResult,
  Fill,
  InstrumentSpec,
  OpenOrder,
  OrderRequest,
  Side,
  StpMode,
  SubmitReason,
  SubmitStatus,
  TimeInForce,
} from './types.ts';

/**
 * Random sequences of submits, cancels and restarts (restore from openOrders),
 * checked three ways: against a deliberately naive reference model (sorted
 * arrays, FOK as a dry run), against invariants stated directly on the
 * engine's outputs, and against a replay of the same sequence.
 */

const SPEC: InstrumentSpec = {
  symbol: 'PROP/USD',
  quotePerTickLot: 1000,
  minNotional: 250_000,
  makerFeeBps: 7,
  takerFeeBps: 25,
};
const OWNERS = 3;

// ---- commands ------------------------------------------------------------------

type Command =
  | {
      kind: 'limit';
      side: Side;
      priceTicks: number;
      qtyLots: number;
      timeInForce: TimeInForce;
      ownerId: number;
      stpMode: StpMode | undefined;
    }
  | {
      kind: 'market';
      side: Side;
      qtyLots: number;
      ownerId: number;
      stpMode: StpMode | undefined;
      limitPrice: number | undefined;
      quoteBudget: number | undefined;
    }
  /** `pick` selects among open orders (or an unknown id when none is open). */
  | { kind: 'cancel'; pick: number }
  /** Resubmits the id of an open order: must be rejected. */
  | { kind: 'duplicate'; pick: number }
  /** Simulates a server restart: a fresh book restored from openOrders() in a shuffled order. */
  | { kind: 'restart'; shuffleSeed: number };

const side = fc.constantFrom<Side>('buy', 'sell');
const owner = fc.integer({ min: 1, max: OWNERS });
const stpMode = fc.option(fc.constantFrom<StpMode>('cancel_taker', 'cancel_maker', 'cancel_both'), { nil: undefined });

const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      side,
      priceTicks: fc.integer({ min: 95, max: 105 }),
      qtyLots: fc.integer({ min: 1, max: 12 }),
      timeInForce: fc.constantFrom<TimeInForce>('GTC', 'GTC', 'GTC', 'IOC', 'FOK'),
      ownerId: owner,
      stpMode,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('market' as const),
      side,
      qtyLots: fc.integer({ min: 1, max: 30 }),
      ownerId: owner,
      stpMode,
      limitPrice: fc.option(fc.integer({ min: 93, max: 107 }), { nil: undefined }),
      quoteBudget: fc.option(fc.integer({ min: 1, max: 2_000_000 }), { nil: undefined }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const), shuffleSeed: fc.nat() }) },
);

const commandsArbitrary = fc.array(commandArbitrary, { minLength: 1, maxLength: 150, size: 'max' });

/** Budgets only make sense on buys; on sells the engine must reject them, which the model mirrors. */
function toRequest(command: Command, id: number): OrderRequest | null {
  if (command.kind === 'limit') {
    const { side, priceTicks, qtyLots, timeInForce, ownerId, stpMode } = command;
    return { type: 'limit', id, side, priceTicks, qtyLots, timeInForce, ownerId, stpMode };
  }
  if (command.kind === 'market') {
    const { side, qtyLots, ownerId, stpMode, limitPrice } = command;
    const quoteBudget = side === 'buy' ? command.quoteBudget : undefined;
    return { type: 'market', id, side, qtyLots, ownerId, stpMode, limitPrice, quoteBudget };
  }
  return null;
}

// ---- reference model -----------------------------------------------------------

interface ModelOrder {
  id: number;
  ownerId: number;
  side: Side;
  priceTicks: number;
  originalLots: number;
  remainingLots: number;
  sequence: number;
}

interface Outcome {
  status: SubmitStatus;
  reason: SubmitReason | null;
  sequence: number;
  filledLots: number;
  remainingLots: number;
  cancelledLots: number;
  fills: Fill[];
  stpCancelledIds: number[];
  stpCancelledLots: number[];
}

const floorFee = (notional: number, bps: number) => Number((BigInt(notional) * BigInt(bps)) / 10_000n);

/** The obvious implementation: scan every order, sort, clone for FOK. Slow and easy to trust. */
class ReferenceModel {
  orders: ModelOrder[] = [];
  nextSequence = 1;

  submit(request: OrderRequest): Outcome {
    const outcome: Outcome = {
      status: 'rejected',
      reason: null,
      sequence: 0,
      filledLots: 0,
      remainingLots: 0,
      cancelledLots: 0,
      fills: [],
      stpCancelledIds: [],
      stpCancelledLots: [],
    };
    if (this.orders.some((order) => order.id === request.id)) return { ...outcome, reason: 'duplicate_order_id' };
    if (request.type === 'limit' && request.priceTicks * request.qtyLots * SPEC.quotePerTickLot < SPEC.minNotional) {
      return { ...outcome, reason: 'below_min_notional' };
    }
    outcome.sequence = this.nextSequence++;
    const isBuy = request.side === 'buy';
    const limitPrice =
      request.type === 'limit' ? request.priceTicks : (request.limitPrice ?? (isBuy ? Number.POSITIVE_INFINITY : 0));
    const budget = request.type === 'market' ? request.quoteBudget : undefined;
    const stp = request.stpMode ?? 'cancel_taker';
    const timeInForce = request.type === 'limit' ? (request.timeInForce ?? 'GTC') : 'IOC';

    const before = this.orders.map((order) => ({ ...order }));
    const { remaining, stopReason } = this.match(
      request.id,
      request.ownerId,
      isBuy,
      limitPrice,
      request.qtyLots,
      budget,
      stp,
      outcome,
    );
    if (timeInForce === 'FOK' && remaining > 0) {
      this.orders = before;
      return {
        ...outcome,
        status: 'cancelled',
        reason: 'fok_not_fillable',
        filledLots: 0,
        cancelledLots: request.qtyLots,
        fills: [],
        stpCancelledIds: [],
        stpCancelledLots: [],
      };
    }
    if (remaining === 0) outcome.status = 'filled';
    else if (timeInForce === 'GTC' && stopReason !== 'self_trade_prevented' && request.type === 'limit') {
      this.orders.push({
        id: request.id,
        ownerId: request.ownerId,
        side: request.side,
        priceTicks: request.priceTicks,
        originalLots: request.qtyLots,
        remainingLots: remaining,
        sequence: outcome.sequence,
      });
      outcome.status = remaining === request.qtyLots ? 'resting' : 'partially_filled_resting';
      outcome.remainingLots = remaining;
    } else {
      outcome.status = 'cancelled';
      outcome.reason = stopReason;
      outcome.cancelledLots = remaining;
    }
    return outcome;
  }

  cancel(orderId: number): CancelResult {
    const order = this.orders.find((candidate) => candidate.id === orderId);
    if (order === undefined) return { status: 'not_found', orderId };
    this.orders = this.orders.filter((candidate) => candidate !== order);
    const { ownerId, side, priceTicks } = order;
    return { status: 'cancelled', orderId, ownerId, side, priceTicks, cancelledLots: order.remainingLots };
  }

  private match(
    takerId: number,
    takerOwnerId: number,
    isBuy: boolean,
    limitPrice: number,
    qtyLots: number,
    budget: number | undefined,
    stp: StpMode,
    outcome: Outcome,
  ): { remaining: number; stopReason: CancelReason } {
    const makers = this.orders
      .filter((order) => order.side !== (isBuy ? 'buy' : 'sell'))
      .sort((a, b) => (isBuy ? a.priceTicks - b.priceTicks : b.priceTicks - a.priceTicks) || a.sequence - b.sequence);
    let remaining = qtyLots;
    let budgetLeft = budget;
    // Stay on a maker until it is used up: the budget is checked again before its next lot.
    for (let index = 0; remaining > 0 && index < makers.length; ) {
      const maker = makers[index] as ModelOrder;
      if (isBuy ? maker.priceTicks > limitPrice : maker.priceTicks < limitPrice)
        return { remaining, stopReason: 'price_limit' };
      const lotCost = maker.priceTicks * SPEC.quotePerTickLot;
      const affordable = budgetLeft === undefined ? Number.POSITIVE_INFINITY : Math.floor(budgetLeft / lotCost);
      if (affordable === 0) return { remaining, stopReason: 'quote_budget_exhausted' };
      if (maker.ownerId === takerOwnerId) {
        if (stp === 'cancel_taker') return { remaining, stopReason: 'self_trade_prevented' };
        outcome.stpCancelledIds.push(maker.id);
        outcome.stpCancelledLots.push(maker.remainingLots);
        this.orders = this.orders.filter((order) => order !== maker);
        if (stp === 'cancel_both') return { remaining, stopReason: 'self_trade_prevented' };
        index++;
        continue;
      }
      const lots = Math.min(remaining, maker.remainingLots, affordable);
      const notional = lots * lotCost;
      maker.remainingLots -= lots;
      remaining -= lots;
      if (budgetLeft !== undefined) budgetLeft -= notional;
      outcome.filledLots += lots;
      outcome.fills.push({
        makerOrderId: maker.id,
        takerOrderId: takerId,
        makerOwnerId: maker.ownerId,
        takerOwnerId,
        priceTicks: maker.priceTicks,
        qtyLots: lots,
        notional,
        makerFee: floorFee(notional, SPEC.makerFeeBps),
        takerFee: floorFee(notional, SPEC.takerFeeBps),
        makerRemaining: maker.remainingLots,
      });
      if (maker.remainingLots === 0) {
        this.orders = this.orders.filter((order) => order !== maker);
        index++;
      }
    }
    return { remaining, stopReason: 'no_liquidity' };
  }

  openOrders(): OpenOrder[] {
    const bySide = (side: Side) =>
      this.orders
        .filter((order) => order.side === side)
        .sort(
          (a, b) =>
            (side === 'buy' ? b.priceTicks - a.priceTicks : a.priceTicks - b.priceTicks) || a.sequence - b.sequence,
        );
    return [...bySide('buy'), ...bySide('sell')].map((order) => ({ ...order }));
  }
}

// ---- running a sequence --------------------------------------------------------

/** Per accepted order, what the engine's outputs say happened to its lots. */
interface Ledger {
  original: number;
  filled: number;
  cancelled: number;
  priceTicks: number;
}

interface Run {
  log: unknown[];
  book: OrderBook;
}

const plain = (result: SubmitResult): Outcome => ({
  status: result.status,
  reason: result.reason,
  sequence: result.sequence,
  filledLots: result.filledLots,
  remainingLots: result.remainingLots,
  cancelledLots: result.cancelledLots,
  fills: result.fills.map((fill) => ({ ...fill })),
  stpCancelledIds: [...result.stpCancelledIds],
  stpCancelledLots: [...result.stpCancelledLots],
});

/** Deterministic Fisher–Yates from a seed, so the restart order is part of the generated case. */
function shuffled<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let state = seed >>> 0 || 1;
  for (let i = out.length - 1; i > 0; i--) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

function assertBookInvariants(book: OrderBook): void {
  const bid = book.bestBid();
  const ask = book.bestAsk();
  if (bid !== null && ask !== null) expect(bid).toBeLessThan(ask);
  const orders = [...book.openOrders()];
  expect(book.openOrderCount).toBe(orders.length);
  const { bids, asks } = book.depth();
  for (const [levels, levelSide] of [
    [bids, 'buy'],
    [asks, 'sell'],
  ] as const) {
    for (const [price, lots, count] of levels) {
      const atPrice = orders.filter((order) => order.side === levelSide && order.priceTicks === price);
      expect(count).toBe(atPrice.length);
      expect(lots).toBe(atPrice.reduce((sum, order) => sum + order.remainingLots, 0));
    }
    expect(levels.reduce((sum, [, , count]) => sum + count, 0)).toBe(
      orders.filter((order) => order.side === levelSide).length,
    );
  }
  expect(bids.map(([price]) => price)).toEqual([...bids.map(([price]) => price)].sort((a, b) => b - a));
  expect(asks.map(([price]) => price)).toEqual([...asks.map(([price]) => price)].sort((a, b) => a - b));
}

function assertFillsConsistent(request: OrderRequest, result: SubmitResult, ledgers: Map<number, Ledger>): void {
  let filled = 0;
  for (const fill of result.fills) {
    filled += fill.qtyLots;
    expect(fill.takerOrderId).toBe(request.id);
    expect(fill.takerOwnerId).toBe(request.ownerId);
    expect(fill.makerOwnerId).not.toBe(request.ownerId);
    expect(fill.qtyLots).toBeGreaterThan(0);
    expect(fill.notional).toBe(fill.priceTicks * fill.qtyLots * SPEC.quotePerTickLot);
    expect(fill.makerFee).toBe(floorFee(fill.notional, SPEC.makerFeeBps));
    expect(fill.takerFee).toBe(floorFee(fill.notional, SPEC.takerFeeBps));
    const maker = ledgers.get(fill.makerOrderId) as Ledger;
    expect(fill.priceTicks).toBe(maker.priceTicks);
    const limitPrice = request.type === 'limit' ? request.priceTicks : request.limitPrice;
    if (limitPrice !== undefined) {
      if (request.side === 'buy') expect(fill.priceTicks).toBeLessThanOrEqual(limitPrice);
      else expect(fill.priceTicks).toBeGreaterThanOrEqual(limitPrice);
    }
    maker.filled += fill.qtyLots;
    expect(fill.makerRemaining).toBe(maker.original - maker.filled - maker.cancelled);
  }
  expect(result.filledLots).toBe(filled);
  if (request.type === 'market' && request.quoteBudget !== undefined) {
    expect(result.fills.reduce((sum, fill) => sum + fill.notional, 0)).toBeLessThanOrEqual(request.quoteBudget);
  }
  if (request.type === 'limit' && request.timeInForce === 'FOK') expect([0, request.qtyLots]).toContain(filled);
}

function assertConservation(book: OrderBook, ledgers: Map<number, Ledger>): void {
  for (const [id, ledger] of ledgers) {
    const remaining = book.getOrder(id)?.remainingLots ?? 0;
    expect(ledger.filled + remaining + ledger.cancelled).toBe(ledger.original);
  }
}

/**
 * Runs the commands on a fresh engine (and, when given, the model in lockstep),
 * checking invariants after every step. Returns everything observable, for replay comparison.
 */
function run(commands: Command[], model: ReferenceModel | null): Run {
  let book = new OrderBook(SPEC);
  const result = new SubmitResult();
  const ledgers = new Map<number, Ledger>();
  const log: unknown[] = [];
  let nextId = 1;
  const openIds = () => [...book.openOrders()].map((order) => order.id);

  for (const command of commands) {
    if (command.kind === 'cancel') {
      const ids = openIds();
      const id = ids.length === 0 ? 10_000 + command.pick : (ids[command.pick % ids.length] as number);
      const remainingBefore = book.getOrder(id)?.remainingLots;
      const cancelled = book.cancel(id);
      if (model !== null) expect(cancelled).toEqual(model.cancel(id));
      if (remainingBefore === undefined) expect(cancelled.status).toBe('not_found');
      else {
        expect(cancelled).toMatchObject({ status: 'cancelled', cancelledLots: remainingBefore });
        (ledgers.get(id) as Ledger).cancelled += remainingBefore;
      }
      expect(book.getOrder(id)).toBeNull();
      log.push(cancelled);
    } else if (command.kind === 'restart') {
      const restored = new OrderBook(SPEC);
      for (const order of shuffled([...book.openOrders()], command.shuffleSeed)) {
        expect(restored.restore(order)).toEqual({ ok: true });
      }
      expect([...restored.openOrders()]).toEqual([...book.openOrders()]);
      expect(restored.depth()).toEqual(book.depth());
      book = restored;
      if (model !== null) {
        // Documented: after a restore, sequencing resumes after the highest restored sequence.
        model.nextSequence = Math.max(0, ...model.orders.map((order) => order.sequence)) + 1;
      }
      log.push('restart');
    } else {
      const ids = openIds();
      const duplicateOf = command.kind === 'duplicate' ? ids[command.pick % Math.max(ids.length, 1)] : undefined;
      if (command.kind === 'duplicate' && duplicateOf === undefined) continue;
      const template: Command =
        command.kind === 'duplicate'
          ? {
              kind: 'limit',
              side: 'buy',
              priceTicks: 90,
              qtyLots: 5,
              timeInForce: 'GTC',
              ownerId: 1,
              stpMode: undefined,
            }
          : command;
      const request = toRequest(template, duplicateOf ?? nextId) as OrderRequest;
      const depthBefore = book.depth();
      book.submit(request, result);
      if (model !== null) expect(plain(result)).toEqual(model.submit(request));
      if (command.kind === 'duplicate') expect(result.reason).toBe('duplicate_order_id');
      if (result.status === 'rejected') {
        expect(book.depth()).toEqual(depthBefore);
      } else {
        nextId++;
        expect(result.filledLots + result.remainingLots + result.cancelledLots).toBe(request.qtyLots);
        const priceTicks = request.type === 'limit' ? request.priceTicks : 0;
        ledgers.set(request.id, { original: request.qtyLots, filled: 0, cancelled: 0, priceTicks });
        assertFillsConsistent(request, result, ledgers);
        const taker = ledgers.get(request.id) as Ledger;
        taker.filled += result.filledLots;
        taker.cancelled += result.cancelledLots;
        result.stpCancelledIds.forEach((id, index) => {
          const lots = result.stpCancelledLots[index] as number;
          (ledgers.get(id) as Ledger).cancelled += lots;
          expect(book.getOrder(id)).toBeNull();
        });
        if (result.reason === 'fok_not_fillable') expect(book.depth()).toEqual(depthBefore);
      }
      log.push(plain(result));
    }
    assertBookInvariants(book);
    assertConservation(book, ledgers);
    if (model !== null) expect([...book.openOrders()]).toEqual(model.openOrders());
  }
  log.push(book.depth(), [...book.openOrders()]);
  return { log, book };
}

describe('order book properties', () => {
  it('matches the reference model and keeps every invariant', () => {
    fc.assert(
      fc.property(commandsArbitrary, (commands) => {
        run(commands, new ReferenceModel());
      }),
      { numRuns: 250 },
    );
  });

  it('is deterministic: replaying a sequence on a fresh book gives identical outputs', () => {
    fc.assert(
      fc.property(commandsArbitrary, (commands) => {
        expect(run(commands, null).log).toEqual(run(commands, null).log);
      }),
      { numRuns: 50 },
    );
  });
});
