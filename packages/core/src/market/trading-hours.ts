/**
 * Exchange calendars. Local wall-clock times are converted with
 * Intl.DateTimeFormat for the calendar's IANA time zone, so daylight-saving
 * changes are handled by the platform's time-zone data.
 */

export interface TradingSession {
  /** Local 'HH:MM' (24 h). */
  readonly open: string;
  /** Local 'HH:MM', after open; '24:00' for midnight. Sessions do not cross midnight. */
  readonly close: string;
}

export interface TradingCalendar {
  /** IANA time zone, e.g. 'America/New_York'. */
  readonly timeZone: string;
  readonly sessions: readonly TradingSession[];
  /** Trading weekdays, ISO numbering 1 = Monday … 7 = Sunday (0 is accepted for Sunday). */
  readonly weekdays: readonly number[];
  /** Local dates 'YYYY-MM-DD' with no trading. */
  readonly holidays: readonly string[];
  /** Local date → local 'HH:MM' at which trading stops early that day. */
  readonly earlyCloses?: Readonly<Record<string, string>>;
}

/** A session's bounds in Unix ms: open ≤ t < close is open. */
export interface SessionWindow {
  readonly open: number;
  readonly close: number;
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_PATTERN = /^(\d{2}):(\d{2})$/;
const MINUTES_PER_DAY = 1440;
const MAX_SEARCH_DAYS = 400;

interface LocalDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

interface CompiledCalendar {
  readonly format: Intl.DateTimeFormat;
  /** [open, close] minutes after local midnight, sorted. */
  readonly sessions: readonly (readonly [number, number])[];
  readonly weekdays: ReadonlySet<number>;
  readonly holidays: ReadonlySet<string>;
  readonly earlyCloses: ReadonlyMap<string, number>;
  /** Memo of the last answered interval: [from, to) is open (or closed) throughout. */
  memo: { from: number; to: number; open: boolean } | null;
  /** Sessions per local date key, bounded. */
  readonly days: Map<string, readonly SessionWindow[]>;
}

const MAX_CACHED_DAYS = 2048;

const compiledCalendars = new WeakMap<TradingCalendar, CompiledCalendar>();

function parseMinutes(text: unknown, what: string): number {
  const match = typeof text === 'string' ? TIME_PATTERN.exec(text) : null;
  const minutes = match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
  if (!match || Number(match[2]) > 59 || minutes > MINUTES_PER_DAY) throw new RangeError(`${what}: invalid time ${String(text)}`);
  return minutes;
}

function assertDateKey(text: unknown, what: string): void {
  const match = typeof text === 'string' ? DATE_PATTERN.exec(text) : null;
  if (!match) throw new RangeError(`${what}: invalid date ${String(text)}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new RangeError(`${what}: invalid date ${text}`);
  }
}

function compile(calendar: TradingCalendar): CompiledCalendar {
  const cached = compiledCalendars.get(calendar);
  if (cached) return cached;
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: calendar.timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const sessions = calendar.sessions
    .map((session, index): [number, number] => {
      const open = parseMinutes(session.open, `session ${index} open`);
      const close = parseMinutes(session.close, `session ${index} close`);
      if (close <= open) throw new RangeError(`session ${index}: close ${session.close} must be after open ${session.open}`);
      return [open, close];
    })
    .sort((a, b) => a[0] - b[0]);
  for (let index = 1; index < sessions.length; index++) {
    if ((sessions[index] as [number, number])[0] < (sessions[index - 1] as [number, number])[1]) {
      throw new RangeError('trading sessions overlap');
    }
  }
  const weekdays = new Set<number>();
  for (const weekday of calendar.weekdays) {
    if (!Number.isInteger(weekday) || weekday < 0 || weekday > 7) throw new RangeError(`invalid weekday ${weekday}`);
    weekdays.add(weekday === 0 ? 7 : weekday);
  }
  for (const holiday of calendar.holidays) assertDateKey(holiday, 'holiday');
  const earlyCloses = new Map<string, number>();
  for (const [date, time] of Object.entries(calendar.earlyCloses ?? {})) {
    assertDateKey(date, 'early close');
    earlyCloses.set(date, parseMinutes(time, `early close ${date}`));
  }
  const compiled: CompiledCalendar = { format, sessions, weekdays, holidays: new Set(calendar.holidays), earlyCloses, memo: null, days: new Map() };
  compiledCalendars.set(calendar, compiled);
  return compiled;
}

/** Local wall-clock parts of an instant, as if they were UTC, in ms; and the local date. */
function localParts(format: Intl.DateTimeFormat, timeMs: number): { wallMs: number; date: LocalDate } {
  const values: Record<string, number> = {};
  for (const part of format.formatToParts(timeMs)) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  const year = values.year ?? Number.NaN;
  const month = values.month ?? Number.NaN;
  const day = values.day ?? Number.NaN;
  const hour = (values.hour ?? Number.NaN) % 24;
  const wallMs = Date.UTC(year, month - 1, day, hour, values.minute ?? Number.NaN, values.second ?? Number.NaN);
  if (!Number.isFinite(wallMs)) throw new RangeError(`cannot read local time of ${timeMs}`);
  return { wallMs, date: { year, month, day } };
}

/** Offset (local − UTC) in ms at an instant, whole seconds. */
function offsetAt(format: Intl.DateTimeFormat, timeMs: number): number {
  const whole = Math.floor(timeMs / 1000) * 1000;
  return localParts(format, whole).wallMs - whole;
}

/** The instant a local wall-clock time occurs (for a time skipped by DST: the instant with the earlier offset). */
function localToUtc(format: Intl.DateTimeFormat, date: LocalDate, minutes: number): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  const firstOffset = offsetAt(format, wall);
  const guess = wall - firstOffset;
  const secondOffset = offsetAt(format, guess);
  return secondOffset === firstOffset ? guess : wall - secondOffset;
}

function addDays(date: LocalDate, days: number): LocalDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

function dateKey(date: LocalDate): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${String(date.year).padStart(4, '0')}-${pad(date.month)}-${pad(date.day)}`;
}

/** The sessions of one local date, in Unix ms, ascending. */
function sessionsOn(calendar: CompiledCalendar, date: LocalDate): readonly SessionWindow[] {
  const key = dateKey(date);
  const cached = calendar.days.get(key);
  if (cached) return cached;
  const windows = computeSessions(calendar, date, key);
  if (calendar.days.size >= MAX_CACHED_DAYS) calendar.days.clear();
  calendar.days.set(key, windows);
  return windows;
}

function computeSessions(calendar: CompiledCalendar, date: LocalDate, key: string): readonly SessionWindow[] {
  const utcDay = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  if (!calendar.weekdays.has(utcDay === 0 ? 7 : utcDay)) return [];
  if (calendar.holidays.has(key)) return [];
  const earlyClose = calendar.earlyCloses.get(key) ?? MINUTES_PER_DAY;
  const windows: SessionWindow[] = [];
  for (const [open, close] of calendar.sessions) {
    if (open >= earlyClose) continue;
    windows.push({
      open: localToUtc(calendar.format, date, open),
      close: localToUtc(calendar.format, date, Math.min(close, earlyClose)),
    });
  }
  return Object.freeze(windows);
}

/** Close of the last session ending at or before timeMs, or null within the search range. */
function previousClose(calendar: CompiledCalendar, timeMs: number): number | null {
  const { date } = localParts(calendar.format, timeMs);
  for (let offset = 0; offset <= MAX_SEARCH_DAYS; offset++) {
    const windows = sessionsOn(calendar, addDays(date, -offset));
    for (let index = windows.length - 1; index >= 0; index--) {
      const close = (windows[index] as SessionWindow).close;
      if (close <= timeMs) return close;
    }
  }
  return null;
}

function assertTime(timeMs: number): void {
  if (!Number.isFinite(timeMs)) throw new RangeError(`time must be finite, got ${timeMs}`);
}

/** The session containing timeMs (open ≤ timeMs < close), or null. */
export function currentSession(calendar: TradingCalendar, timeMs: number): SessionWindow | null {
  assertTime(timeMs);
  const compiled = compile(calendar);
  const { date } = localParts(compiled.format, timeMs);
  for (const window of sessionsOn(compiled, date)) {
    if (window.open <= timeMs && timeMs < window.close) return { open: window.open, close: window.close };
  }
  return null;
}

/**
 * Start (Unix ms) of the first session opening strictly after timeMs,
 * skipping non-trading weekdays and holidays. Throws RangeError when the
 * calendar has no session within 400 days.
 */
export function nextOpen(calendar: TradingCalendar, timeMs: number): number {
  assertTime(timeMs);
  const compiled = compile(calendar);
  const { date } = localParts(compiled.format, timeMs);
  for (let offset = 0; offset <= MAX_SEARCH_DAYS; offset++) {
    for (const window of sessionsOn(compiled, addDays(date, offset))) {
      if (window.open > timeMs) return window.open;
    }
  }
  throw new RangeError(`no trading session within ${MAX_SEARCH_DAYS} days after ${timeMs}`);
}

/** Whether the market trades at timeMs. Memoised per calendar, so scanning consecutive times is cheap. */
export function isMarketOpen(calendar: TradingCalendar, timeMs: number): boolean {
  assertTime(timeMs);
  const compiled = compile(calendar);
  const memo = compiled.memo;
  if (memo !== null && memo.from <= timeMs && timeMs < memo.to) return memo.open;
  const session = currentSession(calendar, timeMs);
  // Closed: no session holds timeMs, none opens in (timeMs, nextOpen) and none ends in (previousClose, timeMs],
  // so [previousClose, nextOpen) is closed throughout (scans run forwards or backwards in time).
  compiled.memo = session
    ? { from: session.open, to: session.close, open: true }
    : { from: previousClose(compiled, timeMs) ?? timeMs, to: nextOpen(calendar, timeMs), open: false };
  return compiled.memo.open;
}

/** NYSE regular hours 09:30–16:00 New York time with the exchange's published 2026 and 2027 holidays and 13:00 early closes. */
export const NYSE_CALENDAR_2026_2027: TradingCalendar = Object.freeze({
  timeZone: 'America/New_York',
  sessions: Object.freeze([Object.freeze({ open: '09:30', close: '16:00' })]),
  weekdays: Object.freeze([1, 2, 3, 4, 5]),
  holidays: Object.freeze([
    '2026-01-01', // New Year's Day (Thu)
    '2026-01-19', // Martin Luther King, Jr. Day (Mon)
    '2026-02-16', // Washington's Birthday (Mon)
    '2026-04-03', // Good Friday
    '2026-05-25', // Memorial Day (Mon)
    '2026-06-19', // Juneteenth (Fri)
    '2026-07-03', // Independence Day observed (Fri)
    '2026-09-07', // Labor Day (Mon)
    '2026-11-26', // Thanksgiving (Thu)
    '2026-12-25', // Christmas (Fri)
    '2027-01-01', // New Year's Day (Fri)
    '2027-01-18', // Martin Luther King, Jr. Day (Mon)
    '2027-02-15', // Washington's Birthday (Mon)
    '2027-03-26', // Good Friday
    '2027-05-31', // Memorial Day (Mon)
    '2027-06-18', // Juneteenth observed (Fri)
    '2027-07-05', // Independence Day observed (Mon)
    '2027-09-06', // Labor Day (Mon)
    '2027-11-25', // Thanksgiving (Thu)
    '2027-12-24', // Christmas observed (Fri)
  ]),
  earlyCloses: Object.freeze({
    '2026-11-27': '13:00', // day after Thanksgiving (Fri)
    '2026-12-24': '13:00', // Christmas Eve (Thu)
    '2027-11-26': '13:00', // day after Thanksgiving (Fri)
  }),
});
