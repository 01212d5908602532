import { beforeAll, describe, expect, it } from 'vitest';
import type { UserEvent } from '../../market/bus.ts';
import { credit, login, pushTicks, registerUser, restartServer, startServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;

interface Conditional {
  id: number;
  symbol: string;
  side: number;
  kind: string;
  trigger_price: string;
  limit_price: string | null;
  amount: string;
  held: string;
  status: string;
  fail_reason: string | null;
  group_id: number | null;
  order_id: number | null;
  trigger_tick: { id: number; price: string; time: number } | null;
}

interface Order {
  id: number;
  status: string;
  order_type: string;
  filled_amount: string;
  turnover: string;
  fee: string;
  held: string;
  reference_tick_id: number | null;
}

interface Fill {
  id: number;
  order_id: number;
  symbol: string;
  side: string;
  price: string;
  amount: string;
  total: string;
  fee: string;
  role: string;
  tick_id: number | null;
}

async function balance(token: string, currency: number): Promise<{ available: string; frozen: string }> {
  const { available, frozen } = (await server.post<{ available: string; frozen: string }>('/wallet/detail', { currency, type: 2 }, { token })).message;
  return { available, frozen };
}
const latestTickId = (symbol: string) => (server.built.ctx.sqlite.prepare('SELECT MAX(id) AS id FROM ticks WHERE symbol = ?').get(symbol) as { id: number }).id;
const conditionalCount = () => (server.built.ctx.sqlite.prepare('SELECT COUNT(*) AS n FROM spot_conditional_orders').get() as { n: number }).n;
const tick = (price: string) => pushTicks(server, 'BTC/USDT', [{ price, volume: '0.2' }]);

async function conditionals(token: string, status: 1 | 2): Promise<Conditional[]> {
  return (await server.get<{ list: Conditional[] }>('/coin/conditional/list', { status }, { token })).message.list;
}

/** Triggered orders run in the exchange's next batch: waits until the conditional order has left `waiting`. */
async function settled(token: string, id: number): Promise<Conditional> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const row = (await conditionals(token, 2)).find((candidate) => candidate.id === id);
    if (row) return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`conditional ${id} never settled`);
}

async function fundedUser(usdt: string, btc?: string): Promise<{ email: string; password: string; token: string }> {
  const user = await registerUser(server);
  if (Number(usdt) > 0) credit(server, user.email, usdt, 'USDT');
  if (btc) credit(server, user.email, btc, 'BTC');
  return user;
}

beforeAll(async () => {
  server = await startServer();
  await tick('96250.00');
});

