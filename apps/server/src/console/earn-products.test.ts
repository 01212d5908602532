import { DAY_MS } from '@openbourse/core';
import { LANGUAGE_CODES } from '@openbourse/i18n';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleClient, createOperator, signIn, type TestOperator } from '../../test/console.ts';
import { ieoProjects } from '../db/schema.ts';
import { credit, registerUser, startServer, type TestServer } from '../../test/harness.ts';

interface LockProduct {
  id: number;
  seed_key: string | null;
  currency: string;
  lock_days: number;
  rate_min_percent: string;
  rate_max_percent: string;
  min_amount: string;
  max_per_user: string;
  penalty_percent: string;
  dividend_time: string;
  enabled: boolean;
  sort: number;
  running_orders: number;
  locked: string;
}

interface IeoProject {
  id: number;
  token_id: number;
  token_symbol: string;
  texts: Record<string, { name: string; description: string }>;
  prices: { currency: string; price: string }[];
  subscribe_start: number;
}

interface DualProduct {
  id: number;
  coin: string;
  sold_shares: number;
  total_shares: number;
  maturity_at: number;
}

const START = Date.UTC(2026, 10, 23, 5, 30);
let server: TestServer;
let adminOperator: TestOperator;
let viewerOperator: TestOperator;
let admin: ConsoleClient;
let viewer: ConsoleClient;

const audits = (action: string) => server.built.ctx.sqlite.prepare('SELECT actor, target_id AS targetId, before, after FROM audit_log WHERE action = ? ORDER BY id').all(action) as { actor: string; targetId: string; before: string | null; after: string }[];

const lockDoc = (product: LockProduct, changes: Partial<Record<string, unknown>> = {}) => ({
  currency: product.currency,
  lock_days: product.lock_days,
  rate_min_percent: product.rate_min_percent,
  rate_max_percent: product.rate_max_percent,
  min_amount: product.min_amount,
  max_per_user: product.max_per_user,
  penalty_percent: product.penalty_percent,
  dividend_time: product.dividend_time,
  enabled: product.enabled,
  sort: product.sort,
  ...changes,
});

const texts = Object.fromEntries(LANGUAGE_CODES.map((code) => [code, { name: `Sale ${code}`, description: `About the sale in ${code}` }]));

beforeAll(async () => {
  server = await startServer({}, { startAt: START });
  adminOperator = await createOperator(server, 'admin');
  viewerOperator = await createOperator(server, 'viewer');
  admin = await signIn(server, adminOperator);
  viewer = await signIn(server, viewerOperator);
});

afterAll(async () => {
  await server.close();
});

