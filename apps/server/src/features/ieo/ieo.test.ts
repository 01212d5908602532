import { DAY_MS } from '@openbourse/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ieoProjects } from '../../db/schema.ts';
import { checkLedger } from '../../ledger/check.ts';
import { credit, login, registerUser, restartServer, runningServers, startServer, type TestServer } from '../../../test/harness.ts';

interface Project {
  id: number;
  name: string;
  description: string;
  token: string;
  prices: { currency: string; price: string }[];
  total_issuance: string;
  min_per_user: string;
  max_per_user: string;
  subscribe_start: number;
  subscribe_end: number;
  status: 'warmup' | 'in_progress' | 'finished';
  progress: string;
  total_committed: string;
  subscribers: number;
  whitepaper: string;
  my_order: IeoOrder | null;
}

interface IeoOrder {
  id: number;
  status: string;
  committed: string;
  held: string;
  allocation: {
    total_committed: string;
    total_issuance: string;
    oversubscribed: boolean;
    pro_rata: string;
    cap: string;
    capped: boolean;
    basis: 'pro_rata' | 'cap' | 'commitment' | 'redistributed';
    redistribution: { pool: string; uncapped_committed: string } | null;
    allocated: string;
    paid: string;
    refunded: string;
  } | null;
}

const START = Date.UTC(2026, 10, 23, 5, 30);
const HOUR = 3_600_000;

let server: TestServer;
let testProjectId: number;
const subscribers: Record<'a' | 'b' | 'c', { email: string; password: string; token: string }> = {} as never;

/** Stops the server and starts it again on the same database at a moment, as a deploy would. */
async function restartAt(time: number) {
  runningServers.delete(server);
  await server.built.app.close();
  server = await startServer({}, { dataDir: server.dataDir, startAt: time });
}

async function at(time: number) {
  server.setTime(time);
  await server.built.ctx.scheduler.runDue();
}

const allocations = (orderId: number) => (server.built.ctx.sqlite.prepare("SELECT COUNT(*) AS n FROM journal_entries WHERE ref_type = 'ieo_order' AND type = 'ieo_allocate' AND ref_id = ?").get(String(orderId)) as { n: number }).n;

const wallet = async (token: string, currency: string) => (await server.post<{ available: string; frozen: string }>('/wallet/detail', { currency, type: 'change' }, { token })).message;
const list = async (query: Record<string, unknown> = {}) => (await server.get<{ list: Project[]; total: number }>('/project', query, { lang: 'en' })).message;

beforeAll(async () => {
  server = await startServer({}, { startAt: START });
  for (const key of ['a', 'b', 'c'] as const) {
    const user = await registerUser(server);
    credit(server, user.email, '20000', 'USDT');
    subscribers[key] = user;
  }
  // A small sale of our own: 1,000 TST at 2 USDT, at most 400 allocated per subscriber, open for two hours, locked two days after.
  const now = START;
  testProjectId = server.built.ctx.db
    .insert(ieoProjects)
    .values({
      tokenCurrencyId: 990,
      tokenSymbol: 'TST',
      tokenName: 'Test Token',
      tokenScale: 2,
      tokenIcon: '/static/coins/tst.svg',
      texts: { en: { name: 'Test sale', description: 'A sale for the test' } },
      prices: [{ currency_id: 3, price: '2' }],
      totalIssuance: 1000_00,
      minPerUser: 10_00,
      maxPerUser: 400_00,
      subscribeStart: now - HOUR,
      subscribeEnd: now + HOUR,
      lockDays: 2,
      sort: 99,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: ieoProjects.id })
    .get().id;
});

afterAll(async () => {
  await server.close();
});

describe('IEO projects', () => {
  it('seeds one project in warm-up, one in progress and one finished, with texts in the reader\'s language', async () => {
    const seeded = (await list()).list.filter((project) => project.id !== testProjectId);
    expect(seeded.map((project) => [project.token, project.status])).toEqual([
      ['NOVA', 'warmup'],
      ['ORBT', 'in_progress'],
      ['LUMA', 'finished'],
    ]);
    expect(seeded[1]).toMatchObject({ name: 'Orbit Network', prices: [{ currency: 'USDT', price: '0.25' }, { currency: 'BTC', price: '0.0000026' }], min_per_user: '40.0000', max_per_user: '40000.0000', whitepaper: expect.stringMatching(/^https:/) });
    expect((await server.get<{ list: Project[] }>('/project', {}, { lang: 'jp' })).message.list[1]?.description).toMatch(/クロスチェーン/);
    expect((await list({ status: 'warmup' })).list.map((project) => project.token)).toEqual(['NOVA']);
  });

  it('lists a finished sale\'s token as a platform currency', async () => {
    await server.built.ctx.scheduler.runDue();
    const currencies = await server.get<{ symbol?: string; currency?: string }[]>('/currency/list');
    expect(JSON.stringify(currencies.message)).toContain('LUMA');
  });
});

