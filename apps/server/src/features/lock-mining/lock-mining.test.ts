import { dailyRateFromSeed, DAY_MS, dec, verifyCommitment } from '@openbourse/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockMiningProducts, users } from '../../db/schema.ts';
import { checkLedger } from '../../ledger/check.ts';
import { credit, login, registerUser, runningServers, startServer, type TestServer } from '../../../test/harness.ts';

interface Product {
  id: number;
  currency: string;
  lock_days: number;
  daily_rate_min: string;
  daily_rate_max: string;
  min_amount: string;
  max_per_user: string;
  penalty_rate: string;
  dividend_time: string;
  first_dividend_at: number;
  user_remaining: string | null;
  commitments: { day: string; commitment: string; committed_at: number; min_rate_millionths: number; max_rate_millionths: number }[];
}

interface Day {
  day: number;
  payout_at: number;
  rate_day: string;
  commitment: string | null;
  committed_at: number | null;
  seed: string | null;
  rate: string | null;
  rate_millionths: number | null;
  range_min_millionths: number | null;
  range_max_millionths: number | null;
  amount: string | null;
}

interface Order {
  id: number;
  amount: string;
  daily_rate_min: string;
  daily_rate_max: string;
  locked_at: number;
  status: number;
  state: string;
  value_at: number;
  expires_at: number;
  next_dividend_at: number | null;
  days_paid: number;
  yield_paid: string;
  penalty: string | null;
  refund: string | null;
  redeem_preview: { remaining_days: number; penalty: string; refund: string } | null;
  days: Day[];
}

/** Monday 23 November 2026, 05:00 UTC: accrual starts at midnight, dividends at 00:00 UTC from the 25th. */
const START = Date.UTC(2026, 10, 23, 5);
const MIDNIGHT_24 = Date.UTC(2026, 10, 24);

let server: TestServer;
let user: { email: string; password: string; token: string };
let fiveDay: Product;

const spot = async (token: string, currency = 'USDT') => (await server.post<{ available: string; frozen: string }>('/wallet/detail', { currency, type: 'change' }, { token })).message;
const miningAccount = async (token: string, currency = 'USDT') => (await server.post<{ available: string; frozen: string }>('/wallet/detail', { currency, type: 'mining' }, { token })).message;
const products = async (token?: string) => (await server.get<Product[]>('/lh/deposit/config', {}, { token })).message;
const order = async (token: string, id: number) => (await server.get<Order>('/lh/deposit/order/detail', { id }, { token })).message;
const payoutRows = (orderId: number) => server.built.ctx.sqlite.prepare('SELECT COUNT(*) AS n FROM lock_mining_payouts WHERE order_id = ?').get(orderId) as { n: number };

/** Moves the clock to a moment and runs the scheduled jobs, as the server does on its own every 30 s. */
async function at(time: number) {
  if (!Number.isSafeInteger(time)) throw new Error(`not a moment: ${time}`);
  server.setTime(time);
  await server.built.ctx.scheduler.runDue();
}

/** A jump of weeks outlives the session: log in again, as the user would. */
async function jumpTo(time: number) {
  await at(time);
  user.token = await login(server, user.email, user.password);
}

beforeAll(async () => {
  server = await startServer({}, { startAt: START });
  user = await registerUser(server);
  credit(server, user.email, '100000', 'USDT');
  fiveDay = (await products()).find((product) => product.lock_days === 5 && product.currency === 'USDT') as Product;
});

afterAll(async () => {
  await server.close();
});

