/**
 * Realtime fan-out: many WebSocket clients subscribe to `tickers` and each
 * measures delivery lag (arrival time minus the ticker's own `time`) over a
 * fixed window. Prints connections, frames and lag; asserts nothing.
 *
 *   pnpm bench:ws [--url http://host:port] [--clients 2000] [--duration 15]
 *
 * Without --url it starts its own server with MARKET_TICK_MS=250, so every
 * instrument ticks four times a second.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';
import { benchOptions, runBench, withServer } from './server.ts';

const CONNECT_BATCH = 100;
const CONNECT_TIMEOUT_MS = 30_000;
const CLOSE_TIMEOUT_MS = 5_000;
/** Descriptors beyond the sockets: the server child's pipes, node's own handles, some slack. */
const SPARE_DESCRIPTORS = 256;

interface TickerFrame {
  channel?: string;
  op?: string;
  snapshot?: boolean;
  /** A list of the tickers that moved together (the snapshot lists every instrument). */
  data?: { time?: number }[];
}

/** Lags in ms, gathered in fixed blocks so a million frames cost neither reallocation nor boxed numbers. */
class LagSamples {
  private readonly blocks: Float64Array[] = [];
  private current = new Float64Array(1 << 16);
  private used = 0;

  get count(): number {
    return this.blocks.length * this.current.length + this.used;
  }

  add(lag: number): void {
    if (this.used === this.current.length) {
      this.blocks.push(this.current);
      this.current = new Float64Array(this.current.length);
      this.used = 0;
    }
    this.current[this.used++] = lag;
  }

  sorted(): Float64Array {
    const all = new Float64Array(this.count);
    let offset = 0;
    for (const block of this.blocks) {
      all.set(block, offset);
      offset += block.length;
    }
    all.set(this.current.subarray(0, this.used), offset);
    return all.sort();
  }
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/**
 * Each client (and, on a self-started server, each server-side socket) needs
 * a descriptor. When the soft limit is short, raise it to the hard limit with
 * prlimit before the server is spawned, so the server inherits it too.
 */
function ensureDescriptors(needed: number): void {
  const limits = readFileSync('/proc/self/limits', 'utf8').match(/^Max open files\s+(\d+|unlimited)\s+(\d+|unlimited)/m);
  if (!limits || limits[1] === 'unlimited' || Number(limits[1]) >= needed) return;
  const hard = limits[2] === 'unlimited' ? needed : Number(limits[2]);
  if (hard < needed) throw new Error(`${needed} open files are needed but the hard limit is ${hard}: raise it (ulimit -Hn) first`);
  execFileSync('prlimit', [`--pid=${process.pid}`, `--nofile=${hard}:${hard}`]);
  console.log(`raised the open-file limit from ${limits[1]} to ${hard}`);
}

interface Measurement {
  recording: boolean;
  /** `tickers` frames received in the window; each carries one or more ticker updates. */
  frames: number;
  lags: LagSamples;
  /** Frames that could not be read as JSON, or a ticker without a numeric time. */
  malformed: number;
  /** Connections lost before the window ended. */
  dropped: number;
}

/** Opens one client, subscribes to tickers and resolves once the server confirms. */
function connect(wsUrl: string, measurement: Measurement): Promise<WebSocket> {
  return new Promise((done, fail) => {
    const socket = new WebSocket(wsUrl, { perMessageDeflate: false });
    let subscribed = false;
    const timer = setTimeout(() => fail(new Error('no subscription confirmation within 30 s')), CONNECT_TIMEOUT_MS);
    socket.once('open', () => socket.send(JSON.stringify({ op: 'subscribe', channels: ['tickers'] })));
    socket.on('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    socket.once('close', () => {
      if (subscribed && measurement.recording) measurement.dropped++;
    });
    socket.on('message', (raw) => {
      const received = Date.now();
      let frame: TickerFrame;
      try {
        frame = JSON.parse(raw.toString()) as TickerFrame;
      } catch {
        measurement.malformed++;
        return;
      }
      if (frame.op === 'subscribed') {
        subscribed = true;
        clearTimeout(timer);
        done(socket);
        return;
      }
      // The snapshot describes the state at subscription, not a tick in flight.
      if (frame.channel !== 'tickers' || frame.snapshot || !measurement.recording) return;
      measurement.frames++;
      for (const ticker of Array.isArray(frame.data) ? frame.data : [frame.data]) {
        if (typeof ticker?.time === 'number') measurement.lags.add(received - ticker.time);
        else measurement.malformed++;
      }
    });
  });
}