describe('an oversubscribed IEO', () => {
  it('holds each subscription\'s cost in the spot account', async () => {
    const amounts = { a: '500', b: '500', c: '1000' };
    for (const key of ['a', 'b', 'c'] as const) {
      const result = await server.post<IeoOrder>('/project/order', { project_id: testProjectId, amount: amounts[key], pay_currency: 'USDT', price: '2' }, { token: subscribers[key].token });
      expect(result.message).toMatchObject({ status: 'pending', committed: `${amounts[key]}.00`, allocation: null });
    }
    expect(await wallet(subscribers.a.token, 'USDT')).toEqual(expect.objectContaining({ available: '19000.000000', frozen: '1000.000000' }));
    expect(await wallet(subscribers.c.token, 'USDT')).toEqual(expect.objectContaining({ available: '18000.000000', frozen: '2000.000000' }));
    const detail = await server.get<Project>('/project/detail', { project_id: testProjectId }, { token: subscribers.a.token });
    expect(detail.message).toMatchObject({ total_committed: '2000.00', subscribers: 3, progress: '200.00', my_order: { committed: '500.00' } });
  });

  it('refuses bad subscriptions and changes nothing', async () => {
    const { token } = subscribers.a;
    const other = await registerUser(server);
    credit(server, other.email, '500', 'USDT');
    const attempt = (body: Record<string, unknown>, as = other.token) => server.post('/project/order', { project_id: testProjectId, pay_currency: 'USDT', price: '2', amount: '100', ...body }, { token: as, lang: 'en' });
    expect((await attempt({ amount: '9.99' })).message).toBe('The minimum is 10.00 TST');
    expect((await attempt({ amount: '1000.01' })).message).toBe('You cannot subscribe to more than the total issuance');
    expect((await attempt({ amount: '10.001' })).message).toBe('TST allows at most 2 decimals');
    expect((await attempt({ price: '1.9' })).message).toBe('The price has changed (now 2 USDT). Please refresh and try again');
    expect((await attempt({ price: 'cheap' })).message).toBe('Enter a correct price');
    expect((await attempt({ pay_currency: 'ETH' })).message).toBe('This project does not accept that payment currency');
    expect((await attempt({}, token)).message).toBe('You have already subscribed to this project');
    const seeded = (await list()).list;
    const warmup = seeded.find((project) => project.status === 'warmup') as Project;
    const finished = seeded.find((project) => project.status === 'finished') as Project;
    expect((await attempt({ project_id: warmup.id, pay_currency: 'USDT', price: warmup.prices[0]?.price })).message).toBe('This product is not yet on sale or has ended');
    expect((await attempt({ project_id: finished.id, pay_currency: 'USDT', price: finished.prices[0]?.price })).message).toBe('This product is not yet on sale or has ended');
    expect((await attempt({ amount: '600' })).message).toBe('Insufficient balance');
    expect(await wallet(other.token, 'USDT')).toEqual(expect.objectContaining({ available: '500.000000', frozen: '0.000000' }));
    expect((await server.get<{ total: number }>('/user/project/order', {}, { token: other.token })).message.total).toBe(0);
  });

  it('allocates pro rata at the end, caps at the per-user maximum, redistributes the excess, releases the rest at once', async () => {
    server.setTime(START + HOUR + 1000);
    await server.built.ctx.scheduler.runDue();
    const orderOf = async (key: 'a' | 'b' | 'c') => (await server.get<{ list: IeoOrder[] }>('/user/project/order', {}, { token: subscribers[key].token })).message.list[0] as IeoOrder;
    // Pro rata alone: a and b 250 each, c 500; c is capped at 400 and its other 100 go to a and b.
    expect((await orderOf('a')).allocation).toEqual({
      total_committed: '2000.00',
      total_issuance: '1000.00',
      oversubscribed: true,
      pro_rata: '250.00',
      cap: '400.00',
      capped: false,
      // What a and b shared after c's cap: (1000 − 400) × 500 ÷ 1000 = 300, shown on the order.
      basis: 'redistributed',
      redistribution: { pool: '600.00', uncapped_committed: '1000.00' },
      allocated: '300.00',
      paid: '600.000000',
      refunded: '400.000000',
    });
    expect((await orderOf('c')).allocation).toMatchObject({ pro_rata: '500.00', cap: '400.00', capped: true, basis: 'cap', redistribution: null, allocated: '400.00', paid: '800.000000', refunded: '1200.000000' });
    // Paid only for what was allocated, the rest released, the tokens credited frozen.
    expect(await wallet(subscribers.a.token, 'USDT')).toEqual(expect.objectContaining({ available: '19400.000000', frozen: '0.000000' }));
    expect(await wallet(subscribers.c.token, 'USDT')).toEqual(expect.objectContaining({ available: '19200.000000', frozen: '0.000000' }));
    expect(await wallet(subscribers.a.token, 'TST')).toEqual(expect.objectContaining({ available: '0.00', frozen: '300.00' }));
    expect((await orderOf('a')).status).toBe('allocated');
    const entry = server.built.ctx.sqlite.prepare("SELECT type, memo FROM journal_entries WHERE ref_type = 'ieo_order' AND type = 'ieo_allocate' ORDER BY id LIMIT 1").get() as { memo: string };
    expect(entry.memo).toBe('500.00 / 2000.00 × 1000.00 TST, cap 400.00: 300.00 allocated, 600.000000 USDT paid');
    expect(checkLedger(server.built.ctx.sqlite).ok).toBe(true);
  });

  it('keeps an allocated token a currency across a restart whose clock reads before the sale\'s end (a demo\'s advanced clock is lost)', async () => {
    await restartAt(START);
    expect(await wallet(subscribers.a.token, 'TST')).toEqual(expect.objectContaining({ available: '0.00', frozen: '300.00' }));
    expect((await server.get('/financial/overview', {}, { token: subscribers.a.token })).type).toBe('ok');
  });

  it('keeps the token a currency across a restart and makes it available when the lock ends', async () => {
    server = await restartServer(server);
    server.setTime(START + HOUR + 2 * DAY_MS + 1000);
    await server.built.ctx.scheduler.runDue();
    expect(await wallet(subscribers.b.token, 'TST')).toEqual(expect.objectContaining({ available: '300.00', frozen: '0.00' }));
    const order = (await server.get<{ list: IeoOrder[] }>('/user/project/order', {}, { token: subscribers.b.token })).message.list[0];
    expect(order?.status).toBe('unlocked');
    expect(checkLedger(server.built.ctx.sqlite).ok).toBe(true);
  });
});

