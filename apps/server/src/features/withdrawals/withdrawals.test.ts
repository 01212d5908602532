import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { credit, freshIp, latestCode, pushTicks, registerUser, startServer, type TestServer } from '../../../test/harness.ts';
import { FUND_PASSWORD, savedAddress, verifiedUser } from '../../../test/funds.ts';
import { userSecurity, users, withdrawals } from '../../db/schema.ts';
import type { UserEvent } from '../../market/bus.ts';
import { currentTotp, newTotpSecret } from '../../platform/totp.ts';

let server: TestServer;
let btcTickId: number;

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

beforeAll(async () => {
  server = await startServer();
  await pushTicks(server, 'BTC/USDT', [{ price: '100000' }]);
  await pushTicks(server, 'ETH/USDT', [{ price: '4000' }]);
  btcTickId = server.built.ctx.market.lastTick('BTC/USDT')?.id as number;
});

interface Withdrawal {
  id: number;
  route: string;
  status: string;
  amount: string;
  fee: string;
  total: string;
  btc_value: string;
  destination: string;
  chain: string | null;
  reason: string | null;
}

async function balance(token: string, currency: string) {
  return (await server.post<{ available: string; frozen: string }>('/wallet/detail', { currency, type: 'change' }, { token })).message;
}

function withdraw(token: string, body: Record<string, unknown>, lang = 'en') {
  return server.post<Withdrawal>('/wallet/out', { pay_password: FUND_PASSWORD, ...body }, { token, lang, ip: freshIp() });
}

/** A verified user holding BTC in spot, with a saved BTC address. */
async function btcHolder(amount = '1') {
  const user = await verifiedUser(server);
  credit(server, user.email, amount, 'BTC');
  const addressId = await savedAddress(server, user.token, { currency: 'BTC', address: BTC_ADDRESS });
  return { ...user, addressId };
}

