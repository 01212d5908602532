import { dualPayout, formatMinor, toMinor } from '@openbourse/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dualProducts } from '../../db/schema.ts';
import { checkLedger } from '../../ledger/check.ts';
import { credit, pushTicks, registerUser, runningServers, startServer, type TestServer } from '../../../test/harness.ts';

interface Outcome {
  currency: string;
  amount: string;
  interest: string;
}

interface Product {
  id: number;
  pair: string;
  type: 'call' | 'put';
  linked_price: string;
  apr: string;
  days: number;
  maturity_at: number;
  maturity_date: string;
  invest_currency: string;
  share_amount: string;
  total_shares: number;
  remaining_shares: number;
  progress: string;
  on_sale: boolean;
  per_share: { kept: Outcome; converted: Outcome };
}

interface DualOrder {
  id: number;
  status: string;
  shares: number;
  invested: string;
  outcomes: { kept: Outcome; converted: Outcome };
  settlement: { tick: { id: number; time: number; price: string } | null; converted: boolean; payout: string; payout_currency: string; interest: string } | null;
}

/** Monday 23 November 2026, 05:30 UTC: the seeded products mature at 08:00 UTC on the 24th, 25th and 26th. */
const START = Date.UTC(2026, 10, 23, 5, 30);
const MATURITY_24 = Date.UTC(2026, 10, 24, 8);
const MATURITY_25 = Date.UTC(2026, 10, 25, 8);
const MATURITY_26 = Date.UTC(2026, 10, 26, 8);

let server: TestServer;
let user: { email: string; token: string };
const orders: Record<string, DualOrder> = {};

const products = async (currency_id: number, type: 'call' | 'put') => (await server.get<Product[]>('/dual/index', { currency_id, type })).message;
const wallet = async (currency: string, type = 'change') => (await server.post<{ available: string; frozen: string }>('/wallet/detail', { currency, type }, { token: user.token })).message;
const order = async (id: number) => (await server.get<DualOrder>('/dual/order', { id }, { token: user.token })).message;
const buy = (id: number, num: unknown, token = user.token) => server.post<DualOrder>('/dual/buyDual', { id, num }, { token, lang: 'en' });

async function at(time: number) {
  server.setTime(time);
  await server.built.ctx.scheduler.runDue();
}

/** Stops the server and starts it again on the same database at a moment, as a deploy would. */
async function restartAt(time: number) {
  runningServers.delete(server);
  await server.built.app.close();
  server = await startServer({}, { dataDir: server.dataDir, startAt: time });
}

const seedKeys = (pattern: string) => (server.built.ctx.sqlite.prepare('SELECT seed_key AS key FROM dual_products WHERE seed_key LIKE ? ORDER BY id').all(pattern) as { key: string }[]).map((row) => row.key);

beforeAll(async () => {
  server = await startServer({}, { startAt: START });
  user = await registerUser(server);
  credit(server, user.email, '1', 'BTC');
  credit(server, user.email, '10', 'ETH');
  credit(server, user.email, '20000', 'USDT');
});

afterAll(async () => {
  await server.close();
});

