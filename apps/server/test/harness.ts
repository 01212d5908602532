import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BuiltApp, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { creditDemoFunds } from '../src/ledger/demo-funds.ts';
import { findUserByAccount } from '../src/platform/users.ts';
import { toMinor } from '@openbourse/core';

export interface Envelope<T = unknown> {
  type: string;
  message: T;
}

export interface CallOptions {
  token?: string;
  lang?: string;
  /** Tests act as many clients; each fake address gets its own IP rate-limit bucket. */
  ip?: string;
  /** The browser the call claims to come from (login history, sessions, new-device mail). */
  userAgent?: string;
}

export interface TestServer {
  base: string;
  built: BuiltApp;
  dataDir: string;
  /** Moves the server's clock forward (code expiry, account locks). */
  advance(ms: number): void;
  /** Sets the server's clock to a moment (trading hours). */
  setTime(ms: number): void;
  post<T = unknown>(path: string, body?: Record<string, unknown>, options?: CallOptions): Promise<Envelope<T>>;
  get<T = unknown>(path: string, query?: Record<string, unknown>, options?: CallOptions): Promise<Envelope<T>>;
  raw(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** Servers started by the current test file; the setup file checks each one's ledger before closing it. */
export const runningServers = new Set<TestServer>();

function headers(options: CallOptions): Record<string, string> {
  const result: Record<string, string> = {};
  if (options.token) result.authorization = `Bearer ${options.token}`;
  if (options.ip) result['x-forwarded-for'] = options.ip;
  if (options.userAgent) result['user-agent'] = options.userAgent;
  return result;
}

function formOf(values: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) form.append(key, String(value));
  return form;
}

/** A real server on a real port over a fresh SQLite file: API tests talk HTTP, never inject. */
export async function startServer(environment: Record<string, string> = {}, options: { startAt?: number; dataDir?: string } = {}): Promise<TestServer> {
  // A given data dir is a restart: the same database file, as after a deploy.
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'openbourse-test-'));
  // A start time in the past or future lets a test see what the server does at that moment (trading hours, back-fill).
  let offset = options.startAt === undefined ? 0 : options.startAt - Date.now();
  // No simulator and no back-filled history: tests push the prices they need through the feed endpoint.
  const config = loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '1', LOG_LEVEL: 'silent', MARKET_FEED: 'none', MARKET_HISTORY_DAYS: '0', ...environment });
  const built = await buildApp(config, { now: () => Date.now() + offset, logger: false });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const address = built.app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const call = async <T>(path: string, init: RequestInit): Promise<Envelope<T>> => {
    const response = await fetch(`${base}${path}`, init);
    const body = (await response.json()) as Envelope<T>;
    if (response.status !== 200) throw new Error(`HTTP ${response.status} for ${path}: ${JSON.stringify(body)}`);
    return body;
  };

  const server: TestServer = {
    base,
    built,
    dataDir,
    advance: (ms) => {
      offset += ms;
    },
    setTime: (ms) => {
      offset = ms - Date.now();
    },
    post: (path, body = {}, options = {}) =>
      call(`/api${path}`, { method: 'POST', headers: headers(options), body: formOf({ lang: options.lang, ...body }) }),
    get: (path, query = {}, options = {}) => call(`/api${path}?${formOf({ lang: options.lang, ...query })}`, { headers: headers(options) }),
    raw: (path, init) => fetch(`${base}${path}`, init),
    close: async () => {
      runningServers.delete(server);
      await built.app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  runningServers.add(server);
  return server;
}

/** Stops a server, keeping its data dir, and starts a new one on the same database: what a restart or a deploy does. `startAt` starts the new one's clock there (a server that stayed down for a while). */
export async function restartServer(server: TestServer, environment: Record<string, string> = {}, options: { startAt?: number } = {}): Promise<TestServer> {
  runningServers.delete(server);
  await server.built.app.close();
  return startServer(environment, { dataDir: server.dataDir, startAt: options.startAt });
}

let ipCounter = 0;
/** A fresh client address, so rate limits of one test do not leak into another. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export async function latestCode(server: TestServer, to: string): Promise<string> {
  const outbox = await server.get<{ code: string }[]>('/dev/outbox', { to });
  const code = outbox.message[0]?.code;
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** A fresh app device id, as the H5 app sends at registration (one per simulated phone). */
export function freshDevice(): string {
  return randomBytes(32).toString('base64url');
}

let emailCounter = 0;
export function uniqueEmail(prefix = 'user'): string {
  emailCounter += 1;
  return `${prefix}${emailCounter}.${Date.now()}@example.com`;
}

/** Registers through the public API (code from the dev outbox) and answers the session token. */
export async function registerUser(server: TestServer, email = uniqueEmail(), password = 'Secret123'): Promise<{ email: string; password: string; token: string }> {
  const ip = freshIp();
  const sent = await server.post('/sms_mail', { user_string: email, scene: 'register' }, { ip });
  if (sent.type !== 'ok') throw new Error(`code not sent: ${JSON.stringify(sent)}`);
  const code = await latestCode(server, email);
  const registered = await server.post<string>('/user/register', { user_string: email, code, password, re_password: password, device_token: freshDevice() }, { ip });
  if (registered.type !== 'ok') throw new Error(`registration failed: ${JSON.stringify(registered)}`);
  return { email, password, token: registered.message };
}

/** Binds a phone so the user may request identity verification (spec 5: email and phone both bound). */
export async function bindPhone(server: TestServer, token: string, mobile: string): Promise<void> {
  const ip = freshIp();
  const sent = await server.post('/sms_send', { mobile, area_code: '86', scene: 'bind' }, { token, ip });
  if (sent.type !== 'ok') throw new Error(`sms not sent: ${JSON.stringify(sent)}`);
  const bound = await server.post('/safe/mobile', { mobile, code: await latestCode(server, mobile), area_code: '86' }, { token, ip });
  if (bound.type !== 'ok') throw new Error(`phone not bound: ${JSON.stringify(bound)}`);
}

let phoneCounter = 0;
export function uniquePhone(): string {
  phoneCounter += 1;
  return `139${String(Date.now() % 10_000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
}

/** A 1×1 PNG, enough for the upload sniffer. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export async function upload(server: TestServer, token: string, bytes: Buffer, fileName = 'picture.png', uploadDir = 'identity'): Promise<Envelope<string>> {
  const form = new FormData();
  form.append('upload_dir', uploadDir);
  form.append('file', new Blob([bytes]), fileName);
  const response = await server.raw('/api/user/upload', { method: 'POST', headers: { authorization: token }, body: form });
  return (await response.json()) as Envelope<string>;
}

/** Pushes prices the way `pnpm replay` does, with the key the server generated under its data dir. */
export async function pushTicks(server: TestServer, symbol: string, ticks: { price: string; volume?: string; time?: number }[]): Promise<Envelope<{ accepted: number }>> {
  const key = readFileSync(join(server.dataDir, 'feed.key'), 'utf8').trim();
  const response = await server.raw('/api/feed/ticks', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-feed-key': key },
    body: JSON.stringify({ symbol, ticks }),
  });
  return (await response.json()) as Envelope<{ accepted: number }>;
}

/** Demo funds through the ledger, as `pnpm ops credit` gives them. */
export function credit(server: TestServer, email: string, amount: string, symbol: string, accountTypeId = 2): void {
  const { ctx } = server.built;
  const user = findUserByAccount(ctx.db, email);
  const currency = ctx.catalog.currencyBySymbol(symbol);
  if (!user || !currency) throw new Error(`cannot credit ${email} ${symbol}`);
  ctx.db.transaction(() => creditDemoFunds(ctx, { userId: user.id, currency, accountTypeId, units: toMinor(amount, currency.scale), actor: 'test' }));
}

export async function login(server: TestServer, email: string, password: string): Promise<string> {
  const result = await server.post<string>('/user/login', { user_string: email, password }, { ip: freshIp() });
  if (result.type !== 'ok') throw new Error(`login failed: ${JSON.stringify(result)}`);
  return result.message;
}

export const DEMO = { email: 'demo@openbourse.test', password: 'Demo12345' } as const;
