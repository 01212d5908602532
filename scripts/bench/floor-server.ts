/**
 * The floor of `pnpm bench:api`: a bare Fastify server with the same
 * form-body parser as OpenBourse, whose POST /api/coin/trade reads the order
 * fields and answers an envelope of an order's size, and does nothing else
 * (no session, no validation, no database). What one Node process on this
 * machine serves at best; an order is measured against it.
 *
 * Run as a child of the benchmark: prints `listening <port>` when ready.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT } from '../lib/demo-server.ts';

// Fastify is the server's dependency, not the scripts': resolve it from there, so the floor runs the very same version.
const fromServer = createRequire(join(REPO_ROOT, 'apps/server/package.json'));
const load = async <T>(name: string): Promise<T> => ((await import(pathToFileURL(fromServer.resolve(name)).href)) as { default: T }).default;

/** The little of Fastify's API the floor uses. */
interface FloorApp {
  register(plugin: unknown): Promise<unknown>;
  post(path: string, handler: (request: { body: unknown }) => Promise<unknown>): void;
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
}
const fastify = await load<(options: { logger: boolean }) => FloorApp>('fastify');
const formbody = await load<unknown>('@fastify/formbody');

const app = fastify({ logger: false });
await app.register(formbody);
let nextId = 1;
app.post('/api/coin/trade', async (request) => {
  const body = request.body as Record<string, string>;
  const now = Date.now();
  return {
    type: 'ok',
    message: {
      id: nextId++,
      symbol: 'BTC/USDT',
      currency_id: Number(body.currency_id),
      legal_id: Number(body.legal_id),
      account_type: 2,
      type: Number(body.type),
      side: body.type === '1' ? 'buy' : 'sell',
      order_type: body.target_price ? 'limit' : 'market',
      time_in_force: 'GTC',
      price: body.target_price ?? '',
      amount: body.amount,
      filled_amount: '0.0000',
      remaining_amount: body.amount,
      average_price: null,
      turnover: '0.000000',
      fee: '0.000000',
      fee_currency: 'USDT',
      held: '0.000000',
      held_currency: 'USDT',
      status: 'open',
      status_code: 1,
      cancel_reason: null,
      reference_tick_id: 1,
      created_at: now,
      updated_at: now,
    },
  };
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`listening ${new URL(address).port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
