import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit, pushTicks, registerUser, restartServer, startServer, type TestServer } from '../../../test/harness.ts';

interface Position {
  id: number;
  status: string;
  side: string;
  margin: string;
  open_fee: string;
  open_price: string | null;
  open_tick_id: number | null;
  liquidation_price: string | null;
  overnight_fees: string;
  take_profit: string | null;
  close: { reason: string; tick: { id: number; time: number; price: string }; close_price: string; pnl: string; fee: string; payout: string; house_absorbed: string } | null;
}
interface Deal {
  available: string;
  frozen: string;
  used_margin: string;
  account_risk_rate: string | null;
  positions: Position[];
}

const BTC = { currency_id: 1, legal_id: 3 };
const LEVER = 3;
const DAY = 86_400_000;
/** USDT amounts as the API writes them (6 decimals), in minor units, to compare balances exactly. */
const minor = (amount: string) => Math.round(Number(amount) * 1_000_000);

describe('futures (/lever/*)', () => {
  let server: TestServer;
  let token: string;
  let other: string;

  const deal = async (as = token) => (await server.post<Deal>('/lever/deal', BTC, { token: as })).message;
  const submit = (body: Record<string, unknown>, as = token) => server.post<Position>('/lever/submit', { ...BTC, order_type: 'market', ...body }, { token: as });
  const order = async (id: number) => (await server.post<{ list: Position[] }>('/lever/dealall', { ...BTC, limit: 50 }, { token })).message.list.find((row) => row.id === id) as Position;
  const feed = async (price: string) => {
    await pushTicks(server, 'BTC/USDT', [{ price, volume: '0.1', time: server.built.ctx.now() }]);
    return server.built.ctx.market.lastTick('BTC/USDT')?.id as number;
  };
  /** Nothing open before each scenario, so balances compare exactly. */
  const flat = async () => {
    await server.post('/lever/batch_close', { type: 0 }, { token });
    for (const row of (await deal()).positions) if (row.status === 'entrusted') await server.post('/lever/cancel', { id: row.id }, { token });
  };

  beforeAll(async () => {
    server = await startServer();
    const user = await registerUser(server);
    token = user.token;
    credit(server, user.email, '10000', 'USDT', LEVER);
    const second = await registerUser(server);
    other = second.token;
    credit(server, second.email, '1000', 'USDT', LEVER);
    await feed('100000');
  });
  afterAll(() => server.close());

  it('documents every parameter of /lever/* in the OpenAPI description, batch_close\'s type as its three values', async () => {
    type Schema = { description?: string; enum?: unknown[]; properties?: Record<string, Schema> };
    type Operation = { summary?: string; parameters?: { name: string; description?: string }[]; requestBody?: { content: Record<string, { schema: Schema }> } };
    const document = (await (await server.raw('/api/docs/json')).json()) as { paths: Record<string, Record<string, Operation>> };
    const undocumented: string[] = [];
    const lever = Object.entries(document.paths).filter(([path]) => path.startsWith('/api/lever/'));
    expect(lever.map(([path]) => path).sort()).toEqual(['add_margin', 'batch_close', 'cancel', 'close', 'deal', 'dealall', 'my_trade', 'setstop', 'submit'].map((name) => `/api/lever/${name}`));
    for (const [path, operations] of lever) {
      for (const operation of Object.values(operations)) {
        if (!operation.summary) undocumented.push(path);
        const properties = Object.values(operation.requestBody?.content ?? {})[0]?.schema.properties ?? {};
        for (const [name, schema] of Object.entries(properties)) if (name !== 'lang' && !schema.description) undocumented.push(`${path} ${name}`);
      }
    }
    expect(undocumented).toEqual([]);
    const batch = Object.values(document.paths['/api/lever/batch_close']?.post?.requestBody?.content ?? {})[0]?.schema.properties?.type;
    expect(batch?.enum).toEqual([0, 1, 2]);
  });

  it('opens a market long at the feed plus half the spread, holding margin and charging the fee', async () => {
    const opened = await submit({ type: 1, lots: 10, multiple: 10 });
    expect(opened.type).toBe('ok');
    expect(opened.message).toMatchObject({ status: 'holding', side: 'long', open_price: '100000.05', margin: '100.000050', liquidation_price: '90500.09' });
    const account = await deal();
    expect(account.available).toBe('9899.499949');
    expect(account.frozen).toBe('100.000050');
    expect(account.account_risk_rate).not.toBeNull();
    await flat();
  });

  it('closes at the take-profit on the first tick that reaches it, recording the tick and the reason', async () => {
    const before = await deal();
    const opened = (await submit({ type: 1, lots: 10, multiple: 10, target_profit_price: '101000' })).message;
    await feed('100999.99');
    expect((await order(opened.id)).status).toBe('holding');
    const tickId = await feed('101000');
    const closed = await order(opened.id);
    expect(closed.close).toMatchObject({ reason: 'take_profit', tick: { id: tickId, price: '101000.00' }, close_price: '100999.95', pnl: '9.999000' });
    const after = await deal();
    // +P&L − open fee 0.500001 − close fee 0.505
    expect(Number(after.available) - Number(before.available)).toBeCloseTo(9.999 - 0.500001 - 0.505, 6);
    expect(after.frozen).toBe('0.000000');
  });

  it('closes a short at its stop-loss', async () => {
    await feed('100000');
    const opened = (await submit({ type: 2, lots: 5, multiple: 20, stop_loss_price: '100500' })).message;
    await feed('100499.99');
    expect((await order(opened.id)).status).toBe('holding');
    const tickId = await feed('100600');
    expect((await order(opened.id)).close).toMatchObject({ reason: 'stop_loss', tick: { id: tickId, price: '100600.00' } });
  });

  it('liquidates exactly when the displayed liquidation price is crossed, not a tick before', async () => {
    await feed('100000');
    const opened = (await submit({ type: 1, lots: 10, multiple: 100 })).message;
    const level = opened.liquidation_price as string;
    expect(level).toBe('99500.09');
    await feed('99500.10');
    expect((await order(opened.id)).status).toBe('holding');
    const tickId = await feed(level);
    const closed = await order(opened.id);
    expect(closed.close).toMatchObject({ reason: 'liquidation', tick: { id: tickId, price: level }, house_absorbed: '0.000000' });
  });

  it('caps the loss at the margin on a gap past liquidation: the house absorbs the rest', async () => {
    await feed('100000');
    const before = await deal();
    const opened = (await submit({ type: 1, lots: 10, multiple: 10 })).message;
    await feed('80000');
    const closed = await order(opened.id);
    expect(closed.close).toMatchObject({ reason: 'liquidation', payout: '0.000000', house_absorbed: '100.000950' });
    // the margin and the open fee, nothing more
    expect(Number(before.available) - Number((await deal()).available)).toBeCloseTo(100.500051, 6);
  });

  it('opens a limit entrust when the feed reaches it, at the limit, and releases the rest of the hold', async () => {
    await feed('100000');
    const before = await deal();
    const entrust = (await submit({ type: 1, order_type: 'limit', target_price: '95000', lots: 10, multiple: 10, target_profit_price: '96000' })).message;
    expect(entrust.status).toBe('entrusted');
    await feed('95000.05');
    expect((await order(entrust.id)).status).toBe('entrusted');
    const tickId = await feed('94999.95');
    const opened = await order(entrust.id);
    expect(opened).toMatchObject({ status: 'holding', open_price: '95000.00', open_tick_id: tickId, margin: '95.000000' });
    const after = await deal();
    expect(Number(before.available) - Number(after.available)).toBeCloseTo(95 + 0.475, 6);
    await feed('96000');
    expect((await order(entrust.id)).close?.reason).toBe('take_profit');
  });

  it('cancels an entrust, returning its hold', async () => {
    await feed('100000');
    const before = await deal();
    const entrust = (await submit({ type: 2, order_type: 'limit', target_price: '110000', lots: 2, multiple: 5 })).message;
    expect((await deal()).available).not.toBe(before.available);
    expect((await server.post<Position>('/lever/cancel', { id: entrust.id }, { token })).message.status).toBe('cancelled');
    expect((await deal()).available).toBe(before.available);
    expect((await server.post('/lever/cancel', { id: entrust.id }, { token })).type).toBe('error');
  });

  it('adds margin, moving the liquidation price away', async () => {
    await feed('100000');
    const opened = (await submit({ type: 1, lots: 10, multiple: 10 })).message;
    const added = await server.post<Position>('/lever/add_margin', { id: opened.id, amount: '50' }, { token });
    expect(added.message).toMatchObject({ margin: '150.000050', liquidation_price: '85500.09' });
    await feed('90000');
    expect((await order(opened.id)).status).toBe('holding');
    await flat();
  });

  it('sets stops and refuses them on the wrong side or beyond liquidation', async () => {
    await feed('100000');
    const opened = (await submit({ type: 1, lots: 10, multiple: 10 })).message;
    expect((await server.post<Position>('/lever/setstop', { id: opened.id, target_profit_price: '105000', stop_loss_price: '95000' }, { token })).message.take_profit).toBe('105000.00');
    const wrong = await server.post('/lever/setstop', { id: opened.id, target_profit_price: '99000' }, { token, lang: 'en' });
    expect(wrong).toMatchObject({ type: 'error', message: expect.stringContaining('Take-profit') });
    const beyond = await server.post('/lever/setstop', { id: opened.id, stop_loss_price: '90000' }, { token, lang: 'en' });
    expect(beyond).toMatchObject({ type: 'error', message: expect.stringContaining('90500.09') });
    expect((await order(opened.id)).take_profit).toBe('105000.00');
    await flat();
  });

  it('closes in batches: longs only, shorts only, all', async () => {
    await feed('100000');
    for (const type of [1, 2, 1]) await submit({ type, lots: 1, multiple: 10 });
    expect((await server.post<{ closed: number }>('/lever/batch_close', { type: 2 }, { token })).message.closed).toBe(1);
    expect((await server.post<{ closed: number }>('/lever/batch_close', { type: 1 }, { token })).message.closed).toBe(2);
    expect((await server.post<{ closed: number }>('/lever/batch_close', { type: 0 }, { token })).message.closed).toBe(0);
    const closed = (await server.post<{ list: Position[] }>('/lever/my_trade', { ...BTC, status: 'closed', limit: 3 }, { token })).message.list;
    expect(closed.map((row) => row.close?.reason)).toEqual(['batch', 'batch', 'batch']);
  });

  it('charges the overnight fee once per day at 00:00 UTC from the margin', async () => {
    await feed('100000');
    const opened = (await submit({ type: 1, lots: 10, multiple: 10 })).message;
    const now = server.built.ctx.now();
    const nextMidnight = Math.floor(now / 86_400_000) * 86_400_000 + 86_400_000;
    server.advance(nextMidnight - now + 1000);
    await server.built.ctx.scheduler.runDue();
    await server.built.ctx.scheduler.runDue();
    const charged = await order(opened.id);
    expect(charged).toMatchObject({ overnight_fees: '0.200001', margin: '99.800049' });
    await feed('100000');
    await flat();
  });

  it('charges the day\'s overnight fee on a close before the daily job has run, once', async () => {
    await feed('100000');
    const before = await deal();
    const opened = (await submit({ type: 1, lots: 10, multiple: 10 })).message;
    const now = server.built.ctx.now();
    server.advance(Math.floor(now / DAY) * DAY + DAY - now + 1000);
    await feed('100000');
    expect((await server.post('/lever/close', { id: opened.id }, { token })).type).toBe('ok');
    const closed = await order(opened.id);
    expect(closed.overnight_fees).toBe('0.200001');
    // Paid once: the job that runs later finds nothing due on the closed position.
    await server.built.ctx.scheduler.runDue();
    expect((await order(opened.id)).overnight_fees).toBe('0.200001');
    const close = closed.close as NonNullable<Position['close']>;
    expect(close.payout).toBe(((minor('100.000050') - minor('0.200001') + minor(close.pnl) - minor(close.fee)) / 1_000_000).toFixed(6));
    const spent = minor(before.available) - minor((await deal()).available);
    expect(spent).toBe(minor(opened.open_fee) + minor('0.200001') + minor(close.fee) - minor(close.pnl));
  });

  it('charges every day missed while the server was stopped, once each, after a restart', async () => {
    await feed('100000');
    const opened = (await submit({ type: 1, lots: 10, multiple: 10 })).message;
    const now = server.built.ctx.now();
    // Down over three 00:00 UTC moments.
    server = await restartServer(server, {}, { startAt: Math.floor(now / DAY) * DAY + 3 * DAY + 1000 });
    await server.built.ctx.scheduler.runDue();
    await server.built.ctx.scheduler.runDue();
    expect(await order(opened.id)).toMatchObject({ status: 'holding', overnight_fees: '0.600003', margin: '99.400047' });
    await feed('100000');
    await flat();
  });

  it('liquidates at the last tick a position the overnight fee puts past its liquidation price', async () => {
    await feed('100000');
    const opened = (await submit({ type: 1, lots: 10, multiple: 100 })).message;
    expect(opened.liquidation_price).toBe('99500.09');
    const last = await feed('99510');
    expect((await order(opened.id)).status).toBe('holding');
    const now = server.built.ctx.now();
    server.advance(Math.floor(now / DAY) * DAY + DAY - now + 1000);
    await server.built.ctx.scheduler.runDue();
    // 0.200001 USDT less margin moves the level up by 20 USDT: the last tick, 99510, is past it.
    expect(await order(opened.id)).toMatchObject({ overnight_fees: '0.200001', close: { reason: 'liquidation', tick: { id: last, price: '99510.00' } } });
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    await feed('100000');
    const before = await deal();
    const refusals: [Record<string, unknown>, string][] = [
      [{ type: 1, lots: 0, multiple: 10 }, ''],
      [{ type: 1, lots: 1001, multiple: 10 }, 'between 1 and 1000'],
      [{ type: 1, lots: 1, multiple: 7 }, 'multiple'],
      [{ type: 1, lots: 1, multiple: 10, target_profit_price: '99000' }, 'Take-profit'],
      [{ type: 2, lots: 1, multiple: 10, stop_loss_price: '99000' }, 'Stop-loss'],
      [{ type: 1, lots: 10, multiple: 10, stop_loss_price: '90000' }, 'liquidation price 90500.09'],
      [{ type: 1, lots: 900, multiple: 5 }, 'Insufficient'],
      [{ type: 1, lots: 1, multiple: 10, order_type: 'limit' }, ''],
      [{ type: 1, lots: 1, multiple: 10, order_type: 'limit', target_price: '95000.001' }, 'tick'],
    ];
    for (const [body, text] of refusals) {
      const answer = await server.post<string>('/lever/submit', { ...BTC, order_type: 'market', ...body }, { token, lang: 'en' });
      expect(answer.type, JSON.stringify(body)).toBe('error');
      expect(answer.message).toContain(text);
    }
    expect((await server.post('/lever/submit', { currency_id: 3, legal_id: 3, type: 1, lots: 1, multiple: 10 }, { token })).type).toBe('error');
    expect(await deal()).toEqual(before);
  });

  it('never lets a user touch another user\'s position', async () => {
    await feed('100000');
    const mine = (await submit({ type: 1, lots: 1, multiple: 10 })).message;
    for (const [path, body] of [
      ['/lever/close', { id: mine.id }],
      ['/lever/setstop', { id: mine.id, target_profit_price: '105000' }],
      ['/lever/add_margin', { id: mine.id, amount: '1' }],
      ['/lever/cancel', { id: mine.id }],
    ] as const) {
      const answer = await server.post<string>(path, body, { token: other, lang: 'en' });
      expect(answer).toMatchObject({ type: 'error', message: 'Order not found' });
    }
    expect((await order(mine.id)).status).toBe('holding');
    expect((await deal(other)).available).toBe('1000.000000');
    await flat();
  });

  it('replays every tick it missed after a restart, in order: a take-profit crossed and left again still closes at its tick', async () => {
    await feed('100000');
    const opened = (await submit({ type: 1, lots: 10, multiple: 10, target_profit_price: '102000' })).message;
    const entrust = (await submit({ type: 1, order_type: 'limit', target_price: '99000', lots: 1, multiple: 10 })).message;
    // Ticks stored while nothing processed them (as if the server stopped just after storing them).
    server.built.ctx.bus.removeAllListeners('tick');
    const crossing = await feed('102500');
    await feed('101000');
    // Placed after the crossing tick: that tick never fires it, though its take-profit is below it.
    const later = (await submit({ type: 1, lots: 1, multiple: 10, target_profit_price: '102000' })).message;
    await feed('101500');
    server = await restartServer(server);
    expect((await order(opened.id)).close).toMatchObject({ reason: 'take_profit', tick: { id: crossing, price: '102500.00' } });
    expect((await order(later.id)).status).toBe('holding');
    expect((await order(entrust.id)).status).toBe('entrusted');
    await feed('98999.95');
    expect((await order(entrust.id)).status).toBe('holding');
    await flat();
  });

  it('replays nothing it has processed: a restart after the ticks were handled leaves positions as they are', async () => {
    await feed('100000');
    const opened = (await submit({ type: 1, lots: 1, multiple: 10, target_profit_price: '102000' })).message;
    // Crossed before the take-profit existed; after it the price never reached it again.
    await feed('99000');
    await feed('100000');
    expect((await server.post('/lever/setstop', { id: opened.id, target_profit_price: '102000', stop_loss_price: '99500' }, { token })).type).toBe('ok');
    server = await restartServer(server);
    expect((await order(opened.id)).status).toBe('holding');
    await feed('100000');
    await flat();
  });

  it('opens a limit the latest tick already reaches at once, at that tick, releasing the rest of the hold', async () => {
    const tickId = await feed('100000');
    const before = await deal();
    const long = (await submit({ type: 1, order_type: 'limit', target_price: '100100', lots: 10, multiple: 10 })).message;
    expect(long).toMatchObject({ status: 'holding', open_price: '100000.05', open_tick_id: tickId, margin: '100.000050' });
    expect(minor(before.available) - minor((await deal()).available)).toBe(minor('100.000050') + minor(long.open_fee));
    const short = (await submit({ type: 2, order_type: 'limit', target_price: '99900', lots: 1, multiple: 10 })).message;
    expect(short).toMatchObject({ status: 'holding', open_price: '99999.95', open_tick_id: tickId });
    // Its stops are judged at the tick it opens at, as a market order's: a stop-loss that tick already crosses is refused.
    const refused = await server.post<string>('/lever/submit', { ...BTC, type: 1, order_type: 'limit', target_price: '100100', lots: 1, multiple: 10, stop_loss_price: '100050' }, { token, lang: 'en' });
    expect(refused).toMatchObject({ type: 'error', message: expect.stringContaining('Stop-loss') });
    await flat();
  });

  it('refuses to open or close at a tick older than 15 seconds, and closes at the next fresh one', async () => {
    await feed('100000');
    const opened = (await submit({ type: 1, lots: 1, multiple: 10 })).message;
    server.advance(16_000);
    const before = await deal();
    for (const [path, body] of [
      ['/lever/submit', { ...BTC, type: 1, order_type: 'market', lots: 1, multiple: 10 }],
      ['/lever/close', { id: opened.id }],
      ['/lever/batch_close', { type: 0 }],
    ] as const) {
      expect(await server.post(path, body, { token, lang: 'en' }), path).toMatchObject({ type: 'error', message: 'No market price yet. Please try again shortly' });
    }
    expect(await deal()).toEqual(before);
    const tickId = await feed('100000');
    expect((await server.post<Position>('/lever/close', { id: opened.id }, { token })).message.close).toMatchObject({ reason: 'manual', tick: { id: tickId } });
  });

  it('answers a repeated client_oid with the first result: one open, one close, one batch', async () => {
    await feed('100000');
    const before = await deal();
    const first = await submit({ type: 1, lots: 1, multiple: 10, client_oid: 'open-once' });
    const again = await submit({ type: 1, lots: 1, multiple: 10, client_oid: 'open-once' });
    expect(again.message.id).toBe(first.message.id);
    expect((await deal()).positions.filter((row) => row.status === 'holding')).toHaveLength(1);
    // Another user's identical key is unrelated.
    expect((await submit({ type: 1, lots: 1, multiple: 10, client_oid: 'open-once' }, other)).message.id).not.toBe(first.message.id);
    const close = () => server.post<Position>('/lever/close', { id: first.message.id, client_oid: 'close-once' }, { token });
    const closed = await close();
    expect((await close()).message).toEqual(closed.message);
    const afterClose = await deal();
    expect(minor(before.available) - minor(afterClose.available)).toBe(minor(first.message.open_fee) + minor(closed.message.close?.fee ?? '0') - minor(closed.message.close?.pnl ?? '0'));
    await submit({ type: 2, lots: 1, multiple: 10 });
    const batch = () => server.post<{ closed: number }>('/lever/batch_close', { type: 0, client_oid: 'batch-once' }, { token });
    expect((await batch()).message.closed).toBe(1);
    await submit({ type: 2, lots: 1, multiple: 10 });
    expect((await batch()).message.closed).toBe(1);
    expect((await deal()).positions.filter((row) => row.status === 'holding')).toHaveLength(1);
    await flat();
    await server.post('/lever/batch_close', { type: 0 }, { token: other });
  });

  it('refuses an order past the user\'s lot limit in the contract, entrusts included, and changes nothing', async () => {
    await feed('100000');
    const entrusts: number[] = [];
    for (let index = 0; index < 5; index++) entrusts.push((await submit({ type: 1, order_type: 'limit', target_price: '1000', lots: 1000, multiple: 100 })).message.id);
    const before = await deal();
    const refused = await server.post<string>('/lever/submit', { ...BTC, type: 1, order_type: 'market', lots: 1, multiple: 10 }, { token, lang: 'en' });
    expect(refused).toMatchObject({ type: 'error', message: 'Your positions and entrusts in this contract may not exceed 5000 lots' });
    expect(await deal()).toEqual(before);
    for (const id of entrusts) await server.post('/lever/cancel', { id }, { token });
  });

  it('counts what entrusts hold in the account risk rate\'s equity', async () => {
    await feed('100000');
    const opened = (await submit({ type: 1, lots: 10, multiple: 10 })).message;
    await submit({ type: 1, order_type: 'limit', target_price: '90000', lots: 10, multiple: 10 });
    const account = await deal();
    const position = account.positions.find((row) => row.id === opened.id) as Position & { pnl: string };
    const equity = minor(account.available) + minor(account.frozen) - minor(account.used_margin) + minor(position.margin) + minor(position.pnl);
    expect(account.account_risk_rate).toBe((Math.floor((equity * 10_000) / minor(account.used_margin)) / 100).toFixed(2));
    await flat();
  });

  it('closes the other positions of a tick when one of them fails, and keeps the failing one for the next tick', async () => {
    await feed('100000');
    const broken = (await submit({ type: 1, lots: 1, multiple: 10, target_profit_price: '101000' })).message;
    const healthy = (await submit({ type: 1, lots: 1, multiple: 10, target_profit_price: '101000' })).message;
    // A margin larger than what is frozen: its close cannot post, as a broken invariant would.
    const { sqlite } = server.built.ctx;
    const margin = sqlite.prepare('SELECT margin FROM futures_orders WHERE id = ?').pluck().get(broken.id) as number;
    const setMargin = sqlite.prepare('UPDATE futures_orders SET margin = ? WHERE id = ?');
    setMargin.run(1_000_000_000, broken.id);
    const tickId = await feed('101000');
    expect((await order(healthy.id)).close).toMatchObject({ reason: 'take_profit', tick: { id: tickId } });
    expect((await order(broken.id)).status).toBe('holding');
    setMargin.run(margin, broken.id);
    const next = await feed('101000.01');
    expect((await order(broken.id)).close).toMatchObject({ reason: 'take_profit', tick: { id: next } });
  });
});