/** Connects in batches, so the handshakes do not swamp two cores at once. */
async function connectAll(wsUrl: string, clients: number, measurement: Measurement): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  while (sockets.length < clients) {
    const batch = Math.min(CONNECT_BATCH, clients - sockets.length);
    sockets.push(...(await Promise.all(Array.from({ length: batch }, () => connect(wsUrl, measurement)))));
  }
  return sockets;
}

async function closeAll(sockets: WebSocket[]): Promise<void> {
  const closed = sockets.map((socket) =>
    socket.readyState === WebSocket.CLOSED ? Promise.resolve() : new Promise<void>((done) => socket.once('close', () => done())),
  );
  for (const socket of sockets) socket.close(1000, 'benchmark done');
  const timeout = new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), CLOSE_TIMEOUT_MS).unref());
  if ((await Promise.race([Promise.all(closed), timeout])) === 'timeout') for (const socket of sockets) socket.terminate();
}

const format = (value: number): string => Math.round(value).toLocaleString('en-US');

async function main(): Promise<void> {
  const options = benchOptions({ clients: 2000, duration: 15 });
  const clients = Math.floor(options.clients);
  // Self-started, the server's sockets count against the same limit it inherits.
  ensureDescriptors((options.url ? 1 : 2) * clients + SPARE_DESCRIPTORS);
  await withServer(options.url, { MARKET_TICK_MS: '250' }, async (url, server) => {
    const wsUrl = `${url.replace(/^http/, 'ws')}/socket.io`;
    const measurement: Measurement = { recording: false, frames: 0, lags: new LagSamples(), malformed: 0, dropped: 0 };
    console.log(`server: ${server ? `started for this run (MARKET_TICK_MS=250, fresh data dir) at ${url}` : url}`);
    const connectStart = performance.now();
    const sockets = await connectAll(wsUrl, clients, measurement);
    const connectSeconds = (performance.now() - connectStart) / 1000;

    // The bench process's own event-loop delay adds to every lag it measures; it is printed so that can be judged.
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    const cpuBefore = process.cpuUsage();
    const serverCpuBefore = server?.cpuSeconds() ?? 0;
    loopDelay.enable();
    measurement.recording = true;
    await new Promise((done) => setTimeout(done, options.duration * 1000));
    measurement.recording = false;
    loopDelay.disable();
    const cpu = process.cpuUsage(cpuBefore);
    const serverCpu = (server?.cpuSeconds() ?? 0) - serverCpuBefore;
    const stillOpen = sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
    await closeAll(sockets);

    const lags = measurement.lags.sorted();
    const lag = (p: number) => `${format(percentile(lags, p))} ms`;
    console.log(`clients connected  ${format(sockets.length)} (subscribed to tickers in ${connectSeconds.toFixed(1)} s, batches of ${CONNECT_BATCH}); open at the end ${format(stillOpen)}, dropped ${format(measurement.dropped)}`);
    console.log(`window             ${options.duration} s`);
    console.log(`received           ${format(measurement.frames)} frames carrying ${format(lags.length)} ticker updates (snapshots not counted), ${format(measurement.malformed)} malformed`);
    console.log(`updates/s          ${format(lags.length / options.duration)} in all, ${(lags.length / options.duration / sockets.length).toFixed(1)} per client; frames/s ${format(measurement.frames / options.duration)}`);
    console.log(`lag p50 ${lag(50)}, p90 ${lag(90)}, p99 ${lag(99)}, max ${format(lags.at(-1) ?? Number.NaN)} ms  (receive time − ticker time)`);
    console.log(
      `bench process: ${(((cpu.user + cpu.system) / 1e6 / options.duration) * 100).toFixed(0)}% of a core, ` +
        `event-loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms (part of every lag above)`,
    );
    if (server) console.log(`server process: ${((serverCpu / options.duration) * 100).toFixed(0)}% of a core during the window`);
  });
}

runBench(main);
