import { describe, expect, it } from 'vitest';
import { InstrumentSpecError, OrderBook } from './order-book.ts';
import { SubmitResult } from './submit-result.ts';
import type { InstrumentSpec, LimitOrderRequest, MarketOrderRequest, OpenOrder, Side } from './types.ts';

const SPEC: InstrumentSpec = {
  symbol: 'TEST/USD',
  quotePerTickLot: 1,
  minNotional: 0,
  makerFeeBps: 0,
  takerFeeBps: 0,
};

const newBook = (overrides: Partial<InstrumentSpec> = {}) => new OrderBook({ ...SPEC, ...overrides });

/** Unless a test says otherwise every order has its own owner, so self-trade prevention stays out of the way. */
const limit = (
  id: number,
  side: Side,
  priceTicks: number,
  qtyLots: number,
  extra: Partial<LimitOrderRequest> = {},
): LimitOrderRequest => ({ type: 'limit', id, ownerId: 1000 + id, side, priceTicks, qtyLots, ...extra });

const market = (
  id: number,
  side: Side,
  qtyLots: number,
  extra: Partial<MarketOrderRequest> = {},
): MarketOrderRequest => ({
  type: 'market',
  id,
  ownerId: 1000 + id,
  side,
  qtyLots,
  ...extra,
});

const makerIds = (result: SubmitResult) => result.fills.map((fill) => fill.makerOrderId);
const fillSizes = (result: SubmitResult) => result.fills.map((fill) => [fill.priceTicks, fill.qtyLots]);
const snapshot = (book: OrderBook) => ({ depth: book.depth(), orders: [...book.openOrders()] });

describe('instrument spec', () => {
  it.each([
    ['quotePerTickLot', { quotePerTickLot: 0 }],
    ['quotePerTickLot', { quotePerTickLot: 1.5 }],
    ['minNotional', { minNotional: -1 }],
    ['makerFeeBps', { makerFeeBps: -1 }],
    ['takerFeeBps', { takerFeeBps: 10_001 }],
    ['takerFeeBps', { takerFeeBps: 2.5 }],
    ['symbol', { symbol: '' }],
  ] as const)('rejects an invalid %s', (field, overrides) => {
    expect(() => newBook(overrides)).toThrow(InstrumentSpecError);
    expect(() => newBook(overrides)).toThrow(field);
  });
});

