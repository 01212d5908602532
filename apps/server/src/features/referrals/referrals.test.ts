import { beforeAll, describe, expect, it } from 'vitest';
import { credit, freshDevice, freshIp, latestCode, pushTicks, registerUser, startServer, type TestServer, uniqueEmail } from '../../../test/harness.ts';

let server: TestServer;

const inviteCodeOf = (email: string) => (server.built.ctx.sqlite.prepare('SELECT invite_code AS code FROM users WHERE email = ?').get(email) as { code: string }).code;
const rebateRows = (inviteeEmail: string) =>
  server.built.ctx.sqlite
    .prepare('SELECT r.fee, r.rebate, r.ref_type AS refType, r.ref_id AS refId FROM referral_rebates r JOIN users u ON u.id = r.invitee_id WHERE u.email = ?')
    .all(inviteeEmail) as { fee: number; rebate: number; refType: string; refId: string }[];

async function registerWithCode(code: string | undefined, email = uniqueEmail('invitee'), origin: { ip?: string; device?: string } = {}) {
  const ip = origin.ip ?? freshIp();
  await server.post('/sms_mail', { user_string: email, scene: 'register' }, { ip });
  const registered = await server.post<string>(
    '/user/register',
    { user_string: email, code: await latestCode(server, email), password: 'Secret123', re_password: 'Secret123', extension_code: code, device_token: origin.device ?? freshDevice() },
    { ip, lang: 'en' },
  );
  return { email, registered };
}
const withheldRows = (inviteeEmail: string) =>
  server.built.ctx.sqlite.prepare('SELECT w.reason, w.rebate FROM withheld_rebates w JOIN users u ON u.id = w.invitee_id WHERE u.email = ?').all(inviteeEmail) as { reason: string; rebate: number }[];
const buyBtc = (token: string) => server.post<{ status: string }>('/coin/trade', { amount: '0.01', currency_id: 1, legal_id: 3, type: 1 }, { token });

beforeAll(async () => {
  server = await startServer();
  await pushTicks(server, 'BTC/USDT', [{ price: '96250.00', volume: '0.5' }]);
});

