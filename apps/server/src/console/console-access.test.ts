import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleClient, createOperator, envelopeOf, freshCode, type SignedIn, signIn, type TestOperator } from '../../test/console.ts';
import { freshIp, registerUser, startServer, type TestServer } from '../../test/harness.ts';
import { operatorLogins, operators } from '../db/schema.ts';
import { currentTotp } from '../platform/totp.ts';
import { LOCK_DURATION_MS } from './auth.ts';
import { DEMO_OPERATOR } from './demo-operator.ts';
import { addOperator } from './operators.ts';
import { IDLE_TIMEOUT_MS } from './sessions.ts';
import { PERMISSIONS } from './permissions.ts';
import { REVIEW_QUEUES } from './queues/registry.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

const FORBIDDEN = 'Your role does not allow this action';
const LOGIN_FAILED = 'Wrong email, password or code';
const ARTICLE = { category: 'news', texts: { en: { title: 'Draft', summary: 'Summary', body: 'Body' } } };

/** One call per permission, harmless whoever makes it: an allowed role gets a business answer (often "not found"), never the refusal. */
const CALLS: { name: string; roles: string[]; call: (client: Awaited<ReturnType<typeof signIn>>) => Promise<{ type: string; message: unknown }> }[] = [
  { name: 'dashboard', roles: ['admin', 'reviewer', 'support', 'viewer'], call: (c) => c.get('/dashboard') },
  { name: 'run the ledger check', roles: ['admin'], call: (c) => c.post('/dashboard/ledger-check') },
  { name: 'verification queue', roles: ['admin', 'reviewer', 'support', 'viewer'], call: (c) => c.get('/queues/verification') },
  { name: 'approve a verification', roles: ['admin', 'reviewer'], call: (c) => c.post('/queues/verification/999999/approve') },
  { name: 'reject a verification', roles: ['admin', 'reviewer'], call: (c) => c.post('/queues/verification/999999/reject', { reason_code: 'blurred' }) },
  { name: 'user search', roles: ['admin', 'reviewer', 'support', 'viewer'], call: (c) => c.get('/users', { q: 'nobody' }) },
  { name: 'user futures', roles: ['admin', 'reviewer', 'support', 'viewer'], call: (c) => c.get('/users/999999/futures') },
  { name: 'user seconds options', roles: ['admin', 'reviewer', 'support', 'viewer'], call: (c) => c.get('/users/999999/options') },
  { name: 'user earn', roles: ['admin', 'reviewer', 'support', 'viewer'], call: (c) => c.get('/users/999999/earn', { kind: 'dual' }) },
  { name: 'user copy trading', roles: ['admin', 'reviewer', 'support', 'viewer'], call: (c) => c.get('/users/999999/copy-trading') },
  { name: 'freeze a user', roles: ['admin', 'support'], call: (c) => c.post('/users/999999/freeze', { reason: 'test' }) },
  { name: 'unfreeze a user', roles: ['admin', 'support'], call: (c) => c.post('/users/999999/unfreeze', { reason: 'test' }) },
  { name: 'content list', roles: ['admin', 'support', 'viewer'], call: (c) => c.get('/content/article') },
  { name: 'save a content draft', roles: ['admin', 'support'], call: (c) => c.post('/content/article/999999/draft', { doc: ARTICLE }) },
  { name: 'publish content', roles: ['admin'], call: (c) => c.post('/content/article/999999/publish') },
  { name: 'take content down', roles: ['admin'], call: (c) => c.post('/content/article/999999/unpublish') },
  { name: 'audit trail', roles: ['admin'], call: (c) => c.get('/audit') },
  { name: 'audit export', roles: ['admin'], call: async (c) => {
    const response = await c.raw('/audit/export?lang=en');
    return response.headers.get('content-type')?.startsWith('text/csv') ? { type: 'ok', message: 'csv' } : envelopeOf(response);
  } },
];

