import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantCoupon } from '../../platform/coupons.ts';
import { findUserByAccount } from '../../platform/users.ts';
import { credit, pushTicks, registerUser, startServer, type TestServer } from '../../../test/harness.ts';

interface Coupon {
  id: number;
  kind: string;
  status: string;
  face_value: string;
  remaining: string;
  uses: number;
  futures_order_id: number | null;
}
interface Deal {
  available: string;
  frozen: string;
  positions: { id: number; status: string; margin: string; margin_source: string; coupon_id: number | null; close: { reason: string; tick: { id: number }; payout: string } | null }[];
}

const BTC = { currency_id: 1, legal_id: 3 };
const LEVER = 3;
const DAY = 86_400_000;

let server: TestServer;

const userId = (email: string) => findUserByAccount(server.built.ctx.db, email)?.id as number;
function grant(email: string, kind: 'fee' | 'voucher', faceValue: number, validDays = 7): number {
  const { ctx } = server.built;
  return ctx.db.transaction((tx) => grantCoupon(tx, ctx.catalog, { userId: userId(email), kind, currencyId: 3, faceValue, validDays, source: 'admin', issuedBy: 'test' }, ctx.now())).coupon.id;
}
const coupons = async (token: string, status: string) => (await server.get<{ list: Coupon[] }>('/coupon/list', { status }, { token })).message.list;
const deal = async (token: string) => (await server.post<Deal>('/lever/deal', BTC, { token })).message;
const feed = async (price: string) => {
  await pushTicks(server, 'BTC/USDT', [{ price, volume: '0.1', time: server.built.ctx.now() }]);
  return server.built.ctx.market.lastTick('BTC/USDT')?.id as number;
};
const rewardsBalance = () => (server.built.ctx.sqlite.prepare("SELECT available FROM ledger_accounts WHERE system_code = 'rewards' AND currency_id = 3").get() as { available: number } | undefined)?.available ?? 0;

beforeAll(async () => {
  server = await startServer();
  await feed('100000');
});
afterAll(() => server.close());

describe('new-user tasks', () => {
  it('counts a user verified before the task list existed (like the demo user) as verified', async () => {
    const user = await registerUser(server);
    server.built.ctx.sqlite.prepare('UPDATE users SET verification_level = 2 WHERE id = ?').run(userId(user.email));
    const tasks = await server.get<{ task: string; done: boolean }[]>('/coupon/tasks', {}, { token: user.token });
    expect(tasks.message.map((task) => [task.task, task.done])).toEqual([
      ['verify', true],
      ['first_deposit', false],
      ['first_trade', false],
    ]);
    expect((await server.post<Coupon>('/coupon/claim', { task: 'verify' }, { token: user.token })).message).toMatchObject({ kind: 'fee', face_value: '10.000000' });
  });

  it('completes a task from its event, grants its coupon once on claim, and lists it', async () => {
    const user = await registerUser(server);
    const tasks = await server.get<{ task: string; done: boolean; claimed: boolean; grants: { kind: string; face_value: string } }[]>('/coupon/tasks', {}, { token: user.token });
    expect(tasks.message.map((task) => [task.task, task.done, task.claimed])).toEqual([
      ['verify', false, false],
      ['first_deposit', false, false],
      ['first_trade', false, false],
    ]);
    expect(await server.post('/coupon/claim', { task: 'verify' }, { token: user.token, lang: 'en' })).toEqual({ type: 'error', message: 'This task is not done yet' });

    server.built.ctx.bus.emit('user', { userId: userId(user.email), kind: 'verification.approved', refType: 'verification', refId: 1, params: { level: 1 }, time: server.built.ctx.now() });
    const claimed = await server.post<Coupon>('/coupon/claim', { task: 'verify' }, { token: user.token });
    expect(claimed.message).toMatchObject({ kind: 'fee', status: 'available', face_value: '10.000000', remaining: '10.000000' });
    expect(await server.post('/coupon/claim', { task: 'verify' }, { token: user.token, lang: 'en' })).toEqual({ type: 'error', message: "This task's reward has already been claimed" });
    expect((await coupons(user.token, 'available')).map((coupon) => coupon.id)).toEqual([claimed.message.id]);

    // A spot fill completes the first trade.
    credit(server, user.email, '2000', 'USDT');
    expect((await server.post<{ status: string }>('/coupon/claim', { task: 'first_trade' }, { token: user.token })).type).toBe('error');
    const order = await server.post<{ status: string }>('/coin/trade', { amount: '0.001', currency_id: 1, legal_id: 3, type: 1 }, { token: user.token });
    expect(order.message.status).toBe('filled');
    expect((await server.post<Coupon>('/coupon/claim', { task: 'first_trade' }, { token: user.token })).message).toMatchObject({ kind: 'fee', face_value: '20.000000' });
    const notices = server.built.ctx.sqlite.prepare("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND kind = 'coupon.granted'").get(userId(user.email));
    expect(notices).toEqual({ n: 2 });
  });
});

