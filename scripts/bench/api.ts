/**
 * Order placement over HTTP: autocannon fires POST /api/coin/trade (BTC/USDT)
 * as the demo user, mostly resting limit orders near the market plus some
 * that cross it, each with its own client_oid as the H5 app sends. Then, in
 * the same run, the same bodies against the floor (floor-server.ts: a bare
 * Fastify route that parses the form body and answers an envelope). Prints
 * orders/s, the floor's requests/s, their ratio, latencies and errors;
 * asserts nothing. Last, the SQL floor (sql-floor.ts: the statements of one
 * resting order, bare) and the ratio the two floors together leave for a
 * server that writes on the thread that answers.
 *
 *   pnpm bench:api [--url http://host:port] [--duration 10] [--connections 50] [--rounds 1]
 *
 * With --rounds N it measures orders then floor N times (a fresh order server
 * each round) and compares the medians: on a shared machine one round's ratio
 * can be off by a third either way.
 *
 * With BENCH_CPU_PROF=<dir>, the order server it starts runs under
 * `node --cpu-prof` and writes its profile there when it stops.
 *
 * Without --url it starts its own server on a fresh data dir and credits the
 * demo user through `pnpm ops credit`; a running server's demo user must
 * already hold enough (it says how much when it does not).
 */
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { type DemoServer, processCpuSeconds, REPO_ROOT } from '../lib/demo-server.ts';
import { benchOptions, runBench, withServer } from './server.ts';
import { measureSqlFloor, type SqlFloor } from './sql-floor.ts';

const DEMO = { email: 'demo@openbourse.test', password: 'Demo12345' };
const BTC_ID = 1;
const USDT_ID = 3;
const WARMUP_SECONDS = 2;
/** Issue 7 §7: orders at half the floor's rate or better, with p99 under 25 ms. */
const TARGET = { floorRatio: 0.5, p99Ms: 25 };

/** Order mix, in basis points of the reference price and in lots of 0.0001 BTC. */
const CROSSING_SHARE = 0.1;
const RESTING_BPS = { min: 10, max: 200 };
const CROSSING_BPS = { min: 3, max: 15 };
const LOTS = { min: 1, max: 5 };
const LOT_BTC = 0.0001;
const DISTINCT_ORDERS = 8192;

/** Funds are sized for this rate, far above what one server process reaches, so they never run out mid-run. */
const FUNDED_ORDERS_PER_SECOND = 20_000;

const execFileAsync = promisify(execFile);

interface Envelope<T> {
  type: string;
  message: T;
}

async function call<T>(url: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${url}/api${path}`, init);
  const envelope = (await response.json()) as Envelope<T>;
  if (envelope.type !== 'ok') throw new Error(`${path} answered ${JSON.stringify(envelope)}`);
  return envelope.message;
}

const login = (url: string): Promise<string> =>
  call<string>(url, '/user/login', { method: 'POST', body: new URLSearchParams({ user_string: DEMO.email, password: DEMO.password }) });

async function btcPrice(url: string): Promise<number> {
  const quotes = await call<{ currency_id: number; legal_id: number; price: string }[]>(url, '/currency/quotation_new');
  const btc = quotes.find((quote) => quote.currency_id === BTC_ID && quote.legal_id === USDT_ID);
  if (!btc) throw new Error('BTC/USDT is not quoted');
  return Number(btc.price);
}

/** What the demo user must hold: every order of the run could be a maximal buy, or a maximal sell. */
function requiredFunds(price: number, seconds: number): { USDT: number; BTC: number } {
  const orders = FUNDED_ORDERS_PER_SECOND * seconds;
  const maxBtc = LOTS.max * LOT_BTC;
  // A crossing buy pays above the reference, plus the taker fee: 1% over covers both.
  return { USDT: Math.ceil(orders * maxBtc * price * 1.01), BTC: Math.ceil(orders * maxBtc) };
}

async function credit(server: DemoServer, funds: Record<string, number>): Promise<void> {
  for (const [symbol, amount] of Object.entries(funds)) {
    await execFileAsync('pnpm', ['--silent', 'ops', 'credit', DEMO.email, String(amount), symbol], { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: server.dataDir } });
  }
}

async function availableSpot(url: string, token: string, symbol: string): Promise<number> {
  const detail = await call<{ available: string }>(url, '/wallet/detail', { method: 'POST', headers: { authorization: token }, body: new URLSearchParams({ currency: symbol }) });
  return Number(detail.available);
}

/** A running server is not ours to credit: refuse clearly rather than measure "insufficient balance" errors. */
async function assertFunded(url: string, token: string, funds: Record<string, number>): Promise<void> {
  const shortfalls: string[] = [];
  for (const [symbol, needed] of Object.entries(funds)) {
    const available = await availableSpot(url, token, symbol);
    if (available < needed) shortfalls.push(`DATA_DIR=<the server's> pnpm ops credit ${DEMO.email} ${needed - Math.floor(available)} ${symbol}`);
  }
  if (shortfalls.length > 0) {
    throw new Error(`${DEMO.email} needs ${Object.entries(funds).map(([symbol, amount]) => `${amount} ${symbol}`).join(' and ')} in the spot account for this run; credit it with:\n  ${shortfalls.join('\n  ')}`);
  }
}

