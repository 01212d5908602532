import type { WebSocket } from 'ws';

/**
 * Fan-out of market and account events to WebSocket clients. A message is
 * serialized once per publish; a client whose send buffer grows past the
 * limit is dropped rather than allowed to grow memory without bound.
 */

export const MAX_BUFFERED_BYTES = 1024 * 1024;
export const HEARTBEAT_MS = 20_000;
const MAX_CHANNELS_PER_CLIENT = 200;
/** WebSocket close code 1012 (RFC 6455 registry): the service is restarting, reconnect. */
export const SERVICE_RESTART = 1012;
const RESTART_GRACE_MS = 1000;

export interface Client {
  socket: WebSocket;
  channels: Set<string>;
  userId: number | null;
  alive: boolean;
}

export type SnapshotProvider = (channel: string) => unknown | undefined;

export interface ClientMessage {
  op: 'subscribe' | 'unsubscribe' | 'auth' | 'ping';
  channels?: string[];
  token?: string;
}

export class RealtimeHub {
  private readonly clients = new Set<Client>();
  private readonly subscribers = new Map<string, Set<Client>>();
  private readonly userClients = new Map<number, Set<Client>>();
  private readonly snapshots: SnapshotProvider[] = [];
  private heartbeat: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly authenticate: (token: string) => number | null,
    private readonly isKnownChannel: (channel: string) => boolean,
  ) {}

  /** Services register how to describe a channel's current state, sent right after subscribing. */
  addSnapshotProvider(provider: SnapshotProvider): void {
    this.snapshots.push(provider);
  }

  get clientCount(): number {
    return this.clients.size;
  }

  /** Whether the user has an authenticated socket open: private events for anyone else need not be built at all. */
  isConnected(userId: number): boolean {
    return this.userClients.has(userId);
  }

  subscriberCount(channel: string): number {
    return this.subscribers.get(channel)?.size ?? 0;
  }

  start(): void {
    this.heartbeat = setInterval(() => this.checkHeartbeats(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /**
   * Shutdown: tells every client the service is restarting (close code 1012,
   * which clients take as "reconnect shortly") and waits for the closing
   * handshakes, at most `graceMs`; a client that does not answer is cut.
   */
  async closeForRestart(graceMs = RESTART_GRACE_MS): Promise<void> {
    const sockets = [...this.clients].map((client) => client.socket);
    const closed = sockets.map((socket) =>
      socket.readyState === socket.CLOSED ? Promise.resolve() : new Promise<void>((done) => socket.once('close', () => done())),
    );
    for (const socket of sockets) socket.close(SERVICE_RESTART, 'service restart');
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.all(closed), new Promise<void>((done) => (timer = setTimeout(done, graceMs)))]);
    clearTimeout(timer);
    for (const socket of sockets) socket.terminate();
  }

  stop(): void {
    clearInterval(this.heartbeat);
    for (const client of this.clients) client.socket.terminate();
    this.clients.clear();
    this.subscribers.clear();
    this.userClients.clear();
  }

  attach(socket: WebSocket): void {
    const client: Client = { socket, channels: new Set(), userId: null, alive: true };
    this.clients.add(client);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('message', (raw) => this.onMessage(client, raw.toString()));
    socket.on('close', () => this.detach(client));
    socket.on('error', () => this.detach(client));
  }

  publish(channel: string, data: unknown): void {
    const audience = this.subscribers.get(channel);
    if (!audience || audience.size === 0) return;
    const frame = JSON.stringify({ channel, data });
    for (const client of audience) this.send(client, frame);
  }

  /** Private events (orders, balances) go only to the user's own authenticated sockets. */
  publishToUser(userId: number, channel: string, data: unknown): void {
    const audience = this.userClients.get(userId);
    if (!audience) return;
    const frame = JSON.stringify({ channel, data });
    for (const client of audience) this.send(client, frame);
  }

  private send(client: Client, frame: string): void {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      client.socket.terminate();
      this.detach(client);
      return;
    }
    client.socket.send(frame);
  }

  private reply(client: Client, message: unknown): void {
    this.send(client, JSON.stringify(message));
  }

  private onMessage(client: Client, raw: string): void {
    let message: ClientMessage;
    try {
      message = JSON.parse(raw) as ClientMessage;
    } catch {
      this.reply(client, { op: 'error', message: 'invalid json' });
      return;
    }
    switch (message.op) {
      case 'ping':
        this.reply(client, { op: 'pong', time: Date.now() });
        break;
      case 'auth':
        this.onAuth(client, message.token);
        break;
      case 'subscribe':
        this.onSubscribe(client, message.channels ?? []);
        break;
      case 'unsubscribe':
        for (const channel of message.channels ?? []) this.unsubscribe(client, channel);
        this.reply(client, { op: 'unsubscribed', channels: message.channels ?? [] });
        break;
      default:
        this.reply(client, { op: 'error', message: 'unknown op' });
    }
  }

  private onAuth(client: Client, token: string | undefined): void {
    const userId = typeof token === 'string' ? this.authenticate(token) : null;
    if (userId === null) {
      this.reply(client, { op: 'auth', ok: false });
      return;
    }
    if (client.userId !== null) this.userClients.get(client.userId)?.delete(client);
    client.userId = userId;
    const own = this.userClients.get(userId) ?? new Set<Client>();
    own.add(client);
    this.userClients.set(userId, own);
    this.reply(client, { op: 'auth', ok: true });
  }

  private onSubscribe(client: Client, channels: unknown[]): void {
    const accepted: string[] = [];
    for (const channel of channels) {
      if (typeof channel !== 'string' || !this.isKnownChannel(channel)) continue;
      if (client.channels.size >= MAX_CHANNELS_PER_CLIENT) break;
      client.channels.add(channel);
      const audience = this.subscribers.get(channel) ?? new Set<Client>();
      audience.add(client);
      this.subscribers.set(channel, audience);
      accepted.push(channel);
    }
    this.reply(client, { op: 'subscribed', channels: accepted });
    for (const channel of accepted) {
      for (const provider of this.snapshots) {
        const snapshot = provider(channel);
        if (snapshot !== undefined) this.send(client, JSON.stringify({ channel, data: snapshot, snapshot: true }));
      }
    }
  }

  private unsubscribe(client: Client, channel: string): void {
    client.channels.delete(channel);
    const audience = this.subscribers.get(channel);
    audience?.delete(client);
    if (audience?.size === 0) this.subscribers.delete(channel);
  }

  private detach(client: Client): void {
    if (!this.clients.delete(client)) return;
    for (const channel of client.channels) this.unsubscribe(client, channel);
    if (client.userId !== null) {
      const own = this.userClients.get(client.userId);
      own?.delete(client);
      if (own?.size === 0) this.userClients.delete(client.userId);
    }
  }

  /** A client that did not answer the previous ping is gone; the rest are pinged again. */
  private checkHeartbeats(): void {
    for (const client of this.clients) {
      if (!client.alive) {
        client.socket.terminate();
        this.detach(client);
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }
}