describe('resting and price-time priority', () => {
  it('rests a limit order that crosses nothing', () => {
    const book = newBook();
    const result = book.submit(limit(1, 'buy', 100, 5));
    expect(result).toMatchObject({
      orderId: 1,
      status: 'resting',
      reason: null,
      sequence: 1,
      filledLots: 0,
      remainingLots: 5,
      cancelledLots: 0,
    });
    expect(result.fills).toEqual([]);
    expect(book.bestBid()).toBe(100);
    expect(book.bestAsk()).toBeNull();
    expect(book.getOrder(1)).toEqual({
      id: 1,
      ownerId: 1001,
      side: 'buy',
      priceTicks: 100,
      originalLots: 5,
      remainingLots: 5,
      sequence: 1,
    });
  });

  it('takes the best price first and trades at the maker price', () => {
    const book = newBook();
    book.submit(limit(1, 'sell', 103, 5));
    book.submit(limit(2, 'sell', 101, 5));
    book.submit(limit(3, 'sell', 102, 5));
    const result = book.submit(limit(4, 'buy', 105, 12));
    expect(result.status).toBe('filled');
    expect(makerIds(result)).toEqual([2, 3, 1]);
    expect(fillSizes(result)).toEqual([
      [101, 5],
      [102, 5],
      [103, 2],
    ]);
    expect(book.depth().asks).toEqual([[103, 3, 1]]);
  });

  it('fills older orders first within a price level', () => {
    const book = newBook();
    book.submit(limit(1, 'buy', 100, 2));
    book.submit(limit(2, 'buy', 100, 2));
    book.submit(limit(3, 'buy', 100, 2));
    const result = book.submit(limit(4, 'sell', 100, 5));
    expect(makerIds(result)).toEqual([1, 2, 3]);
    expect(result.fills.map((fill) => fill.makerRemaining)).toEqual([0, 0, 1]);
    expect(book.getOrder(3)?.remainingLots).toBe(1);
  });

  it('keeps a partially filled maker at the head of its level', () => {
    const book = newBook();
    book.submit(limit(1, 'sell', 100, 10));
    book.submit(limit(2, 'sell', 100, 10));
    book.submit(limit(3, 'buy', 100, 4));
    const result = book.submit(limit(4, 'buy', 100, 7));
    expect(makerIds(result)).toEqual([1, 2]);
    expect(fillSizes(result)).toEqual([
      [100, 6],
      [100, 1],
    ]);
  });

  it('rests the unfilled part of a GTC order', () => {
    const book = newBook();
    book.submit(limit(1, 'sell', 100, 3));
    const result = book.submit(limit(2, 'buy', 101, 10));
    expect(result).toMatchObject({
      status: 'partially_filled_resting',
      filledLots: 3,
      remainingLots: 7,
      cancelledLots: 0,
    });
    expect(book.bestBid()).toBe(101);
    expect(book.bestAsk()).toBeNull();
    expect(book.getOrder(2)).toMatchObject({ originalLots: 10, remainingLots: 7 });
  });

  it('does not match orders that do not cross', () => {
    const book = newBook();
    book.submit(limit(1, 'sell', 101, 3));
    expect(book.submit(limit(2, 'buy', 100, 3)).status).toBe('resting');
    expect([book.bestBid(), book.bestAsk()]).toEqual([100, 101]);
  });
});

