import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import type { Envelope } from './harness.ts';

/**
 * The real server as operators run it: `src/main.ts` in its own process, so
 * a test can kill it (SIGKILL, SIGTERM) and start it again on the same data
 * directory. Prices come only from what the test pushes (MARKET_FEED=none).
 */

const SERVER_ROOT = resolve(import.meta.dirname, '..');
const STARTUP_TIMEOUT_MS = 60_000;
const KEPT_OUTPUT_CHARS = 16_000;

export interface ChildServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Resolves when the process has ended, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The end of what the process wrote to stdout and stderr. */
  stdout(): string;
  stderr(): string;
  post<T = unknown>(path: string, body: Record<string, string | number>, token?: string): Promise<Envelope<T>>;
  get<T = unknown>(path: string, query?: Record<string, string | number>, token?: string): Promise<Envelope<T>>;
}

/** An answer that is not HTTP 200: the envelope convention was broken (as opposed to a connection that died). */
export class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status}: ${body}`);
  }
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function formOf(values: Record<string, string | number>): URLSearchParams {
  return new URLSearchParams(Object.fromEntries(Object.entries(values).map(([key, value]) => [key, String(value)])));
}

let ipCounter = 0;
/** Each call its own client address, so the IP rate limits of a burst do not refuse the burst itself. */
function nextIp(): string {
  ipCounter += 1;
  return `10.99.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export async function startChildServer(dataDir: string, environment: Record<string, string> = {}): Promise<ChildServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '1',
    MARKET_FEED: 'none',
    MARKET_HISTORY_DAYS: '0',
    // The crash tests sign many traders up from one address.
    REGISTRATION_LIMIT_IP_PER_DAY: '0',
    ...environment,
  };
  delete env.NODE_ENV;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: SERVER_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout = (stdout + chunk.toString()).slice(-KEPT_OUTPUT_CHARS);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-KEPT_OUTPUT_CHARS);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.once('exit', (code, signal) => done({ code, signal })));
  const url = `http://127.0.0.1:${port}`;

  const call = async <T>(path: string, init: RequestInit, token?: string): Promise<Envelope<T>> => {
    const headers = new Headers(init.headers);
    headers.set('x-forwarded-for', nextIp());
    if (token) headers.set('authorization', token);
    const response = await fetch(`${url}/api${path}`, { ...init, headers });
    if (response.status !== 200) throw new HttpStatusError(response.status, await response.text());
    return (await response.json()) as Envelope<T>;
  };
  const server: ChildServer = {
    url,
    dataDir,
    process: child,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    post: (path, body, token) => call(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: formOf(body) }, token),
    get: (path, query = {}, token) => call(`${path}?${formOf(query)}`, {}, token),
  };

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited while starting:\n${stdout}\n${stderr}`);
    try {
      if ((await fetch(`${url}/api/getSiteConfig`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer within ${STARTUP_TIMEOUT_MS / 1000} s:\n${stdout}\n${stderr}`);
}

/** Pushes prices the way `pnpm replay` does, with the key the server generated under its data dir. */
export async function pushChildTicks(server: ChildServer, symbol: string, prices: string[]): Promise<void> {
  const key = readFileSync(join(server.dataDir, 'feed.key'), 'utf8').trim();
  const response = await fetch(`${server.url}/api/feed/ticks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-feed-key': key },
    body: JSON.stringify({ symbol, ticks: prices.map((price) => ({ price })) }),
  });
  const answer = (await response.json()) as Envelope;
  if (answer.type !== 'ok') throw new Error(`ticks refused: ${JSON.stringify(answer)}`);
}

/** Registers a user through the API with the code from the dev outbox; answers its token. */
export async function registerChildUser(server: ChildServer, email: string, password = 'Secret123'): Promise<string> {
  const sent = await server.post('/sms_mail', { user_string: email, scene: 'register' });
  if (sent.type !== 'ok') throw new Error(`code not sent: ${JSON.stringify(sent)}`);
  const outbox = await server.get<{ code: string }[]>('/dev/outbox', { to: email });
  const code = outbox.message[0]?.code ?? '';
  const registered = await server.post<string>('/user/register', { user_string: email, code, password, re_password: password, device_token: randomBytes(32).toString('base64url') });
  if (registered.type !== 'ok') throw new Error(`registration failed: ${JSON.stringify(registered)}`);
  return registered.message;
}

export async function loginChildUser(server: ChildServer, email: string, password: string): Promise<string> {
  const answer = await server.post<string>('/user/login', { user_string: email, password });
  if (answer.type !== 'ok') throw new Error(`login failed: ${JSON.stringify(answer)}`);
  return answer.message;
}