describe('dual products', () => {
  it('seeds BTC and ETH, call and put, priced off the feed at first start and maturing within days', async () => {
    const btcCalls = await products(1, 'call');
    // BTC's price at first start is 96,250: linked 2% and 4% above, rounded to three digits.
    expect(btcCalls.map((product) => [product.linked_price, product.maturity_date, product.days])).toEqual([
      ['98100', '2026-11-24', 1],
      ['100000', '2026-11-26', 3],
    ]);
    expect(btcCalls[0]).toMatchObject({ pair: 'BTC/USDT', apr: '48.5', invest_currency: 'BTC', share_amount: '0.00100000', total_shares: 2000, remaining_shares: 2000, progress: '0.00', on_sale: true, maturity_at: MATURITY_24 });
    // One share: 0.001 BTC × (1 + 1 × 48.5% / 365) kept, or × 98,100 converted.
    expect(btcCalls[0]?.per_share).toEqual({ kept: { currency: 'BTC', amount: '0.00100132', interest: '0.00000132' }, converted: { currency: 'USDT', amount: '98.230352', interest: '0.130352' } });
    expect((await products(1, 'put')).map((product) => product.linked_price)).toEqual(['93300']);
    expect((await products(2, 'call')).map((product) => product.linked_price)).toEqual(['3520']);
    expect((await products(2, 'put')).map((product) => [product.linked_price, product.maturity_date])).toEqual([
      ['3350', '2026-11-24'],
      ['3240', '2026-11-26'],
    ]);
    // The defaults are BTC and call.
    expect((await server.get<Product[]>('/dual/index')).message.map((product) => product.id)).toEqual(btcCalls.map((product) => product.id));
  });

  it('lists the coins with products from the server, an operator-made product on another coin included', async () => {
    const coins = async () => (await server.get<{ currency_id: number; coin: string }[]>('/dual/coins')).message.map((entry) => [entry.currency_id, entry.coin]);
    expect(await coins()).toEqual([
      [1, 'BTC'],
      [2, 'ETH'],
    ]);
    // As the console creates one: SOL has a SOL/USDT market to settle on.
    const sol = server.built.ctx.db
      .insert(dualProducts)
      .values({ coinCurrencyId: 6, direction: 'put', linkedPrice: '180', aprPercent: '30', days: 2, maturityAt: MATURITY_25, shareAmount: 100_000_000, totalShares: 100, saleStart: START, saleEnd: MATURITY_25 - 3_600_000, createdAt: START, updatedAt: START })
      .returning({ id: dualProducts.id })
      .get();
    expect(await coins()).toEqual([
      [1, 'BTC'],
      [2, 'ETH'],
      [6, 'SOL'],
    ]);
    expect((await products(6, 'put')).map((product) => [product.id, product.pair])).toEqual([[sol.id, 'SOL/USDT']]);
  });
});

describe('buying shares', () => {
  it('moves the investment from the spot account to the deposit account', async () => {
    const [btcCall] = await products(1, 'call');
    const bought = await buy(btcCall?.id as number, '10');
    expect(bought.message).toMatchObject({ status: 'purchased', shares: 10, invested: '0.01000000', settlement: null });
    expect(bought.message.outcomes.converted).toEqual({ currency: 'USDT', amount: '982.303520', interest: '1.303520' });
    orders.btcCall = bought.message;
    expect(await wallet('BTC')).toMatchObject({ available: '0.99000000', frozen: '0.00000000' });
    expect(await wallet('BTC', 'deposit')).toMatchObject({ available: '0.00000000', frozen: '0.01000000' });
    expect((await products(1, 'call'))[0]).toMatchObject({ remaining_shares: 1990, progress: '0.50' });

    orders.btcPut = (await buy((await products(1, 'put'))[0]?.id as number, 5)).message;
    orders.ethCall = (await buy((await products(2, 'call'))[0]?.id as number, 100)).message;
    const ethPuts = await products(2, 'put');
    orders.ethPut = (await buy(ethPuts[0]?.id as number, 3)).message;
    orders.ethPutLate = (await buy(ethPuts[1]?.id as number, 1)).message;
    expect(Object.values(orders).map((entry) => entry.invested)).toEqual(['0.01000000', '500.000000', '1.00000000', '300.000000', '100.000000']);
  });

  it('refuses fractional, zero or absurd share counts, more than remain, and changes nothing', async () => {
    const [product] = await products(1, 'call');
    const id = product?.id as number;
    expect((await buy(id, '1.5')).message).toBe('number of shares must be a whole number');
    expect((await buy(id, '0')).message).toBe('number of shares is out of range');
    expect((await buy(id, 'ten')).message).toBe('number of shares must be a whole number');
    expect((await buy(id, '')).message).toBe('Please enter number of shares');
    expect((await buy(id, '1991')).message).toBe('Not enough shares left: 1990 remaining');
    expect((await buy(999_999, '1')).message).toBe('Product not found or no longer offered');
    const poor = await registerUser(server);
    expect((await buy(id, '1', poor.token)).message).toBe('Insufficient balance');
    expect((await products(1, 'call'))[0]?.remaining_shares).toBe(1990);
    expect(await wallet('BTC')).toMatchObject({ available: '0.99000000' });
  });

  it('refuses a product not yet on sale or no longer on sale', async () => {
    const { db } = server.built.ctx;
    const base = { coinCurrencyId: 1, direction: 'call' as const, linkedPrice: '99000', aprPercent: '10', days: 2, maturityAt: MATURITY_26, shareAmount: 100_000, totalShares: 10, createdAt: START, updatedAt: START };
    const future = db.insert(dualProducts).values({ ...base, saleStart: START + 3_600_000, saleEnd: MATURITY_26 - 3_600_000 }).returning({ id: dualProducts.id }).get();
    const past = db.insert(dualProducts).values({ ...base, saleStart: START - 7_200_000, saleEnd: START - 3_600_000 }).returning({ id: dualProducts.id }).get();
    expect((await buy(future.id, '1')).message).toBe('This product is not yet on sale or has ended');
    expect((await buy(past.id, '1')).message).toBe('This product is not yet on sale or has ended');
  });

  it('answers someone else\'s order like a missing one', async () => {
    const other = await registerUser(server);
    expect((await server.get('/dual/order', { id: orders.btcCall?.id }, { token: other.token, lang: 'en' })).message).toBe('Order not found');
    expect((await server.post<{ total: number }>('/dual/dual_list', {}, { token: other.token })).message.total).toBe(0);
  });
});

