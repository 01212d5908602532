import { beforeAll, describe, expect, it } from 'vitest';
import type { UserEvent } from '../../market/bus.ts';
import { credit, registerUser, startServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;

interface Transfer {
  id: number;
  currency: string;
  amount: string;
  from: { type: number; code: string; name: string };
  to: { type: number; code: string; name: string };
  created_at: number;
}

const balance = async (token: string, currency: string, type: string) =>
  (await server.post<{ available: string; frozen: string }>('/wallet/detail', { currency, type }, { token })).message.available;
const entryCount = () => (server.built.ctx.sqlite.prepare("SELECT COUNT(*) AS n FROM journal_entries WHERE type = 'transfer'").get() as { n: number }).n;

/** A new user holding 1000 USDT and 0.5 BTC in the spot account. */
async function fundedUser() {
  const user = await registerUser(server);
  credit(server, user.email, '1000', 'USDT');
  credit(server, user.email, '0.5', 'BTC');
  return user;
}

beforeAll(async () => {
  server = await startServer();
});

describe('transfers between a user\'s own accounts', () => {
  it('moves USDT from spot to stock at once, in one journal entry, announced to the user', async () => {
    const { token } = await fundedUser();
    const events: UserEvent[] = [];
    server.built.ctx.bus.on('user', (event) => events.push(event));
    const entriesBefore = entryCount();

    const moved = await server.post<Transfer>('/wallet/change', { currency_id: 3, number: '250.5', from_field: 2, to_field: 'stock' }, { token, lang: 'en' });
    expect(moved.type).toBe('ok');
    expect(moved.message).toMatchObject({ currency: 'USDT', amount: '250.500000', from: { code: 'change', name: 'Spot account' }, to: { code: 'stock', name: 'Stock account' } });
    expect(await balance(token, 'USDT', 'change')).toBe('749.500000');
    expect(await balance(token, 'USDT', 'stock')).toBe('250.500000');
    expect(entryCount()).toBe(entriesBefore + 1);
    expect(events.find((event) => event.kind === 'transfer.completed')).toMatchObject({ refType: 'account_transfer', refId: moved.message.id, params: { currency: 'USDT', amount: '250.500000', from: 'change', to: 'stock' } });

    const bills = await server.post<{ list: { type: string; type_name: string; amount: string; account_name: string; ref_type: string }[] }>('/wallet/legal_log', { kind: 'transfer' }, { token, lang: 'en' });
    expect(bills.message.list.map((bill) => [bill.type_name, bill.account_name, bill.amount])).toEqual([
      ['Transfer between accounts', 'Stock account', '250.500000'],
      ['Transfer between accounts', 'Spot account', '-250.500000'],
    ]);
  });

  it('moves a coin to any other account that holds it, and back', async () => {
    const { token } = await fundedUser();
    expect((await server.post('/wallet/change', { currency_id: 'BTC', number: '0.1', from_field: 'change', to_field: 'micro' }, { token })).type).toBe('ok');
    expect((await server.post('/wallet/change', { currency_id: 1, number: '0.04', from_field: 4, to_field: 2 }, { token })).type).toBe('ok');
    expect(await balance(token, 'BTC', 'change')).toBe('0.44000000');
    expect(await balance(token, 'BTC', 'micro')).toBe('0.06000000');
  });

  it('lists the user\'s own transfers newest first, paged, and nobody else\'s', async () => {
    const { token } = await fundedUser();
    for (const number of ['1', '2', '3']) await server.post('/wallet/change', { currency_id: 3, number, from_field: 'change', to_field: 'lever' }, { token });
    const page = await server.get<{ list: Transfer[]; total: number; has_more: boolean }>('/wallet/hzhistory', { page: 1, limit: 2 }, { token, lang: 'zh' });
    expect(page.message.total).toBe(3);
    expect(page.message.has_more).toBe(true);
    expect(page.message.list.map((transfer) => transfer.amount)).toEqual(['3.000000', '2.000000']);
    expect(page.message.list[0]).toMatchObject({ from: { name: '币币账户' }, to: { name: '合约账户' } });
    const stranger = await registerUser(server);
    expect((await server.get<{ total: number }>('/wallet/hzhistory', {}, { token: stranger.token })).message.total).toBe(0);
    expect((await server.get('/wallet/hzhistory', {})).type).toBe('999');
  });

  it('refuses bad transfers with a clear message and moves nothing', async () => {
    const { token } = await fundedUser();
    const entriesBefore = entryCount();
    const refusals: [Record<string, unknown>, string][] = [
      [{ currency_id: 3, number: '10', from_field: 'change', to_field: 'change' }, 'Choose two different accounts'],
      [{ currency_id: 3, number: '10', from_field: 2, to_field: 2 }, 'Choose two different accounts'],
      [{ currency_id: 3, number: '10', from_field: 'change', to_field: 'savings' }, 'Account type not found'],
      [{ currency_id: 3, number: '10', from_field: 99, to_field: 'stock' }, 'Account type not found'],
      [{ currency_id: 1, number: '0.1', from_field: 'change', to_field: 'lever' }, 'The Futures account does not hold BTC'],
      [{ currency_id: 101, number: '1', from_field: 'stock', to_field: 'change' }, 'The Spot account does not hold AAPL'],
      [{ currency_id: 999, number: '1', from_field: 'change', to_field: 'stock' }, 'Currency not found'],
      [{ currency_id: 3, number: '1000.01', from_field: 'change', to_field: 'stock' }, 'Insufficient balance'],
      [{ currency_id: 3, number: '5', from_field: 'stock', to_field: 'change' }, 'Insufficient balance'],
      [{ currency_id: 3, number: '1.0000001', from_field: 'change', to_field: 'stock' }, 'USDT allows at most 6 decimals'],
      [{ currency_id: 1, number: '0.000000001', from_field: 'change', to_field: 'micro' }, 'BTC allows at most 8 decimals'],
      [{ currency_id: 3, number: '0', from_field: 'change', to_field: 'stock' }, 'Enter a correct amount'],
      [{ currency_id: 3, number: '-5', from_field: 'change', to_field: 'stock' }, 'Enter a correct amount'],
      [{ currency_id: 3, number: '1e3', from_field: 'change', to_field: 'stock' }, 'Enter a correct amount'],
      [{ currency_id: 3, number: '90000000000', from_field: 'change', to_field: 'stock' }, 'The amount is too large'],
      [{ currency_id: 3, from_field: 'change', to_field: 'stock' }, 'Please enter amount'],
      [{ currency_id: 3, number: '1', to_field: 'stock' }, 'Please enter source account'],
    ];
    for (const [body, message] of refusals) expect(await server.post('/wallet/change', body, { token, lang: 'en' }), JSON.stringify(body)).toEqual({ type: 'error', message });
    expect(await balance(token, 'USDT', 'change')).toBe('1000.000000');
    expect(await balance(token, 'USDT', 'stock')).toBe('0.000000');
    expect(entryCount()).toBe(entriesBefore);
    expect((await server.get<{ total: number }>('/wallet/hzhistory', {}, { token })).message.total).toBe(0);
    expect((await server.post('/wallet/change', { currency_id: 3, number: '1', from_field: 'change', to_field: 'stock' })).type).toBe('999');
  });

  it('refuses a frozen user with the operator\'s reason, and lets them transfer again once unfrozen', async () => {
    const { token, email } = await fundedUser();
    const freeze = (reason: string | null) =>
      server.built.ctx.sqlite.prepare('UPDATE users SET frozen_at = ?, frozen_reason = ? WHERE email = ?').run(reason === null ? null : Date.now(), reason, email);
    freeze('Under review');
    const refused = await server.post<string>('/wallet/change', { currency_id: 3, number: '1', from_field: 'change', to_field: 'stock' }, { token, lang: 'en' });
    expect(refused.type).toBe('error');
    expect(refused.message).toContain('Under review');
    expect(await balance(token, 'USDT', 'stock')).toBe('0.000000');
    freeze(null);
    expect((await server.post('/wallet/change', { currency_id: 3, number: '1', from_field: 'change', to_field: 'stock' }, { token })).type).toBe('ok');
  });

  it('never overdraws when many transfers race for one balance', async () => {
    const { token } = await fundedUser();
    const results = await Promise.all(Array.from({ length: 30 }, () => server.post('/wallet/change', { currency_id: 3, number: '100', from_field: 'change', to_field: 'stock' }, { token })));
    expect(results.filter((result) => result.type === 'ok')).toHaveLength(10);
    expect(await balance(token, 'USDT', 'change')).toBe('0.000000');
    expect(await balance(token, 'USDT', 'stock')).toBe('1000.000000');
  });

  it('names every account and the currencies it holds, for the transfer page', async () => {
    const accounts = await server.get<{ code: string; name: string; currency_ids: number[] }[]>('/wallet/transfer_accounts', {}, { lang: 'en' });
    expect(accounts.message.find((account) => account.code === 'stock')).toMatchObject({ name: 'Stock account', currency_ids: [3, 101, 102, 103, 104, 105, 106, 107] });
    expect(accounts.message.find((account) => account.code === 'deposit')?.name).toBe('Earn account');
  });
});
