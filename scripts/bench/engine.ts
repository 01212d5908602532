/**
 * Matching engine benchmark: one deterministic stream of operations, run
 * through our OrderBook and through nodejs-order-book (v10), timed separately.
 * Prints plain text; asserts nothing about timing.
 *
 *   pnpm bench:engine [operations]     (default 1,000,000)
 */
import {
  type LimitOrderOptions,
  type MarketOrderOptions,
  OrderBook as ReferenceBook,
  SelfTradePreventionMode,
  Side as ReferenceSide,
} from 'nodejs-order-book';
import { OrderBook, type OrderRequest, SubmitResult } from '../../packages/core/src/matching/index.ts';

const OPERATIONS = Number(process.argv[2] ?? 1_000_000);
const WARMUP_OPERATIONS = 300_000;
const SEED = 0x0b0b5e;
const WARMUP_SEED = 0x5eed;

const SPEC = { symbol: 'BENCH/USD', quotePerTickLot: 1, minNotional: 0, makerFeeBps: 10, takerFeeBps: 20 };

/** mulberry32: tiny, fast, good enough to shape an order stream. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const Kind = { Limit: 0, Cancel: 1, Market: 2 } as const;
const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const;

/** The stream as columns; both engines' requests are built from these, outside the timed region. */
interface Stream {
  length: number;
  kind: Uint8Array;
  isBuy: Uint8Array;
  /** Order id for limit/market, target id for cancel. */
  id: Float64Array;
  owner: Int32Array;
  price: Int32Array;
  qty: Int32Array;
  timeInForce: Uint8Array;
  /** Resting orders in the shadow book, averaged over all operations, and the peak. */
  averageRestingOrders: number;
  peakRestingOrders: number;
}

/** Ids of resting orders, with O(1) random pick and removal (swap with the last). */
class LiveOrders {
  private readonly ids: number[] = [];
  private readonly positions = new Map<number, number>();

  get size(): number {
    return this.ids.length;
  }

  pick(uniform: number): number {
    return this.ids[Math.floor(uniform * this.ids.length)] as number;
  }

  remove(id: number): void {
    const position = this.positions.get(id);
    if (position === undefined) return;
    const last = this.ids.pop() as number;
    if (last !== id) {
      this.ids[position] = last;
      this.positions.set(last, position);
    }
    this.positions.delete(id);
  }

  /** Applies one submit's effect: the taker may now rest, makers may be gone. */
  track(result: SubmitResult): void {
    for (const fill of result.fills) if (fill.makerRemaining === 0) this.remove(fill.makerOrderId);
    for (const id of result.stpCancelledIds) this.remove(id);
    if (result.remainingLots > 0) {
      this.positions.set(result.orderId, this.ids.length);
      this.ids.push(result.orderId);
    }
  }
}

/**
 * ~60% limit / 25% cancel / 15% market around a random-walk mid. Limit orders
 * (1..50 lots; 90% GTC, 7% IOC, 3% FOK) sit 0..33 ticks behind the mid, or up
 * to 6 ticks through it (those trade); market orders take 1..30 lots. Owners
 * are drawn from 1..1000 and both books apply cancel-taker STP.
 * Cancels target a uniformly random order that is live at that point: the
 * generator replays the stream into a shadow OrderBook (untimed) to know which
 * orders still rest. Both engines then receive exactly the same stream (and
 * the final depth comparison cross-checks the shadow against the other book).
 *
 * FOK orders use owner 0, which never rests: nodejs-order-book's FOK check
 * ignores self-trade prevention (it may trade part of a FOK, then expire it on
 * meeting an own order), so a FOK meeting its owner's order is the one case
 * where the two books would legitimately diverge.
 */
