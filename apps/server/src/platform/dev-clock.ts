import type { Sqlite } from '../db/client.ts';

/**
 * How far the demo clock was moved on this data dir (0 when never). It is
 * kept with the data, not in the process: a restarted server goes on from
 * where its clock was (ticks, ledger entries and schedules all assume time
 * never runs backwards), and `pnpm ops`, another process, writes its
 * records at the same time the server would.
 */
export function storedClockOffset(sqlite: Sqlite): number {
  const row = sqlite.prepare('SELECT offset_ms AS offsetMs FROM dev_clock WHERE id = 1').get() as { offsetMs: number } | undefined;
  return row?.offsetMs ?? 0;
}

/** A clock `base` moved forward by the data dir's stored offset. */
export function clockOfDataDir(sqlite: Sqlite, base: () => number): () => number {
  const offset = storedClockOffset(sqlite);
  return offset === 0 ? base : () => base() + offset;
}

/**
 * The server's clock with a forward-only offset, for demos and browser tests
 * (`CLOCK_CONTROL=1`, refused in production): a day of dividends or an
 * auction's end can be watched in minutes. Only forward, because ticks,
 * ledger entries and schedules all assume time never runs backwards.
 */
export class DevClock {
  private offsetMs: number;

  constructor(
    private readonly base: () => number,
    private readonly sqlite: Sqlite,
  ) {
    this.offsetMs = storedClockOffset(sqlite);
  }

  readonly now = (): number => this.base() + this.offsetMs;

  advance(ms: number): void {
    if (!Number.isSafeInteger(ms) || ms <= 0) throw new RangeError('the clock only moves forward, by whole milliseconds');
    this.offsetMs += ms;
    this.sqlite
      .prepare('INSERT INTO dev_clock (id, offset_ms) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET offset_ms = excluded.offset_ms')
      .run(this.offsetMs);
  }

  get offset(): number {
    return this.offsetMs;
  }
}