describe('invitations and rebates', () => {
  it("credits the inviter 20% of the fee their invitee pays on a spot trade, from the fees account, shown in the inviter's bills", async () => {
    const inviter = await registerUser(server);
    const { email, registered } = await registerWithCode(inviteCodeOf(inviter.email));
    expect(registered.type).toBe('ok');
    const invitee = registered.message;
    credit(server, email, '2000', 'USDT');

    const order = await server.post<{ status: string; fee: string }>('/coin/trade', { amount: '0.01', currency_id: 1, legal_id: 3, type: 1 }, { token: invitee });
    expect(order.message.status).toBe('filled');
    const rows = rebateRows(email);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.rebate).toBe(Math.floor((row.fee * 2000) / 10_000));
      expect(row.refType).toBe('spot_trade');
    }
    const rebate = rows.reduce((total, row) => total + row.rebate, 0);
    expect(rebate).toBeGreaterThan(0);
    const feeOfTrade = server.built.ctx.sqlite.prepare(`SELECT SUM(taker_fee) AS fee FROM spot_trades WHERE id IN (${rows.map((row) => Number(row.refId)).join(',')})`).get() as { fee: number };
    expect(rows.reduce((total, row) => total + row.fee, 0)).toBe(feeOfTrade.fee);

    const balance = await server.post<{ available: string }>('/wallet/detail', { currency: 'USDT', type: 'change' }, { token: inviter.token });
    expect(Number(balance.message.available)).toBeCloseTo(rebate / 1e6, 6);
    const bills = await server.post<{ list: { type_name: string; amount: string }[] }>('/wallet/legal_log', { kind: 'referral_rebate' }, { token: inviter.token, lang: 'en' });
    expect(bills.message.list[0]?.type_name).toBe('Invitation rebate');

    const overview = await server.get<{ invite_code: string; invite_link: string; qr_code: string; invitees: number; rebates: { currency: string; amount: string }[] }>('/user/invite', {}, { token: inviter.token });
    expect(overview.message).toMatchObject({ invite_code: inviteCodeOf(inviter.email), invitees: 1, rebates: [{ currency: 'USDT', amount: (rebate / 1e6).toFixed(6) }] });
    expect(overview.message.invite_link).toMatch(new RegExp(`/h5/#/pages/common/register\\?code=${inviteCodeOf(inviter.email)}$`));
    expect(overview.message.qr_code).toMatch(/^data:image\/png;base64,/);
    const invitees = await server.get<{ list: { account: string; rebates: unknown[] }[] }>('/user/invite/list', {}, { token: inviter.token });
    expect(invitees.message.list).toHaveLength(1);
    expect(invitees.message.list[0]?.account).toMatch(/\*\*\*@/);
    expect(invitees.message.list[0]?.account).not.toBe(email);
  });

  it('pays nothing on the trades of a user nobody invited', async () => {
    const loner = await registerUser(server);
    credit(server, loner.email, '2000', 'USDT');
    const order = await server.post<{ status: string }>('/coin/trade', { amount: '0.01', currency_id: 1, legal_id: 3, type: 1 }, { token: loner.token });
    expect(order.message.status).toBe('filled');
    expect(rebateRows(loner.email)).toEqual([]);
  });

  it('refuses an unknown invite code, and an inviter is set once at registration only', async () => {
    const { registered } = await registerWithCode('NOPE0000');
    expect(registered).toMatchObject({ type: 'error' });
    const inviter = await registerUser(server);
    const { email } = await registerWithCode(inviteCodeOf(inviter.email));
    const row = server.built.ctx.sqlite.prepare('SELECT id, inviter_id AS inviterId FROM users WHERE email = ?').get(email) as { id: number; inviterId: number };
    expect(row.inviterId).not.toBe(row.id);
    expect((await server.get('/user/invite')).type).toBe('999');
  });

  it("pays the inviter 20% of the fees of their invitee's futures trade, opening and closing, into the inviter's lever account", async () => {
    const inviter = await registerUser(server);
    const { email, registered } = await registerWithCode(inviteCodeOf(inviter.email));
    const invitee = registered.message;
    credit(server, email, '1000', 'USDT', 3);
    const opened = await server.post<{ id: number; status: string }>('/lever/submit', { currency_id: 1, legal_id: 3, order_type: 'market', type: 1, lots: 10, multiple: 10 }, { token: invitee });
    expect(opened.message.status).toBe('holding');
    expect((await server.post('/lever/close', { id: opened.message.id }, { token: invitee })).type).toBe('ok');
    const order = server.built.ctx.sqlite.prepare('SELECT open_fee AS openFee, close_fee AS closeFee FROM futures_orders WHERE id = ?').get(opened.message.id) as { openFee: number; closeFee: number };
    const rows = rebateRows(email);
    expect(rows.map((row) => [row.refType, row.fee, row.rebate])).toEqual([
      ['futures_order', order.openFee, Math.floor(order.openFee / 5)],
      ['futures_order', order.closeFee, Math.floor(order.closeFee / 5)],
    ]);
    const lever = await server.post<{ available: string }>('/wallet/detail', { currency: 'USDT', type: 'lever' }, { token: inviter.token });
    expect(Number(lever.message.available)).toBeCloseTo((Math.floor(order.openFee / 5) + Math.floor(order.closeFee / 5)) / 1e6, 6);
  });

  it("pays the inviter 20% of the fee of their invitee's seconds option, and shows the rebate in both users' bills", async () => {
    const inviter = await registerUser(server);
    const { email, registered } = await registerWithCode(inviteCodeOf(inviter.email));
    const invitee = registered.message;
    credit(server, email, '100', 'USDT', 4);
    await pushTicks(server, 'BTC/USDT', [{ price: '96250.00' }]);
    const option = await server.post<{ id: number; fee: string }>('/microtrade/submit', { match_id: 1, currency_id: 3, seconds: 30, type: 'up', number: '50' }, { token: invitee });
    expect(option.message.fee).toBe('0.050000');
    expect(rebateRows(email)).toEqual([{ fee: 50_000, rebate: 10_000, refType: 'seconds_option', refId: String(option.message.id) }]);

    // The inviter: a credit in the options account, a line in the bills.
    const micro = await server.post<{ available: string }>('/wallet/detail', { currency: 'USDT', type: 'micro' }, { token: inviter.token });
    expect(micro.message.available).toBe('0.010000');
    const credited = await server.post<{ list: { type_name: string; amount: string }[] }>('/wallet/legal_log', {}, { token: inviter.token, lang: 'en' });
    expect(credited.message.list[0]).toMatchObject({ type_name: 'Invitation rebate', amount: '0.010000' });

    // The invitee: next to the fee, what it paid the inviter, for information (no balance moved on their account).
    type Bill = { type: string; type_name: string; amount: string; balance_after: string | null; informational: boolean };
    const bills = (await server.post<{ list: Bill[]; total: number }>('/wallet/legal_log', {}, { token: invitee, lang: 'en' })).message;
    expect(bills.list.slice(0, 2)).toEqual([
      expect.objectContaining({ type: 'referral_rebate_paid', type_name: 'Rebate to your inviter (paid by the platform from your fee)', amount: '0.010000', balance_after: null, informational: true }),
      expect.objectContaining({ type: 'option_fee', amount: '-0.050000', informational: false }),
    ]);
    const onlyRebates = (await server.post<{ list: Bill[]; total: number }>('/wallet/legal_log', { kind: 'referral_rebate_paid' }, { token: invitee })).message;
    expect(onlyRebates).toMatchObject({ total: 1, list: [{ amount: '0.010000' }] });
    expect((await server.post<{ total: number }>('/wallet/legal_log', { kind: 'option_fee' }, { token: invitee })).message.total).toBe(1);
    // The inviter sees no such row of its own.
    expect((await server.post<{ total: number }>('/wallet/legal_log', { kind: 'referral_rebate_paid' }, { token: inviter.token })).message.total).toBe(0);
  });

  it('withholds the rebate, recording why, when inviter and invitee signed up from the same address or the same device', async () => {
    const sharedIp = freshIp();
    const inviterByIp = await registerWithCode(undefined, uniqueEmail('farmer'), { ip: sharedIp });
    const sameIp = await registerWithCode(inviteCodeOf(inviterByIp.email), uniqueEmail('farmed'), { ip: sharedIp });
    const inviterByDevice = await registerWithCode(undefined, uniqueEmail('farmer'), { device: 'device-token-farm-1' });
    const sameDevice = await registerWithCode(inviteCodeOf(inviterByDevice.email), uniqueEmail('farmed'), { device: 'device-token-farm-1' });
    for (const [invitee, reason] of [
      [sameIp, 'shared_ip'],
      [sameDevice, 'shared_device'],
    ] as const) {
      expect(invitee.registered.type).toBe('ok');
      credit(server, invitee.email, '2000', 'USDT');
      expect((await buyBtc(invitee.registered.message)).message.status).toBe('filled');
      expect(rebateRows(invitee.email)).toEqual([]);
      const withheld = withheldRows(invitee.email);
      expect(withheld.length).toBeGreaterThan(0);
      expect(withheld.every((row) => row.reason === reason && row.rebate > 0)).toBe(true);
    }
  });

  it('limits sign-ups to 3 per address a day and 2 per device, with a clear message, and nothing is created', async () => {
    const ip = freshIp();
    for (let index = 0; index < 3; index += 1) expect((await registerWithCode(undefined, uniqueEmail('same-ip'), { ip })).registered.type).toBe('ok');
    const fourth = await registerWithCode(undefined, uniqueEmail('same-ip'), { ip });
    expect(fourth.registered).toEqual({ type: 'error', message: '3 accounts have already been opened from this network today. Please try again tomorrow or contact support' });
    expect(server.built.ctx.sqlite.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').get(fourth.email)).toEqual({ n: 0 });

    const device = 'device-token-limit-1';
    for (let index = 0; index < 2; index += 1) expect((await registerWithCode(undefined, uniqueEmail('same-device'), { device })).registered.type).toBe('ok');
    const third = await registerWithCode(undefined, uniqueEmail('same-device'), { device });
    expect(third.registered).toEqual({ type: 'error', message: '2 accounts have already been opened on this device; no more can be registered' });
  });
});