describe('settlement at 08:00 UTC on the first tick at or after it', () => {
  it('converts a call at or above the linked price into USDT, on the first tick from 08:00, and records that tick', async () => {
    server.setTime(MATURITY_24 - 5000);
    await pushTicks(server, 'BTC/USDT', [{ price: '97000', time: MATURITY_24 - 1000 }]);
    await at(MATURITY_24 + 2000);
    // Past maturity, no tick from 08:00 yet: settling.
    expect((await order(orders.btcCall?.id as number)).status).toBe('settling');
    expect((await server.post<{ list: DualOrder[] }>('/dual/dual_list', { status: 'settling' }, { token: user.token })).message.list.map((entry) => entry.id)).toEqual(
      expect.arrayContaining([orders.btcCall?.id, orders.ethPut?.id]),
    );
    await pushTicks(server, 'BTC/USDT', [
      { price: '98100', time: MATURITY_24 + 3000 },
      { price: '90000', time: MATURITY_24 + 4000 },
    ]);
    await at(MATURITY_24 + 5000);
    const settled = await order(orders.btcCall?.id as number);
    expect(settled.status).toBe('success');
    // 98,100 is the linked price itself: the tie converts a call.
    expect(settled.settlement).toMatchObject({ tick: { time: MATURITY_24 + 3000, price: '98100.00' }, converted: true, payout: '982.303520', payout_currency: 'USDT' });
    const tick = server.built.ctx.sqlite.prepare('SELECT symbol, price_ticks AS priceTicks, time FROM ticks WHERE id = ?').get(settled.settlement?.tick?.id) as { symbol: string; time: number };
    expect(tick).toMatchObject({ symbol: 'BTC/USDT', time: MATURITY_24 + 3000 });
    expect(await wallet('BTC', 'deposit')).toMatchObject({ frozen: '0.00000000' });
    expect(checkLedger(server.built.ctx.sqlite).ok).toBe(true);
  });

  it('converts a put at the linked price (the tie) into the coin', async () => {
    await pushTicks(server, 'ETH/USDT', [{ price: '3350', time: MATURITY_24 + 6000 }]);
    await at(MATURITY_24 + 7000);
    const settled = await order(orders.ethPut?.id as number);
    const expected = dualPayout({ direction: 'put', linkedPrice: '3350', aprPercent: '51.9', days: 1 }, toMinor('300', 6), { coin: 8, usdt: 6 }, '3350');
    expect(settled.settlement).toMatchObject({ converted: true, payout_currency: 'ETH', payout: formatMinor(expected.amount, 8), tick: { price: '3350.00' } });
  });

  it('keeps a call below the linked price in the coin, and converts a put below it', async () => {
    server.setTime(MATURITY_25 - 1000);
    await pushTicks(server, 'ETH/USDT', [{ price: '3519.99', time: MATURITY_25 }]);
    await pushTicks(server, 'BTC/USDT', [{ price: '93299.99', time: MATURITY_25 + 10 }]);
    const ethBefore = await wallet('ETH');
    await at(MATURITY_25 + 1000);
    const ethCall = await order(orders.ethCall?.id as number);
    // 1 ETH × (1 + 2 × 55.4% / 365) = 1.00303561... ETH
    expect(ethCall.settlement).toMatchObject({ converted: false, payout_currency: 'ETH', payout: '1.00303561', tick: { price: '3519.99', time: MATURITY_25 } });
    expect(Number((await wallet('ETH')).available) - Number(ethBefore.available)).toBeCloseTo(1.00303561, 8);
    const btcPut = await order(orders.btcPut?.id as number);
    // 500 USDT / 93,300 × (1 + 2 × 42.8% / 365) = 0.005371624… BTC, rounded down
    expect(btcPut.settlement).toMatchObject({ converted: true, payout_currency: 'BTC', payout: '0.00537162' });
  });

  it('fails an order that has no tick for a day after maturity and returns it with interest in the currency invested', async () => {
    await at(MATURITY_26 + 23 * 3_600_000);
    expect((await order(orders.ethPutLate?.id as number)).status).toBe('settling');
    await at(MATURITY_26 + 24 * 3_600_000);
    const failed = await order(orders.ethPutLate?.id as number);
    expect(failed).toMatchObject({ status: 'fail', settlement: { tick: null, converted: false, payout_currency: 'USDT', payout: failed.outcomes.kept.amount } });
    const types = server.built.ctx.sqlite.prepare("SELECT type FROM journal_entries WHERE ref_type = 'dual_order' AND ref_id = ? ORDER BY id").all(String(failed.id)) as { type: string }[];
    expect(types.map((row) => row.type)).toEqual(['dual_subscribe', 'dual_refund']);
    expect(checkLedger(server.built.ctx.sqlite).ok).toBe(true);
  });
});

