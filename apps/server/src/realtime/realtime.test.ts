import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO, login, pushTicks, registerUser, startServer, type TestServer } from '../../test/harness.ts';

let server: TestServer;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  server = await startServer();
  await pushTicks(server, 'BTC/USDT', [{ price: '96250.00', volume: '0.5' }]);
});

afterEach(() => {
  for (const socket of sockets.splice(0)) socket.terminate();
});

interface Frame {
  op?: string;
  channel?: string;
  data?: Record<string, unknown> & { bids?: unknown[]; asks?: unknown[] };
  snapshot?: boolean;
  channels?: string[];
  ok?: boolean;
}

/** A client that keeps every frame it receives and can wait for the next one matching a condition. */
async function connect() {
  const socket = new WebSocket(`${server.base.replace('http', 'ws')}/socket.io`);
  sockets.push(socket);
  const frames: Frame[] = [];
  const waiters: { match: (frame: Frame) => boolean; done: (frame: Frame) => void }[] = [];
  socket.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as Frame;
    frames.push(frame);
    for (const waiter of waiters.filter((candidate) => candidate.match(frame))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.done(frame);
    }
  });
  await new Promise((done, fail) => {
    socket.once('open', done);
    socket.once('error', fail);
  });
  const next = (match: (frame: Frame) => boolean, timeoutMs = 5000) =>
    new Promise<Frame>((done, fail) => {
      const seen = frames.find(match);
      if (seen) {
        frames.splice(frames.indexOf(seen), 1);
        return done(seen);
      }
      const timer = setTimeout(() => fail(new Error('no matching frame')), timeoutMs);
      waiters.push({
        match,
        done: (frame) => {
          clearTimeout(timer);
          frames.splice(frames.indexOf(frame), 1);
          done(frame);
        },
      });
    });
  const send = (message: object) => socket.send(JSON.stringify(message));
  return { socket, frames, next, send };
}