describe('time in force', () => {
  it('IOC trades what it can within its limit and cancels the rest', () => {
    const book = newBook();
    book.submit(limit(1, 'sell', 100, 3));
    book.submit(limit(2, 'sell', 102, 3));
    const result = book.submit(limit(3, 'buy', 101, 5, { timeInForce: 'IOC' }));
    expect(result).toMatchObject({
      status: 'cancelled',
      reason: 'price_limit',
      filledLots: 3,
      remainingLots: 0,
      cancelledLots: 2,
    });
    expect(book.getOrder(3)).toBeNull();
    expect(book.bestBid()).toBeNull();
  });

  it('IOC against an empty side is cancelled for lack of liquidity', () => {
    const result = newBook().submit(limit(1, 'sell', 100, 5, { timeInForce: 'IOC' }));
    expect(result).toMatchObject({ status: 'cancelled', reason: 'no_liquidity', cancelledLots: 5 });
  });

  it('IOC that fills completely reports filled', () => {
    const book = newBook();
    book.submit(limit(1, 'sell', 100, 5));
    expect(book.submit(limit(2, 'buy', 100, 5, { timeInForce: 'IOC' })).status).toBe('filled');
  });

  it('FOK fills completely across levels when enough liquidity is within its limit', () => {
    const book = newBook();
    book.submit(limit(1, 'sell', 100, 3));
    book.submit(limit(2, 'sell', 101, 3));
    const result = book.submit(limit(3, 'buy', 101, 6, { timeInForce: 'FOK' }));
    expect(result).toMatchObject({ status: 'filled', filledLots: 6 });
    expect(book.bestAsk()).toBeNull();
  });

  it('FOK that cannot fill completely changes nothing', () => {
    const book = newBook();
    book.submit(limit(1, 'sell', 100, 3));
    book.submit(limit(2, 'sell', 102, 3));
    const before = snapshot(book);
    const result = book.submit(limit(3, 'buy', 101, 4, { timeInForce: 'FOK' }));
    expect(result).toMatchObject({
      status: 'cancelled',
      reason: 'fok_not_fillable',
      filledLots: 0,
      cancelledLots: 4,
    });
    expect(result.fills).toEqual([]);
    expect(snapshot(book)).toEqual(before);
  });

  it('FOK does not count the owner’s own orders as liquidity (cancel_taker)', () => {
    const book = newBook();
    book.submit(limit(1, 'sell', 100, 5, { ownerId: 7 }));
    book.submit(limit(2, 'sell', 100, 5, { ownerId: 8 }));
    const before = snapshot(book);
    // 10 lots rest, but meeting its own order first would end the taker after 0 lots.
    const result = book.submit(limit(3, 'buy', 100, 5, { ownerId: 7, timeInForce: 'FOK' }));
    expect(result).toMatchObject({ status: 'cancelled', reason: 'fok_not_fillable' });
    expect(snapshot(book)).toEqual(before);
  });

  it('FOK fills from liquidity ahead of the owner’s own order (cancel_taker)', () => {
    const book = newBook();
    book.submit(limit(1, 'sell', 100, 5, { ownerId: 8 }));
    book.submit(limit(2, 'sell', 100, 5, { ownerId: 7 }));
    const result = book.submit(limit(3, 'buy', 100, 5, { ownerId: 7, timeInForce: 'FOK' }));
    expect(result).toMatchObject({ status: 'filled', filledLots: 5 });
    expect(book.getOrder(2)?.remainingLots).toBe(5);
  });

  it('FOK under cancel_maker skips own orders in the check, then cancels those it meets', () => {
    const book = newBook();
    book.submit(limit(1, 'sell', 100, 5, { ownerId: 7 }));
    book.submit(limit(2, 'sell', 100, 5, { ownerId: 8 }));
    book.submit(limit(3, 'sell', 101, 5, { ownerId: 7 }));
    const result = book.submit(limit(4, 'buy', 101, 5, { ownerId: 7, timeInForce: 'FOK', stpMode: 'cancel_maker' }));
    expect(result).toMatchObject({ status: 'filled', filledLots: 5 });
    expect(makerIds(result)).toEqual([2]);
    expect(result.stpCancelledIds).toEqual([1]);
    expect(result.stpCancelledLots).toEqual([5]);
    // Order 3 was never reached, so it stays.
    expect(book.getOrder(3)?.remainingLots).toBe(5);
  });

  it('FOK under cancel_maker with too little foreign liquidity cancels no own order', () => {
    const book = newBook();
    book.submit(limit(1, 'sell', 100, 5, { ownerId: 7 }));
    book.submit(limit(2, 'sell', 100, 4, { ownerId: 8 }));
    const before = snapshot(book);
    const result = book.submit(limit(3, 'buy', 100, 5, { ownerId: 7, timeInForce: 'FOK', stpMode: 'cancel_maker' }));
    expect(result).toMatchObject({ status: 'cancelled', reason: 'fok_not_fillable' });
    expect(result.stpCancelledIds).toEqual([]);
    expect(snapshot(book)).toEqual(before);
  });
});

