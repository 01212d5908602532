import { DAY_MS, dec } from '@openbourse/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credit, registerUser, startServer, type TestServer } from '../../../test/harness.ts';

interface Valued {
  kind: string;
  currency: string;
  amount: string;
  usdt_value: string;
  fiat_value: string;
}

interface Overview {
  fiat: { code: string; rate: string };
  products: {
    lock_mining: { count: number; shortest_days: number; longest_days: number; best_daily_rate: string };
    dual: { on_sale: number; best_apr: string; coins: string[] };
    ieo: { warmup: number; in_progress: number; finished: number };
    upcoming_ieos: { token: string; status: string }[];
  };
  holdings: null | {
    locked: Valued[];
    locked_usdt: string;
    earnings: Valued[];
    total_earnings_usdt: string;
    total_earnings_fiat: string;
    next_payments: { kind: string; what: string; at: number; currency: string; amount: string | null; amount_min: string | null; amount_max: string | null }[];
    dual_settling: { pair: string; maturity_at: number }[];
    counts: { lock_mining: number; dual: number; ieo: number };
  };
}

const START = Date.UTC(2026, 10, 23, 5, 30);
let server: TestServer;
let user: { email: string; token: string };

const overview = async (query: Record<string, unknown> = {}, token?: string) => (await server.get<Overview>('/financial/overview', query, { token, lang: 'en' })).message;

beforeAll(async () => {
  server = await startServer({}, { startAt: START });
  user = await registerUser(server);
  credit(server, user.email, '20000', 'USDT');
  credit(server, user.email, '1', 'BTC');
});

afterAll(async () => {
  await server.close();
});