describe('console roles', () => {
  it.each(['admin', 'reviewer', 'support', 'viewer'] as const)('%s sees and does only its own, checked by the server', async (role) => {
    const client = await signIn(server, await createOperator(server, role));
    const me = await client.get<SignedIn>('/auth/me');
    expect(me.message.operator.role).toBe(role);
    for (const { name, roles, call } of CALLS) {
      const answer = await call(client);
      if (roles.includes(role)) expect({ name, answer }).not.toMatchObject({ answer: { message: FORBIDDEN } });
      else expect({ name, answer }).toEqual({ name, answer: { type: 'error', message: FORBIDDEN } });
    }
  });

  it('refuses a role without the permission before it looks at the body: the refusal, not a validation message', async () => {
    const viewer = await signIn(server, await createOperator(server, 'viewer'));
    expect(await viewer.post('/earn/lock-mining', {})).toEqual({ type: 'error', message: FORBIDDEN });
    expect(await viewer.post('/queues/verification/999999/reject', {})).toEqual({ type: 'error', message: FORBIDDEN });
    expect(await viewer.post('/users/999999/freeze', { reason: '' })).toEqual({ type: 'error', message: FORBIDDEN });
  });

  it('lists only the queues a role may see, with what is pending', async () => {
    const viewer = await signIn(server, await createOperator(server, 'viewer'));
    const queues = await viewer.get<{ key: string; pending: number; can_decide: boolean }[]>('/queues');
    const visible = REVIEW_QUEUES.filter((queue) => (PERMISSIONS[queue.permissions.view] as readonly string[]).includes('viewer')).map((queue) => queue.key);
    expect(visible).toEqual(expect.arrayContaining(['verification', 'deposits', 'withdrawals']));
    expect(queues.message).toEqual(visible.map((key) => ({ key, pending: expect.any(Number), can_decide: false })));
  });
});

describe('console sessions', () => {
  it('refuses a user token on console routes, and a console session on user routes', async () => {
    const user = await registerUser(server);
    const withUserToken = await server.raw('/api/console/dashboard?lang=en', { headers: { authorization: `Bearer ${user.token}` } });
    expect(await envelopeOf(withUserToken)).toEqual({ type: '999', message: 'Please log in first' });

    const admin = await signIn(server, await createOperator(server, 'admin'));
    const withConsoleCookie = await server.raw('/api/user/info?lang=en', { headers: { cookie: admin.cookie as string } });
    expect((await envelopeOf(withConsoleCookie)).type).toBe('999');
  });

  it('sets an HttpOnly, SameSite=Strict session cookie on the whole site', async () => {
    const operator = await createOperator(server, 'viewer');
    const response = await consoleClient(server).raw('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: operator.email, password: operator.password, code: freshCode(server, operator) }),
    });
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^ob_console=[\w-]{40,};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
  });

  it('refuses a state change without the CSRF token or with a wrong one, and changes nothing', async () => {
    const support = await signIn(server, await createOperator(server, 'support'));
    const user = await registerUser(server);
    const userId = (await support.get<{ id: number }[]>('/users', { q: user.email })).message[0]?.id as number;
    const refused = 'The request could not be verified. Please reload the page and try again';
    expect(await support.post(`/users/${userId}/freeze`, { reason: 'no token' }, { csrf: null })).toEqual({ type: 'error', message: refused });
    expect(await support.post(`/users/${userId}/freeze`, { reason: 'wrong token' }, { csrf: 'f'.repeat(64) })).toEqual({ type: 'error', message: refused });
    expect((await support.get<{ frozen: boolean }>(`/users/${userId}`)).message.frozen).toBe(false);
    expect((await support.post(`/users/${userId}/freeze`, { reason: 'with token' })).type).toBe('ok');
  });

  it('ends a session after 30 minutes without a request, and keeps an active one', async () => {
    const client = await signIn(server, await createOperator(server, 'viewer'));
    server.advance(IDLE_TIMEOUT_MS - 60_000);
    expect((await client.get('/auth/me')).type).toBe('ok');
    server.advance(IDLE_TIMEOUT_MS - 60_000);
    expect((await client.get('/auth/me')).type).toBe('ok');
    server.advance(IDLE_TIMEOUT_MS + 1000);
    expect(await client.get('/auth/me')).toEqual({ type: '999', message: 'You were inactive for too long. Please sign in again' });
    // Ended for good: coming back to it does not revive it.
    expect((await client.get('/auth/me')).type).toBe('999');
  });

  it('signs out', async () => {
    const client = await signIn(server, await createOperator(server, 'viewer'));
    const cookie = client.cookie as string;
    expect((await client.post('/auth/logout')).type).toBe('ok');
    expect(client.cookie).toBeUndefined();
    const reused = await server.raw('/api/console/auth/me?lang=en', { headers: { cookie } });
    expect((await envelopeOf(reused)).type).toBe('999');
  });
});

