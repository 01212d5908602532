import { REALTIME } from '@openbourse/core';

/**
 * One WebSocket to the server's realtime endpoint, shared by every page.
 * Channels are reference-counted: the first listener subscribes, the last one
 * unsubscribes. After a drop the socket reconnects with a back-off from 1 s to
 * 5 s, then re-authenticates and resubscribes to everything still listened to.
 */

export type ChannelListener = (data: unknown, snapshot: boolean) => void;

interface ServerFrame {
  channel?: string;
  data?: unknown;
  snapshot?: boolean;
  op?: string;
}

/** Channels the server pushes to an authenticated socket without a subscription. */
const PRIVATE_CHANNELS = new Set(['orders', 'balances']);

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

  constructor(private readonly url: () => string) {}

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
    if (!PRIVATE_CHANNELS.has(channel)) this.send({ op: 'unsubscribe', channels: [channel] });
  }

  private ensureConnected(): void {
    if (this.socket || this.reconnectTimer) return;
    this.connect();
  }

  private connect(): void {
    this.reconnectTimer = undefined;
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
    for (const listener of this.listeners.get(frame.channel) ?? []) listener(frame.data, frame.snapshot === true);
  }

  /** Closes a socket for good and, while anyone still listens, schedules the next attempt. */
  private drop(socket: WebSocket): void {
    if (this.socket !== socket) return;
    clearTimeout(this.connectTimer);
    clearInterval(this.heartbeatTimer);
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close();
    this.socket = null;
    if (this.listeners.size === 0) return;
    this.reconnectTimer = setTimeout(() => this.connect(), reconnectDelay(this.attempt));
    this.attempt += 1;
  }

  private restart(): void {
    if (this.socket) this.drop(this.socket);
  }

  private send(message: object): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }
}