function generateStream(length: number, seed: number): Stream {
  const random = mulberry32(seed);
  const stream: Stream = {
    length,
    kind: new Uint8Array(length),
    isBuy: new Uint8Array(length),
    id: new Float64Array(length),
    owner: new Int32Array(length),
    price: new Int32Array(length),
    qty: new Int32Array(length),
    timeInForce: new Uint8Array(length),
    averageRestingOrders: 0,
    peakRestingOrders: 0,
  };
  let restingSum = 0;
  const live = new LiveOrders();
  const shadow = new OrderBook(SPEC);
  const result = new SubmitResult();
  let mid = 100_000;
  let nextId = 1;
  for (let i = 0; i < length; i++) {
    if (random() < 0.5) mid += random() < 0.5 ? -1 : 1;
    const isBuy = random() < 0.5;
    const side = isBuy ? 'buy' : 'sell';
    stream.isBuy[i] = isBuy ? 1 : 0;
    const roll = random();
    if (roll < 0.6 || (roll < 0.85 && live.size === 0)) {
      const offset = Math.floor(random() * 40) - 6;
      const tifRoll = random();
      const tif = tifRoll < 0.9 ? 0 : tifRoll < 0.97 ? 1 : 2;
      const owner = tif === 2 ? 0 : 1 + Math.floor(random() * 1000);
      const price = isBuy ? mid - offset : mid + offset;
      const qty = 1 + Math.floor(random() * 50);
      stream.kind[i] = Kind.Limit;
      stream.id[i] = nextId;
      stream.owner[i] = owner;
      stream.price[i] = price;
      stream.qty[i] = qty;
      stream.timeInForce[i] = tif;
      const timeInForce = TIME_IN_FORCE[tif];
      shadow.submit(
        { type: 'limit', id: nextId, ownerId: owner, side, priceTicks: price, qtyLots: qty, timeInForce },
        result,
      );
      live.track(result);
      nextId++;
    } else if (roll < 0.85) {
      const target = live.pick(random());
      stream.kind[i] = Kind.Cancel;
      stream.id[i] = target;
      shadow.cancel(target);
      live.remove(target);
    } else {
      const owner = 1 + Math.floor(random() * 1000);
      const qty = 1 + Math.floor(random() * 30);
      stream.kind[i] = Kind.Market;
      stream.id[i] = nextId;
      stream.owner[i] = owner;
      stream.qty[i] = qty;
      shadow.submit({ type: 'market', id: nextId, ownerId: owner, side, qtyLots: qty }, result);
      live.track(result);
      nextId++;
    }
    restingSum += shadow.openOrderCount;
    stream.peakRestingOrders = Math.max(stream.peakRestingOrders, shadow.openOrderCount);
  }
  stream.averageRestingOrders = restingSum / length;
  return stream;
}

interface Outcome {
  seconds: number;
  fills: number;
  tradedLots: number;
  cancelsFound: number;
  restingOrders: number;
  bids: [number, number][];
  asks: [number, number][];
}

// ---- ours -------------------------------------------------------------------

type OursOp = OrderRequest | number;

function buildOurs(stream: Stream): OursOp[] {
  const ops: OursOp[] = new Array(stream.length);
  for (let i = 0; i < stream.length; i++) {
    const side = stream.isBuy[i] === 1 ? 'buy' : 'sell';
    const id = stream.id[i] as number;
    const ownerId = stream.owner[i] as number;
    const kind = stream.kind[i];
    if (kind === Kind.Cancel) ops[i] = id;
    else if (kind === Kind.Limit) {
      ops[i] = {
        type: 'limit',
        id,
        ownerId,
        side,
        priceTicks: stream.price[i] as number,
        qtyLots: stream.qty[i] as number,
        timeInForce: TIME_IN_FORCE[stream.timeInForce[i] as number],
      };
    } else ops[i] = { type: 'market', id, ownerId, side, qtyLots: stream.qty[i] as number };
  }
  return ops;
}

function runOurs(ops: OursOp[]): Outcome {
  const book = new OrderBook(SPEC);
  const result = new SubmitResult();
  let fills = 0;
  let tradedLots = 0;
  let cancelsFound = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i] as OursOp;
    if (typeof op === 'number') {
      if (book.cancel(op).status === 'cancelled') cancelsFound++;
    } else {
      book.submit(op, result);
      fills += result.fills.length;
      tradedLots += result.filledLots;
    }
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const depth = book.depth();
  return {
    seconds,
    fills,
    tradedLots,
    cancelsFound,
    restingOrders: book.openOrderCount,
    bids: depth.bids.map(([price, lots]) => [price, lots]),
    asks: depth.asks.map(([price, lots]) => [price, lots]),
  };
}

// ---- nodejs-order-book --------------------------------------------------------

type ReferenceOp =
  | { kind: typeof Kind.Limit; options: LimitOrderOptions }
  | { kind: typeof Kind.Market; options: MarketOrderOptions }
  | { kind: typeof Kind.Cancel; id: string };

/** Same stream in its vocabulary: string ids and account ids, EXPIRE_TAKER = our default cancel_taker. */
function buildReference(stream: Stream): ReferenceOp[] {
  const ops: ReferenceOp[] = new Array(stream.length);
  for (let i = 0; i < stream.length; i++) {
    const side = stream.isBuy[i] === 1 ? ReferenceSide.BUY : ReferenceSide.SELL;
    const id = String(stream.id[i]);
    const accountId = String(stream.owner[i]);
    const stpMode = SelfTradePreventionMode.EXPIRE_TAKER;
    const kind = stream.kind[i];
    if (kind === Kind.Cancel) ops[i] = { kind: Kind.Cancel, id };
    else if (kind === Kind.Limit) {
      const timeInForce = TIME_IN_FORCE[stream.timeInForce[i] as number] as LimitOrderOptions['timeInForce'];
      const price = stream.price[i] as number;
      const size = stream.qty[i] as number;
      ops[i] = { kind: Kind.Limit, options: { id, side, size, price, timeInForce, accountId, stpMode } };
    } else {
      ops[i] = { kind: Kind.Market, options: { side, size: stream.qty[i] as number, accountId, stpMode } };
    }
  }
  return ops;
}