describe('withdrawal to a saved address', () => {
  it('freezes amount and fee, records the BTC value with the feed ticks, and lists the request', async () => {
    const events: UserEvent[] = [];
    server.built.ctx.bus.on('user', (event) => events.push(event));
    const user = await btcHolder();
    const answer = await withdraw(user.token, { currency: 'BTC', number: '0.5', address_id: user.addressId });
    expect(answer.message).toMatchObject({ status: 'review', amount: '0.49980000', fee: '0.00020000', total: '0.50000000', btc_value: '0.50000000', destination: BTC_ADDRESS, chain: 'BTC' });
    expect(await balance(user.token, 'BTC')).toMatchObject({ available: '0.50000000', frozen: '0.50000000' });
    const list = (await server.get<{ list: Withdrawal[] }>('/user/withdraw/list', {}, { token: user.token })).message.list;
    expect(list).toEqual([expect.objectContaining({ id: answer.message.id, status: 'review' })]);
    const postings = (await server.post<{ list: { type: string; type_name: string }[] }>('/wallet/legal_log', { currency: 'BTC' }, { token: user.token, lang: 'en' })).message.list;
    expect(postings.map((posting) => posting.type_name)).toEqual(['Withdrawal hold', 'Withdrawal hold', 'Demo funds']);
    expect(events).toContainEqual(expect.objectContaining({ userId: user.userId, kind: 'withdrawal.requested', refId: answer.message.id }));
  });

  it('values other coins in BTC at the feed price and records both ticks', async () => {
    const user = await verifiedUser(server);
    credit(server, user.email, '10', 'ETH');
    const addressId = await savedAddress(server, user.token, { currency: 'ETH', address: ETH_ADDRESS });
    const answer = await withdraw(user.token, { currency: 'ETH', number: '2', address_id: addressId });
    expect(answer.message).toMatchObject({ amount: '1.99800000', btc_value: '0.08000000' });
    const row = server.built.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, answer.message.id)).get();
    expect(row).toMatchObject({ btcTickId, priceTickId: server.built.ctx.market.lastTick('ETH/USDT')?.id, btcValue: 8_000_000 });
  });

  it('refuses bad amounts, wrong destinations, a wrong fund password and an insufficient balance, changing nothing', async () => {
    const user = await btcHolder();
    const other = await btcHolder();
    const ethAddress = await savedAddress(server, user.token, { currency: 'ETH', address: ETH_ADDRESS });
    const refusals: [Record<string, unknown>, string][] = [
      [{ currency: 'BTC', number: '0.0005', address_id: user.addressId }, 'The minimum withdrawal is 0.001 BTC'],
      [{ currency: 'BTC', number: '150', address_id: user.addressId }, 'The maximum withdrawal is 100.00 BTC'],
      [{ currency: 'BTC', number: '0.000000001', address_id: user.addressId }, 'Enter a correct amount'],
      [{ currency: 'BTC', number: 'all', address_id: user.addressId }, 'Enter a correct amount'],
      [{ currency: 'BTC', number: '0.5' }, 'Please choose a withdrawal address'],
      [{ currency: 'BTC', number: '0.5', address_id: other.addressId }, 'Withdrawal address not found'],
      [{ currency: 'BTC', number: '0.5', address_id: ethAddress }, 'Withdrawal address not found'],
      [{ currency: 'BTC', number: '0.5', address_id: 99_999_999 }, 'Withdrawal address not found'],
      [{ currency: 'AAPL', number: '1', address_id: user.addressId }, 'Currency not found'],
      [{ currency: 'BTC', number: '0.5', address_id: user.addressId, pay_password: 'Wrong12345' }, 'Incorrect fund password'],
      [{ currency: 'BTC', number: '0.5', address_id: user.addressId, pay_password: '' }, 'Please enter fund password'],
      [{ currency: 'BTC', number: '5', address_id: user.addressId }, 'Insufficient balance'],
      [{ currency: 'BTC', number: '0.5', type: 'cash', address_id: user.addressId }, 'type is not valid'],
    ];
    for (const [body, message] of refusals) expect(await withdraw(user.token, body)).toEqual({ type: 'error', message });
    expect(await balance(user.token, 'BTC')).toMatchObject({ available: '1.00000000', frozen: '0.00000000' });
    expect((await server.get<{ total: number }>('/user/withdraw/list', {}, { token: user.token })).message.total).toBe(0);
  });

  it('counts a wrong fund password toward the lock-out, and a right one (two-factor off) starts the count again', async () => {
    const user = await btcHolder();
    const failures = () => server.built.ctx.db.select({ failures: users.failedLogins }).from(users).where(eq(users.id, user.userId)).get()?.failures;
    await withdraw(user.token, { currency: 'BTC', number: '0.5', address_id: user.addressId, pay_password: 'Wrong12345' });
    expect(failures()).toBe(1);
    expect((await withdraw(user.token, { currency: 'BTC', number: '0.5', address_id: user.addressId })).type).toBe('ok');
    expect(failures()).toBe(0);
  });

  it('needs a session, Lv1 (998), a fund password, and an account that is not frozen', async () => {
    expect((await server.post('/wallet/out', { currency: 'BTC', number: '1', pay_password: 'x' })).type).toBe('999');
    const unverified = await registerUser(server);
    expect(await withdraw(unverified.token, { currency: 'BTC', number: '1', address_id: 1 })).toEqual({ type: '998', message: 'Please complete identity verification first' });
    const noPassword = await verifiedUser(server, { fundPassword: false });
    credit(server, noPassword.email, '1', 'BTC');
    const addressId = await savedAddress(server, noPassword.token, { currency: 'BTC', address: BTC_ADDRESS });
    expect(await withdraw(noPassword.token, { currency: 'BTC', number: '0.5', address_id: addressId })).toEqual({ type: 'error', message: 'Please set a fund password first' });
    const frozen = await btcHolder();
    server.built.ctx.db.update(users).set({ frozenAt: server.built.ctx.now(), frozenReason: 'under investigation' }).where(eq(users.id, frozen.userId)).run();
    expect((await withdraw(frozen.token, { currency: 'BTC', number: '0.5', address_id: frozen.addressId })).message).toContain('under investigation');
    expect(await balance(frozen.token, 'BTC')).toMatchObject({ available: '1.00000000' });
  });

  it('is locked for 24 hours after a security change, with the time left', async () => {
    const user = await btcHolder();
    const ip = freshIp();
    // A new code for the same address waits out the resend interval.
    server.advance(61_000);
    expect((await server.post('/sms_mail', { scene: 'safe' }, { token: user.token, ip })).type).toBe('ok');
    const code = await latestCode(server, user.email);
    expect((await server.post('/safe/update_password', { password: 'Fund67890', re_password: 'Fund67890', code }, { token: user.token, ip })).type).toBe('ok');
    server.advance(60 * 60_000);
    expect(await withdraw(user.token, { currency: 'BTC', number: '0.5', address_id: user.addressId, pay_password: 'Fund67890' })).toEqual({
      type: 'error',
      message: 'Withdrawals are locked for 24 hours after a security change: 23 h 0 min left',
    });
    const info = (await server.post<{ withdrawals_locked_until: number }>('/wallet/get_info', { currency: 'BTC' }, { token: user.token })).message;
    const security = (await server.get<{ withdrawals_locked_until: number }>('/safe/security', {}, { token: user.token })).message;
    expect(info.withdrawals_locked_until).toBe(security.withdrawals_locked_until);
    server.advance(23 * 60 * 60_000 + 1000);
    expect((await withdraw(user.token, { currency: 'BTC', number: '0.5', address_id: user.addressId, pay_password: 'Fund67890' })).type).toBe('ok');
  });

  it('asks for the authenticator code when two-factor is on', async () => {
    const user = await btcHolder();
    const secret = newTotpSecret();
    const now = server.built.ctx.now();
    server.built.ctx.db.insert(userSecurity).values({ userId: user.userId, totpSecret: secret, totpEnabledAt: now, totpFirstEnabledAt: now }).run();
    const body = { currency: 'BTC', number: '0.5', address_id: user.addressId };
    expect(await withdraw(user.token, body)).toEqual({ type: 'error', message: 'Enter the code from your authenticator app' });
    expect(await withdraw(user.token, { ...body, two_factor_code: '000000' })).toEqual({ type: 'error', message: 'Incorrect authenticator code or recovery code' });
    expect((await withdraw(user.token, { ...body, two_factor_code: currentTotp(secret, server.built.ctx.now()) })).type).toBe('ok');
  });
});