describe('lock-mining products in the console', () => {
  it('edits a product with an audit record; orders keep their terms and committed days their range', async () => {
    const user = await registerUser(server);
    credit(server, user.email, '1000', 'USDT');
    const products = (await admin.get<LockProduct[]>('/earn/lock-mining')).message;
    const fiveDay = products.find((product) => product.seed_key === 'usdt-5d') as LockProduct;
    const placed = await server.post<{ id: number; daily_rate_min: string; daily_rate_max: string }>('/lh/deposit', { config_id: fiveDay.id, amount: '500' }, { token: user.token });
    expect(placed.type).toBe('ok');

    const edited = await admin.post<LockProduct>(`/earn/lock-mining/${fiveDay.id}`, { doc: lockDoc(fiveDay, { rate_min_percent: '0.5', rate_max_percent: '0.6', penalty_percent: '1' }) });
    expect(edited.message).toMatchObject({ rate_min_percent: '0.5', rate_max_percent: '0.6', penalty_percent: '1', running_orders: 1, locked: '500.000000' });
    const [record] = audits('earn.lock_mining.update');
    expect(JSON.parse(record?.before as string)).toMatchObject({ rate_min_percent: '0.3', penalty_percent: '0.4' });
    expect(JSON.parse(record?.after as string)).toMatchObject({ rate_min_percent: '0.5', penalty_percent: '1' });

    // The order placed before keeps its range and penalty.
    const order = await server.get<{ daily_rate_min: string; penalty_rate: string; days: { range_min_millionths: number | null }[] }>('/lh/deposit/order/detail', { id: placed.message.id }, { token: user.token });
    expect(order.message).toMatchObject({ daily_rate_min: '0.3', penalty_rate: '0.4' });
    // Days already committed keep the range they were drawn from; the next day committed uses the new one.
    expect(order.message.days.every((day) => day.range_min_millionths === 3000)).toBe(true);
    server.setTime(START + DAY_MS);
    await server.built.ctx.scheduler.runDue();
    const newest = server.built.ctx.sqlite.prepare('SELECT min_rate AS minRate, max_rate AS maxRate FROM lock_mining_rates WHERE product_id = ? ORDER BY day DESC LIMIT 1').get(fiveDay.id);
    expect(newest).toEqual({ minRate: 5000, maxRate: 6000 });
    // A day later the console sessions have gone idle: sign in again.
    admin = await signIn(server, adminOperator);
    viewer = await signIn(server, viewerOperator);
  });

  it('creates a product, and refuses an upside-down range, a currency the mining account does not hold and a viewer', async () => {
    const template = (await admin.get<LockProduct[]>('/earn/lock-mining')).message[0] as LockProduct;
    const created = await admin.post<LockProduct>('/earn/lock-mining', { doc: lockDoc(template, { lock_days: 60, sort: 9 }) });
    expect(created.message).toMatchObject({ lock_days: 60, seed_key: null, running_orders: 0 });
    expect(audits('earn.lock_mining.create')).toHaveLength(1);
    expect((await server.get<{ id: number }[]>('/lh/deposit/config')).message.map((product) => product.id)).toContain(created.message.id);

    expect((await admin.post(`/earn/lock-mining/${created.message.id}`, { doc: lockDoc(template, { rate_min_percent: '0.9', rate_max_percent: '0.1' }) })).message).toBe('Invalid rate range: the minimum cannot exceed the maximum');
    expect((await admin.post('/earn/lock-mining', { doc: lockDoc(template, { currency: 'DOGE' }) })).message).toBe('This currency cannot be used for this product');
    expect((await admin.post('/earn/lock-mining', { doc: lockDoc(template, { min_amount: '0.0000001' }) })).message).toBe('Enter a correct amount');
    expect((await viewer.get<LockProduct[]>('/earn/lock-mining')).type).toBe('ok');
    expect((await viewer.post('/earn/lock-mining', { doc: lockDoc(template) })).type).toBe('error');
    expect(audits('earn.lock_mining.create')).toHaveLength(1);
  });
});