describe('market orders', () => {
  it('sweeps levels and cancels what the book cannot fill', () => {
    const book = newBook();
    book.submit(limit(1, 'buy', 100, 3));
    book.submit(limit(2, 'buy', 99, 3));
    const result = book.submit(market(3, 'sell', 10));
    expect(result).toMatchObject({
      status: 'cancelled',
      reason: 'no_liquidity',
      filledLots: 6,
      remainingLots: 0,
      cancelledLots: 4,
    });
    expect(fillSizes(result)).toEqual([
      [100, 3],
      [99, 3],
    ]);
    expect(book.openOrderCount).toBe(0);
  });

  it('fills completely when the book is deep enough, and never rests', () => {
    const book = newBook();
    book.submit(limit(1, 'sell', 100, 10));
    const result = book.submit(market(2, 'buy', 4));
    expect(result).toMatchObject({ status: 'filled', filledLots: 4, remainingLots: 0 });
    expect(book.getOrder(2)).toBeNull();
  });

  it('a buy never fills above its protection price', () => {
    const book = newBook();
    book.submit(limit(1, 'sell', 100, 3));
    book.submit(limit(2, 'sell', 101, 3));
    book.submit(limit(3, 'sell', 102, 3));
    const result = book.submit(market(4, 'buy', 9, { limitPrice: 101 }));
    expect(result).toMatchObject({ status: 'cancelled', reason: 'price_limit', filledLots: 6, cancelledLots: 3 });
    expect(book.bestAsk()).toBe(102);
  });

  it('a sell never fills below its protection price', () => {
    const book = newBook();
    book.submit(limit(1, 'buy', 100, 3));
    book.submit(limit(2, 'buy', 98, 3));
    const result = book.submit(market(3, 'sell', 6, { limitPrice: 99 }));
    expect(result).toMatchObject({ status: 'cancelled', reason: 'price_limit', filledLots: 3 });
    expect(book.bestBid()).toBe(98);
  });

  it('a buy with a quote budget stops before the lot that would exceed it', () => {
    const book = newBook({ quotePerTickLot: 10 });
    book.submit(limit(1, 'sell', 100, 2)); // 1000 per lot
    book.submit(limit(2, 'sell', 150, 5)); // 1500 per lot
    // 2000 buys both lots at 100; 2999 left pays for one lot at 150 (1500), not two (3000).
    const result = book.submit(market(3, 'buy', 10, { quoteBudget: 4999 }));
    expect(result).toMatchObject({
      status: 'cancelled',
      reason: 'quote_budget_exhausted',
      filledLots: 3,
      cancelledLots: 7,
    });
    expect(result.fills.map((fill) => fill.notional)).toEqual([2000, 1500]);
  });

  it('a budget that covers the order exactly fills it', () => {
    const book = newBook({ quotePerTickLot: 10 });
    book.submit(limit(1, 'sell', 100, 5));
    expect(book.submit(market(2, 'buy', 5, { quoteBudget: 5000 })).status).toBe('filled');
  });

  it('a budget below one lot fills nothing', () => {
    const book = newBook({ quotePerTickLot: 10 });
    book.submit(limit(1, 'sell', 100, 5));
    const result = book.submit(market(2, 'buy', 5, { quoteBudget: 999 }));
    expect(result).toMatchObject({ status: 'cancelled', reason: 'quote_budget_exhausted', filledLots: 0 });
  });

  it('rejects a quote budget on a sell, or a non-positive one', () => {
    const book = newBook();
    expect(book.submit(market(1, 'sell', 5, { quoteBudget: 100 })).reason).toBe('invalid_quote_budget');
    expect(book.submit(market(2, 'buy', 5, { quoteBudget: 0 })).reason).toBe('invalid_quote_budget');
  });

  it('is not held to the minimum notional (the caller checks market orders)', () => {
    const book = newBook({ minNotional: 1_000_000 });
    book.restore({ id: 1, ownerId: 1, side: 'sell', priceTicks: 100, originalLots: 1, remainingLots: 1, sequence: 1 });
    expect(book.submit(market(2, 'buy', 1)).status).toBe('filled');
  });
});

