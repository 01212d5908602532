/**
 * The server's clock with a forward-only offset, for demos and browser tests
 * (`CLOCK_CONTROL=1`, refused in production): a day of dividends or an
 * auction's end can be watched in minutes. Only forward, because ticks,
 * ledger entries and schedules all assume time never runs backwards.
 */
export class DevClock {
  private offsetMs = 0;

  constructor(private readonly base: () => number) {}

  readonly now = (): number => this.base() + this.offsetMs;

  advance(ms: number): void {
    if (!Number.isSafeInteger(ms) || ms <= 0) throw new RangeError('the clock only moves forward, by whole milliseconds');
    this.offsetMs += ms;
  }

  get offset(): number {
    return this.offsetMs;
  }
}
