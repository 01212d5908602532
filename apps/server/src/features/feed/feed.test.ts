import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Candle, candleRecordToCandle, candlesToTicks, lotsToQuantity, parseFeedFile, ticksToPrice } from '@openbourse/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pushTicks, startServer, type TestServer } from '../../../test/harness.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ MARKET_MAKER: '0' });
});

describe('replayed feeds', () => {
  it('reproduce the recorded candles', async () => {
    const file = join(server.built.ctx.config.seedDataDir, 'feeds', 'btc-usdt-1min.csv');
    const parsed = parseFeedFile(readFileSync(file, 'utf8'), 'csv');
    expect(parsed.kind).toBe('candles');
    expect(parsed.errors).toEqual([]);
    const instrument = server.built.ctx.instruments.get('BTC/USDT');
    if (!instrument || parsed.kind !== 'candles') throw new Error('fixture');
    const recorded: Candle[] = parsed.records.map((record) => candleRecordToCandle(instrument.def, record));
    const ticks = candlesToTicks(recorded, '1min').map((tick) => ({
      price: ticksToPrice(instrument.def, tick.price),
      volume: lotsToQuantity(instrument.def, tick.volume),
      time: tick.time,
    }));
    expect((await pushTicks(server, 'BTC/USDT', ticks)).message.accepted).toBe(ticks.length);

    const from = recorded[0]?.time ?? 0;
    const to = recorded.at(-1)?.time ?? 0;
    const candles = (await server.get<{ time: number; open: string; high: string; low: string; close: string; volume: string }[]>('/currency/new_timeshar', { symbol: 'BTC/USDT', period: '1min', from, to })).message;
    expect(candles).toHaveLength(parsed.records.length);
    candles.forEach((candle, index) => {
      const record = parsed.records[index];
      // The parser keeps numbers as plain decimals ("96250"), the API with the instrument's decimals ("96250.00").
      const values = (source: Record<string, unknown> | undefined) => ['open', 'high', 'low', 'close', 'volume'].map((field) => Number(source?.[field]));
      expect(candle.time).toBe((record?.time ?? 0) / 1000);
      expect(values(candle)).toEqual(values(record as unknown as Record<string, unknown>));
    });
  });

  it('stores every replayed tick with its time and source', () => {
    const row = server.built.ctx.sqlite.prepare("SELECT COUNT(*) AS n, MIN(source) AS source FROM ticks WHERE symbol = 'BTC/USDT'").get() as { n: number; source: string };
    expect(row.n).toBe(480 * 4);
    expect(row.source).toBe('replay');
  });

  it('refuses a wrong key, unknown instruments and malformed ticks', async () => {
    const wrongKey = await server.raw('/api/feed/ticks?lang=en', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-feed-key': 'not-the-key' },
      body: JSON.stringify({ symbol: 'BTC/USDT', ticks: [{ price: '1' }] }),
    });
    expect(await wrongKey.json()).toEqual({ type: 'error', message: 'Invalid feed key' });
    expect((await pushTicks(server, 'NOPE/USDT', [{ price: '1' }])).type).toBe('error');
    expect((await pushTicks(server, 'BTC/USDT', [{ price: '-1' }])).type).toBe('error');
    expect((await pushTicks(server, 'BTC/USDT', [])).type).toBe('error');
  });
});

describe('production mode', () => {
  it('accepts no pushed prices without FEED_KEY', async () => {
    const production = await startServer({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525' });
    const response = await production.raw('/api/feed/ticks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(404);
    await production.close();
  });
});