describe('self-trade prevention', () => {
  const bookWithOwnOrderInTheMiddle = () => {
    const book = newBook();
    book.submit(limit(1, 'sell', 100, 2, { ownerId: 8 }));
    book.submit(limit(2, 'sell', 100, 2, { ownerId: 7 }));
    book.submit(limit(3, 'sell', 100, 2, { ownerId: 9 }));
    return book;
  };

  it('cancel_taker (default) cancels the taker remainder and leaves the own order', () => {
    const book = bookWithOwnOrderInTheMiddle();
    const result = book.submit(limit(4, 'buy', 100, 5, { ownerId: 7 }));
    expect(result).toMatchObject({
      status: 'cancelled',
      reason: 'self_trade_prevented',
      filledLots: 2,
      remainingLots: 0,
      cancelledLots: 3,
    });
    expect(makerIds(result)).toEqual([1]);
    expect(result.stpCancelledIds).toEqual([]);
    expect(book.getOrder(2)?.remainingLots).toBe(2);
    expect(book.getOrder(4)).toBeNull();
  });

  it('cancel_maker cancels the own resting order and keeps matching', () => {
    const book = bookWithOwnOrderInTheMiddle();
    const result = book.submit(limit(4, 'buy', 100, 5, { ownerId: 7, stpMode: 'cancel_maker' }));
    expect(result).toMatchObject({ status: 'partially_filled_resting', filledLots: 4, remainingLots: 1 });
    expect(makerIds(result)).toEqual([1, 3]);
    expect(result.stpCancelledIds).toEqual([2]);
    expect(result.stpCancelledLots).toEqual([2]);
    expect(book.getOrder(2)).toBeNull();
    expect(book.bestBid()).toBe(100);
    expect(book.bestAsk()).toBeNull();
  });

  it('cancel_both cancels the own resting order and the taker remainder', () => {
    const book = bookWithOwnOrderInTheMiddle();
    const result = book.submit(limit(4, 'buy', 100, 5, { ownerId: 7, stpMode: 'cancel_both' }));
    expect(result).toMatchObject({
      status: 'cancelled',
      reason: 'self_trade_prevented',
      filledLots: 2,
      cancelledLots: 3,
    });
    expect(result.stpCancelledIds).toEqual([2]);
    expect(book.getOrder(2)).toBeNull();
    expect(book.getOrder(3)?.remainingLots).toBe(2);
  });

  it('applies to market orders too', () => {
    const book = bookWithOwnOrderInTheMiddle();
    const result = book.submit(market(4, 'buy', 6, { ownerId: 7, stpMode: 'cancel_maker' }));
    expect(result).toMatchObject({ status: 'cancelled', reason: 'no_liquidity', filledLots: 4, cancelledLots: 2 });
    expect(result.stpCancelledIds).toEqual([2]);
  });

  it('orders of different owners trade normally', () => {
    const book = newBook();
    book.submit(limit(1, 'sell', 100, 2, { ownerId: 7 }));
    expect(book.submit(limit(2, 'buy', 100, 2, { ownerId: 8 })).status).toBe('filled');
  });

  it('a resting own order on the same side is irrelevant', () => {
    const book = newBook();
    book.submit(limit(1, 'buy', 99, 2, { ownerId: 7 }));
    book.submit(limit(2, 'sell', 100, 2, { ownerId: 8 }));
    expect(book.submit(limit(3, 'buy', 100, 2, { ownerId: 7 })).status).toBe('filled');
  });
});

