import WebSocket from 'ws';
import type { TestServer } from './harness.ts';

export interface SocketFrame {
  op?: string;
  channel?: string;
  data?: unknown;
  snapshot?: boolean;
  channels?: string[];
  ok?: boolean;
}

export interface TestSocket {
  socket: WebSocket;
  send(message: unknown): void;
  /** The first frame (already received or coming) matching the condition; each frame is handed out once. */
  next(match: (frame: SocketFrame) => boolean, timeoutMs?: number): Promise<SocketFrame>;
  /** Frames received and not handed out yet. */
  frames: SocketFrame[];
}

/** A realtime client over a real WebSocket that keeps every frame, for tests that wait for live events. */
export async function connectSocket(server: TestServer): Promise<TestSocket> {
  const socket = new WebSocket(`${server.base.replace('http', 'ws')}/socket.io`);
  const frames: SocketFrame[] = [];
  const waiters: { match: (frame: SocketFrame) => boolean; done: (frame: SocketFrame) => void }[] = [];
  socket.on('message', (raw) => {
    const frame = JSON.parse(raw.toString()) as SocketFrame;
    const waiter = waiters.find((candidate) => candidate.match(frame));
    if (waiter) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.done(frame);
    } else frames.push(frame);
  });
  await new Promise((done, fail) => {
    socket.once('open', done);
    socket.once('error', fail);
  });
  return {
    socket,
    frames,
    send: (message) => socket.send(JSON.stringify(message)),
    next: (match, timeoutMs = 5000) =>
      new Promise<SocketFrame>((done, fail) => {
        const seen = frames.find(match);
        if (seen) {
          frames.splice(frames.indexOf(seen), 1);
          done(seen);
          return;
        }
        const timer = setTimeout(() => fail(new Error('no matching frame')), timeoutMs);
        waiters.push({
          match,
          done: (frame) => {
            clearTimeout(timer);
            done(frame);
          },
        });
      }),
  };
}