describe('stop-limit orders', () => {
  it('hold from placement, fire on the feed tick that reaches the stop and not before, and record that tick on the stop and on its order', async () => {
    const { token } = await fundedUser('2000');
    const events: UserEvent[] = [];
    server.built.ctx.bus.on('user', (event) => events.push(event));
    const placed = await server.post<{ conditional_id: number }>('/coin/trade', { order_type: 'stop_limit', amount: '0.01', stop_price: '97000', target_price: '97600', currency_id: 1, type: 1 }, { token });
    expect(placed.type).toBe('ok');
    const id = placed.message.conditional_id;
    // 0.01 × 97600 = 976 USDT and a 0.1 % fee allowance.
    expect(await balance(token, 3)).toEqual({ available: '1023.024000', frozen: '976.976000' });
    expect(await conditionals(token, 1)).toEqual([
      expect.objectContaining({ id, kind: 'stop_limit', side: 1, trigger_price: '97000.00', limit_price: '97600.00', amount: '0.0100', held: '976.976000', status: 'waiting', order_id: null, trigger_tick: null }),
    ]);

    await tick('96999.99');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await conditionals(token, 1)).map((row) => row.id)).toEqual([id]);

    await tick('97000.00');
    const firingTick = latestTickId('BTC/USDT');
    const fired = await settled(token, id);
    expect(fired).toMatchObject({ status: 'triggered', held: '0.000000', trigger_tick: { id: firingTick, price: '97000.00' } });
    expect(fired.order_id).toBeTypeOf('number');
    expect(events.filter((event) => event.refId === id)).toEqual([
      expect.objectContaining({ kind: 'spot.stop_triggered', refType: 'spot_conditional', params: expect.objectContaining({ symbol: 'BTC/USDT', trigger_price: '97000.00', tick_id: firingTick }) }),
    ]);

    const detail = await server.get<{ order: Order; reference_tick: { id: number }; trigger: { conditional_id: number; kind: string; tick: { id: number; price: string } } }>(
      '/coin/detail',
      { id: fired.order_id },
      { token },
    );
    expect(detail.message.trigger).toEqual({ conditional_id: id, kind: 'stop_limit', tick: { id: firingTick, price: '97000.00', time: expect.any(Number) } });
    expect(detail.message.reference_tick.id).toBe(firingTick);
    // The market maker quotes around 97000 now: the limit buy at 97600 takes its asks.
    expect(detail.message.order).toMatchObject({ order_type: 'limit', status: 'filled', filled_amount: '0.0100' });
    const spent = Number(detail.message.order.turnover) + Number(detail.message.order.fee);
    expect((await balance(token, 1)).available).toBe('0.01000000');
    expect(Number((await balance(token, 3)).available)).toBeCloseTo(2000 - spent, 6);
    expect((await balance(token, 3)).frozen).toBe('0.000000');
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const { token } = await fundedUser('500');
    const before = await balance(token, 3);
    const count = conditionalCount();
    const base = { order_type: 'stop_limit', amount: '0.001', currency_id: 1 };
    const refusals: [Record<string, unknown>, string][] = [
      [{ ...base, type: 1, stop_price: '90000', target_price: '90100' }, 'The stop price must be above the current price for a buy and below it for a sell'],
      [{ ...base, type: 2, stop_price: '99000', target_price: '98900' }, 'The stop price must be above the current price for a buy and below it for a sell'],
      [{ ...base, type: 1, target_price: '99000' }, 'Enter the stop price and the limit price of the stop-limit order'],
      [{ ...base, type: 1, stop_price: '99000' }, 'Enter the stop price and the limit price of the stop-limit order'],
      [{ ...base, type: 1, stop_price: '99000.001', target_price: '99100' }, 'Select the correct price (price step 0.01)'],
      [{ ...base, type: 1, stop_price: '99000', target_price: '99100', amount: '1' }, 'Insufficient balance'],
      [{ ...base, type: 2, stop_price: '90000', target_price: '89900' }, 'Insufficient balance'],
      [{ ...base, type: 1, stop_price: '99000', target_price: '99100', quote_amount: '10' }, 'A total to spend can only be given for a market buy'],
    ];
    for (const [body, message] of refusals) expect(await server.post('/coin/trade', body, { token, lang: 'en' })).toEqual({ type: 'error', message });
    expect(await balance(token, 3)).toEqual(before);
    expect(conditionalCount()).toBe(count);
  });
});