describe('stock futures and stock conditional orders wait for market hours', () => {
  // Monday 2026-11-23, 10:00 in New York: NYSE is open.
  const MONDAY_OPEN = Date.parse('2026-11-23T15:00:00Z');
  const MONDAY_EVENING = Date.parse('2026-11-23T22:00:00Z');
  const TUESDAY_OPEN = Date.parse('2026-11-24T14:31:00Z');
  const AAPL = { currency_id: 101, legal_id: 3 };
  let server: TestServer;
  let token: string;

  const feed = async (price: string) => {
    await pushTicks(server, 'AAPL/USDT', [{ price, volume: '10', time: server.built.ctx.now() }]);
    return server.built.ctx.market.lastTick('AAPL/USDT')?.id as number;
  };
  const submit = async (body: Record<string, unknown>) => (await server.post<Position>('/lever/submit', { ...AAPL, order_type: 'market', ...body }, { token })).message;
  const orders = async () => (await server.post<{ list: Position[] }>('/lever/dealall', { ...AAPL, limit: 50 }, { token })).message.list;
  const statusOf = async (id: number) => (await orders()).find((row) => row.id === id) as Position;
  const conditional = async (id: number) => {
    const rows = [1, 2].map((status) => server.get<{ list: { id: number; status: string; trigger_tick: { id: number } | null }[] }>('/coin/conditional/list', { status }, { token }));
    return (await Promise.all(rows)).flatMap((answer) => answer.message.list).find((row) => row.id === id);
  };

  beforeAll(async () => {
    server = await startServer({}, { startAt: MONDAY_OPEN });
    const user = await registerUser(server);
    token = user.token;
    credit(server, user.email, '10000', 'USDT', LEVER);
    credit(server, user.email, '5', 'AAPL', 8);
    await feed('200');
  });
  afterAll(() => server.close());

  it('fires no entrust, take-profit, liquidation or spot take-profit over closed hours, and all of them on the first tick after the open', async () => {
    const takeProfit = await submit({ type: 1, lots: 10, multiple: 10, target_profit_price: '210' });
    const liquidating = await submit({ type: 2, lots: 10, multiple: 20 });
    expect(Number(liquidating.liquidation_price)).toBeLessThan(215);
    const entrust = await submit({ type: 2, order_type: 'limit', target_price: '212', lots: 1, multiple: 10 });
    const spot = await server.post<{ list: { id: number; status: string }[] }>('/coin/tpsl', { currency_id: 101, amount: '1', take_profit_price: '210' }, { token });
    expect(spot, JSON.stringify(spot)).toMatchObject({ type: 'ok' });
    const spotLeg = spot.message.list[0]?.id as number;

    server.setTime(MONDAY_EVENING);
    await feed('215');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await statusOf(takeProfit.id)).status).toBe('holding');
    expect((await statusOf(liquidating.id)).status).toBe('holding');
    expect((await statusOf(entrust.id)).status).toBe('entrusted');
    expect((await conditional(spotLeg))?.status).toBe('waiting');
    // Closed hours: the position is valued at the last tick.
    expect((await server.post<Deal>('/lever/deal', AAPL, { token })).message.positions.find((row) => row.id === takeProfit.id)).toMatchObject({ status: 'holding' });

    server.setTime(TUESDAY_OPEN);
    const openTick = await feed('215');
    expect((await statusOf(takeProfit.id)).close).toMatchObject({ reason: 'take_profit', tick: { id: openTick } });
    expect((await statusOf(liquidating.id)).close).toMatchObject({ reason: 'liquidation', tick: { id: openTick } });
    expect(await statusOf(entrust.id)).toMatchObject({ status: 'holding', open_tick_id: openTick });
    await expect.poll(async () => (await conditional(spotLeg))?.trigger_tick?.id).toBe(openTick);
  });
});
