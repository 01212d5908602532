import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/harness.ts';

const TICK_MS = 400;

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ MARKET_FEED: 'simulator', MARKET_TICK_MS: String(TICK_MS) });
});

afterAll(() => server.close());

describe('the simulator feed', () => {
  it('ticks every instrument once per interval, one instrument at a time spread over the interval', async () => {
    const ticks: { symbol: string; at: number }[] = [];
    server.built.ctx.bus.on('tick', (tick) => ticks.push({ symbol: tick.symbol, at: performance.now() }));
    await new Promise((resolve) => setTimeout(resolve, TICK_MS * 3));
    const symbols = new Set(ticks.map((tick) => tick.symbol));
    // The crypto pairs trade around the clock; stocks only in their exchange's hours.
    expect(symbols.size).toBeGreaterThan(3);
    for (const symbol of symbols) {
      const times = ticks.filter((tick) => tick.symbol === symbol).map((tick) => tick.at);
      expect(times.length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < times.length; i++) expect((times[i] as number) - (times[i - 1] as number)).toBeGreaterThan(TICK_MS * 0.5);
    }
    // Never a burst of every instrument at once: each tick comes in a turn of its own.
    for (let i = 1; i < ticks.length; i++) expect((ticks[i]?.at as number) - (ticks[i - 1]?.at as number)).toBeGreaterThan(1);
  });
});