describe('take-profit / stop-loss pairs', () => {
  it('sell holdings: the stop-loss fires on the feed, the take-profit is cancelled with it, and the funds end right', async () => {
    const { token } = await fundedUser('0', '0.05');
    await tick('96250.00');
    const placed = await server.post<{ group_id: number; list: Conditional[] }>('/coin/tpsl', { currency_id: 1, amount: '0.02', take_profit_price: '99000', stop_loss_price: '94000' }, { token });
    expect(placed.type).toBe('ok');
    const [takeProfit, stopLoss] = placed.message.list;
    expect(takeProfit).toMatchObject({ kind: 'take_profit', side: 2, trigger_price: '99000.00', held: '0.02000000', group_id: placed.message.group_id });
    expect(stopLoss).toMatchObject({ kind: 'stop_loss', trigger_price: '94000.00', group_id: placed.message.group_id });
    expect(await balance(token, 1)).toEqual({ available: '0.03000000', frozen: '0.02000000' });

    await tick('95000.00');
    await tick('93900.00');
    const firingTick = latestTickId('BTC/USDT');
    const fired = await settled(token, stopLoss?.id as number);
    expect(fired).toMatchObject({ status: 'triggered', trigger_tick: { id: firingTick, price: '93900.00' } });
    const other = (await conditionals(token, 2)).find((row) => row.id === takeProfit?.id);
    expect(other).toMatchObject({ status: 'cancelled', fail_reason: 'other_leg', held: '0.00000000', trigger_tick: null });

    const order = (await server.get<{ order: Order; trigger: { kind: string } }>('/coin/detail', { id: fired.order_id }, { token })).message;
    expect(order.trigger.kind).toBe('stop_loss');
    expect(order.order).toMatchObject({ order_type: 'market', status: 'filled', filled_amount: '0.0200' });
    expect(await balance(token, 1)).toEqual({ available: '0.03000000', frozen: '0.00000000' });
    const usdt = await balance(token, 3);
    expect(Number(usdt.available)).toBeCloseTo(Number(order.order.turnover) - Number(order.order.fee), 6);

    // Nothing waits any more: a rise through the take-profit fires nothing.
    await tick('99500.00');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await conditionals(token, 1)).toEqual([]);
  });

  it('buy back: the take-profit fires on a fall and spends within what was held', async () => {
    const { token } = await fundedUser('3000');
    await tick('96250.00');
    const placed = await server.post<{ list: Conditional[] }>('/coin/tpsl', { currency_id: 1, amount: '0.01', side: 1, take_profit_price: '95000', stop_loss_price: '97500' }, { token });
    // The higher trigger with the 5 % protection band: 0.01 × 102375 = 1023.75 USDT and a 0.1 % fee allowance.
    expect(placed.message.list[0]).toMatchObject({ kind: 'take_profit', side: 1, held: '1024.773750' });
    expect(await balance(token, 3)).toEqual({ available: '1975.226250', frozen: '1024.773750' });
    await tick('94990.00');
    const fired = await settled(token, placed.message.list[0]?.id as number);
    expect(fired.status).toBe('triggered');
    expect((await balance(token, 1)).available).toBe('0.01000000');
    expect((await balance(token, 3)).frozen).toBe('0.000000');
    expect(Number((await balance(token, 3)).available)).toBeGreaterThan(3000 - 1024.77375);
  });

  it('cancelling one leg cancels the pair and releases exactly what it held', async () => {
    const { token } = await fundedUser('0', '0.01');
    await tick('96250.00');
    const before = await balance(token, 1);
    const placed = await server.post<{ list: Conditional[] }>('/coin/tpsl', { currency_id: 1, amount: '0.01', take_profit_price: '98000', stop_loss_price: '94000' }, { token });
    expect((await balance(token, 1)).frozen).toBe('0.01000000');
    const id = placed.message.list[1]?.id as number;

    const other = await registerUser(server);
    expect(await server.post('/coin/conditional/cancel', { id }, { token: other.token, lang: 'en' })).toEqual({ type: 'error', message: 'Conditional order not found' });
    expect((await server.get<{ total: number }>('/coin/conditional/list', { status: 1 }, { token: other.token })).message.total).toBe(0);

    const cancelled = await server.post<{ list: Conditional[] }>('/coin/conditional/cancel', { id }, { token });
    expect(cancelled.message.list.map((row) => [row.kind, row.status])).toEqual([
      ['take_profit', 'cancelled'],
      ['stop_loss', 'cancelled'],
    ]);
    expect(await balance(token, 1)).toEqual(before);
    expect(await server.post('/coin/conditional/cancel', { id }, { token, lang: 'en' })).toEqual({ type: 'error', message: 'This conditional order has already triggered or been cancelled' });
    expect(await server.post('/coin/conditional/cancel', { id: 999_999 }, { token, lang: 'en' })).toEqual({ type: 'error', message: 'Conditional order not found' });
    // Cancelled triggers are gone from the index: the feed crossing them fires nothing.
    await tick('93000.00');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await balance(token, 1)).toEqual(before);
    await tick('96250.00');
  });

  it('refuses prices on the wrong side, no price at all and missing funds, changing nothing', async () => {
    const { token } = await fundedUser('100', '0.001');
    await tick('96250.00');
    const count = conditionalCount();
    const before = [await balance(token, 1), await balance(token, 3)];
    const refusals: [Record<string, unknown>, string][] = [
      [{ currency_id: 1, amount: '0.001' }, 'Enter a take-profit price, a stop-loss price or both'],
      [{ currency_id: 1, amount: '0.001', take_profit_price: '95000' }, 'The take-profit price must be above the current price when selling and below it when buying back'],
      [{ currency_id: 1, amount: '0.001', stop_loss_price: '97000' }, 'The stop-loss price must be below the current price when selling and above it when buying back'],
      [{ currency_id: 1, amount: '0.001', side: 1, take_profit_price: '97000' }, 'The take-profit price must be above the current price when selling and below it when buying back'],
      [{ currency_id: 1, amount: '0.001', side: 1, stop_loss_price: '95000' }, 'The stop-loss price must be below the current price when selling and above it when buying back'],
      [{ currency_id: 1, amount: '0.01', stop_loss_price: '95000' }, 'Insufficient balance'],
      [{ currency_id: 1, amount: '0.01', side: 1, stop_loss_price: '97000' }, 'Insufficient balance'],
      [{ currency_id: 1, amount: '0.00001', stop_loss_price: '95000' }, 'Enter a correct quantity'],
      [{ currency_id: 99, amount: '0.001', stop_loss_price: '95000' }, 'Trading pair not found'],
      [{ currency_id: 1, amount: '0.001', side: 3, stop_loss_price: '95000' }, 'side is out of range'],
    ];
    for (const [body, message] of refusals) expect(await server.post('/coin/tpsl', body, { token, lang: 'en' })).toEqual({ type: 'error', message });
    expect([await balance(token, 1), await balance(token, 3)]).toEqual(before);
    expect(conditionalCount()).toBe(count);
    expect((await server.post('/coin/tpsl', { currency_id: 1, amount: '0.001', stop_loss_price: '95000' })).type).toBe('999');
  });
});