/** mulberry32, as in the engine benchmark: a fixed seed gives the same order stream every run. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Form bodies around the reference price: buys below and sells above it by
 * RESTING_BPS (they rest), and a CROSSING_SHARE that reach through it by
 * CROSSING_BPS (they trade with the market maker's quotes, or rest on the far
 * side when those are used up).
 */
function orderBodies(price: number, count: number, seed: number): string[] {
  const random = mulberry32(seed);
  const between = (range: { min: number; max: number }) => range.min + random() * (range.max - range.min);
  const bodies: string[] = [];
  for (let i = 0; i < count; i++) {
    const buy = random() < 0.5;
    const crossing = random() < CROSSING_SHARE;
    const bps = crossing ? -between(CROSSING_BPS) : between(RESTING_BPS);
    const limit = price * (1 + ((buy ? -1 : 1) * bps) / 10_000);
    const lots = Math.floor(between({ min: LOTS.min, max: LOTS.max + 1 }));
    bodies.push(
      new URLSearchParams({
        amount: (lots * LOT_BTC).toFixed(4),
        target_price: limit.toFixed(2),
        currency_id: String(BTC_ID),
        legal_id: String(USDT_ID),
        type: buy ? '1' : '2',
        // English refusals, so the error tally is readable.
        lang: 'en',
      }).toString(),
    );
  }
  return bodies;
}

interface Phase {
  result: autocannon.Result;
  /** Refusal messages (and unreadable bodies) by count. */
  refusals: Map<string, number>;
}

/** Keys unique across runs on one server: a repeated key would be answered, not placed. */
const runTag = (): string => Date.now().toString(36);

/**
 * One autocannon run over the bodies, all connections drawing from one
 * shared sequence; every request is a new tap with its own client_oid.
 */
async function fire(url: string, token: string, bodies: string[], seconds: number, connections: number): Promise<Phase> {
  const refusals = new Map<string, number>();
  const tag = runTag();
  let next = 0;
  const result = await autocannon({
    url: `${url}/api/coin/trade`,
    connections,
    duration: seconds,
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
    requests: [
      {
        setupRequest: (request) => {
          const sequence = next++;
          return { ...request, body: `${bodies[sequence % bodies.length]}&client_oid=${tag}-${sequence}` };
        },
      },
    ],
    verifyBody: (body) => {
      const outcome = refusalOf(String(body));
      if (outcome === null) return true;
      refusals.set(outcome, (refusals.get(outcome) ?? 0) + 1);
      return false;
    },
  });
  return { result, refusals };
}

/** null for an ok envelope, else what went wrong. */
function refusalOf(body: string): string | null {
  try {
    const envelope = JSON.parse(body) as Partial<Envelope<unknown>>;
    return envelope.type === 'ok' ? null : `${envelope.type}: ${String(envelope.message)}`;
  } catch {
    return `not JSON: ${body.slice(0, 80)}`;
  }
}

const format = (value: number): string => Math.round(value).toLocaleString('en-US');

/**
 * Shares of a core used by the load generator (this process) and, when it is
 * ours to watch, the server: they tell which side was the limit, and whether
 * something else on the machine was taking the CPU from both.
 */
function describeCpu(benchSeconds: number, serverSeconds: number | undefined, seconds: number): string {
  const share = (used: number) => `${((used / seconds) * 100).toFixed(0)}% of a core`;
  return `cpu during the measured run: load generator ${share(benchSeconds)}, server ${serverSeconds === undefined ? 'not ours to measure' : share(serverSeconds)}`;
}