describe('financial overview', () => {
  it('shows every earn product to a visitor, without holdings', async () => {
    const view = await overview();
    expect(view.holdings).toBeNull();
    expect(view.products.lock_mining).toEqual({ count: 5, shortest_days: 5, longest_days: 30, best_daily_rate: '0.7' });
    expect(view.products.dual).toMatchObject({ on_sale: 6, best_apr: '55.4', coins: ['BTC', 'ETH'] });
    expect(view.products.ieo).toEqual({ warmup: 1, in_progress: 1, finished: 1 });
    expect(view.products.upcoming_ieos.map((project) => [project.token, project.status])).toEqual([
      ['ORBT', 'in_progress'],
      ['NOVA', 'warmup'],
    ]);
  });

  it('sums up a user\'s lock, dual order and IEO subscription: locked amounts, next payments, dual orders settling', async () => {
    const lockProduct = (await server.get<{ id: number; lock_days: number; currency: string }[]>('/lh/deposit/config')).message.find((product) => product.lock_days === 5) as { id: number };
    expect((await server.post('/lh/deposit', { config_id: lockProduct.id, amount: '10000' }, { token: user.token })).type).toBe('ok');
    const [dualProduct] = (await server.get<{ id: number }[]>('/dual/index', { currency_id: 1, type: 'call' })).message;
    expect((await server.post('/dual/buyDual', { id: dualProduct?.id, num: 100 }, { token: user.token })).type).toBe('ok');
    const orbit = (await server.get<{ list: { id: number; token: string }[] }>('/project')).message.list.find((project) => project.token === 'ORBT') as { id: number };
    expect((await server.post('/project/order', { project_id: orbit.id, amount: '4000', pay_currency: 'USDT', price: '0.25' }, { token: user.token })).type).toBe('ok');

    const view = await overview({ fiat: 'CNY' }, user.token);
    expect(view.fiat).toMatchObject({ code: 'CNY', rate: '7.12' });
    const holdings = view.holdings as NonNullable<Overview['holdings']>;
    expect(holdings.locked).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'lock_mining', currency: 'USDT', amount: '10000.000000', usdt_value: '10000.00', fiat_value: '71200.00' }),
        expect.objectContaining({ kind: 'dual', currency: 'BTC', amount: '0.10000000', usdt_value: '9625.00' }),
        expect.objectContaining({ kind: 'ieo', currency: 'USDT', amount: '1000.000000' }),
      ]),
    );
    expect(holdings.locked_usdt).toBe('20625.00');
    expect(holdings.counts).toEqual({ lock_mining: 1, dual: 1, ieo: 1 });
    expect(holdings.next_payments.map((payment) => [payment.kind, payment.what])).toEqual([
      ['dual', 'settlement'],
      ['lock_mining', 'dividend'],
      ['ieo', 'allocation'],
    ]);
    expect(holdings.next_payments[1]).toMatchObject({ currency: 'USDT', amount_min: '30.000000', amount_max: '40.000000' });
    expect(holdings.dual_settling).toEqual([expect.objectContaining({ pair: 'BTC/USDT', maturity_at: Date.UTC(2026, 10, 24, 8) })]);
    expect(holdings.total_earnings_usdt).toBe('0.00');
  });

  it('counts yields to date in the chosen fiat once they are paid', async () => {
    server.setTime(Date.UTC(2026, 10, 25, 8, 0, 1));
    await server.built.ctx.scheduler.runDue();
    const view = await overview({ fiat: 'CNY' }, user.token);
    const holdings = view.holdings as NonNullable<Overview['holdings']>;
    const lockYield = holdings.earnings.find((row) => row.kind === 'lock_mining') as Valued;
    expect(Number(lockYield.amount)).toBeGreaterThanOrEqual(30);
    expect(Number(lockYield.amount)).toBeLessThanOrEqual(40);
    // The dual order matured on the 24th with no tick a day later: it failed and paid its interest in BTC.
    expect(holdings.earnings.find((row) => row.kind === 'dual')).toMatchObject({ currency: 'BTC' });
    // The total is summed before rounding; the rows are each rounded to the cent.
    const total = holdings.earnings.reduce((sum, row) => sum.plus(row.usdt_value), dec(0));
    expect(dec(holdings.total_earnings_usdt).minus(total).abs().toNumber()).toBeLessThanOrEqual(0.01 * holdings.earnings.length);
    expect(dec(holdings.total_earnings_fiat).minus(dec(holdings.total_earnings_usdt).times('7.12')).abs().toNumber()).toBeLessThan(0.08);
    expect(holdings.next_payments[0]?.at).toBeGreaterThan(Date.UTC(2026, 10, 25));
    expect(holdings.next_payments.find((payment) => payment.kind === 'lock_mining')?.at).toBe(Date.UTC(2026, 10, 24) + 2 * DAY_MS);
  });

  it('counts lock-mining earnings net of an early-redemption penalty', async () => {
    const fresh = await registerUser(server);
    credit(server, fresh.email, '1000', 'USDT');
    const fiveDay = (await server.get<{ id: number; lock_days: number }[]>('/lh/deposit/config')).message.find((product) => product.lock_days === 5) as { id: number };
    const locked = await server.post<{ id: number; value_at: number }>('/lh/deposit', { config_id: fiveDay.id, amount: '1000' }, { token: fresh.token });
    server.setTime(locked.message.value_at + DAY_MS + 1000);
    await server.built.ctx.scheduler.runDue();
    const redeemed = await server.post<{ yield_paid: string; penalty: string }>('/lh/deposit/order/cancel', { id: locked.message.id }, { token: fresh.token });
    // One day paid (3 to 4 USDT), then 0.4% × 4 remaining days × 1,000 = 16 USDT penalty.
    expect(redeemed.message.penalty).toBe('16.000000');
    const holdings = (await overview({}, fresh.token)).holdings as NonNullable<Overview['holdings']>;
    const net = dec(redeemed.message.yield_paid).minus(16);
    expect(holdings.earnings).toEqual([expect.objectContaining({ kind: 'lock_mining', currency: 'USDT', amount: net.toFixed(6), usdt_value: net.toFixed(2) })]);
    expect(holdings.total_earnings_usdt).toBe(net.toFixed(2));
  });

  it('refuses an unknown fiat currency', async () => {
    expect((await server.get('/financial/overview', { fiat: 'XYZ' }, { lang: 'en' })).message).toBe('fiat currency is not valid');
  });
});
