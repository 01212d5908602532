import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, freshIp, login, pushTicks, startServer, type TestServer } from '../../test/harness.ts';

/** The faults issue 7 found, each answered at the shared mechanism (http.ts), not by the route that met it. */

let server: TestServer;
let demo: string;

beforeAll(async () => {
  server = await startServer();
  await pushTicks(server, 'BTC/USDT', [{ price: '96250.00' }]);
  demo = await login(server, DEMO.email, DEMO.password);
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function rawEnvelope(path: string, init: RequestInit): Promise<{ status: number; body: { type: string; message: string } }> {
  const response = await server.raw(path, init);
  return { status: response.status, body: (await response.json()) as { type: string; message: string } };
}

const usdt = async () => (await server.post<{ available: string; frozen: string }>('/wallet/detail', { currency: 3, type: 'change' }, { token: demo })).message;
const openOrders = async () => (await server.get<{ total: number }>('/coin/list', { status: 1 }, { token: demo })).message.total;

describe('never a 500', () => {
  it('answers a market buy far beyond the balance with "amount too large" and holds nothing', async () => {
    const before = await usdt();
    const ordersBefore = await openOrders();
    const answer = await rawEnvelope('/api/coin/trade?lang=en', {
      method: 'POST',
      headers: { authorization: demo, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'amount=100000&target_price=&currency_id=1&legal_id=3&type=1',
    });
    expect(answer).toEqual({ status: 200, body: { type: 'error', message: 'The amount is too large' } });
    // Within the representable range, the same buy is refused by the ledger.
    const affordable = await server.post('/coin/trade', { amount: '100', target_price: '', currency_id: 1, legal_id: 3, type: 1 }, { token: demo, lang: 'en' });
    expect(affordable).toEqual({ type: 'error', message: 'Insufficient balance' });
    expect(await usdt()).toEqual(before);
    expect(await openOrders()).toBe(ordersBefore);
  });

  it('answers malformed multipart uploads with a parameter error', async () => {
    const part = '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG';
    for (const [contentType, body] of [
      ['multipart/form-data', `${part}\r\n--x--\r\n`],
      ['multipart/form-data; boundary=never-there', `${part}\r\n--x--\r\n`],
      ['multipart/form-data; boundary=x', part],
    ] as const) {
      const answer = await rawEnvelope('/api/user/upload?lang=en', { method: 'POST', headers: { authorization: demo, 'content-type': contentType }, body });
      expect(answer, contentType).toEqual({ status: 200, body: { type: 'error', message: 'Parameter error' } });
    }
  });

  it('says "request too large" for a body over 1 MiB, and keeps the 5 MB message for uploads', async () => {
    const answer = await rawEnvelope('/api/user/login?lang=en', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshIp() },
      body: `user_string=${'a'.repeat(1024 * 1024)}`,
    });
    expect(answer).toEqual({ status: 200, body: { type: 'error', message: 'The request is too large: at most 1 MB' } });

    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(5 * 1024 * 1024 + 1)]), 'big.png');
    const upload = await rawEnvelope('/api/user/upload?lang=en', { method: 'POST', headers: { authorization: demo }, body: form });
    expect(upload).toEqual({ status: 200, body: { type: 'error', message: 'The file must not exceed 5 MB' } });
  });

  it('answers a wrong content type, broken JSON and a broken URL in the envelope', async () => {
    const headers = { 'x-forwarded-for': freshIp() };
    expect(await rawEnvelope('/api/user/login?lang=en', { method: 'POST', headers: { ...headers, 'content-type': 'text/plain' }, body: 'user_string=a' })).toEqual({
      status: 200,
      body: { type: 'error', message: 'This request content type is not supported' },
    });
    expect(await rawEnvelope('/api/user/login?lang=en', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '[1,2]' })).toEqual({
      status: 200,
      body: { type: 'error', message: 'Parameter error' },
    });
    expect(await rawEnvelope('/api/news/%E0%A4%A?lang=en', { headers })).toEqual({ status: 200, body: { type: 'error', message: 'Parameter error' } });
  });

  it('answers an unexpected fault in the envelope with a request id to quote, and no trace or path', async () => {
    vi.spyOn(server.built.ctx.exchange, 'place').mockImplementation(() => {
      throw new TypeError('cannot read properties of undefined at /work/apps/server/src/exchange/exchange.ts:42:7');
    });
    const answers = [];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      answers.push(await rawEnvelope('/api/coin/trade?lang=en', {
        method: 'POST',
        headers: { authorization: demo, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'amount=0.01&target_price=90000&currency_id=1&type=1',
      }));
    }
    const ids = answers.map(({ status, body }) => {
      expect(status).toBe(200);
      expect(body.type).toBe('error');
      expect(body.message).not.toMatch(/work|exchange\.ts|TypeError|undefined/);
      const id = /error reference ([\w-]+)\)$/.exec(body.message)?.[1];
      expect(id, body.message).toBeDefined();
      return id;
    });
    expect(new Set(ids).size).toBe(2);
  });
});