describe('the 24-hour limit', () => {
  it('counts withdrawals of the last 24 hours in BTC against the level\'s limit, and shows what is left', async () => {
    const user = await verifiedUser(server);
    credit(server, user.email, '300', 'BTC');
    const addressId = await savedAddress(server, user.token, { currency: 'BTC', address: BTC_ADDRESS });
    expect((await withdraw(user.token, { currency: 'BTC', number: '100', address_id: addressId })).type).toBe('ok');
    expect((await withdraw(user.token, { currency: 'BTC', number: '99.5', address_id: addressId })).type).toBe('ok');
    const info = (await server.post<{ withdraw_limit: { level: number; limit_btc: string; used_btc: string; remaining_btc: string; remaining: string } }>('/wallet/get_info', { currency: 'USDT' }, { token: user.token })).message;
    expect(info.withdraw_limit).toEqual({ level: 1, limit_btc: '200.00000000', used_btc: '199.50000000', remaining_btc: '0.50000000', remaining: '50000.000000' });
    expect(await withdraw(user.token, { currency: 'BTC', number: '1', address_id: addressId })).toEqual({ type: 'error', message: 'This exceeds your 24-hour withdrawal limit: 0.50 BTC left' });
    server.advance(24 * 60 * 60_000 + 1000);
    expect((await withdraw(user.token, { currency: 'BTC', number: '1', address_id: addressId })).type).toBe('ok');
  });
});

describe('withdrawal to a bank card', () => {
  const card = { real_name: 'Ada Lovelace', bank_name: 'Bank of Example', bank_account: '6222 0212 3456 7890', bank_dizhi: 'Shanghai', bank_network: 'Pudong branch', phone: '13912345678' };
  const international = {
    real_name: 'Ada Lovelace',
    bank_name: 'Example Bank NA',
    bank_account: 'DE89 3704 0044 0532 0130 00',
    bank_dizhi: '1 Main Street, New York',
    aba_number: '021000021',
    wechat_nickname: 'CHASUS33',
    wechat_account: '10 Downing Street, London',
  };

  it('needs a saved card, pays USDT to it with the bank fee, and shows the card masked', async () => {
    const user = await verifiedUser(server);
    credit(server, user.email, '1000', 'USDT');
    expect(await withdraw(user.token, { currency: 'USDT', number: '200', type: 'bank' })).toEqual({ type: 'error', message: 'Please add a bank card first' });
    expect((await server.post('/user/cash_save', card, { token: user.token })).type).toBe('ok');
    const answer = await withdraw(user.token, { currency: 'USDT', number: '200', type: 'bank' });
    expect(answer.message).toMatchObject({ route: 'bank', amount: '198.000000', fee: '2.000000', destination: '**** 7890', chain: null });
    const row = server.built.ctx.db.select().from(withdrawals).where(eq(withdrawals.id, answer.message.id)).get();
    expect(row?.payee).toMatchObject({ real_name: 'Ada Lovelace', bank_name: 'Bank of Example', bank_branch: 'Pudong branch' });
    expect(row?.destination).toBe('6222021234567890');
    expect(await withdraw(user.token, { currency: 'USDT', number: '200', type: 'bank_international' })).toEqual({ type: 'error', message: 'Please add an international bank card first' });
    expect((await server.post('/user/cash_save_international', international, { token: user.token })).type).toBe('ok');
    expect(await withdraw(user.token, { currency: 'USDT', number: '200', type: 'bank_international' })).toEqual({ type: 'error', message: 'The minimum withdrawal is 500.00 USDT' });
    expect((await withdraw(user.token, { currency: 'USDT', number: '600', type: 'bank_international' })).message).toMatchObject({ amount: '575.000000', fee: '25.000000' });
    expect(await withdraw(user.token, { currency: 'BTC', number: '0.5', type: 'bank' })).toEqual({ type: 'error', message: 'Bank payouts are not available for this currency' });
  });
});