describe('fee coupon', () => {
  it("refunds each futures fee from the rewards account up to the coupon's face value and not beyond, shown in the bills", async () => {
    const user = await registerUser(server);
    credit(server, user.email, '10000', 'USDT', LEVER);
    const couponId = grant(user.email, 'fee', 8_000_000);
    const rewardsBefore = rewardsBalance();
    // 100 lots at 100000: a fee of about 5 USDT at each open and close.
    let fees = 0;
    for (let round = 0; round < 2; round += 1) {
      const opened = await server.post<{ id: number }>('/lever/submit', { ...BTC, order_type: 'market', type: 1, lots: 100, multiple: 10 }, { token: user.token });
      await server.post('/lever/close', { id: opened.message.id }, { token: user.token });
      const row = server.built.ctx.sqlite.prepare('SELECT open_fee + close_fee AS fees FROM futures_orders WHERE id = ?').get(opened.message.id) as { fees: number };
      fees += row.fees;
    }
    expect(fees).toBeGreaterThan(8_000_000);
    const refunds = server.built.ctx.sqlite.prepare('SELECT SUM(refund) AS total, COUNT(*) AS n FROM coupon_uses WHERE coupon_id = ?').get(couponId) as { total: number; n: number };
    expect(refunds).toEqual({ total: 8_000_000, n: 2 });
    expect(rewardsBefore - rewardsBalance()).toBe(8_000_000);
    const used = await coupons(user.token, 'used');
    expect(used).toMatchObject([{ id: couponId, remaining: '0.000000', uses: 2 }]);
    expect(await coupons(user.token, 'available')).toEqual([]);
    const bills = await server.post<{ list: { type_name: string; amount: string }[] }>('/wallet/legal_log', { kind: 'coupon_fee_refund' }, { token: user.token, lang: 'en' });
    expect(bills.message.list.map((line) => line.type_name)).toEqual(['Fee coupon refund', 'Fee coupon refund']);
    expect(bills.message.list.reduce((total, line) => total + Number(line.amount), 0)).toBeCloseTo(8, 6);
    await server.built.ctx.scheduler.runDue();
    const announced = server.built.ctx.sqlite.prepare("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND kind = 'coupon.used'").get(userId(user.email));
    expect(announced).toEqual({ n: 1 });
  });

  it('refunds a spot fee too', async () => {
    const user = await registerUser(server);
    credit(server, user.email, '2000', 'USDT');
    const couponId = grant(user.email, 'fee', 50_000_000);
    const order = await server.post<{ status: string }>('/coin/trade', { amount: '0.01', currency_id: 1, legal_id: 3, type: 1 }, { token: user.token });
    expect(order.message.status).toBe('filled');
    const refunded = server.built.ctx.sqlite.prepare("SELECT SUM(refund) AS total FROM coupon_uses WHERE coupon_id = ? AND ref_type = 'spot_trade'").get(couponId) as { total: number };
    expect(refunded.total).toBeGreaterThan(0);
  });
});