describe('market buys by total and post-only', () => {
  it('a market buy given as the quote amount spends at most that amount, fee included', async () => {
    const { token } = await fundedUser('500');
    await tick('96250.00');
    const bought = await server.post<Order>('/coin/trade', { quote_amount: '100', currency_id: 1, type: 1 }, { token });
    expect(bought.message).toMatchObject({ order_type: 'market', held: '0.000000' });
    const spent = Number(bought.message.turnover) + Number(bought.message.fee);
    expect(spent).toBeLessThanOrEqual(100);
    // Within one lot (0.0001 BTC ≈ 9.7 USDT) of the total.
    expect(spent).toBeGreaterThan(100 - 9.8);
    expect(Number((await balance(token, 3)).available)).toBeCloseTo(500 - spent, 6);
    expect((await balance(token, 3)).frozen).toBe('0.000000');
    expect(await server.post('/coin/trade', { quote_amount: '100', currency_id: 1, type: 2 }, { token, lang: 'en' })).toEqual({ type: 'error', message: 'A total to spend can only be given for a market buy' });
    expect(await server.post('/coin/trade', { quote_amount: '1', currency_id: 1, type: 1 }, { token, lang: 'en' })).toEqual({ type: 'error', message: 'The order value is below the minimum' });
    expect(await server.post('/coin/trade', { quote_amount: '1000', currency_id: 1, type: 1 }, { token, lang: 'en' })).toEqual({ type: 'error', message: 'Insufficient balance' });
    expect(await server.post('/coin/trade', { quote_amount: '10.1234567', currency_id: 1, type: 1 }, { token, lang: 'en' })).toMatchObject({ type: 'error' });
  });

  it('a post-only limit that would take liquidity is refused; one that rests is placed', async () => {
    const { token } = await fundedUser('1000');
    await tick('96250.00');
    const before = await balance(token, 3);
    expect(await server.post('/coin/trade', { amount: '0.001', target_price: '97000', post_only: 1, currency_id: 1, type: 1 }, { token, lang: 'en' })).toEqual({
      type: 'error',
      message: 'A post-only order must not trade immediately: this price would match the book, so the order was not placed',
    });
    expect(await balance(token, 3)).toEqual(before);
    expect(await server.post('/coin/trade', { amount: '0.001', target_price: '90000', post_only: 1, time_in_force: 'IOC', currency_id: 1, type: 1 }, { token, lang: 'en' })).toEqual({
      type: 'error',
      message: 'Post-only applies to limit orders good till cancelled only',
    });
    expect(await server.post('/coin/trade', { amount: '0.001', post_only: 1, currency_id: 1, type: 1 }, { token, lang: 'en' })).toEqual({
      type: 'error',
      message: 'Post-only applies to limit orders good till cancelled only',
    });
    const rested = await server.post<Order>('/coin/trade', { amount: '0.001', target_price: '90000', post_only: 1, currency_id: 1, type: 1 }, { token });
    expect(rested.message).toMatchObject({ status: 'open', order_type: 'limit' });
    await server.post('/coin/cancel', { id: rested.message.id }, { token });
    expect(await balance(token, 3)).toEqual(before);
  });

  it('old clients keep working: a limit with target_price, a market without, and an explicit limit needs its price', async () => {
    const { token } = await fundedUser('1000');
    expect((await server.post<Order>('/coin/trade', { amount: '0.001', target_price: '90000', currency_id: 1, type: 1 }, { token })).message).toMatchObject({ order_type: 'limit', status: 'open' });
    expect((await server.post<Order>('/coin/trade', { amount: '0.001', currency_id: 1, type: 1 }, { token })).message).toMatchObject({ order_type: 'market' });
    expect(await server.post('/coin/trade', { order_type: 'limit', amount: '0.001', currency_id: 1, type: 1 }, { token, lang: 'en' })).toEqual({ type: 'error', message: 'Enter the limit price' });
    expect(await server.post('/coin/trade', { currency_id: 1, type: 1 }, { token, lang: 'en' })).toEqual({ type: 'error', message: 'Please enter quantity' });
    await server.post('/coin/cancel_all', {}, { token });
  });
});

