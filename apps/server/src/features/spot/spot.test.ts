import { beforeAll, describe, expect, it } from 'vitest';
import { MARKET_MAKER_EMAIL } from '../../market-maker/market-maker.ts';
import { credit, DEMO, login, pushTicks, registerUser, startServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
let demo: string;

interface Order {
  id: number;
  status: string;
  status_code: number;
  side: string;
  order_type: string;
  price: string;
  amount: string;
  filled_amount: string;
  average_price: string | null;
  held: string;
  fee: string;
  cancel_reason: string | null;
}

const balance = async (token: string, currency: number, type: number | string = 2) =>
  (await server.post<{ available: string; frozen: string }>('/wallet/detail', { currency, type }, { token })).message;
const orderCount = () => (server.built.ctx.sqlite.prepare('SELECT COUNT(*) AS n FROM spot_orders').get() as { n: number }).n;

/** Monday 23 November 2026, 10:00 in New York: the NYSE is open. */
const NYSE_OPEN = Date.UTC(2026, 10, 23, 15, 0);
/** Saturday 21 November 2026: closed. */
const NYSE_WEEKEND = Date.UTC(2026, 10, 21, 15, 0);

beforeAll(async () => {
  server = await startServer();
  demo = await login(server, DEMO.email, DEMO.password);
  await pushTicks(server, 'BTC/USDT', [{ price: '96250.00', volume: '0.5' }]);
});

describe('spot orders', () => {
  it('fills a market buy against the market maker and settles it through the ledger', async () => {
    const usdtBefore = await balance(demo, 3);
    const btcBefore = await balance(demo, 1);
    const result = await server.post<Order>('/coin/trade', { amount: '0.01', currency_id: 1, legal_id: 3, type: 1 }, { token: demo });
    expect(result.type).toBe('ok');
    expect(result.message).toMatchObject({ status: 'filled', status_code: 2, order_type: 'market', filled_amount: '0.0100', held: '0.000000' });
    const usdtAfter = await balance(demo, 3);
    const btcAfter = await balance(demo, 1);
    expect(Number(btcAfter.available) - Number(btcBefore.available)).toBeCloseTo(0.01, 8);
    const spent = Number(usdtBefore.available) - Number(usdtAfter.available);
    const average = Number(result.message.average_price);
    expect(spent).toBeCloseTo(average * 0.01 + Number(result.message.fee), 5);
    expect(usdtAfter.frozen).toBe('0.000000');

    const detail = await server.get<{ fills: { role: string; reference_tick: { id: number; price: string; source: string } }[] }>('/coin/detail', { id: result.message.id }, { token: demo });
    expect(detail.message.fills.length).toBeGreaterThan(0);
    expect(detail.message.fills[0]).toMatchObject({ role: 'taker', reference_tick: { price: '96250.00', source: 'replay' } });
  });

  it('sells with a market order too', async () => {
    const result = await server.post<Order>('/coin/trade', { amount: '0.005', currency_id: 1, type: 2 }, { token: demo });
    expect(result.message).toMatchObject({ status: 'filled', side: 'sell' });
  });

  it('rests a limit order holding its funds, and a cancel releases exactly that', async () => {
    const before = await balance(demo, 3);
    const placed = await server.post<Order>('/coin/trade', { amount: '0.01', target_price: '80000', currency_id: 1, type: 1 }, { token: demo });
    expect(placed.message).toMatchObject({ status: 'open', status_code: 1, order_type: 'limit', price: '80000.00', held: '800.800000' });
    const holding = await balance(demo, 3);
    expect(Number(before.available) - Number(holding.available)).toBeCloseTo(800.8, 6);
    expect(Number(holding.frozen)).toBeCloseTo(800.8, 6);

    const open = await server.get<{ list: Order[]; total: number }>('/coin/list', { status: 1 }, { token: demo });
    // The answer of an order that only rested is built without reading it back: the stored row must say the same.
    expect(open.message.list.find((order) => order.id === placed.message.id)).toEqual(placed.message);

    const cancelled = await server.post<Order>('/coin/cancel', { id: placed.message.id }, { token: demo });
    expect(cancelled.message).toMatchObject({ status: 'cancelled', cancel_reason: 'user', held: '0.000000' });
    expect(await balance(demo, 3)).toEqual(before);
    expect((await server.post('/coin/cancel', { id: placed.message.id }, { token: demo, lang: 'en' })).message).toBe('This order is already complete or cancelled');
    const done = await server.get<{ list: Order[] }>('/coin/list', { status: 2 }, { token: demo });
    expect(done.message.list.map((order) => order.id)).toContain(placed.message.id);
  });

  it('refuses bad input with a clear message and holds nothing', async () => {
    const before = await balance(demo, 3);
    const ordersBefore = orderCount();
    const refusals: [Record<string, unknown>, string][] = [
      [{ amount: '0.00001', currency_id: 1, type: 1 }, 'Enter a correct quantity'],
      [{ amount: '-1', currency_id: 1, type: 1 }, 'Enter a correct quantity'],
      [{ amount: 'abc', currency_id: 1, type: 1 }, 'Enter a correct quantity'],
      [{ amount: '0.01', target_price: '90000.001', currency_id: 1, type: 1 }, 'Select the correct price (price step 0.01)'],
      [{ amount: '0.01', target_price: '-5', currency_id: 1, type: 1 }, 'Enter a correct price'],
      [{ amount: '0.0001', target_price: '100', currency_id: 1, type: 1 }, 'The order value is below the minimum'],
      [{ amount: '0.01', currency_id: 99, type: 1 }, 'Trading pair not found'],
      [{ amount: '0.01', currency_id: 1, legal_id: 1, type: 1 }, 'Trading pair not found'],
      [{ amount: '0.01', currency_id: 1, type: 3 }, 'type is out of range'],
      [{ currency_id: 1, type: 1 }, 'Please enter quantity'],
      [{ amount: '1000', target_price: '96000', currency_id: 1, type: 1 }, 'Insufficient balance'],
      [{ amount: '1000', currency_id: 1, type: 2 }, 'Insufficient balance'],
      [{ amount: "0.01'; DROP TABLE spot_orders; --", currency_id: 1, type: 1 }, 'Enter a correct quantity'],
    ];
    for (const [body, message] of refusals) expect(await server.post('/coin/trade', body, { token: demo, lang: 'en' })).toEqual({ type: 'error', message });
    expect(await balance(demo, 3)).toEqual(before);
    expect(orderCount()).toBe(ordersBefore);
    expect((await server.post('/coin/trade', { amount: '0.01', currency_id: 1, type: 1 })).type).toBe('999');
  });

  it('never lets one user cancel or read another user\'s order', async () => {
    const other = await registerUser(server);
    const placed = await server.post<Order>('/coin/trade', { amount: '0.01', target_price: '80000', currency_id: 1, type: 1 }, { token: demo });
    expect(await server.post('/coin/cancel', { id: placed.message.id }, { token: other.token, lang: 'en' })).toEqual({ type: 'error', message: 'Order not found' });
    expect(await server.get('/coin/detail', { id: placed.message.id }, { token: other.token, lang: 'en' })).toEqual({ type: 'error', message: 'Order not found' });
    expect((await server.get<{ total: number }>('/coin/list', { status: 1 }, { token: other.token })).message.total).toBe(0);
    await server.post('/coin/cancel', { id: placed.message.id }, { token: demo });
  });

  it('cancels all open orders of one pair or of every pair in one call, releasing every hold', async () => {
    const { email, token } = await registerUser(server);
    credit(server, email, '1000', 'USDT');
    await pushTicks(server, 'ETH/USDT', [{ price: '3400.00', volume: '1' }]);
    for (const price of ['80000', '81000']) await server.post('/coin/trade', { amount: '0.001', target_price: price, currency_id: 1, type: 1 }, { token });
    await server.post('/coin/trade', { amount: '0.01', target_price: '3000', currency_id: 2, type: 1 }, { token });
    expect((await balance(token, 3)).frozen).not.toBe('0.000000');

    expect((await server.post('/coin/cancel_all', { currency_id: 1, legal_id: 3 }, { token })).message).toEqual({ cancelled: 2 });
    expect((await server.get<{ total: number }>('/coin/list', { status: 1 }, { token })).message.total).toBe(1);
    expect((await server.post('/coin/cancel_all', {}, { token })).message).toEqual({ cancelled: 1 });
    expect((await server.post('/coin/cancel_all', {}, { token })).message).toEqual({ cancelled: 0 });
    expect(await balance(token, 3)).toMatchObject({ available: '1000.000000', frozen: '0.000000' });
    expect(await server.post('/coin/cancel_all', { currency_id: 999 }, { token, lang: 'en' })).toEqual({ type: 'error', message: 'Trading pair not found' });
    expect((await server.post('/coin/cancel_all', {})).type).toBe('999');
  });

  it('shows an order with the tick it was accepted at and each fill with the tick it settled against', async () => {
    const placed = await server.post<Order>('/coin/trade', { amount: '0.001', currency_id: 1, type: 1 }, { token: demo });
    const detail = await server.get<{ reference_tick: { id: number; price: string; source: string }; fills: { turnover: string; fee_currency: string; reference_tick: { id: number } }[] }>(
      '/coin/detail',
      { id: placed.message.id },
      { token: demo },
    );
    expect(detail.message.reference_tick).toMatchObject({ source: 'replay' });
    expect(detail.message.fills.length).toBeGreaterThan(0);
    expect(detail.message.fills[0]).toMatchObject({ fee_currency: 'USDT', reference_tick: { id: detail.message.reference_tick.id } });
    expect(Number(detail.message.fills[0]?.turnover)).toBeGreaterThan(0);
  });

  it('gives a new user with no funds the insufficient-balance message', async () => {
    const { token } = await registerUser(server);
    expect(await server.post('/coin/trade', { amount: '0.01', currency_id: 1, type: 1 }, { token, lang: 'zh' })).toEqual({ type: 'error', message: '余额不足' });
  });

  it('never overdraws under 200 simultaneous orders from one user', async () => {
    const { email, token } = await registerUser(server);
    credit(server, email, '1000', 'USDT');
    const attempts = await Promise.all(
      Array.from({ length: 200 }, () => server.post<Order>('/coin/trade', { amount: '0.0001', target_price: '90000.00', currency_id: 1, type: 1 }, { token, lang: 'en' })),
    );
    const accepted = attempts.filter((attempt) => attempt.type === 'ok');
    const refused = attempts.filter((attempt) => attempt.type === 'error');
    // Each order holds 9 USDT and a 0.009 fee allowance: 111 fit into 1000.
    expect(accepted).toHaveLength(Math.floor(1000 / 9.009));
    expect(new Set(refused.map((attempt) => attempt.message))).toEqual(new Set(['Insufficient balance']));
    const wallet = await balance(token, 3);
    expect(Number(wallet.available)).toBeGreaterThanOrEqual(0);
    expect(Number(wallet.available) + Number(wallet.frozen)).toBeCloseTo(1000, 6);
  });
});

describe('the market maker', () => {
  const makerQuotes = (): number[] =>
    (
      server.built.ctx.sqlite
        .prepare("SELECT o.id FROM spot_orders o JOIN users u ON u.id = o.user_id WHERE u.email = ? AND o.symbol = 'BTC/USDT' AND o.status = 'open' ORDER BY o.id")
        .all(MARKET_MAKER_EMAIL) as { id: number }[]
    ).map((row) => row.id);

  it('keeps an untouched ladder through ticks at the same price, and replaces it on the tick after one of its quotes traded', async () => {
    await pushTicks(server, 'BTC/USDT', [{ price: '96250.00' }]);
    const ladder = makerQuotes();
    expect(ladder.length).toBeGreaterThan(0);
    await pushTicks(server, 'BTC/USDT', [{ price: '96250.00' }]);
    expect(makerQuotes()).toEqual(ladder);

    const bought = await server.post<Order>('/coin/trade', { amount: '0.0001', currency_id: 1, type: 1 }, { token: demo });
    expect(bought.message.status).toBe('filled');
    await pushTicks(server, 'BTC/USDT', [{ price: '96250.00' }]);
    const requoted = makerQuotes();
    expect(requoted).toHaveLength(ladder.length);
    expect(Math.min(...requoted)).toBeGreaterThan(Math.max(...ladder));
  });
});

describe('stock orders', () => {
  it('are refused outside trading hours with the opening time', async () => {
    server.setTime(NYSE_WEEKEND);
    const refused = await server.post<string>('/coin/trade', { amount: '1', currency_id: 101, type: 1 }, { token: demo, lang: 'en' });
    expect(refused.type).toBe('error');
    // Written as the app writes moments: digits in the language's order, a 24-hour clock, the exchange's zone named.
    expect(refused.message).toBe("This stock's exchange is closed. It opens at 11/23/2026, 09:30 EST");
  });

  it('trade in trading hours through the stock account', async () => {
    server.setTime(NYSE_OPEN);
    await pushTicks(server, 'AAPL/USDT', [{ price: '231.50', volume: '10' }]);
    const before = await balance(demo, 3, 'stock');
    const bought = await server.post<Order>('/coin/trade', { amount: '2', currency_id: 101, type: 1 }, { token: demo });
    expect(bought.message).toMatchObject({ status: 'filled', filled_amount: '2.00' });
    expect((await balance(demo, 101, 'stock')).available).toBe('2.0000');
    expect(Number((await balance(demo, 3, 'stock')).available)).toBeLessThan(Number(before.available));
  });
});