interface Figures {
  perSecond: number;
  p99: number;
  /** The server's CPU time per answered request, when the server is ours to watch. */
  cpuMsPerRequest?: number;
}

/** Prints one phase's throughput, latencies and errors; answers the two figures the target compares. */
function report(label: string, phase: Phase, seconds: number): Figures {
  const { result, refusals } = phase;
  const succeeded = result.requests.total - result.mismatches;
  const perSecond = succeeded / seconds;
  const errors = result.mismatches + result.errors;
  const { p50, p90, p99 } = result.latency;
  console.log(`${`${label}/s (ok)`.padEnd(15)} ${format(perSecond).padStart(8)}   (${format(succeeded)} in ${seconds} s)`);
  console.log(`latency p50     ${String(p50).padStart(8)} ms`);
  console.log(`latency p90     ${String(p90).padStart(8)} ms`);
  console.log(`latency p99     ${String(p99).padStart(8)} ms   (max ${result.latency.max} ms)`);
  console.log(
    `errors          ${format(errors).padStart(8)}   (refused or not ok ${format(result.mismatches)} of which non-2xx ${format(result.non2xx)}, ` +
      `connection errors ${format(result.errors - result.timeouts)}, timeouts ${format(result.timeouts)})`,
  );
  for (const [message, count] of [...refusals].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`  ${format(count).padStart(8)} × ${message}`);
  return { perSecond, p99 };
}

function compare(orders: Figures, floor: Figures, sqlFloor: SqlFloor): void {
  const ratio = orders.perSecond / floor.perSecond;
  console.log('');
  console.log(`orders/s ${format(orders.perSecond)} (p99 ${orders.p99} ms) · floor requests/s ${format(floor.perSecond)} (p99 ${floor.p99} ms) · ratio ${ratio.toFixed(2)}`);
  if (orders.cpuMsPerRequest !== undefined && floor.cpuMsPerRequest !== undefined) {
    // On a machine shared with other work neither server gets a whole core, and the throughput ratio says more about the neighbours than about the code; CPU per request does not.
    console.log(
      `server cpu per order ${orders.cpuMsPerRequest.toFixed(3)} ms · floor cpu per request ${floor.cpuMsPerRequest.toFixed(3)} ms · cpu ratio ${(floor.cpuMsPerRequest / orders.cpuMsPerRequest).toFixed(2)} (the ratio a CPU-bound server on an idle machine would reach)`,
    );
  }
  if (floor.cpuMsPerRequest !== undefined) {
    // An order pays at least both floors on the thread that answers it: their sum bounds the ratio whatever the code between them does.
    const bothFloors = floor.cpuMsPerRequest + sqlFloor.cpuMsPerOrder;
    console.log(
      `sql floor: the statements of one resting order, bare, ${sqlFloor.cpuMsPerOrder.toFixed(3)} ms cpu · with the http floor ${bothFloors.toFixed(3)} ms · ` +
        `best cpu ratio with the writes on the answering thread ${(floor.cpuMsPerRequest / bothFloors).toFixed(2)}`,
    );
  }
  const pass = ratio >= TARGET.floorRatio && orders.p99 < TARGET.p99Ms;
  console.log(`target: ratio ≥ ${TARGET.floorRatio}, order p99 < ${TARGET.p99Ms} ms   ${pass ? 'PASS' : 'MISS'}`);
}

interface FloorServer {
  url: string;
  cpuSeconds(): number;
  stop(): Promise<void>;
}

/** The floor in a child process of its own, as the order server is: neither shares the load generator's event loop. */
function startFloor(): Promise<FloorServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/floor-server.ts'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((ready, fail) => {
    child.once('exit', (code) => fail(new Error(`the floor server exited with ${code} before listening`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const port = /listening (\d+)/.exec(chunk.toString())?.[1];
      if (port) ready({ url: `http://127.0.0.1:${port}`, cpuSeconds: () => processCpuSeconds(child.pid as number), stop });
    });
  });
}