describe('fees and notional', () => {
  it('charges floor(notional × bps / 10000) per fill to maker and taker', () => {
    const book = newBook({ quotePerTickLot: 5, makerFeeBps: 10, takerFeeBps: 25 });
    book.submit(limit(1, 'sell', 2469, 1));
    book.submit(limit(2, 'sell', 2470, 3));
    const result = book.submit(limit(3, 'buy', 2470, 4));
    expect(result.fills).toEqual([
      {
        makerOrderId: 1,
        takerOrderId: 3,
        makerOwnerId: 1001,
        takerOwnerId: 1003,
        priceTicks: 2469,
        qtyLots: 1,
        notional: 12_345,
        makerFee: 12, // 12.345
        takerFee: 30, // 30.8625
        makerRemaining: 0,
      },
      {
        makerOrderId: 2,
        takerOrderId: 3,
        makerOwnerId: 1002,
        takerOwnerId: 1003,
        priceTicks: 2470,
        qtyLots: 3,
        notional: 37_050,
        makerFee: 37, // 37.05
        takerFee: 92, // 92.625
        makerRemaining: 0,
      },
    ]);
  });

  it('computes exact fees on notionals near 2^53', () => {
    const book = newBook({ quotePerTickLot: 1, makerFeeBps: 9999, takerFeeBps: 10_000 });
    const price = 3_002_399_751; // × 3_000_000 lots ≈ 9.007e15, just below 2^53
    book.submit(limit(1, 'sell', price, 3_000_000));
    const [fill] = book.submit(limit(2, 'buy', price, 3_000_000)).fills;
    const notional = BigInt(price) * 3_000_000n;
    expect(fill?.notional).toBe(Number(notional));
    expect(fill?.makerFee).toBe(Number((notional * 9999n) / 10_000n));
    expect(fill?.takerFee).toBe(Number(notional));
  });

  it('rejects a limit order whose notional is not a safe integer', () => {
    const result = newBook({ quotePerTickLot: 1000 }).submit(limit(1, 'buy', 1e9, 1e7));
    expect(result).toMatchObject({ status: 'rejected', reason: 'notional_overflow', sequence: 0 });
  });

  it('rejects limit orders below the minimum notional without resting them', () => {
    const book = newBook({ quotePerTickLot: 10, minNotional: 5000 });
    const below = book.submit(limit(1, 'buy', 100, 4)); // 4000
    expect(below).toMatchObject({ status: 'rejected', reason: 'below_min_notional', cancelledLots: 0 });
    expect(book.openOrderCount).toBe(0);
    expect(book.submit(limit(2, 'buy', 100, 5)).status).toBe('resting'); // exactly 5000
    expect(book.submit(limit(3, 'sell', 100, 1, { timeInForce: 'IOC' })).reason).toBe('below_min_notional');
  });
});

describe('validation', () => {
  it.each([
    ['invalid_order_id', limit(0, 'buy', 100, 1)],
    ['invalid_order_id', limit(1.5, 'buy', 100, 1)],
    ['invalid_owner_id', limit(1, 'buy', 100, 1, { ownerId: Number.NaN })],
    ['invalid_side', limit(1, 'hold' as Side, 100, 1)],
    ['invalid_price', limit(1, 'buy', 0, 1)],
    ['invalid_price', limit(1, 'buy', 100.5, 1)],
    ['invalid_quantity', limit(1, 'buy', 100, 0)],
    ['invalid_quantity', limit(1, 'buy', 100, -3)],
    ['invalid_time_in_force', limit(1, 'buy', 100, 1, { timeInForce: 'GTD' as 'GTC' })],
    ['invalid_stp_mode', limit(1, 'buy', 100, 1, { stpMode: 'none' as 'cancel_taker' })],
    ['invalid_price', market(1, 'buy', 1, { limitPrice: -1 })],
    ['invalid_order_type', { ...market(1, 'buy', 1), type: 'stop' as 'market' }],
  ])('rejects with %s', (reason, request) => {
    const book = newBook();
    // Asked first, without submitting: the same reason, and the book and its sequence untouched.
    expect(book.rejectionOf(request)).toBe(reason);
    expect(book.upcomingSequence).toBe(1);
    const result = book.submit(request);
    expect(result).toMatchObject({ status: 'rejected', reason, filledLots: 0, remainingLots: 0, cancelledLots: 0 });
    expect(book.openOrderCount).toBe(0);
  });

  it('finds nothing to refuse in a request it would accept, and changes nothing by looking', () => {
    const book = newBook({ minNotional: 500 });
    expect(book.rejectionOf(limit(1, 'buy', 100, 5))).toBeNull();
    expect(book.rejectionOf(limit(1, 'buy', 100, 4))).toBe('below_min_notional');
    expect(book.openOrderCount).toBe(0);
    expect(book.submit(limit(1, 'buy', 100, 5)).status).toBe('resting');
  });

  it('rejects an id that is already resting, even for a market order', () => {
    const book = newBook();
    book.submit(limit(1, 'buy', 100, 1));
    expect(book.submit(limit(1, 'buy', 99, 1)).reason).toBe('duplicate_order_id');
    expect(book.submit(market(1, 'sell', 1)).reason).toBe('duplicate_order_id');
    expect(book.getOrder(1)?.priceTicks).toBe(100);
  });

  it('does not consume a sequence number for a rejected order', () => {
    const book = newBook();
    book.submit(limit(1, 'buy', 0, 1));
    expect(book.submit(limit(2, 'buy', 100, 1)).sequence).toBe(1);
  });
});