describe('console sign-in', () => {
  const attempt = (operator: TestOperator, overrides: Record<string, string>, ip = freshIp()) => {
    const client = consoleClient(server, ip);
    return client.post('/auth/login', { email: operator.email, password: operator.password, code: freshCode(server, operator), ...overrides });
  };

  it('needs the password and a fresh authenticator code, each code once', async () => {
    const operator = await createOperator(server, 'viewer');
    expect(await attempt(operator, { password: 'wrong-password-1' })).toEqual({ type: 'error', message: LOGIN_FAILED });
    expect(await attempt(operator, { code: '000000' })).toEqual({ type: 'error', message: LOGIN_FAILED });
    const code = freshCode(server, operator);
    expect((await attempt(operator, { code })).type).toBe('ok');
    expect(await attempt(operator, { code })).toEqual({ type: 'error', message: LOGIN_FAILED });
    expect(await attempt({ ...operator, email: 'nobody@ops.example.com' }, {})).toEqual({ type: 'error', message: LOGIN_FAILED });
  });

  it('locks an operator after five failures for 15 minutes, and records every attempt', async () => {
    const operator = await createOperator(server, 'admin');
    for (let failure = 1; failure <= 4; failure += 1) expect((await attempt(operator, { password: `wrong-${failure}` })).message).toBe(LOGIN_FAILED);
    expect(await attempt(operator, { password: 'wrong-5' })).toEqual({ type: 'error', message: 'Too many wrong passwords or codes. The account is locked; try again in 15 minutes' });
    expect((await attempt(operator, {})).message).toBe('Too many wrong passwords or codes. The account is locked; try again in 15 minutes');

    const logins = server.built.ctx.db.select().from(operatorLogins).where(eq(operatorLogins.operatorId, operator.id)).orderBy(desc(operatorLogins.id)).all();
    expect(logins.map((row) => [row.success, row.failure])).toEqual([[false, 'locked'], ...Array.from({ length: 5 }, () => [false, 'password'])]);
    expect(logins.every((row) => row.ip.length > 0)).toBe(true);

    server.advance(LOCK_DURATION_MS);
    expect((await attempt(operator, {})).type).toBe('ok');
    const latest = server.built.ctx.db.select().from(operatorLogins).where(eq(operatorLogins.operatorId, operator.id)).orderBy(desc(operatorLogins.id)).get();
    expect(latest).toMatchObject({ success: true, failure: '' });
  });

  it('limits sign-in attempts per address', async () => {
    const ip = freshIp();
    const answers: string[] = [];
    for (let count = 0; count < 11; count += 1) {
      answers.push((await consoleClient(server, ip).post<string>('/auth/login', { email: 'flood@ops.example.com', password: 'x', code: '123456' })).message);
    }
    expect(answers.slice(0, 10).every((message) => message === LOGIN_FAILED)).toBe(true);
    expect(answers[10]).toBe('Too many requests. Please try again later');
  });
});