describe('trade history and recent trades', () => {
  it('lists the user\'s fills with filters by pair, side and time', async () => {
    const { token } = await fundedUser('1000');
    await tick('96250.00');
    const start = server.built.ctx.now();
    const bought = await server.post<Order>('/coin/trade', { amount: '0.002', currency_id: 1, type: 1 }, { token });
    const sold = await server.post<Order>('/coin/trade', { amount: '0.001', currency_id: 1, type: 2 }, { token });
    const all = (await server.get<{ list: Fill[]; total: number }>('/coin/fills', {}, { token })).message;
    expect(all.list.length).toBeGreaterThanOrEqual(2);
    expect(all.list[0]).toMatchObject({ order_id: sold.message.id, symbol: 'BTC/USDT', side: 'sell', role: 'taker', tick_id: latestTickId('BTC/USDT') });
    const buys = (await server.get<{ list: Fill[] }>('/coin/fills', { side: 1 }, { token })).message.list;
    expect(new Set(buys.map((fill) => fill.order_id))).toEqual(new Set([bought.message.id]));
    const amount = buys.reduce((sum, fill) => sum + Number(fill.amount), 0);
    expect(amount).toBeCloseTo(0.002, 8);
    expect(Number(buys[0]?.total)).toBeCloseTo(Number(buys[0]?.price) * Number(buys[0]?.amount), 6);
    expect((await server.get<{ total: number }>('/coin/fills', { side: 2, currency_id: 1, legal_id: 3 }, { token })).message.total).toBeGreaterThan(0);
    expect((await server.get<{ total: number }>('/coin/fills', { currency_id: 2 }, { token })).message.total).toBe(0);
    expect((await server.get<{ total: number }>('/coin/fills', { from: start + 3_600_000 }, { token })).message.total).toBe(0);
    expect((await server.get<{ total: number }>('/coin/fills', { to: start - 1 }, { token })).message.total).toBe(0);
    expect((await server.get<{ total: number }>('/coin/fills', { from: start, to: server.built.ctx.now() }, { token })).message.total).toBe(all.total);
    expect(await server.get('/coin/fills', { side: 5 }, { token, lang: 'en' })).toEqual({ type: 'error', message: 'side is out of range' });
    const stranger = await registerUser(server);
    expect((await server.get<{ total: number }>('/coin/fills', {}, { token: stranger.token })).message.total).toBe(0);
    expect((await server.get('/coin/fills')).type).toBe('999');
  });

  it('shows the feed\'s prints beside this platform\'s fills, each labelled with its source', async () => {
    const trades = (await server.get<{ source: string; price: string; amount: string }[]>('/currency/trades', { symbol: 'BTC/USDT' })).message;
    expect(new Set(trades.map((trade) => trade.source))).toEqual(new Set(['platform', 'feed']));
    expect(trades.find((trade) => trade.source === 'feed')).toMatchObject({ amount: '0.2000' });
  });
});

