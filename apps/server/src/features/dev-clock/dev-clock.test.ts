import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';

describe('dev clock (CLOCK_CONTROL=1)', () => {
  let server: TestServer;
  const seen: number[] = [];

  beforeAll(async () => {
    server = await startServer({ CLOCK_CONTROL: '1' });
    server.built.ctx.scheduler.add({ name: 'probe', everyMs: 3_600_000, run: (now) => void seen.push(now) });
  });
  afterAll(() => server.close());

  it('moves the server clock forward and runs the scheduled jobs at the new time', async () => {
    const before = await server.get<{ now: number; offset_ms: number }>('/dev/clock');
    const moved = await server.post<{ now: number; offset_ms: number }>('/dev/clock/advance', { ms: 86_400_000 });
    expect(moved.type).toBe('ok');
    expect(moved.message.offset_ms).toBe(86_400_000);
    expect(moved.message.now - before.message.now).toBeGreaterThanOrEqual(86_400_000);
    expect(seen.at(-1)).toBeGreaterThanOrEqual(before.message.now + 86_400_000);
  });

  it('never moves backwards or by nonsense', async () => {
    for (const ms of ['-1', '0', '1.5', 'abc', '']) {
      expect((await server.post('/dev/clock/advance', { ms })).type).toBe('error');
    }
  });
});

describe('without CLOCK_CONTROL', () => {
  it('has no clock endpoint, and production refuses the flag', async () => {
    const server = await startServer();
    const response = await server.raw('/api/dev/clock');
    expect(((await response.json()) as { type: string }).type).toBe('error');
    await server.close();
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://x', CLOCK_CONTROL: '1' })).toThrow(/CLOCK_CONTROL/);
  });
});
