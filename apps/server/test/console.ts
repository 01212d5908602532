import { eq } from 'drizzle-orm';
import { type OperatorRole, operators } from '../src/db/schema.ts';
import { hashPassword } from '../src/platform/passwords.ts';
import { currentTotp, newTotpSecret } from '../src/platform/totp.ts';
import { type Envelope, freshIp, type TestServer } from './harness.ts';

/** Test helpers for the operator console: operators ready to sign in, and a browser-like client with a cookie jar and the CSRF token. */

export interface TestOperator {
  id: number;
  email: string;
  password: string;
  secret: string;
  role: OperatorRole;
}

let operatorCounter = 0;

/** An operator who has finished setup (password and authenticator), straight in the database. */
export async function createOperator(server: TestServer, role: OperatorRole): Promise<TestOperator> {
  operatorCounter += 1;
  const email = `${role}${operatorCounter}.${Date.now()}@ops.example.com`;
  const password = `Operator-${operatorCounter}-pass`;
  const secret = newTotpSecret();
  const row = server.built.ctx.db
    .insert(operators)
    .values({ email, role, passwordHash: await hashPassword(password), totpSecret: secret, createdAt: server.built.ctx.now() })
    .returning()
    .get();
  return { id: row.id, email, password, secret, role };
}

/** The authenticator code at the server's clock, moving the clock to the next 30 s step when this one was already used (codes are single-use). */
export function freshCode(server: TestServer, operator: { id: number; secret: string }): string {
  const last = server.built.ctx.db.select({ step: operators.totpLastStep }).from(operators).where(eq(operators.id, operator.id)).get()?.step;
  if (last !== null && last !== undefined && Math.floor(server.built.ctx.now() / 30_000) <= last) server.advance(30_000);
  return currentTotp(operator.secret, server.built.ctx.now());
}

export interface ConsoleClient {
  cookie: string | undefined;
  csrf: string | undefined;
  ip: string;
  get<T = unknown>(path: string, query?: Record<string, unknown>): Promise<Envelope<T>>;
  /** A JSON POST with the session cookie and (unless `csrf: null`) the CSRF token. */
  post<T = unknown>(path: string, body?: Record<string, unknown>, options?: { csrf?: string | null }): Promise<Envelope<T>>;
  raw(path: string, init?: RequestInit): Promise<Response>;
}

/** A console client for /api/console paths; `lang` defaults to English so tests read English messages. */
export function consoleClient(server: TestServer, ip = freshIp()): ConsoleClient {
  const client: ConsoleClient = {
    cookie: undefined,
    csrf: undefined,
    ip,
    raw: async (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('x-forwarded-for', client.ip);
      if (client.cookie && !headers.has('cookie')) headers.set('cookie', client.cookie);
      const response = await fetch(`${server.base}/api/console${path}`, { ...init, headers });
      const setCookie = response.headers.get('set-cookie');
      if (setCookie) {
        const pair = setCookie.split(';')[0] ?? '';
        client.cookie = pair.endsWith('=') ? undefined : pair;
      }
      return response;
    },
    get: async (path, query = {}) => {
      const search = new URLSearchParams({ lang: 'en' });
      for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
      return (await (await client.raw(`${path}?${search}`)).json()) as Envelope<never>;
    },
    post: async (path, body = {}, options = {}) => {
      const csrf = options.csrf === undefined ? client.csrf : options.csrf;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (csrf) headers['x-csrf-token'] = csrf;
      return (await (await client.raw(path, { method: 'POST', headers, body: JSON.stringify({ lang: 'en', ...body }) })).json()) as Envelope<never>;
    },
  };
  return client;
}

/** The envelope of a raw response. */
export async function envelopeOf(response: Response): Promise<Envelope> {
  return (await response.json()) as Envelope;
}

export interface SignedIn {
  operator: { id: number; email: string; role: OperatorRole };
  permissions: string[];
  csrf: string;
}

/** Signs an operator in through the API and answers a client holding their session. */
export async function signIn(server: TestServer, operator: TestOperator): Promise<ConsoleClient> {
  const client = consoleClient(server);
  const answer = await client.post<SignedIn>('/auth/login', { email: operator.email, password: operator.password, code: freshCode(server, operator) });
  if (answer.type !== 'ok') throw new Error(`console login failed: ${JSON.stringify(answer)}`);
  client.csrf = answer.message.csrf;
  return client;
}
