import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeSocket, reconnectDelay, socketUrl } from './socket.ts';

/** Stands in for the browser's WebSocket so the client's protocol can be checked message by message. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static instances: FakeSocket[] = [];
  readonly OPEN = 1;
  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  send(frame: string): void {
    this.sent.push(JSON.parse(frame));
  }

  close(): void {
    this.readyState = FakeSocket.CLOSED;
  }

  open(): void {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }

  receive(frame: object): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

const latest = () => FakeSocket.instances.at(-1) as FakeSocket;

describe('realtime socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('derives the address from the page host', () => {
    expect(socketUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe('ws://localhost:8080/socket.io');
    expect(socketUrl({ protocol: 'https:', host: 'openbourse.test' })).toBe('wss://openbourse.test/socket.io');
  });

  it('backs off from 1 s to at most 5 s', () => {
    expect([0, 1, 2, 3, 4, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 5000, 5000, 5000]);
  });

  it('subscribes once per channel, delivers frames and unsubscribes after the last listener', () => {
    const client = new RealtimeSocket(() => 'ws://test/socket.io');
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = client.listen('tickers', first);
    const stopSecond = client.listen('tickers', second);
    latest().open();
    expect(latest().sent).toEqual([{ op: 'subscribe', channels: ['tickers'] }]);

    latest().receive({ channel: 'tickers', data: { symbol: 'BTC/USDT' }, snapshot: true });
    expect(first).toHaveBeenCalledWith({ symbol: 'BTC/USDT' }, true);
    expect(second).toHaveBeenCalledTimes(1);

    stopFirst();
    expect(latest().sent).toHaveLength(1);
    stopSecond();
    expect(latest().sent.at(-1)).toEqual({ op: 'unsubscribe', channels: ['tickers'] });
  });

  it('reconnects after a drop, then authenticates and resubscribes', () => {
    const client = new RealtimeSocket(() => 'ws://test/socket.io');
    client.authenticate('secret');
    client.listen('depth:BTC/USDT', vi.fn());
    client.listen('orders', vi.fn());
    latest().open();
    latest().onclose?.();
    expect(FakeSocket.instances).toHaveLength(1);

    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(2);
    latest().open();
    expect(latest().sent).toEqual([
      { op: 'auth', token: 'secret' },
      { op: 'subscribe', channels: ['depth:BTC/USDT'] },
    ]);
  });

  it('gives up on a connection that does not open within 20 s', () => {
    const client = new RealtimeSocket(() => 'ws://test/socket.io');
    client.listen('tickers', vi.fn());
    vi.advanceTimersByTime(20_000);
    expect(latest().readyState).toBe(FakeSocket.CLOSED);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('says how live it is: connecting, open, then reconnecting with the channels stale until their next frame', () => {
    const client = new RealtimeSocket(() => 'ws://test/socket.io');
    const changes = vi.fn();
    client.subscribe(changes);
    expect(client.status).toBe('idle');
    client.listen('tickers', vi.fn());
    client.listen('depth:BTC/USDT', vi.fn());
    expect(client.status).toBe('connecting');
    latest().open();
    expect(client.status).toBe('open');
    expect(client.isStale('tickers')).toBe(false);

    latest().onclose?.();
    expect(client.status).toBe('reconnecting');
    expect(client.isStale('tickers')).toBe(true);
    expect(client.isStale('depth:BTC/USDT')).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(client.status).toBe('reconnecting');
    latest().open();
    expect(client.status).toBe('open');
    // Open is not enough: the data stays stale until the channel's snapshot arrives.
    expect(client.isStale('tickers')).toBe(true);
    changes.mockClear();
    latest().receive({ channel: 'tickers', data: [], snapshot: true });
    expect(client.isStale('tickers')).toBe(false);
    expect(client.isStale('depth:BTC/USDT')).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
    // Later frames change nothing anyone needs to hear about.
    latest().receive({ channel: 'tickers', data: [] });
    expect(changes).toHaveBeenCalledTimes(1);
  });

  it('tells reconnect listeners each time it is live again after a drop, not on its first connection', () => {
    const client = new RealtimeSocket(() => 'ws://test/socket.io');
    const reconnected = vi.fn();
    client.onReconnect(reconnected);
    client.listen('tickers', vi.fn());
    latest().open();
    expect(reconnected).not.toHaveBeenCalled();
    latest().onclose?.();
    vi.advanceTimersByTime(1000);
    latest().open();
    expect(reconnected).toHaveBeenCalledTimes(1);
  });

  it('drops at once when the network goes, and reconnects at once when it comes back', () => {
    const client = new RealtimeSocket(() => 'ws://test/socket.io');
    client.listen('tickers', vi.fn());
    latest().open();
    latest().onclose?.();
    vi.advanceTimersByTime(1000);
    latest().onclose?.();
    // The back-off has grown to 2 s by now; losing the network must not have to wait for anything.
    vi.advanceTimersByTime(2000);
    latest().open();
    const live = latest();
    client.networkLost();
    expect(live.readyState).toBe(FakeSocket.CLOSED);
    expect(client.status).toBe('reconnecting');
    expect(client.isStale('tickers')).toBe(true);

    const attempts = FakeSocket.instances.length;
    client.networkBack();
    expect(FakeSocket.instances).toHaveLength(attempts + 1);
    latest().open();
    expect(latest().sent).toEqual([{ op: 'subscribe', channels: ['tickers'] }]);
  });

  it('signing out reconnects at once without turning anything stale', () => {
    const client = new RealtimeSocket(() => 'ws://test/socket.io');
    const reconnected = vi.fn();
    client.onReconnect(reconnected);
    client.authenticate('secret');
    client.listen('tickers', vi.fn());
    latest().open();
    client.authenticate(null);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(client.isStale('tickers')).toBe(false);
    expect(client.status).toBe('connecting');
    latest().open();
    expect(reconnected).not.toHaveBeenCalled();
  });
});
