import { describe, expect, it } from 'vitest';
import { Scheduler } from './scheduler.ts';

const silent = { error() {}, info() {}, warn() {}, debug() {}, trace() {}, fatal() {}, child: () => silent, level: 'silent', silent() {} } as never;

describe('Scheduler', () => {
  it('runs every job on runDue with the clock it is given, and isolates a failing job', async () => {
    let clock = 1_000;
    const seen: number[] = [];
    const scheduler = new Scheduler(() => clock, silent);
    scheduler.add({ name: 'record', everyMs: 60_000, run: (now) => void seen.push(now) });
    scheduler.add({ name: 'broken', everyMs: 60_000, run: () => { throw new Error('boom'); } });
    await scheduler.runDue();
    clock = 5_000;
    await scheduler.runDue();
    expect(seen).toEqual([1_000, 5_000]);
  });

  it('never runs one job twice at the same time', async () => {
    let concurrent = 0;
    let maximum = 0;
    const scheduler = new Scheduler(() => 0, silent);
    scheduler.add({
      name: 'slow',
      everyMs: 0,
      run: async () => {
        concurrent += 1;
        maximum = Math.max(maximum, concurrent);
        await new Promise((done) => setTimeout(done, 20));
        concurrent -= 1;
      },
    });
    await Promise.all([scheduler.runDue(), scheduler.runDue(), scheduler.runDue()]);
    expect(maximum).toBe(1);
    await scheduler.stop();
  });
});