describe('a restart in the middle of a subscription', () => {
  let orbit: Project;
  let orderId: number;

  it('allocates a subscription made before the restart once', async () => {
    orbit = (await list()).list.find((project) => project.token === 'ORBT') as Project;
    expect(orbit.status).toBe('in_progress');
    const subscribed = await server.post<IeoOrder>('/project/order', { project_id: orbit.id, amount: '400', pay_currency: 'USDT', price: '0.25' }, { token: subscribers.a.token });
    expect(subscribed.message.status).toBe('pending');
    orderId = subscribed.message.id;
    // A deploy while the subscription is open, on the same database.
    await restartAt(server.built.ctx.now() + 1000);
    expect((await server.get<Project>('/project/detail', { project_id: orbit.id }, { token: subscribers.a.token })).message.my_order).toMatchObject({ status: 'pending', committed: '400.0000' });
    await at(orbit.subscribe_end + 1000);
    expect(allocations(orderId)).toBe(1);
    // Another restart and another run allocate nothing more.
    await restartAt(orbit.subscribe_end + 60_000);
    await server.built.ctx.scheduler.runDue();
    expect(allocations(orderId)).toBe(1);
    expect(await wallet(subscribers.a.token, 'ORBT')).toEqual(expect.objectContaining({ frozen: '400.0000' }));
    expect(checkLedger(server.built.ctx.sqlite).ok).toBe(true);
  });

  it('in demo mode opens the next round of the seeded project that finished first when none is in warm-up, selling the same token', async () => {
    // NOVA is in progress now and nothing is in warm-up: LUMA, finished first, opens round 2 in warm-up.
    const projects = (await list()).list;
    const luma2 = projects.find((project) => project.name === 'Luma Finance #2') as Project;
    expect(luma2).toMatchObject({ token: 'LUMA', status: 'warmup', subscribe_start: Math.floor(orbit.subscribe_end / HOUR) * HOUR + 3 * DAY_MS });
    expect(new Set(projects.filter((project) => project.id !== testProjectId).map((project) => project.status))).toEqual(new Set(['warmup', 'in_progress', 'finished']));
    // Once it is in progress, ORBT (finished next) opens its second round; its subscribers can subscribe again and receive more of the same token.
    await at(luma2.subscribe_start + 1000);
    const orbit2 = (await list({ status: 'warmup' })).list.find((project) => project.token === 'ORBT') as Project;
    expect(orbit2.name).toBe('Orbit Network #2');
    await at(orbit2.subscribe_start + 1000);
    // A jump of weeks outlives the session: log in again, as the user would.
    subscribers.a.token = await login(server, subscribers.a.email, subscribers.a.password);
    const again = await server.post<IeoOrder>('/project/order', { project_id: orbit2.id, amount: '400', pay_currency: 'USDT', price: '0.25' }, { token: subscribers.a.token });
    expect(again.message.status).toBe('pending');
    await at(orbit2.subscribe_end + 1000);
    expect(allocations(again.message.id)).toBe(1);
    // Both rounds' tokens are the one ORBT currency, each 400 frozen until its own lock ends (the first 14 days after its end).
    expect(await wallet(subscribers.a.token, 'ORBT')).toEqual(expect.objectContaining({ available: '0.0000', frozen: '800.0000' }));
    expect(checkLedger(server.built.ctx.sqlite).ok).toBe(true);
  });

  it('opens no rounds in production mode', async () => {
    const production = await startServer({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' }, { startAt: START });
    try {
      production.setTime(START + 30 * DAY_MS);
      await production.built.ctx.scheduler.runDue();
      expect(production.built.ctx.sqlite.prepare("SELECT COUNT(*) AS n FROM ieo_projects WHERE seed_key LIKE '%#%'").get()).toEqual({ n: 0 });
    } finally {
      await production.close();
    }
  });
});