describe('lock-mining products', () => {
  it('lists the seeded products with their terms and the next days\' commitments', async () => {
    const list = await products();
    expect(list.length).toBeGreaterThanOrEqual(5);
    expect(new Set(list.map((product) => product.lock_days)).size).toBeGreaterThanOrEqual(4);
    expect(fiveDay).toMatchObject({ daily_rate_min: '0.3', daily_rate_max: '0.4', min_amount: '100.000000', penalty_rate: '0.4', dividend_time: '00:00', user_remaining: null });
    expect(fiveDay.first_dividend_at).toBe(MIDNIGHT_24 + DAY_MS);
    // Lock days + 2 dates ahead, each a SHA-256 hash with the range it is drawn from; the seeds stay secret.
    expect(fiveDay.commitments).toHaveLength(7);
    expect(fiveDay.commitments[0]).toMatchObject({ day: '2026-11-24', commitment: expect.stringMatching(/^[0-9a-f]{64}$/), min_rate_millionths: 3000, max_rate_millionths: 4000 });
    expect(list.find((product) => product.lock_days === 30)?.commitments).toHaveLength(32);
    expect(JSON.stringify(fiveDay)).not.toContain('seed');
    const mine = (await products(user.token)).find((product) => product.id === fiveDay.id);
    expect(mine?.user_remaining).toBe('50000.000000');
  });

  it('has every payout day of a 30-day lock committed before the lock is placed', async () => {
    const holder = await registerUser(server);
    credit(server, holder.email, '1000', 'USDT');
    const thirtyDay = (await products()).find((product) => product.lock_days === 30 && product.currency === 'USDT') as Product;
    server.setTime(START + 60_000);
    const locked = await server.post<Order>('/lh/deposit', { config_id: thirtyDay.id, amount: '1000' }, { token: holder.token });
    expect(locked.type).toBe('ok');
    expect(locked.message.days).toHaveLength(30);
    expect(locked.message.days.at(-1)?.rate_day).toBe('2026-12-24');
    for (const day of locked.message.days) {
      expect(day.commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(day.committed_at).toBeLessThan(locked.message.locked_at);
    }
    await server.post('/lh/deposit/order/cancel', { id: locked.message.id }, { token: holder.token });
  });
});

describe('five days of lock mining on a controlled clock', () => {
  let orderId: number;

  it('locks 10,000 USDT from the spot account into the mining account', async () => {
    const before = await spot(user.token);
    const locked = await server.post<Order>('/lh/deposit', { config_id: fiveDay.id, amount: '10000' }, { token: user.token });
    expect(locked.type).toBe('ok');
    orderId = locked.message.id;
    expect(locked.message).toMatchObject({ amount: '10000.000000', status: 1, state: 'running', value_at: MIDNIGHT_24, expires_at: MIDNIGHT_24 + 5 * DAY_MS, days_paid: 0 });
    expect(locked.message.days).toHaveLength(5);
    expect(dec(before.available).minus((await spot(user.token)).available).toFixed()).toBe('10000');
    expect(await miningAccount(user.token)).toMatchObject({ available: '0.000000', frozen: '10000.000000' });
    // Every day of the lock already has its commitment, none its seed.
    expect(locked.message.days.every((day) => day.commitment !== null && day.seed === null && day.rate === null)).toBe(true);
  });

  it('pays nothing before the first dividend', async () => {
    await at(MIDNIGHT_24 + DAY_MS - 1000);
    expect(payoutRows(orderId).n).toBe(0);
  });

  it('pays each day once at the dividend time, 30 to 40 a day, never twice across a restart', async () => {
    const spotBefore = dec((await spot(user.token)).available);
    for (let day = 1; day <= 5; day += 1) {
      const payoutAt = MIDNIGHT_24 + day * DAY_MS;
      await at(payoutAt + 60_000);
      // Running the jobs again at the same moment pays nothing more.
      await server.built.ctx.scheduler.runDue();
      expect(payoutRows(orderId).n).toBe(day);
      if (day === 2) {
        // A restart between two dividends: the paid days are rows, so nothing is paid again.
        runningServers.delete(server);
        await server.built.app.close();
        server = await startServer({}, { dataDir: server.dataDir, startAt: payoutAt + 120_000 });
        await server.built.ctx.scheduler.runDue();
        expect(payoutRows(orderId).n).toBe(2);
      }
      expect(checkLedger(server.built.ctx.sqlite).ok).toBe(true);
    }
    const done = await order(user.token, orderId);
    expect(done).toMatchObject({ status: 2, state: 'matured', days_paid: 5, next_dividend_at: null, redeem_preview: null });
    for (const day of done.days) {
      expect(Number(day.amount)).toBeGreaterThanOrEqual(30);
      expect(Number(day.amount)).toBeLessThanOrEqual(40);
      // The revealed seed matches the commitment published before the day started, and gives the rate that was paid.
      expect(verifyCommitment(day.seed as string, day.commitment as string)).toBe(true);
      expect(dailyRateFromSeed(day.seed as string, day.range_min_millionths as number, day.range_max_millionths as number)).toBe(day.rate_millionths);
      expect(dec(day.amount as string).toFixed()).toBe(dec(10000).times(day.rate_millionths as number).dividedBy(1_000_000).toFixed());
      expect(day.committed_at).toBeLessThan(day.payout_at - DAY_MS);
    }
    const total = Number(done.yield_paid);
    expect(total).toBeGreaterThanOrEqual(150);
    expect(total).toBeLessThanOrEqual(200);
    // Principal and every yield are back in the spot account; nothing is left locked.
    expect(dec((await spot(user.token)).available).minus(spotBefore).toFixed()).toBe(dec(10000).plus(done.yield_paid).toFixed());
    expect(await miningAccount(user.token)).toMatchObject({ frozen: '0.000000' });
    const history = await server.get<{ list: { id: number }[] }>('/lh/deposit/order', { status: 2 }, { token: user.token });
    expect(history.message.list.map((row) => row.id)).toContain(orderId);
  });

  it('books every dividend as a posting from the rewards account with its type and reference', async () => {
    const entries = server.built.ctx.sqlite
      .prepare("SELECT type, memo FROM journal_entries WHERE ref_type = 'lock_mining_order' AND ref_id = ? ORDER BY id")
      .all(String(orderId)) as { type: string; memo: string }[];
    expect(entries.map((entry) => entry.type)).toEqual(['lock_mining_lock', ...Array(5).fill('lock_mining_yield'), 'lock_mining_release']);
    expect(entries[1]?.memo).toMatch(/^day 1\/5 at 0\.\d+% \(2026-11-25\)$/);
    const log = await server.post<{ list: { type: string; type_name: string }[] }>('/wallet/legal_log', { currency: 'USDT', type: 'change' }, { token: user.token, lang: 'en' });
    expect(log.message.list[0]).toMatchObject({ type: 'lock_mining_release', type_name: 'Lock mining: principal returned at expiry' });
  });
});

describe('early redemption', () => {
  it('spec 9: 0.4% × 3 remaining days × 1,000 = 12 penalty, 988 refunded; yields already paid stay paid', async () => {
    await jumpTo(Date.UTC(2026, 11, 7, 5));
    const locked = await server.post<Order>('/lh/deposit', { config_id: fiveDay.id, amount: '1000' }, { token: user.token });
    const id = locked.message.id;
    await at(locked.message.value_at + 2 * DAY_MS + 1000);
    const running = await order(user.token, id);
    expect(running.days_paid).toBe(2);
    // Shown before confirming.
    expect(running.redeem_preview).toEqual({ remaining_days: 3, penalty: '12.000000', refund: '988.000000' });
    const spotBefore = dec((await spot(user.token)).available);
    const redeemed = await server.post<Order>('/lh/deposit/order/cancel', { id }, { token: user.token });
    expect(redeemed.message).toMatchObject({ status: 2, state: 'redeemed', penalty: '12.000000', refund: '988.000000', days_paid: 2 });
    expect(dec((await spot(user.token)).available).minus(spotBefore).toFixed()).toBe('988');
    expect(Number(redeemed.message.yield_paid)).toBeGreaterThan(0);
    // Nothing more is paid after redemption.
    await at(locked.message.value_at + 4 * DAY_MS);
    expect(payoutRows(id).n).toBe(2);
    const again = await server.post('/lh/deposit/order/cancel', { id }, { token: user.token, lang: 'en' });
    expect(again).toEqual({ type: 'error', message: 'This order has already matured or been redeemed' });
    expect(checkLedger(server.built.ctx.sqlite).ok).toBe(true);
  });

  it('pays a dividend that fell due before the redemption first', async () => {
    await jumpTo(Date.UTC(2026, 11, 20, 5));
    const locked = await server.post<Order>('/lh/deposit', { config_id: fiveDay.id, amount: '1000' }, { token: user.token });
    // The clock passes the first dividend but the job has not run yet.
    server.setTime(locked.message.value_at + DAY_MS + 1000);
    const redeemed = await server.post<Order>('/lh/deposit/order/cancel', { id: locked.message.id }, { token: user.token });
    expect(redeemed.message).toMatchObject({ days_paid: 1, penalty: '16.000000', refund: '984.000000' });
  });
});

describe('a yield too small to pay', () => {
  it('records the day as paid with nothing posted when amount × rate rounds down to zero', async () => {
    const now = server.built.ctx.now();
    const tiny = server.built.ctx.db
      .insert(lockMiningProducts)
      .values({ currencyId: 3, lockDays: 1, minRate: 3000, maxRate: 4000, minAmount: 1, maxPerUser: 1_000_000, penaltyRate: 4000, dividendMinute: 0, createdAt: now, updatedAt: now })
      .returning({ id: lockMiningProducts.id })
      .get();
    // Created a moment ago, before the commitment job ran: the lock is refused and its rates committed, so they are public before the retry.
    const early = await server.post('/lh/deposit', { config_id: tiny.id, amount: '0.000001' }, { token: user.token, lang: 'en' });
    expect(early).toEqual({ type: 'error', message: 'The daily rates for this lock period have only just been committed. Check the published commitments and lock again' });
    expect((await products()).find((product) => product.id === tiny.id)?.commitments).toHaveLength(3);
    server.advance(1000);
    const locked = await server.post<Order>('/lh/deposit', { config_id: tiny.id, amount: '0.000001' }, { token: user.token });
    expect(locked.message.days[0]?.committed_at).toBeLessThan(locked.message.locked_at);
    await at(locked.message.expires_at + 1000);
    const done = await order(user.token, locked.message.id);
    expect(done).toMatchObject({ state: 'matured', days_paid: 1, yield_paid: '0.000000' });
    expect(server.built.ctx.sqlite.prepare('SELECT entry_id AS entryId, amount FROM lock_mining_payouts WHERE order_id = ?').get(locked.message.id)).toEqual({ entryId: null, amount: 0 });
    expect(checkLedger(server.built.ctx.sqlite).ok).toBe(true);
  });
});

describe('bad input', () => {
  it('refuses an amount below the minimum, above the per-user maximum, or not an amount, and changes nothing', async () => {
    const before = await spot(user.token);
    const below = await server.post('/lh/deposit', { config_id: fiveDay.id, amount: '99.99' }, { token: user.token, lang: 'en' });
    expect(below).toEqual({ type: 'error', message: 'The minimum is 100.00 USDT' });
    const first = await server.post('/lh/deposit', { config_id: fiveDay.id, amount: '40000' }, { token: user.token });
    expect(first.type).toBe('ok');
    const above = await server.post('/lh/deposit', { config_id: fiveDay.id, amount: '10000.01' }, { token: user.token, lang: 'en' });
    expect(above).toEqual({ type: 'error', message: 'Above the per-user maximum: you can add at most 10,000.00 USDT' });
    for (const amount of ['abc', '-5', '0', '1e5']) {
      const refused = await server.post('/lh/deposit', { config_id: fiveDay.id, amount }, { token: user.token, lang: 'en' });
      expect(refused).toEqual({ type: 'error', message: 'Enter a correct amount' });
    }
    const tooPrecise = await server.post('/lh/deposit', { config_id: fiveDay.id, amount: '1.0000001' }, { token: user.token, lang: 'en' });
    expect(tooPrecise).toEqual({ type: 'error', message: 'USDT allows at most 6 decimals' });
    const unknown = await server.post('/lh/deposit', { config_id: 999_999, amount: '100' }, { token: user.token, lang: 'en' });
    expect(unknown).toEqual({ type: 'error', message: 'Product not found or no longer offered' });
    expect(dec(before.available).minus((await spot(user.token)).available).toFixed()).toBe('40000');
  });

  it('refuses more than the spot balance', async () => {
    const poor = await registerUser(server);
    const refused = await server.post('/lh/deposit', { config_id: fiveDay.id, amount: '100' }, { token: poor.token, lang: 'en' });
    expect(refused).toEqual({ type: 'error', message: 'Insufficient balance' });
    expect((await server.get<{ total: number }>('/lh/deposit/order', {}, { token: poor.token })).message.total).toBe(0);
  });

  it('answers someone else\'s order like a missing one', async () => {
    const other = await registerUser(server);
    const mine = await server.get<{ list: Order[] }>('/lh/deposit/order', { status: 1 }, { token: user.token });
    const id = mine.message.list[0]?.id as number;
    const notYours = await server.post('/lh/deposit/order/cancel', { id }, { token: other.token, lang: 'en' });
    expect(notYours).toEqual({ type: 'error', message: 'Order not found' });
    expect((await server.get('/lh/deposit/order/detail', { id }, { token: other.token, lang: 'en' })).message).toBe('Order not found');
    expect((await order(user.token, id)).state).toBe('running');
  });

  it('needs a session, and refuses a frozen user', async () => {
    expect((await server.post('/lh/deposit', { config_id: fiveDay.id, amount: '100' })).type).toBe('999');
    const frozen = await registerUser(server);
    credit(server, frozen.email, '1000', 'USDT');
    server.built.ctx.db.update(users).set({ frozenAt: Date.now(), frozenReason: 'review' }).where(eq(users.email, frozen.email)).run();
    const refused = await server.post('/lh/deposit', { config_id: fiveDay.id, amount: '100' }, { token: frozen.token, lang: 'en' });
    expect(refused.message).toMatch(/^Your account is frozen \(review\)/);
  });
});

describe('a rate range edited after days were committed', () => {
  it('keeps each committed day\'s range: the config shows it per day and the order its effective range', async () => {
    const edited = (await products()).find((product) => product.lock_days === 15) as Product;
    const editDay = Date.UTC(2027, 0, 10, 5);
    await jumpTo(editDay);
    // As the console's edit does: the product's range changes; the dates already committed keep theirs.
    server.built.ctx.db.update(lockMiningProducts).set({ minRate: 6000, maxRate: 7000 }).where(eq(lockMiningProducts.id, edited.id)).run();
    const before = (await products()).find((product) => product.id === edited.id) as Product;
    expect(before).toMatchObject({ daily_rate_min: '0.6', daily_rate_max: '0.7' });
    expect(new Set(before.commitments.map((entry) => `${entry.min_rate_millionths}-${entry.max_rate_millionths}`))).toEqual(new Set(['4000-5500']));
    // Two days on, the newest payout date of a new lock is committed under the new range.
    await at(editDay + 2 * DAY_MS);
    const after = (await products()).find((product) => product.id === edited.id) as Product;
    expect(after.commitments.at(-1)).toMatchObject({ day: '2027-01-29', min_rate_millionths: 6000, max_rate_millionths: 7000 });
    const locked = await server.post<Order>('/lh/deposit', { config_id: edited.id, amount: '1000' }, { token: user.token });
    expect(locked.message.days.at(-1)).toMatchObject({ rate_day: '2027-01-28', range_min_millionths: 6000, range_max_millionths: 7000 });
    expect(locked.message.days[0]).toMatchObject({ range_min_millionths: 4000, range_max_millionths: 5500 });
    expect(locked.message).toMatchObject({ daily_rate_min: '0.4', daily_rate_max: '0.7' });
    await server.post('/lh/deposit/order/cancel', { id: locked.message.id }, { token: user.token });
  });
});
