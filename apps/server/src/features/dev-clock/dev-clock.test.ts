import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, runningServers, startServer, type TestServer } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';

const DAY_MS = 86_400_000;

/** Stops a server and keeps its data dir, as a deploy would. */
async function stop(server: TestServer): Promise<void> {
  runningServers.delete(server);
  await server.built.app.close();
}

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
    const moved = await server.post<{ now: number; offset_ms: number }>('/dev/clock/advance', { ms: DAY_MS });
    expect(moved.type).toBe('ok');
    expect(moved.message.offset_ms).toBe(DAY_MS);
    expect(moved.message.now - before.message.now).toBeGreaterThanOrEqual(DAY_MS);
    expect(seen.at(-1)).toBeGreaterThanOrEqual(before.message.now + DAY_MS);
  });

  it('never moves backwards or by nonsense', async () => {
    for (const ms of ['-1', '0', '1.5', 'abc', '']) {
      expect((await server.post('/dev/clock/advance', { ms })).type).toBe('error');
    }
  });

  it('keeps its offset with the data: a restart goes on from the moved time, and pnpm ops records at it too', async () => {
    const { email } = await registerUser(server);
    const { dataDir } = server;
    const movedTo = (await server.get<{ offset_ms: number }>('/dev/clock')).message.offset_ms;
    await stop(server);

    const restarted = await startServer({ CLOCK_CONTROL: '1' }, { dataDir });
    expect((await restarted.get<{ offset_ms: number }>('/dev/clock')).message.offset_ms).toBe(movedTo);
    await stop(restarted);
    // Without clock control the data dir's time still never runs backwards.
    const plain = await startServer({}, { dataDir });
    const realTime = Date.now();
    expect(plain.built.ctx.now()).toBeGreaterThanOrEqual(realTime + movedTo);
    await stop(plain);

    const creditedAfter = Date.now() + movedTo;
    await promisify(execFile)(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../../ops/cli.ts'), 'credit', email, '5', 'USDT'], { env: { ...process.env, DATA_DIR: dataDir } });
    server = await startServer({ CLOCK_CONTROL: '1' }, { dataDir });
    const credited = server.built.ctx.sqlite.prepare("SELECT max(created_at) AS at FROM journal_entries WHERE type = 'demo_credit'").get() as { at: number };
    expect(credited.at).toBeGreaterThanOrEqual(creditedAfter);
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