describe('after a restart', () => {
  it('rebuilds the waiting stops from the database and fires them on the first tick that reaches them', async () => {
    const { email, password, token } = await fundedUser('0', '0.01');
    await tick('96250.00');
    const placed = await server.post<{ conditional_id: number }>('/coin/trade', { order_type: 'stop_limit', amount: '0.01', stop_price: '95000', target_price: '94000', currency_id: 1, type: 2 }, { token });
    expect(placed.type).toBe('ok');
    server = await restartServer(server);
    expect(server.built.ctx.conditionalOrders.waitingCount).toBe(1);
    const again = await login(server, email, password);
    await tick('94800.00');
    const fired = await settled(again, placed.message.conditional_id);
    expect(fired).toMatchObject({ status: 'triggered', trigger_tick: { id: latestTickId('BTC/USDT'), price: '94800.00' } });
    expect((await balance(again, 1)).frozen).toBe('0.00000000');
  });

  it('runs the latest stored tick through the rebuilt index first: a tick stored but not acted on before a crash fires at start', async () => {
    const { email, password, token } = await fundedUser('0', '0.01');
    await tick('96250.00');
    const placed = await server.post<{ conditional_id: number }>('/coin/trade', { order_type: 'stop_limit', amount: '0.01', stop_price: '95000', target_price: '94000', currency_id: 1, type: 2 }, { token });
    // Stored the way the feed stores it, but without the event the running server would have acted on.
    const stored = server.built.ctx.sqlite
      .prepare("INSERT INTO ticks (symbol, price_ticks, volume_lots, time, source) VALUES ('BTC/USDT', 9490000, 0, ?, 'replay') RETURNING id")
      .get(server.built.ctx.now()) as { id: number };
    server = await restartServer(server);
    const again = await login(server, email, password);
    const fired = await settled(again, placed.message.conditional_id);
    expect(fired).toMatchObject({ status: 'triggered', trigger_tick: { id: stored.id, price: '94900.00' } });
  });
});
