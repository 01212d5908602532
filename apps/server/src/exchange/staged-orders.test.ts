import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit, pushTicks, registerUser, startServer, type TestServer } from '../../test/harness.ts';
import { checkLedger } from '../ledger/check.ts';
import { findUserByAccount } from '../platform/users.ts';
import type { Exchange, OrderRow, PlaceOrderInput } from './exchange.ts';

/**
 * Resting limit orders are staged: the book takes them at once, their holds
 * join the batch's deferred postings, and their rows are written together,
 * before any other command of the same group commit runs and before it
 * commits. These tests put several commands into
 * one batch (calls made in the same turn of the event loop) and check that
 * what the batch answered, the rows, the balances and the book agree.
 */

let server: TestServer;
let exchange: Exchange;
const SYMBOL = 'BTC/USDT';
/** 96,250.00 USDT in ticks of 0.01. */
const PRICE = 9_625_000;
let keys = 0;

beforeAll(async () => {
  // No market maker: the book holds only what the tests place.
  server = await startServer({ MARKET_MAKER: '0' });
  exchange = server.built.ctx.exchange;
  await pushTicks(server, SYMBOL, [{ price: '96250.00' }]);
});

afterAll(() => server.close());

/** A registered user holding these spot funds. */
async function fundedUser(funds: Record<string, string>): Promise<number> {
  const { email } = await registerUser(server);
  for (const [symbol, amount] of Object.entries(funds)) credit(server, email, amount, symbol);
  return (findUserByAccount(server.built.ctx.db, email) as { id: number }).id;
}

const limit = (side: 'buy' | 'sell', priceTicks: number, lots: number): PlaceOrderInput => ({ symbol: SYMBOL, side, type: 'limit', priceTicks, lots, timeInForce: 'GTC', referenceTickId: null });

function place(userId: number, input: PlaceOrderInput): Promise<OrderRow> {
  keys += 1;
  return exchange.place(userId, input, { userId, scope: 'spot.trade', clientOid: `staged-${keys}` });
}

/** Every outcome of a batch, refusals included, in the order the commands were queued. */
const settled = <T>(commands: Promise<T>[]) => Promise.allSettled(commands);

const row = (id: number) => exchange.order(id) as OrderRow;

function spot(userId: number, symbol: string): { available: number; frozen: number } {
  return server.built.ctx.sqlite
    .prepare(
      `SELECT a.available, a.frozen FROM ledger_accounts a JOIN currencies c ON c.id = a.currency_id
       WHERE a.user_id = ? AND c.symbol = ? AND a.account_type_id = 2`,
    )
    .get(userId, symbol) as { available: number; frozen: number };
}