function runReference(ops: ReferenceOp[]): Outcome {
  const book = new ReferenceBook();
  let cancelsFound = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i] as ReferenceOp;
    if (op.kind === Kind.Cancel) {
      if (book.cancel(op.id) !== undefined) cancelsFound++;
    } else if (op.kind === Kind.Limit) book.limit(op.options);
    else book.market(op.options);
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const [asks, bids] = book.depth();
  // Its fill count is not reliably derivable from its responses; the final book is compared instead.
  const snapshot = book.snapshot();
  const restingOrders = [...snapshot.bids, ...snapshot.asks].reduce((count, level) => count + level.orders.length, 0);
  return { seconds, fills: Number.NaN, tradedLots: Number.NaN, cancelsFound, restingOrders, bids, asks };
}

// ---- report -------------------------------------------------------------------

const TIMED_RUNS = 5;

const format = (value: number): string => Math.round(value).toLocaleString('en-US');
const sameLevels = (a: [number, number][], b: [number, number][]): boolean =>
  a.length === b.length && a.every(([price, lots], i) => b[i]?.[0] === price && b[i]?.[1] === lots);

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function countKinds(stream: Stream): string {
  let limits = 0;
  let cancels = 0;
  let markets = 0;
  for (const kind of stream.kind) {
    if (kind === Kind.Limit) limits++;
    else if (kind === Kind.Cancel) cancels++;
    else markets++;
  }
  return `limit ${format(limits)}, cancel ${format(cancels)}, market ${format(markets)}`;
}

function describeRuns(name: string, outcomes: Outcome[]): number {
  const rates = outcomes.map((outcome) => OPERATIONS / outcome.seconds);
  const rate = median(rates);
  const all = rates.map((value) => format(value)).join(', ');
  console.log(`${name.padEnd(18)}${format(rate).padStart(12)} ops/s  (median of ${outcomes.length} runs: ${all})`);
  return rate;
}

function main(): void {
  // Warm-up on a different stream, so both JITs have seen every path before timing.
  const warmup = generateStream(WARMUP_OPERATIONS, WARMUP_SEED);
  const warmupOurs = buildOurs(warmup);
  const warmupReference = buildReference(warmup);
  for (let i = 0; i < 3; i++) {
    runOurs(warmupOurs);
    runReference(warmupReference);
  }

  const stream = generateStream(OPERATIONS, SEED);
  const oursOps = buildOurs(stream);
  const referenceOps = buildReference(stream);
  console.log(`stream: ${format(OPERATIONS)} operations (${countKinds(stream)}), seed ${SEED}`);
  console.log(
    `book during the stream: ${format(stream.averageRestingOrders)} resting orders on average, ` +
      `${format(stream.peakRestingOrders)} at peak`,
  );

  // Alternate the engines so machine noise spreads over both; each run starts from an empty book.
  const ours: Outcome[] = [];
  const reference: Outcome[] = [];
  for (let run = 0; run < TIMED_RUNS; run++) {
    ours.push(runOurs(oursOps));
    reference.push(runReference(referenceOps));
  }
  const oursRate = describeRuns('openbourse', ours);
  const referenceRate = describeRuns('nodejs-order-book', reference);
  console.log(`ratio (ours / theirs): ${(oursRate / referenceRate).toFixed(1)}x`);

  const last = ours[ours.length - 1] as Outcome;
  const theirs = reference[reference.length - 1] as Outcome;
  console.log(
    `sanity openbourse:        fills ${format(last.fills)}, traded lots ${format(last.tradedLots)}, ` +
      `cancels found ${format(last.cancelsFound)}, resting orders ${format(last.restingOrders)}, ` +
      `levels ${last.bids.length}/${last.asks.length}`,
  );
  console.log(
    `sanity nodejs-order-book: cancels found ${format(theirs.cancelsFound)}, ` +
      `resting orders ${format(theirs.restingOrders)}, levels ${theirs.bids.length}/${theirs.asks.length}`,
  );
  const identical = sameLevels(last.bids, theirs.bids) && sameLevels(last.asks, theirs.asks);
  console.log(`final depth identical (every price level and quantity): ${identical ? 'yes' : 'no'}`);
}

main();