describe('IEO projects in the console', () => {
  const ieoDoc = (changes: Record<string, unknown> = {}) => ({
    token_symbol: 'CNSL',
    token_name: 'Console Token',
    token_scale: 2,
    texts,
    prices: [{ currency: 'USDT', price: '1.5' }],
    total_issuance: '10000',
    min_per_user: '10',
    max_per_user: '1000',
    subscribe_start: START + 2 * DAY_MS,
    subscribe_end: START + 4 * DAY_MS,
    lock_days: 7,
    whitepaper: 'https://console-token.example/paper.pdf',
    website: 'https://console-token.example',
    sort: 5,
    ...changes,
  });

  it('creates a project with texts in every language and a token id clear of every currency', async () => {
    const created = await admin.post<IeoProject>('/earn/ieo', { doc: ieoDoc() });
    expect(created.message).toMatchObject({ token_symbol: 'CNSL', token_id: expect.any(Number), prices: [{ currency: 'USDT', price: '1.5' }] });
    expect(created.message.token_id).toBeGreaterThan(203);
    const shown = await server.get<{ name: string }>('/project/detail', { project_id: created.message.id }, { lang: 'th' });
    expect(shown.message.name).toBe('Sale th');
    const { th: _missing, ...withoutThai } = texts;
    expect((await admin.post('/earn/ieo', { doc: ieoDoc({ token_symbol: 'OTHER', texts: withoutThai }) })).type).toBe('error');
    expect((await admin.post('/earn/ieo', { doc: ieoDoc({ token_symbol: 'BTC' }) })).message).toBe('That token symbol or id is already in use');
    expect((await admin.post('/earn/ieo', { doc: ieoDoc({ token_symbol: 'NEWT', subscribe_end: START }) })).message).toBe('The end time must be later than the start time');
  });

  it('locks a started project\'s terms but lets its texts change', async () => {
    const projects = (await admin.get<IeoProject[]>('/earn/ieo')).message;
    const running = projects.find((project) => project.token_symbol === 'ORBT') as IeoProject & Record<string, unknown>;
    // Status and lock at the server's clock (a test clock here), whatever the operator's computer says.
    expect(running).toMatchObject({ status: 'in_progress', terms_locked: true });
    expect(projects.find((project) => project.token_symbol === 'NOVA')).toMatchObject({ status: 'warmup', terms_locked: false });
    const doc = {
      token_symbol: running.token_symbol,
      token_name: running.token_name,
      token_scale: running.token_scale,
      texts: { ...texts, en: { name: 'Orbit Network', description: 'Updated description' } },
      prices: running.prices,
      total_issuance: running.total_issuance,
      min_per_user: running.min_per_user,
      max_per_user: running.max_per_user,
      subscribe_start: running.subscribe_start,
      subscribe_end: running.subscribe_end,
      lock_days: running.lock_days,
      whitepaper: running.whitepaper,
      website: running.website,
      sort: running.sort,
    };
    expect((await admin.post(`/earn/ieo/${running.id}`, { doc: { ...doc, prices: [{ currency: 'USDT', price: '0.2' }] } })).message).toBe(
      'The subscription has started or has orders: only the name, description, whitepaper and website can change',
    );
    const edited = await admin.post<IeoProject>(`/earn/ieo/${running.id}`, { doc });
    expect(edited.message.texts.en?.description).toBe('Updated description');
    expect(audits('earn.ieo.update')).toHaveLength(1);
  });

  it('edits a later round of a listed token (the demo repeats a seeded IEO) but keeps the token as it is listed', async () => {
    await server.built.ctx.scheduler.runDue();
    const luma = server.built.ctx.db.select().from(ieoProjects).where(eq(ieoProjects.seedKey, 'luma')).get() as typeof ieoProjects.$inferSelect;
    const { id: _id, ...terms } = luma;
    const round = server.built.ctx.db
      .insert(ieoProjects)
      .values({ ...terms, seedKey: 'luma#2', subscribeStart: START + 3 * DAY_MS, subscribeEnd: START + 8 * DAY_MS, allocatedAt: null })
      .returning({ id: ieoProjects.id })
      .get();
    const doc = ieoDoc({ token_symbol: 'LUMA', token_name: 'Luma Finance', token_scale: 4, total_issuance: '2000000', min_per_user: '50', max_per_user: '50000' });
    const edited = await admin.post<IeoProject>(`/earn/ieo/${round.id}`, { doc: { ...doc, subscribe_start: START + 3 * DAY_MS, subscribe_end: START + 8 * DAY_MS } });
    expect(edited.message).toMatchObject({ token_symbol: 'LUMA', token_id: luma.tokenCurrencyId, total_issuance: '2000000.0000' });
    expect((await admin.post(`/earn/ieo/${round.id}`, { doc: { ...doc, token_symbol: 'LUMB' } })).message).toBe('This token is already listed: its symbol, name and decimals cannot change');
  });
});

describe('dual products in the console', () => {
  it('creates a product maturing at 08:00 UTC and refuses fewer shares than were sold', async () => {
    const doc = { coin: 'ETH', direction: 'call', linked_price: '3600', apr_percent: '30', days: 3, maturity_date: '2026-11-27', share: '0.01', total_shares: 100, sale_start: START, sale_end: START + 2 * DAY_MS, enabled: true, sort: 1 };
    const created = await admin.post<DualProduct>('/earn/dual', { doc });
    expect(created.message).toMatchObject({ coin: 'ETH', maturity_at: Date.UTC(2026, 10, 27, 8), sold_shares: 0 });
    const user = await registerUser(server);
    credit(server, user.email, '1', 'ETH');
    expect((await server.post('/dual/buyDual', { id: created.message.id, num: 5 }, { token: user.token })).type).toBe('ok');
    expect((await admin.post(`/earn/dual/${created.message.id}`, { doc: { ...doc, total_shares: 4 } })).message).toBe('The total shares cannot be fewer than those sold (5)');
    expect((await admin.post(`/earn/dual/${created.message.id}`, { doc: { ...doc, sale_end: Date.UTC(2026, 10, 28) } })).message).toBe('The end time must be later than the start time');
    const edited = await admin.post<DualProduct>(`/earn/dual/${created.message.id}`, { doc: { ...doc, linked_price: '3700', total_shares: 200 } });
    expect(edited.message).toMatchObject({ total_shares: 200, sold_shares: 5 });
    // The order keeps the linked price it was bought at.
    const orders = await server.post<{ list: { linked_price: string }[] }>('/dual/dual_list', {}, { token: user.token });
    expect(orders.message.list[0]?.linked_price).toBe('3600');
    expect(audits('earn.dual.update')).toHaveLength(1);
  });
});