describe('position voucher', () => {
  it('a winning voucher pays only the profit; its face value stays with the rewards account', async () => {
    const user = await registerUser(server);
    const couponId = grant(user.email, 'voucher', 100_000_000);
    const rewardsBefore = rewardsBalance();
    const used = await server.post<{ order_id: number; coupon: Coupon }>('/coupon/use_voucher', { coupon_id: couponId, ...BTC, type: 'long' }, { token: user.token });
    expect(used.type).toBe('ok');
    expect(used.message.coupon).toMatchObject({ status: 'used', futures_order_id: used.message.order_id });
    const opened = await deal(user.token);
    expect(opened.available).toBe('0.000000');
    expect(opened.positions[0]).toMatchObject({ margin_source: 'rewards', coupon_id: couponId, status: 'holding' });
    expect(Number(opened.frozen)).toBeLessThanOrEqual(100);
    // A position the voucher paid for is no trade of the user's own money: the first-trade task stays open.
    const tasks = await server.get<{ task: string; done: boolean }[]>('/coupon/tasks', {}, { token: user.token });
    expect(tasks.message.find((task) => task.task === 'first_trade')?.done).toBe(false);
    expect(await server.post('/lever/add_margin', { id: used.message.order_id, amount: '1' }, { token: user.token, lang: 'en' })).toMatchObject({ type: 'error' });

    await feed('101000');
    expect((await server.post('/lever/close', { id: used.message.order_id }, { token: user.token })).type).toBe('ok');
    const closed = await deal(user.token);
    const order = server.built.ctx.sqlite.prepare('SELECT pnl, close_fee AS closeFee, margin FROM futures_orders WHERE id = ?').get(used.message.order_id) as { pnl: number; closeFee: number; margin: number };
    expect(order.pnl).toBeGreaterThan(order.closeFee);
    expect(closed.frozen).toBe('0.000000');
    expect(Number(closed.available)).toBeCloseTo((order.pnl - order.closeFee) / 1e6, 6);
    expect(Number(closed.available)).toBeLessThan(100);
    // The rewards account paid the margin and the open fee and got the whole margin back; the profit came from the house, the position's counterparty.
    const openFee = (server.built.ctx.sqlite.prepare('SELECT open_fee AS fee FROM futures_orders WHERE id = ?').get(used.message.order_id) as { fee: number }).fee;
    expect(rewardsBefore - rewardsBalance()).toBe(openFee);
    await feed('100000');
  });

  it('a losing voucher costs the user nothing', async () => {
    const user = await registerUser(server);
    credit(server, user.email, '50', 'USDT', LEVER);
    const couponId = grant(user.email, 'voucher', 100_000_000);
    const used = await server.post<{ order_id: number }>('/coupon/use_voucher', { coupon_id: couponId, ...BTC, type: 'long' }, { token: user.token });
    await feed('99000');
    await server.post('/lever/close', { id: used.message.order_id }, { token: user.token });
    const after = await deal(user.token);
    expect(after).toMatchObject({ available: '50.000000', frozen: '0.000000' });
    const bills = await server.post<{ list: { type_name: string }[] }>('/wallet/legal_log', { kind: 'coupon_voucher_close' }, { token: user.token, lang: 'en' });
    expect(bills.message.list[0]?.type_name).toBe('Voucher position closed');
    await feed('100000');
  });

  it('refuses bad input, other users\u2019 coupons, a fee coupon as a voucher and a used voucher, changing nothing', async () => {
    const owner = await registerUser(server);
    const stranger = await registerUser(server);
    const voucher = grant(owner.email, 'voucher', 100_000_000);
    const fee = grant(owner.email, 'fee', 1_000_000);
    const use = (body: Record<string, unknown>, token = owner.token) => server.post('/coupon/use_voucher', { ...BTC, type: 'short', ...body }, { token, lang: 'en' });
    expect(await use({ coupon_id: voucher }, stranger.token)).toEqual({ type: 'error', message: 'Coupon not found' });
    expect(await use({ coupon_id: 99_999_999 })).toEqual({ type: 'error', message: 'Coupon not found' });
    expect(await use({ coupon_id: fee })).toEqual({ type: 'error', message: 'This coupon is not a position voucher' });
    expect((await use({ coupon_id: 'abc' })).type).toBe('error');
    expect((await use({ coupon_id: voucher, type: 'sideways' })).type).toBe('error');
    expect((await use({ coupon_id: voucher, currency_id: 999 })).type).toBe('error');
    expect((await server.get('/coupon/list', { status: 'lost' }, { token: owner.token })).type).toBe('error');
    expect((await server.post('/coupon/claim', { task: 'nope' }, { token: owner.token })).type).toBe('error');
    expect((await server.get('/coupon/list', {})).type).toBe('999');
    expect((await server.post('/coupon/use_voucher', { coupon_id: voucher, ...BTC, type: 'long' })).type).toBe('999');
    expect((await coupons(owner.token, 'available')).map((coupon) => coupon.status)).toEqual(['available', 'available']);
    expect(await coupons(stranger.token, 'available')).toEqual([]);
    expect((await deal(owner.token)).positions).toEqual([]);

    expect((await use({ coupon_id: voucher })).type).toBe('ok');
    expect(await use({ coupon_id: voucher })).toEqual({ type: 'error', message: 'This coupon has been used, has expired or is not valid yet' });
    expect((await deal(owner.token)).positions).toHaveLength(1);
  });

  it('closes a voucher position at the first tick after the voucher ends, and an expired voucher cannot be used', async () => {
    const user = await registerUser(server);
    const couponId = grant(user.email, 'voucher', 100_000_000, 1);
    const spare = grant(user.email, 'voucher', 100_000_000, 1);
    const used = await server.post<{ order_id: number }>('/coupon/use_voucher', { coupon_id: couponId, ...BTC, type: 'long' }, { token: user.token });
    server.advance(DAY + 1000);
    await server.built.ctx.scheduler.runDue();
    expect((await deal(user.token)).positions[0]?.status).toBe('holding');
    const tickId = await feed('100500');
    await server.built.ctx.scheduler.runDue();
    const position = (await server.post<{ list: Deal['positions'] }>('/lever/dealall', { ...BTC, limit: 50 }, { token: user.token })).message.list.find((row) => row.id === used.message.order_id);
    expect(position).toMatchObject({ status: 'closed', close: { reason: 'expiry', tick: { id: tickId } } });
    expect((await deal(user.token)).frozen).toBe('0.000000');

    expect((await coupons(user.token, 'expired')).map((coupon) => coupon.id)).toEqual([spare]);
    expect(await server.post('/coupon/use_voucher', { coupon_id: spare, ...BTC, type: 'long' }, { token: user.token, lang: 'en' })).toEqual({
      type: 'error',
      message: 'This coupon has been used, has expired or is not valid yet',
    });
    const expiredNotice = server.built.ctx.sqlite.prepare("SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND kind = 'coupon.expired'").get(userId(user.email));
    expect(expiredNotice).toEqual({ n: 1 });
  });
});
