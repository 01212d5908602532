import type { FastifyBaseLogger } from 'fastify';

/**
 * Periodic work driven by the server's clock: dividends, settlements at a set
 * hour, auction ends, statistics refreshes. A job does not say when it is
 * due; each run asks the database what is due at `now` and does that, so a
 * job catches up by itself after a restart or a stopped clock, and doing a
 * job twice is harmless when its writes are keyed (a paid day is a row).
 * Tests move the server's clock and call `runDue()` instead of waiting.
 */
export interface ScheduledJob {
  /** Shown in logs. */
  name: string;
  /** How often it looks for due work. */
  everyMs: number;
  run(now: number): void | Promise<void>;
}

interface JobState {
  job: ScheduledJob;
  lastRun: number;
  running: Promise<void> | null;
}

const POLL_MS = 250;

export class Scheduler {
  private readonly jobs: JobState[] = [];
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(job: ScheduledJob): void {
    this.jobs.push({ job, lastRun: Number.NEGATIVE_INFINITY, running: null });
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(false), POLL_MS);
    this.timer.unref();
  }

  /** Stops polling and waits for runs in progress, so the database can close under them safely. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all(this.jobs.map((state) => state.running));
  }

  /** Runs every job now, whatever its interval, and waits for them: what tests call after moving the clock. */
  runDue(): Promise<void> {
    return this.tick(true);
  }

  private async tick(force: boolean): Promise<void> {
    const now = this.now();
    const runs: Promise<void>[] = [];
    for (const state of this.jobs) {
      if (state.running) {
        runs.push(state.running);
        continue;
      }
      if (!force && now - state.lastRun < state.job.everyMs) continue;
      state.lastRun = now;
      state.running = this.runOne(state, now);
      runs.push(state.running);
    }
    await Promise.all(runs);
  }

  private async runOne(state: JobState, now: number): Promise<void> {
    try {
      await state.job.run(now);
    } catch (error) {
      // One failing job must not stop the others or the server; it retries on its next interval.
      this.log.error({ err: error, job: state.job.name }, 'scheduled job failed');
    } finally {
      state.running = null;
    }
  }
}
