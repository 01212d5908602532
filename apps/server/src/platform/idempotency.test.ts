import { beforeAll, describe, expect, it } from 'vitest';
import { credit, registerUser, startServer, type TestServer } from '../../test/harness.ts';

/** runOnce over real HTTP, on two of the endpoints that use it: transfers between accounts and lock mining. */

let server: TestServer;

const journalCount = (type: string) => (server.built.ctx.sqlite.prepare('SELECT COUNT(*) AS n FROM journal_entries WHERE type = ?').get(type) as { n: number }).n;
const transferCount = () => journalCount('transfer');
const move = (token: string, clientOid: string | undefined, number = '10') =>
  server.post<{ id: number; amount: string }>('/wallet/change', { currency_id: 3, number, from_field: 'change', to_field: 'stock', client_oid: clientOid }, { token, lang: 'en' });

async function fundedUser() {
  const user = await registerUser(server);
  credit(server, user.email, '100000', 'USDT');
  return user;
}

beforeAll(async () => {
  server = await startServer();
});

describe('client_oid on money endpoints', () => {
  it('answers the first transfer again for a repeated key, moving the money once', async () => {
    const { token } = await fundedUser();
    const first = await move(token, 'transfer-1');
    expect(first.type).toBe('ok');
    const count = transferCount();
    const repeat = await move(token, 'transfer-1');
    expect(repeat).toEqual(first);
    expect(transferCount()).toBe(count);
    const stock = await server.post<{ available: string }>('/wallet/detail', { currency: 'USDT', type: 'stock' }, { token });
    expect(stock.message.available).toBe('10.000000');
  });

  it('runs concurrent duplicates once and gives them all the first answer', async () => {
    const { token } = await fundedUser();
    const count = transferCount();
    const answers = await Promise.all(Array.from({ length: 6 }, () => move(token, 'burst')));
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]?.type).toBe('ok');
    expect(transferCount()).toBe(count + 1);
  });

  it('keeps keys per user and per endpoint', async () => {
    const one = await fundedUser();
    const two = await fundedUser();
    const count = transferCount();
    const mine = await move(one.token, 'same-key');
    const theirs = await move(two.token, 'same-key');
    expect(theirs.type).toBe('ok');
    expect(theirs.message.id).not.toBe(mine.message.id);
    expect(transferCount()).toBe(count + 2);

    const product = (await server.get<{ id: number; currency: string; min_amount: string }[]>('/lh/deposit/config')).message.find((entry) => entry.currency === 'USDT');
    if (!product) throw new Error('no USDT lock-mining product');
    const lock = () => server.post<{ id: number }>('/lh/deposit', { config_id: product.id, amount: product.min_amount, client_oid: 'same-key' }, { token: one.token, lang: 'en' });
    const locks = journalCount('lock_mining_lock');
    const locked = await lock();
    expect(locked.type).toBe('ok');
    expect((await lock()).message.id).toBe(locked.message.id);
    expect(journalCount('lock_mining_lock')).toBe(locks + 1);
  });

  it('releases the key of a refused request, so the corrected one goes through', async () => {
    const { token } = await fundedUser();
    const refused = await move(token, 'too-much', '1000000');
    expect(refused.type).toBe('error');
    const fixed = await move(token, 'too-much', '5');
    expect(fixed).toMatchObject({ type: 'ok', message: { amount: '5.000000' } });
  });

  it('without a key, every request is its own', async () => {
    const { token } = await fundedUser();
    const count = transferCount();
    await move(token, undefined);
    await move(token, '');
    expect(transferCount()).toBe(count + 2);
  });
});
