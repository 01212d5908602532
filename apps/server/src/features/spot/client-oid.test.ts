import { beforeAll, describe, expect, it } from 'vitest';
import { credit, DEMO, login, pushTicks, registerUser, startServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;
let demo: string;

interface Order {
  id: number;
  status: string;
  price: string;
  amount: string;
}

const orderCount = () => (server.built.ctx.sqlite.prepare('SELECT COUNT(*) AS n FROM spot_orders').get() as { n: number }).n;
const restingBuy = (extra: Record<string, unknown> = {}) => ({ amount: '0.001', target_price: '80000', currency_id: 1, legal_id: 3, type: 1, ...extra });

beforeAll(async () => {
  server = await startServer();
  demo = await login(server, DEMO.email, DEMO.password);
  await pushTicks(server, 'BTC/USDT', [{ price: '96250.00', volume: '0.5' }]);
});

describe('client_oid on /coin/trade', () => {
  it('answers the first order again for a repeated key, and places nothing more', async () => {
    const first = await server.post<Order>('/coin/trade', restingBuy({ client_oid: 'tap-1' }), { token: demo });
    expect(first.type).toBe('ok');
    const count = orderCount();
    const repeat = await server.post<Order>('/coin/trade', restingBuy({ client_oid: 'tap-1' }), { token: demo });
    // The first answer was built from the inserted row, the repeat is read back: they must agree field for field.
    expect(repeat.message).toEqual(first.message);
    // Even with other terms: the key names the tap, and that tap was already placed.
    const changed = await server.post<Order>('/coin/trade', restingBuy({ client_oid: 'tap-1', target_price: '70000' }), { token: demo });
    expect(changed.message).toMatchObject({ id: first.message.id, price: '80000.00' });
    expect(orderCount()).toBe(count);
  });

  it('places one order per distinct key, and orders without a key as before', async () => {
    const count = orderCount();
    const a = await server.post<Order>('/coin/trade', restingBuy({ client_oid: 'tap-a' }), { token: demo });
    const b = await server.post<Order>('/coin/trade', restingBuy({ client_oid: 'tap-b' }), { token: demo });
    await server.post<Order>('/coin/trade', restingBuy(), { token: demo });
    await server.post<Order>('/coin/trade', restingBuy({ client_oid: '' }), { token: demo });
    expect(a.message.id).not.toBe(b.message.id);
    expect(orderCount()).toBe(count + 4);
  });

  it('executes concurrent duplicates in one group commit once', async () => {
    const count = orderCount();
    const answers = await Promise.all(Array.from({ length: 8 }, () => server.post<Order>('/coin/trade', restingBuy({ client_oid: 'burst-1' }), { token: demo })));
    expect(answers.every((answer) => answer.type === 'ok')).toBe(true);
    expect(new Set(answers.map((answer) => answer.message.id)).size).toBe(1);
    expect(orderCount()).toBe(count + 1);
  });

  it('keeps keys per user: another user sending the same key places their own order', async () => {
    const other = await registerUser(server);
    credit(server, other.email, '1000', 'USDT');
    const mine = await server.post<Order>('/coin/trade', restingBuy({ client_oid: 'shared-key' }), { token: demo });
    const theirs = await server.post<Order>('/coin/trade', restingBuy({ client_oid: 'shared-key' }), { token: other.token });
    expect(theirs.type).toBe('ok');
    expect(theirs.message.id).not.toBe(mine.message.id);
    const detail = await server.get('/coin/detail', { id: mine.message.id }, { token: other.token, lang: 'en' });
    expect(detail.type).toBe('error');
  });

  it('lets a refused order be sent again with the same key once fixed', async () => {
    const refused = await server.post('/coin/trade', restingBuy({ client_oid: 'fix-me', target_price: '80000.001' }), { token: demo, lang: 'en' });
    expect(refused.type).toBe('error');
    const count = orderCount();
    const fixed = await server.post<Order>('/coin/trade', restingBuy({ client_oid: 'fix-me' }), { token: demo });
    expect(fixed.type).toBe('ok');
    expect(orderCount()).toBe(count + 1);
  });

  it('forgets a key after 24 hours', async () => {
    const first = await server.post<Order>('/coin/trade', restingBuy({ client_oid: 'day-old' }), { token: demo });
    server.advance(24 * 3_600_000 + 1000);
    const later = await server.post<Order>('/coin/trade', restingBuy({ client_oid: 'day-old' }), { token: demo });
    expect(later.type).toBe('ok');
    expect(later.message.id).not.toBe(first.message.id);
  });

  it('refuses a malformed key with a field error and places nothing', async () => {
    const count = orderCount();
    for (const clientOid of ['has space', 'x'.repeat(37), 'semi;colon', 'ünï']) {
      const refused = await server.post('/coin/trade', restingBuy({ client_oid: clientOid }), { token: demo, lang: 'en' });
      expect(refused.type).toBe('error');
    }
    expect(orderCount()).toBe(count);
  });

  it('describes client_oid in the OpenAPI document', async () => {
    const document = (await (await server.raw('/api/docs/json')).json()) as { info: { description: string }; paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } } }> };
    expect(document.info.description).toContain('client_oid');
    const content = document.paths['/api/coin/trade']?.post?.requestBody?.content ?? {};
    const schema = Object.values(content)[0]?.schema;
    expect(schema?.properties).toHaveProperty('client_oid');
  });
});