/** The same bodies, warm-up and measured run against the floor. */
async function measureFloor(bodies: string[], seconds: number, connections: number): Promise<Figures> {
  const floor = await startFloor();
  try {
    console.log('');
    console.log(`floor: bare Fastify with the same form parser at ${floor.url}, same bodies and connections`);
    await fire(floor.url, 'floor', bodies, WARMUP_SECONDS, connections);
    const benchCpuBefore = process.cpuUsage();
    const floorCpuBefore = floor.cpuSeconds();
    const phase = await fire(floor.url, 'floor', bodies, seconds, connections);
    const floorCpu = floor.cpuSeconds() - floorCpuBefore;
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const figures = report('requests', phase, seconds);
    console.log(describeCpu((benchCpu.user + benchCpu.system) / 1e6, floorCpu, seconds));
    return { ...figures, cpuMsPerRequest: (floorCpu * 1000) / (figures.perSecond * seconds) };
  } finally {
    await floor.stop();
  }
}

/** One round: the orders on their server, then the floor with the same bodies. */
async function round(options: { url: string | undefined; duration: number; connections: number }, nodeArgs: string[]): Promise<{ orders: Figures; floor: Figures }> {
  const { bodies, orders } = await withServer(
    options.url,
    {},
    async (url, server) => {
    const token = await login(url);
    const funds = requiredFunds(await btcPrice(url), WARMUP_SECONDS + options.duration);
    if (server) await credit(server, funds);
    else await assertFunded(url, token, funds);

    console.log(`server: ${server ? `started for this run (demo mode, fresh data dir) at ${url}` : url}`);
    await fire(url, token, orderBodies(await btcPrice(url), DISTINCT_ORDERS, 0x5eed), WARMUP_SECONDS, options.connections);
    const price = await btcPrice(url);
    console.log(
      `BTC/USDT at ${price}: ${Math.round((1 - CROSSING_SHARE) * 100)}% limit orders resting ${RESTING_BPS.min / 100}-${RESTING_BPS.max / 100}% from the price, ` +
        `${Math.round(CROSSING_SHARE * 100)}% crossing it by ${CROSSING_BPS.min / 100}-${CROSSING_BPS.max / 100}%; ${LOTS.min * LOT_BTC}-${LOTS.max * LOT_BTC} BTC each, half buys`,
    );
    console.log(`${options.connections} connections, ${options.duration} s measured after a ${WARMUP_SECONDS} s warm-up`);
    const benchCpuBefore = process.cpuUsage();
    const serverCpuBefore = server?.cpuSeconds() ?? 0;
    const bodies = orderBodies(price, DISTINCT_ORDERS, 0x0b0b5e);
    const phase = await fire(url, token, bodies, options.duration, options.connections);
    const serverCpu = server ? server.cpuSeconds() - serverCpuBefore : undefined;
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const figures = report('orders', phase, options.duration);
    console.log(describeCpu((benchCpu.user + benchCpu.system) / 1e6, serverCpu, options.duration));
    const orders = serverCpu === undefined ? figures : { ...figures, cpuMsPerRequest: (serverCpu * 1000) / (figures.perSecond * options.duration) };
    // After the order server has stopped, so the floor has the machine the orders had.
    return { bodies, orders };
    },
    nodeArgs,
  );
  const floor = await measureFloor(bodies, options.duration, options.connections);
  return { orders, floor };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** The median of each figure over the rounds (CPU only when every round measured it). */
function medianFigures(figures: Figures[]): Figures {
  const cpu = figures.map((figure) => figure.cpuMsPerRequest);
  return {
    perSecond: median(figures.map((figure) => figure.perSecond)),
    p99: median(figures.map((figure) => figure.p99)),
    cpuMsPerRequest: cpu.every((value) => value !== undefined) ? median(cpu as number[]) : undefined,
  };
}

async function main(): Promise<void> {
  const options = benchOptions({ duration: 10, connections: 50, rounds: 1 });
  const profileDir = process.env.BENCH_CPU_PROF;
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const rounds: { orders: Figures; floor: Figures }[] = [];
  for (let index = 1; index <= options.rounds; index++) {
    if (options.rounds > 1) console.log(`\n=== round ${index} of ${options.rounds}`);
    rounds.push(await round(options, nodeArgs));
  }
  if (options.rounds > 1) {
    console.log(`\nper round: ${rounds.map(({ orders, floor }) => `${format(orders.perSecond)}/${format(floor.perSecond)} = ${(orders.perSecond / floor.perSecond).toFixed(2)} (p99 ${orders.p99} ms)`).join(' · ')}`);
    console.log(`medians of ${options.rounds} rounds:`);
  }
  compare(medianFigures(rounds.map(({ orders }) => orders)), medianFigures(rounds.map(({ floor }) => floor)), measureSqlFloor());
}

runBench(main);
