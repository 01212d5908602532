import { DAY_MS } from '@openbourse/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ieoProjects } from '../../db/schema.ts';
import { checkLedger } from '../../ledger/check.ts';
import { credit, registerUser, restartServer, startServer, type TestServer } from '../../../test/harness.ts';

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
  allocation: { total_committed: string; total_issuance: string; oversubscribed: boolean; pro_rata: string; cap: string; capped: boolean; allocated: string; paid: string; refunded: string } | null;
}

const START = Date.UTC(2026, 10, 23, 5, 30);
const HOUR = 3_600_000;

let server: TestServer;
let testProjectId: number;
const subscribers: Record<'a' | 'b' | 'c', { email: string; token: string }> = {} as never;

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
      allocated: '300.00',
      paid: '600.000000',
      refunded: '400.000000',
    });
    expect((await orderOf('c')).allocation).toMatchObject({ pro_rata: '500.00', cap: '400.00', capped: true, allocated: '400.00', paid: '800.000000', refunded: '1200.000000' });
    // Paid only for what was allocated, the rest released, the tokens credited frozen.
    expect(await wallet(subscribers.a.token, 'USDT')).toEqual(expect.objectContaining({ available: '19400.000000', frozen: '0.000000' }));
    expect(await wallet(subscribers.c.token, 'USDT')).toEqual(expect.objectContaining({ available: '19200.000000', frozen: '0.000000' }));
    expect(await wallet(subscribers.a.token, 'TST')).toEqual(expect.objectContaining({ available: '0.00', frozen: '300.00' }));
    expect((await orderOf('a')).status).toBe('allocated');
    const entry = server.built.ctx.sqlite.prepare("SELECT type, memo FROM journal_entries WHERE ref_type = 'ieo_order' AND type = 'ieo_allocate' ORDER BY id LIMIT 1").get() as { memo: string };
    expect(entry.memo).toBe('500.00 / 2000.00 × 1000.00 TST, cap 400.00: 300.00 allocated, 600.000000 USDT paid');
    expect(checkLedger(server.built.ctx.sqlite).ok).toBe(true);
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
