import { beforeAll, describe, expect, it } from 'vitest';
import { credit, freshIp, pushTicks, startServer, type TestServer } from '../../../test/harness.ts';
import { FUND_PASSWORD, savedAddress, verifiedUser } from '../../../test/funds.ts';
import { checkLedger } from '../../ledger/check.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
  // The limit values a USDT withdrawal in BTC at the feed's BTC price.
  await pushTicks(server, 'BTC/USDT', [{ price: '100000' }]);
});

describe('withdrawals racing for one balance', () => {
  it('lets exactly one of 100 simultaneous withdrawals of the whole balance through', async () => {
    const user = await verifiedUser(server);
    credit(server, user.email, '1000', 'USDT');
    const addressId = await savedAddress(server, user.token, { currency: 'USDT', chain: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        server.post('/wallet/out', { currency: 'USDT', number: '1000', address_id: addressId, pay_password: FUND_PASSWORD }, { token: user.token, lang: 'en', ip: freshIp() }),
      ),
    );
    const accepted = answers.filter((answer) => answer.type === 'ok');
    expect(accepted).toHaveLength(1);
    expect(new Set(answers.filter((answer) => answer.type !== 'ok').map((answer) => answer.message))).toEqual(new Set(['Insufficient balance']));
    const held = (await server.post<{ available: string; frozen: string }>('/wallet/detail', { currency: 'USDT', type: 'change' }, { token: user.token })).message;
    expect(held).toMatchObject({ available: '0.000000', frozen: '1000.000000' });
    expect((await server.get<{ total: number }>('/user/withdraw/list', {}, { token: user.token })).message.total).toBe(1);
    expect(checkLedger(server.built.ctx.sqlite).ok).toBe(true);
  });
});