describe('operator setup through the one-time link', () => {
  it('sets the password and authenticator, signs in, and cannot be used twice', async () => {
    const { ctx } = server.built;
    const { operator, token } = addOperator(ctx, 'New.Reviewer@ops.example.com', 'reviewer', 'test@ops');
    expect(operator).toMatchObject({ email: 'new.reviewer@ops.example.com', passwordHash: null, totpSecret: null });
    const client = consoleClient(server);

    expect((await client.post('/auth/setup/begin', { token: 'x'.repeat(43) })).message).toBe('This setup link is invalid or has expired. Ask an administrator for a new one');
    const begun = await client.post<{ email: string; role: string; secret: string; uri: string; qr: string }>('/auth/setup/begin', { token });
    expect(begun.message).toMatchObject({ email: 'new.reviewer@ops.example.com', role: 'reviewer' });
    expect(begun.message.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(begun.message.qr).toMatch(/^data:image\/png;base64,/);
    // Reopening the link shows the same secret, so a scanned QR code stays valid.
    expect((await client.post<{ secret: string }>('/auth/setup/begin', { token })).message.secret).toBe(begun.message.secret);

    const code = () => currentTotp(begun.message.secret, ctx.now());
    expect((await client.post('/auth/setup/finish', { token, password: 'short1', code: code() })).message).toBe('The password needs at least 12 characters, with both letters and digits');
    expect((await client.post('/auth/setup/finish', { token, password: 'Reviewer-pass-2026', code: '000000' })).message).toBe('Wrong code. Enter the 6 digits your authenticator app shows now');
    const finished = await client.post<SignedIn>('/auth/setup/finish', { token, password: 'Reviewer-pass-2026', code: code() });
    expect(finished.message).toMatchObject({ operator: { email: 'new.reviewer@ops.example.com', role: 'reviewer' }, permissions: expect.arrayContaining(['verification.decide']) });
    client.csrf = finished.message.csrf;
    expect((await client.get('/queues/verification')).type).toBe('ok');

    expect((await client.post('/auth/setup/finish', { token, password: 'Reviewer-pass-2026', code: code() })).type).toBe('error');
    const stored = ctx.db.select().from(operators).where(eq(operators.id, operator.id)).get();
    expect(stored).toMatchObject({ setupTokenHash: null, pendingTotpSecret: null, totpSecret: begun.message.secret });
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
  });
});

describe('the demo operator', () => {
  it('exists in demo mode only', async () => {
    expect(server.built.ctx.db.select().from(operators).where(eq(operators.email, DEMO_OPERATOR.email)).get()).toMatchObject({ role: 'admin' });
    const production = await startServer({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(production.built.ctx.db.select().from(operators).all()).toEqual([]);
    await production.close();
  });
});

describe('the console API description', () => {
  it('lists every console route under the console tag, authenticated by the console cookie', async () => {
    const spec = (await (await server.raw('/api/docs/json')).json()) as { paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>> };
    const consolePaths = Object.entries(spec.paths).filter(([path]) => path.startsWith('/api/console/'));
    expect(consolePaths.map(([path]) => path)).toEqual(expect.arrayContaining(['/api/console/auth/login', '/api/console/dashboard', '/api/console/queues/verification/{id}/approve', '/api/console/users/{id}/freeze', '/api/console/content/article/{key}/publish', '/api/console/audit/export']));
    for (const [path, operations] of consolePaths) {
      for (const operation of Object.values(operations)) {
        expect({ path, tags: operation.tags }).toEqual({ path, tags: ['console'] });
        if (!path.startsWith('/api/console/auth/login') && !path.startsWith('/api/console/auth/setup')) expect({ path, security: operation.security }).toEqual({ path, security: [{ consoleSession: [] }] });
      }
    }
  });
});
