import { REALTIME } from '@openbourse/core';

/**
 * One WebSocket to the server's realtime endpoint, shared by every page.
 * Channels are reference-counted: the first listener subscribes, the last one
 * unsubscribes. After a drop the socket reconnects with a back-off from 1 s to
 * 5 s, then re-authenticates and resubscribes to everything still listened to.
 *
 * It also says how live it is: its status, and which channels' data may be
 * out of date (the connection was lost after it arrived, and no fresh frame
 * has come since). Losing the network drops the socket at once; getting it
 * back reconnects at once, without waiting out the back-off.
 */

export type ChannelListener = (data: unknown, snapshot: boolean) => void;

/**
 * `idle`: nothing listened to, no socket. `connecting`: the first connection
 * of a session. `open`: live. `reconnecting`: a connection was lost (or never
 * came up) and the next attempt is on its way.
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

interface ServerFrame {
  channel?: string;
  data?: unknown;
  snapshot?: boolean;
  op?: string;
}

/** Channels the server pushes to an authenticated socket without a subscription. */
const PRIVATE_CHANNELS = new Set(['orders', 'balances', 'events', 'support', 'notifications']);

export function reconnectDelay(attempt: number): number {
  return Math.min(REALTIME.reconnectMinMs * 2 ** attempt, REALTIME.reconnectMaxMs);
}

export function socketUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME.path}`;
}

export class RealtimeSocket {
  private socket: WebSocket | null = null;
  private readonly listeners = new Map<string, Set<ChannelListener>>();
  private token: string | null = null;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private lastMessageAt = 0;
  private currentStatus: RealtimeStatus = 'idle';
  /** Set when a connection is lost; the next open is then a reconnection. */
  private interrupted = false;
  private readonly staleChannels = new Set<string>();
  private readonly changeListeners = new Set<() => void>();
  private readonly reconnectListeners = new Set<() => void>();

  constructor(private readonly url: () => string) {}

  get status(): RealtimeStatus {
    return this.currentStatus;
  }

  /** Whether the channel's last data may be out of date: the connection was lost since, and nothing fresh has come. */
  isStale(channel: string): boolean {
    return this.staleChannels.has(channel);
  }

  /** Called whenever the status or a channel's staleness changes (not on every frame); answers how to stop. */
  subscribe = (listener: () => void): (() => void) => {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  };

  /** Called each time the socket is live again after losing its connection; answers how to stop. */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** The browser went offline: the socket cannot be live, so it is dropped now rather than at the next missed heartbeat. */
  networkLost(): void {
    if (this.socket) this.drop(this.socket);
  }

  /** The browser is back online: try at once instead of waiting out the back-off. */
  networkBack(): void {
    if (!this.reconnectTimer) return;
    clearTimeout(this.reconnectTimer);
    this.attempt = 0;
    this.connect();
  }

  /** Listens to a channel; returns the function that stops listening. */
  listen(channel: string, listener: ChannelListener): () => void {
    let channelListeners = this.listeners.get(channel);
    if (!channelListeners) {
      channelListeners = new Set();
      this.listeners.set(channel, channelListeners);
      if (!PRIVATE_CHANNELS.has(channel)) this.send({ op: 'subscribe', channels: [channel] });
    }
    channelListeners.add(listener);
    this.ensureConnected();
    return () => this.stopListening(channel, listener);
  }

  /** Private channels (orders, balances) follow the signed-in user; null signs the socket out by reconnecting. */
  authenticate(token: string | null): void {
    if (token === this.token) return;
    const signedOut = this.token !== null && token === null;
    this.token = token;
    if (signedOut) this.restart();
    else if (token) this.send({ op: 'auth', token });
  }

  private stopListening(channel: string, listener: ChannelListener): void {
    const channelListeners = this.listeners.get(channel);
    if (!channelListeners?.delete(listener) || channelListeners.size > 0) return;
    this.listeners.delete(channel);
    if (this.staleChannels.delete(channel)) this.changed();
    if (!PRIVATE_CHANNELS.has(channel)) this.send({ op: 'unsubscribe', channels: [channel] });
  }

  private changed(): void {
    for (const listener of this.changeListeners) listener();
  }

  private setStatus(status: RealtimeStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    this.changed();
  }

  private ensureConnected(): void {
    if (this.socket || this.reconnectTimer) return;
    this.connect();
  }

  private connect(): void {
    this.reconnectTimer = undefined;
    this.setStatus(this.interrupted ? 'reconnecting' : 'connecting');
    const socket = new WebSocket(this.url());
    this.socket = socket;
    this.connectTimer = setTimeout(() => socket.readyState !== WebSocket.OPEN && this.drop(socket), REALTIME.connectTimeoutMs);
    socket.onopen = () => this.onOpen(socket);
    socket.onmessage = (event) => this.onMessage(event.data);
    socket.onclose = () => this.drop(socket);
    socket.onerror = () => this.drop(socket);
  }

  private onOpen(socket: WebSocket): void {
    clearTimeout(this.connectTimer);
    this.attempt = 0;
    this.lastMessageAt = Date.now();
    if (this.token) this.send({ op: 'auth', token: this.token });
    const channels = [...this.listeners.keys()].filter((channel) => !PRIVATE_CHANNELS.has(channel));
    if (channels.length) this.send({ op: 'subscribe', channels });
    this.heartbeatTimer = setInterval(() => this.checkHeartbeat(socket), REALTIME.heartbeatMs);
    // Private channels send no snapshot; what they keep fresh is fetched again by the reconnect listeners.
    for (const channel of PRIVATE_CHANNELS) this.staleChannels.delete(channel);
    this.setStatus('open');
    if (this.interrupted) {
      this.interrupted = false;
      for (const listener of this.reconnectListeners) listener();
    }
  }

  private checkHeartbeat(socket: WebSocket): void {
    if (Date.now() - this.lastMessageAt > 2 * REALTIME.heartbeatMs) this.drop(socket);
    else this.send({ op: 'ping' });
  }

  private onMessage(raw: unknown): void {
    this.lastMessageAt = Date.now();
    let frame: ServerFrame;
    try {
      frame = JSON.parse(String(raw)) as ServerFrame;
    } catch {
      return;
    }
    if (!frame.channel) return;
    if (this.staleChannels.delete(frame.channel)) this.changed();
    for (const listener of this.listeners.get(frame.channel) ?? []) listener(frame.data, frame.snapshot === true);
  }

  /** Closes the current socket for good; false when it is not the current one (a late event of an old socket). */
  private close(socket: WebSocket): boolean {
    if (this.socket !== socket) return false;
    clearTimeout(this.connectTimer);
    clearInterval(this.heartbeatTimer);
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close();
    this.socket = null;
    return true;
  }

  /** The connection was lost: while anyone still listens, what they show is marked stale and the next attempt scheduled. */
  private drop(socket: WebSocket): void {
    if (!this.close(socket)) return;
    if (this.listeners.size === 0) {
      this.setStatus('idle');
      return;
    }
    for (const channel of this.listeners.keys()) this.staleChannels.add(channel);
    this.interrupted = true;
    this.setStatus('reconnecting');
    this.changed();
    this.reconnectTimer = setTimeout(() => this.connect(), reconnectDelay(this.attempt));
    this.attempt += 1;
  }

  /** Signing out: a fresh connection at once; nothing was lost, so nothing turns stale. */
  private restart(): void {
    if (!this.socket || !this.close(this.socket)) return;
    if (this.listeners.size > 0) this.connect();
    else this.setStatus('idle');
  }

  private send(message: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}