describe('staged resting orders', () => {
  it('writes a batch of resting orders before an order of the same batch that trades with them', async () => {
    const seller = await fundedUser({ BTC: '1' });
    const buyer = await fundedUser({ USDT: '1000' });
    const [first, second, taker] = await Promise.all([
      place(seller, limit('sell', PRICE + 100, 2)),
      place(seller, limit('sell', PRICE + 200, 2)),
      place(buyer, limit('buy', PRICE + 200, 3)),
    ]);
    // Each answer is the order as it stood when it was placed.
    expect(first).toMatchObject({ status: 'open', filledLots: 0, holdRemaining: 20_000 });
    expect(taker.status).toBe('filled');
    // The taker traded with both, best price first.
    expect(row(first.id)).toMatchObject({ status: 'filled', filledLots: 2, holdRemaining: 0 });
    expect(row(second.id)).toMatchObject({ status: 'open', filledLots: 1, holdRemaining: 10_000 });
    expect(exchange.book(SYMBOL).getOrder(second.id)).toMatchObject({ remainingLots: 1 });
    expect(spot(seller, 'BTC')).toEqual({ available: 100_000_000 - 40_000, frozen: 10_000 });
    const entries = server.built.ctx.sqlite.prepare("SELECT COUNT(*) FROM journal_entries WHERE type = 'spot_hold' AND ref_id IN (?, ?)").pluck().get(String(first.id), String(second.id));
    expect(entries).toBe(2);
    await exchange.cancelAll(seller);
  });

  it('refuses the staged order that no longer fits the balance, and keeps the others of its batch', async () => {
    // 0.0001 BTC at 96,250 holds 9.625 USDT plus at most a 0.2% taker fee: two fit in 20 USDT, a third does not.
    const user = await fundedUser({ USDT: '20' });
    const outcomes = await settled([place(user, limit('buy', PRICE - 1_000, 1)), place(user, limit('buy', PRICE - 1_000, 1)), place(user, limit('buy', PRICE - 1_000, 1))]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ key: 'errors.insufficientBalance' });
    const held = outcomes.slice(0, 2).reduce((sum, outcome) => sum + (outcome as PromiseFulfilledResult<OrderRow>).value.holdRemaining, 0);
    expect(spot(user, 'USDT')).toEqual({ available: 20_000_000 - held, frozen: held });
    expect(exchange.book(SYMBOL).getOrder((outcomes[1] as PromiseFulfilledResult<OrderRow>).value.id)).not.toBeNull();
    await exchange.cancelAll(user);
    expect(spot(user, 'USDT')).toEqual({ available: 20_000_000, frozen: 0 });
  });

  it('lets a cancel-all queued behind resting orders of the same batch cancel them', async () => {
    const user = await fundedUser({ USDT: '100' });
    const [first, second, cancelled] = await Promise.all([place(user, limit('buy', PRICE - 2_000, 1)), place(user, limit('buy', PRICE - 2_100, 1)), exchange.cancelAll(user)]);
    expect(cancelled).toBe(2);
    expect(row(first.id).status).toBe('cancelled');
    expect(row(second.id).status).toBe('cancelled');
    expect(exchange.book(SYMBOL).getOrder(first.id)).toBeNull();
    expect(spot(user, 'USDT')).toEqual({ available: 100_000_000, frozen: 0 });
  });

  it('answers a repeated key of the same batch with the staged order, placing it once', async () => {
    const user = await fundedUser({ USDT: '100' });
    const key = { userId: user, scope: 'spot.trade', clientOid: 'same-tap' };
    const [first, repeat] = await Promise.all([exchange.place(user, limit('buy', PRICE - 3_000, 1), key), exchange.place(user, limit('buy', PRICE - 3_000, 1), key)]);
    expect(repeat.id).toBe(first.id);
    expect(server.built.ctx.sqlite.prepare('SELECT COUNT(*) FROM spot_orders WHERE user_id = ?').pluck().get(user)).toBe(1);
    await exchange.cancelAll(user);
  });

  it('takes a fresh id after a repeated key stopped short of staging, even when the market maker placed orders in between', async () => {
    const user = await fundedUser({ USDT: '100' });
    const key = { userId: user, scope: 'spot.trade', clientOid: 'retried-tap' };
    const first = await exchange.place(user, limit('buy', PRICE - 5_000, 1), key);
    // The retry is answered with the first order: its staging was given an id and then stopped.
    expect((await exchange.place(user, limit('buy', PRICE - 5_000, 1), key)).id).toBe(first.id);
    // Orders placed outside any batch, as the market maker's requote does on a tick.
    const maker = await fundedUser({ USDT: '100' });
    const [requoted] = exchange.replace(maker, SYMBOL, [], [limit('buy', PRICE - 5_100, 1)]);
    const next = await place(user, limit('buy', PRICE - 5_000, 1));
    expect(next.id).toBeGreaterThan(requoted as number);
    expect(row(next.id)).toMatchObject({ userId: user, status: 'open' });
    await exchange.cancelAll(user);
    await exchange.cancelAll(maker);
  });

  it('checks a staged hold against the balance a cancel earlier in the batch released, not one read before it', async () => {
    const user = await fundedUser({ USDT: '30' });
    // Holds about 19.25 USDT, leaving about 10.7.
    const open = await place(user, limit('buy', PRICE - 6_000, 2));
    // Too big for what is left: refused, after its staging read the balance. The cancel then releases the first hold, and the last order fits only with it.
    const outcomes = await settled([place(user, limit('buy', PRICE - 6_000, 3)), exchange.cancel(user, open.id), place(user, limit('buy', PRICE - 6_000, 2))]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect((outcomes[0] as PromiseRejectedResult).reason).toMatchObject({ key: 'errors.insufficientBalance' });
    await exchange.cancelAll(user);
    expect(spot(user, 'USDT')).toEqual({ available: 30_000_000, frozen: 0 });
  });

  it('forgets the hold of an order the book refuses after holding it, and keeps the others of its batch', async () => {
    const user = await fundedUser({ USDT: '30' });
    // 0.0001 BTC at 40,000 USDT is 4 USDT, below the 5 USDT minimum: held, then refused by the book.
    const small = { ...limit('buy', 4_000_000, 1), timeInForce: 'IOC' as const };
    const outcomes = await settled([place(user, limit('buy', PRICE - 7_000, 1)), place(user, small), place(user, limit('buy', PRICE - 7_000, 1))]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ key: 'errors.belowMinNotional' });
    const held = [outcomes[0], outcomes[2]].reduce((sum, outcome) => sum + (outcome as PromiseFulfilledResult<OrderRow>).value.holdRemaining, 0);
    expect(spot(user, 'USDT')).toEqual({ available: 30_000_000 - held, frozen: held });
    expect(checkLedger(server.built.ctx.sqlite).ok).toBe(true);
    await exchange.cancelAll(user);
    expect(spot(user, 'USDT')).toEqual({ available: 30_000_000, frozen: 0 });
  });

  it('lets an order spend what a trade earlier in the same batch paid in', async () => {
    const seller = await fundedUser({ BTC: '0.001' });
    const buyer = await fundedUser({ USDT: '100' });
    const ask = await place(seller, limit('sell', PRICE + 300, 2));
    // The seller holds no USDT until the taker fills its ask (about 19.25 USDT); its buy, later in the same batch, needs about 9.6.
    const [taker, spend] = await Promise.all([place(buyer, limit('buy', PRICE + 300, 2)), place(seller, limit('buy', PRICE - 8_000, 1))]);
    expect(taker.status).toBe('filled');
    expect(row(ask.id).status).toBe('filled');
    expect(spend).toMatchObject({ status: 'open', holdRemaining: expect.any(Number) });
    expect(spot(seller, 'USDT').frozen).toBe(spend.holdRemaining);
    expect(checkLedger(server.built.ctx.sqlite).ok).toBe(true);
    await exchange.cancelAll(seller);
  });

  it('fails the whole batch when writing its staged orders fails: no row, no hold, nothing left in the book', async () => {
    const user = await fundedUser({ USDT: '100' });
    const { sqlite } = server.built.ctx;
    // A write failure the orders themselves cannot cause (a full disk, say), on the server's own connection only.
    sqlite.exec("CREATE TEMP TRIGGER refuse_staged BEFORE INSERT ON spot_orders WHEN NEW.qty_lots = 7 BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    try {
      const outcomes = await settled([place(user, limit('buy', PRICE - 4_000, 1)), place(user, limit('buy', PRICE - 4_000, 7))]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    } finally {
      sqlite.exec('DROP TRIGGER refuse_staged');
    }
    expect(sqlite.prepare('SELECT COUNT(*) FROM spot_orders WHERE user_id = ?').pluck().get(user)).toBe(0);
    expect(spot(user, 'USDT')).toEqual({ available: 100_000_000, frozen: 0 });
    expect(exchange.book(SYMBOL).bestBid()).not.toBe(PRICE - 4_000);
    // The next batch stages and writes as usual.
    const next = await place(user, limit('buy', PRICE - 4_000, 1));
    expect(row(next.id)).toMatchObject({ status: 'open', holdRemaining: next.holdRemaining });
    expect(exchange.book(SYMBOL).bestBid()).toBe(PRICE - 4_000);
    await exchange.cancelAll(user);
  });
});