describe('cancel', () => {
  it('releases exactly the remaining quantity of a partially filled order', () => {
    const book = newBook();
    book.submit(limit(1, 'sell', 100, 10));
    book.submit(limit(2, 'buy', 100, 4));
    expect(book.cancel(1)).toEqual({
      status: 'cancelled',
      orderId: 1,
      ownerId: 1001,
      side: 'sell',
      priceTicks: 100,
      cancelledLots: 6,
    });
    expect(book.getOrder(1)).toBeNull();
    expect(book.bestAsk()).toBeNull();
  });

  it('reports unknown, filled and already cancelled ids as not found', () => {
    const book = newBook();
    book.submit(limit(1, 'sell', 100, 1));
    book.submit(limit(2, 'buy', 100, 1));
    book.submit(limit(3, 'buy', 90, 1));
    book.cancel(3);
    for (const id of [1, 2, 3, 99, 0, -1, Number.NaN]) {
      expect(book.cancel(id)).toEqual({ status: 'not_found', orderId: id });
    }
  });

  it('removes an order from the middle of a queue without disturbing the others’ priority', () => {
    const book = newBook();
    for (const id of [1, 2, 3]) book.submit(limit(id, 'buy', 100, 1));
    book.cancel(2);
    expect(book.depth().bids).toEqual([[100, 2, 2]]);
    expect(makerIds(book.submit(limit(4, 'sell', 100, 2)))).toEqual([1, 3]);
  });
});

describe('depth and queries', () => {
  it('aggregates quantity and order count per level, best first, limited to n levels', () => {
    const book = newBook();
    book.submit(limit(1, 'buy', 99, 1));
    book.submit(limit(2, 'buy', 100, 2));
    book.submit(limit(3, 'buy', 100, 3));
    book.submit(limit(4, 'buy', 98, 4));
    book.submit(limit(5, 'sell', 102, 5));
    book.submit(limit(6, 'sell', 101, 6));
    book.submit(limit(7, 'sell', 102, 7));
    expect(book.depth()).toEqual({
      bids: [
        [100, 5, 2],
        [99, 1, 1],
        [98, 4, 1],
      ],
      asks: [
        [101, 6, 1],
        [102, 12, 2],
      ],
    });
    expect(book.depth(1)).toEqual({ bids: [[100, 5, 2]], asks: [[101, 6, 1]] });
    expect(book.depth(0)).toEqual({ bids: [], asks: [] });
  });

  it('lists open orders by side, best price first, oldest first', () => {
    const book = newBook();
    book.submit(limit(1, 'sell', 101, 1));
    book.submit(limit(2, 'buy', 99, 1));
    book.submit(limit(3, 'buy', 100, 1));
    book.submit(limit(4, 'buy', 100, 1));
    expect([...book.openOrders()].map((order) => order.id)).toEqual([3, 4, 2, 1]);
  });

  it('hands out copies, not its own records', () => {
    const book = newBook();
    book.submit(limit(1, 'buy', 100, 5));
    const copy = book.getOrder(1) as { remainingLots: number };
    copy.remainingLots = 1;
    expect(book.getOrder(1)?.remainingLots).toBe(5);
  });
});