describe('realtime', () => {
  it('subscribes to market channels, answers a snapshot first and then live updates', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', channels: ['ticker:BTC/USDT', 'depth:BTC/USDT', 'candles:BTC/USDT:1min', 'tickers'] });
    const subscribed = await client.next((frame) => frame.op === 'subscribed');
    expect(subscribed.channels).toEqual(['ticker:BTC/USDT', 'depth:BTC/USDT', 'candles:BTC/USDT:1min', 'tickers']);

    const ticker = await client.next((frame) => frame.channel === 'ticker:BTC/USDT');
    expect(ticker).toMatchObject({ snapshot: true, data: { symbol: 'BTC/USDT', price: '96250.00' } });
    const depth = await client.next((frame) => frame.channel === 'depth:BTC/USDT');
    expect(depth.snapshot).toBe(true);
    expect(depth.data?.bids?.length).toBeGreaterThan(0);

    await pushTicks(server, 'BTC/USDT', [{ price: '96300.00', volume: '0.1' }]);
    const live = await client.next((frame) => frame.channel === 'ticker:BTC/USDT' && !frame.snapshot);
    expect(live.data).toMatchObject({ symbol: 'BTC/USDT', price: '96300.00' });
    const candle = await client.next((frame) => frame.channel === 'candles:BTC/USDT:1min' && !frame.snapshot);
    expect(candle.data).toMatchObject({ close: '96300.00' });
    // `tickers` carries the instruments that moved together as one list.
    const moved = await client.next((frame) => frame.channel === 'tickers' && !frame.snapshot);
    expect(moved.data).toEqual([expect.objectContaining({ symbol: 'BTC/USDT', price: '96300.00' })]);
  });

  it('ignores unknown channels and stops sending after unsubscribe', async () => {
    const client = await connect();
    client.send({ op: 'subscribe', channels: ['ticker:NOPE/USDT', 'candles:BTC/USDT:7min', 'secrets', 'trades:BTC/USDT'] });
    expect((await client.next((frame) => frame.op === 'subscribed')).channels).toEqual(['trades:BTC/USDT']);
    client.send({ op: 'unsubscribe', channels: ['trades:BTC/USDT'] });
    await client.next((frame) => frame.op === 'unsubscribed');

    const demo = await login(server, DEMO.email, DEMO.password);
    expect((await server.post('/coin/trade', { amount: '0.001', currency_id: 1, legal_id: 3, type: 1 }, { token: demo })).type).toBe('ok');
    client.send({ op: 'ping' });
    await client.next((frame) => frame.op === 'pong');
    expect(client.frames.filter((frame) => frame.channel === 'trades:BTC/USDT')).toEqual([]);
  });

  it('answers malformed messages with an error, not a dropped connection', async () => {
    const client = await connect();
    client.socket.send('not json');
    expect(await client.next((frame) => frame.op === 'error')).toMatchObject({ op: 'error' });
    client.send({ op: 'dance' });
    expect(await client.next((frame) => frame.op === 'error')).toMatchObject({ op: 'error' });
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('sends orders and balance changes only to the owner, after authenticating with the token', async () => {
    const demo = await login(server, DEMO.email, DEMO.password);
    const stranger = await registerUser(server);
    const owner = await connect();
    const other = await connect();
    const anonymous = await connect();
    owner.send({ op: 'auth', token: demo });
    other.send({ op: 'auth', token: stranger.token });
    anonymous.send({ op: 'auth', token: 'not-a-token' });
    expect((await owner.next((frame) => frame.op === 'auth')).ok).toBe(true);
    expect((await other.next((frame) => frame.op === 'auth')).ok).toBe(true);
    expect((await anonymous.next((frame) => frame.op === 'auth')).ok).toBe(false);

    const placed = await server.post<{ id: number }>('/coin/trade', { amount: '0.001', currency_id: 1, legal_id: 3, type: 1 }, { token: demo });
    const order = await owner.next((frame) => frame.channel === 'orders' && frame.data?.id === placed.message.id);
    expect(order.data).toMatchObject({ symbol: 'BTC/USDT', side: 'buy', status: 'filled' });
    await owner.next((frame) => frame.channel === 'balances');

    other.send({ op: 'ping' });
    await other.next((frame) => frame.op === 'pong');
    expect(other.frames.filter((frame) => frame.channel === 'orders' || frame.channel === 'balances')).toEqual([]);
    expect(anonymous.frames.filter((frame) => frame.channel === 'orders')).toEqual([]);
  });

  it('carries conditional orders on the owner\'s orders channel (kind conditional) as they are placed and fire, and the feed\'s prints on trades', async () => {
    const demo = await login(server, DEMO.email, DEMO.password);
    const owner = await connect();
    owner.send({ op: 'auth', token: demo });
    await owner.next((frame) => frame.op === 'auth');
    owner.send({ op: 'subscribe', channels: ['trades:BTC/USDT'] });
    await owner.next((frame) => frame.op === 'subscribed');
    await pushTicks(server, 'BTC/USDT', [{ price: '96250.00', volume: '0.3' }]);
    expect((await owner.next((frame) => frame.channel === 'trades:BTC/USDT' && frame.data?.source === 'feed')).data).toMatchObject({ price: '96250.00', amount: '0.3000' });

    const placed = await server.post<{ conditional_id: number }>('/coin/trade', { order_type: 'stop_limit', amount: '0.001', stop_price: '96500', target_price: '96600', currency_id: 1, type: 1 }, { token: demo });
    const id = placed.message.conditional_id;
    const waiting = await owner.next((frame) => frame.channel === 'orders' && frame.data?.kind === 'conditional' && frame.data?.id === id);
    expect(waiting.data).toMatchObject({ conditional_kind: 'stop_limit', status: 'waiting', trigger_price: '96500.00' });
    await pushTicks(server, 'BTC/USDT', [{ price: '96510.00', volume: '0.1' }]);
    const fired = await owner.next((frame) => frame.channel === 'orders' && frame.data?.kind === 'conditional' && frame.data?.id === id && frame.data?.status === 'triggered');
    expect(fired.data).toMatchObject({ trigger_tick: { price: '96510.00' } });
  });

  it('drops a client that stops reading instead of buffering without bound', async () => {
    const hub = server.built.realtime;
    const slow = await connect();
    slow.send({ op: 'subscribe', channels: ['tickers'] });
    await slow.next((frame) => frame.op === 'subscribed');
    const connected = hub.clientCount;
    // The client stops reading: frames pile up in the server's send buffer past MAX_BUFFERED_BYTES until the hub gives up on it.
    slow.socket.pause();
    const burst = Array.from({ length: 200 }, (_, index) => ({ price: (96_000 + index).toFixed(2), volume: '0.01' }));
    // Generous: on a loaded machine filling a megabyte of frames takes far longer than on an idle one.
    const deadline = Date.now() + 75_000;
    while (hub.clientCount === connected && Date.now() < deadline) await pushTicks(server, 'BTC/USDT', burst);
    expect(hub.clientCount).toBe(connected - 1);
  }, 90_000);
});