describe('demo rounds', () => {
  it('follows each seeded product whose sale has ended with its next round, priced off the feed then', async () => {
    const now = server.built.ctx.now();
    // Every seeded sale of the first start has ended by now; each seed has a round on sale.
    for (const [coin, type] of [
      [1, 'call'],
      [1, 'put'],
      [2, 'call'],
      [2, 'put'],
    ] as const) {
      const list = await products(coin, type);
      expect(list.length).toBeGreaterThan(0);
      expect(list.every((product) => product.on_sale && product.maturity_at > now)).toBe(true);
    }
    expect(seedKeys('btc-call-1d%')).toEqual(expect.arrayContaining(['btc-call-1d', 'btc-call-1d#2', 'btc-call-1d#3']));
    // The next round is linked relative to the price now: BTC's last tick was 93,299.99, so 2% above is 95,100.
    expect((await products(1, 'call')).find((product) => product.days === 1)?.linked_price).toBe('95100');
    // Running the job again adds nothing while a round is on sale.
    const count = seedKeys('%').length;
    await server.built.ctx.scheduler.runDue();
    expect(seedKeys('%')).toHaveLength(count);
  });

  it('does not add rounds in production mode', async () => {
    const production = await startServer({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' }, { startAt: START });
    try {
      production.setTime(MATURITY_26 + 3_600_000);
      await production.built.ctx.scheduler.runDue();
      expect(production.built.ctx.sqlite.prepare("SELECT COUNT(*) AS n FROM dual_products WHERE seed_key LIKE '%#%'").get()).toEqual({ n: 0 });
    } finally {
      await production.close();
    }
  });
});

describe('a restart while an order runs', () => {
  it('settles an order bought before the restart once, on the first tick at or after maturity', async () => {
    const product = (await products(1, 'call')).find((entry) => entry.days === 1) as Product;
    const bought = await buy(product.id, 2);
    expect(bought.message.status).toBe('purchased');
    // A deploy an hour before maturity, on the same database.
    await restartAt(product.maturity_at - 3_600_000);
    expect((await order(bought.message.id)).status).toBe('purchased');
    server.setTime(product.maturity_at + 1500);
    const below = (Number(product.linked_price) - 1000).toFixed(2);
    await pushTicks(server, 'BTC/USDT', [{ price: below, time: product.maturity_at + 1000 }]);
    await at(product.maturity_at + 2000);
    const settled = await order(bought.message.id);
    // Below the linked price a call keeps the coin, with interest.
    expect(settled).toMatchObject({ status: 'success', settlement: { converted: false, payout_currency: 'BTC', payout: settled.outcomes.kept.amount, tick: { time: product.maturity_at + 1000, price: below } } });
    // Another restart and another run pay nothing more.
    await restartAt(product.maturity_at + 60_000);
    await server.built.ctx.scheduler.runDue();
    const entries = server.built.ctx.sqlite.prepare("SELECT type FROM journal_entries WHERE ref_type = 'dual_order' AND ref_id = ? ORDER BY id").all(String(bought.message.id)) as { type: string }[];
    expect(entries.map((entry) => entry.type)).toEqual(['dual_subscribe', 'dual_settle']);
    expect(checkLedger(server.built.ctx.sqlite).ok).toBe(true);
  });
});