describe('restore', () => {
  const stored = (id: number, side: Side, priceTicks: number, sequence: number, remainingLots = 1): OpenOrder => ({
    id,
    ownerId: 1000 + id,
    side,
    priceTicks,
    originalLots: remainingLots + 1,
    remainingLots,
    sequence,
  });

  it('rebuilds time priority from sequence numbers, whatever the restore order', () => {
    const book = newBook();
    for (const order of [stored(3, 'buy', 100, 30), stored(1, 'buy', 100, 10), stored(2, 'buy', 100, 20)]) {
      expect(book.restore(order)).toEqual({ ok: true });
    }
    expect([...book.openOrders()].map((order) => order.id)).toEqual([1, 2, 3]);
    expect(makerIds(book.submit(limit(4, 'sell', 100, 3)))).toEqual([1, 2, 3]);
  });

  it('sequences new orders after every restored one', () => {
    const book = newBook();
    book.restore(stored(1, 'buy', 100, 41));
    book.restore(stored(2, 'buy', 100, 7));
    const result = book.submit(limit(3, 'buy', 100, 1));
    expect(result.sequence).toBe(42);
    expect([...book.openOrders()].map((order) => order.id)).toEqual([2, 1, 3]);
  });

  it('round-trips a book through openOrders', () => {
    const book = newBook();
    book.submit(limit(1, 'buy', 100, 5));
    book.submit(limit(2, 'buy', 100, 5));
    book.submit(limit(3, 'sell', 103, 5));
    book.submit(limit(4, 'sell', 100, 3));
    const copy = newBook();
    for (const order of [...book.openOrders()].reverse()) expect(copy.restore(order).ok).toBe(true);
    expect(snapshot(copy)).toEqual(snapshot(book));
    expect(copy.submit(limit(5, 'sell', 100, 4)).fills).toEqual(book.submit(limit(5, 'sell', 100, 4)).fills);
  });

  it.each([
    ['duplicate_order_id', stored(1, 'buy', 100, 5)],
    ['invalid_order_id', stored(0, 'buy', 100, 5)],
    ['invalid_price', stored(2, 'buy', 0, 5)],
    ['invalid_sequence', stored(2, 'buy', 100, 0)],
    ['invalid_quantity', { ...stored(2, 'buy', 100, 5), remainingLots: 3, originalLots: 2 }],
    ['invalid_quantity', { ...stored(2, 'buy', 100, 5), remainingLots: 0 }],
    ['would_cross', stored(2, 'buy', 101, 5)],
    ['would_cross', stored(2, 'sell', 100, 5)],
  ] as const)('rejects %s', (reason, order) => {
    const book = newBook();
    book.restore(stored(1, 'buy', 100, 1));
    book.restore(stored(9, 'sell', 101, 2));
    expect(book.restore(order)).toEqual({ ok: false, reason });
    expect(book.openOrderCount).toBe(2);
  });
});

describe('result reuse', () => {
  it('resets a reused result and recycles its fill records', () => {
    const book = newBook();
    const out = new SubmitResult();
    book.submit(limit(1, 'sell', 100, 1), out);
    book.submit(limit(2, 'sell', 100, 1), out);
    book.submit(limit(3, 'buy', 100, 2), out);
    expect(out.fills).toHaveLength(2);
    const firstRecord = out.fills[0];
    book.submit(limit(4, 'sell', 100, 1), out);
    expect(out).toMatchObject({ orderId: 4, status: 'resting', filledLots: 0, remainingLots: 1 });
    expect(out.fills).toEqual([]);
    const taker = book.submit(market(5, 'buy', 1), out);
    expect(taker).toBe(out);
    expect(out.fills[0]).toBe(firstRecord);
    expect(out.fills[0]).toMatchObject({ makerOrderId: 4, takerOrderId: 5 });
  });

  it('returns a fresh result per call when none is passed', () => {
    const book = newBook();
    const first = book.submit(limit(1, 'sell', 100, 1));
    const second = book.submit(limit(2, 'buy', 100, 1));
    expect(first).not.toBe(second);
    expect(first.status).toBe('resting');
  });
});
