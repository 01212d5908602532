import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currentSession, isMarketOpen, NYSE_CALENDAR_2026_2027, nextOpen, type TradingCalendar } from './trading-hours.ts';

const iso = (text: string) => Date.parse(text);
const NYSE = NYSE_CALENDAR_2026_2027;
const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const weekdayOf = (date: string) => WEEKDAY[new Date(`${date}T12:00:00Z`).getUTCDay()];

describe('NYSE_CALENDAR_2026_2027', () => {
  it('lists the published holidays on the published weekdays', () => {
    expect(NYSE.holidays.map((date) => `${date} ${weekdayOf(date)}`)).toEqual([
      '2026-01-01 Thu',
      '2026-01-19 Mon',
      '2026-02-16 Mon',
      '2026-04-03 Fri',
      '2026-05-25 Mon',
      '2026-06-19 Fri',
      '2026-07-03 Fri',
      '2026-09-07 Mon',
      '2026-11-26 Thu',
      '2026-12-25 Fri',
      '2027-01-01 Fri',
      '2027-01-18 Mon',
      '2027-02-15 Mon',
      '2027-03-26 Fri',
      '2027-05-31 Mon',
      '2027-06-18 Fri',
      '2027-07-05 Mon',
      '2027-09-06 Mon',
      '2027-11-25 Thu',
      '2027-12-24 Fri',
    ]);
    expect(Object.entries(NYSE.earlyCloses ?? {}).map(([date, time]) => `${date} ${weekdayOf(date)} ${time}`)).toEqual([
      '2026-11-27 Fri 13:00',
      '2026-12-24 Thu 13:00',
      '2027-11-26 Fri 13:00',
    ]);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(NYSE)).toBe(true);
    expect(Object.isFrozen(NYSE.holidays)).toBe(true);
  });
});

describe('NYSE hours across the 2026 DST changes', () => {
  it('opens 14:30–21:00 UTC in winter (EST)', () => {
    // Friday 2026-03-06, before DST starts on Sunday 2026-03-08.
    expect(isMarketOpen(NYSE, iso('2026-03-06T14:29:59.999Z'))).toBe(false);
    expect(isMarketOpen(NYSE, iso('2026-03-06T14:30:00Z'))).toBe(true);
    expect(isMarketOpen(NYSE, iso('2026-03-06T20:59:59.999Z'))).toBe(true);
    expect(isMarketOpen(NYSE, iso('2026-03-06T21:00:00Z'))).toBe(false);
    expect(currentSession(NYSE, iso('2026-03-06T18:00:00Z'))).toEqual({
      open: iso('2026-03-06T14:30:00Z'),
      close: iso('2026-03-06T21:00:00Z'),
    });
  });

  it('opens 13:30–20:00 UTC after the March change (EDT)', () => {
    expect(nextOpen(NYSE, iso('2026-03-06T21:00:00Z'))).toBe(iso('2026-03-09T13:30:00Z'));
    expect(isMarketOpen(NYSE, iso('2026-03-09T13:30:00Z'))).toBe(true);
    expect(isMarketOpen(NYSE, iso('2026-03-09T13:29:00Z'))).toBe(false);
    expect(currentSession(NYSE, iso('2026-03-09T19:59:59Z'))).toEqual({
      open: iso('2026-03-09T13:30:00Z'),
      close: iso('2026-03-09T20:00:00Z'),
    });
    expect(isMarketOpen(NYSE, iso('2026-03-09T20:30:00Z'))).toBe(false); // would be open under EST
    expect(isMarketOpen(NYSE, iso('2026-03-08T15:00:00Z'))).toBe(false); // the Sunday of the change
  });

  it('goes back to 14:30 UTC after the November change', () => {
    // DST ends Sunday 2026-11-01.
    expect(currentSession(NYSE, iso('2026-10-30T15:00:00Z'))).toEqual({
      open: iso('2026-10-30T13:30:00Z'),
      close: iso('2026-10-30T20:00:00Z'),
    });
    expect(nextOpen(NYSE, iso('2026-10-30T20:00:00Z'))).toBe(iso('2026-11-02T14:30:00Z'));
    expect(isMarketOpen(NYSE, iso('2026-11-02T14:00:00Z'))).toBe(false);
    expect(isMarketOpen(NYSE, iso('2026-11-02T20:30:00Z'))).toBe(true);
    expect(isMarketOpen(NYSE, iso('2026-11-02T21:00:00Z'))).toBe(false);
  });
});

describe('NYSE holidays and early closes', () => {
  it('skips weekends and holidays', () => {
    expect(isMarketOpen(NYSE, iso('2026-11-26T16:00:00Z'))).toBe(false); // Thanksgiving
    expect(isMarketOpen(NYSE, iso('2026-04-03T15:00:00Z'))).toBe(false); // Good Friday
    expect(nextOpen(NYSE, iso('2026-04-02T20:00:00Z'))).toBe(iso('2026-04-06T13:30:00Z'));
    expect(nextOpen(NYSE, iso('2025-12-31T21:00:00Z'))).toBe(iso('2026-01-02T14:30:00Z'));
    expect(nextOpen(NYSE, iso('2026-12-31T21:00:00Z'))).toBe(iso('2027-01-04T14:30:00Z'));
    expect(nextOpen(NYSE, iso('2027-12-23T21:00:00Z'))).toBe(iso('2027-12-27T14:30:00Z'));
    expect(nextOpen(NYSE, iso('2027-07-02T20:00:00Z'))).toBe(iso('2027-07-06T13:30:00Z'));
    expect(nextOpen(NYSE, iso('2026-03-07T12:00:00Z'))).toBe(iso('2026-03-09T13:30:00Z')); // from a Saturday
  });

  it('closes at 13:00 on early-close days', () => {
    expect(nextOpen(NYSE, iso('2026-11-25T21:00:00Z'))).toBe(iso('2026-11-27T14:30:00Z'));
    expect(currentSession(NYSE, iso('2026-11-27T15:00:00Z'))).toEqual({
      open: iso('2026-11-27T14:30:00Z'),
      close: iso('2026-11-27T18:00:00Z'),
    });
    expect(isMarketOpen(NYSE, iso('2026-11-27T17:59:59Z'))).toBe(true);
    expect(isMarketOpen(NYSE, iso('2026-11-27T18:00:00Z'))).toBe(false);
    expect(isMarketOpen(NYSE, iso('2026-12-24T18:30:00Z'))).toBe(false);
    expect(nextOpen(NYSE, iso('2026-12-24T18:00:00Z'))).toBe(iso('2026-12-28T14:30:00Z'));
    expect(currentSession(NYSE, iso('2027-11-26T17:00:00Z'))?.close).toBe(iso('2027-11-26T18:00:00Z'));
  });

  it('nextOpen is strictly after the given time', () => {
    expect(nextOpen(NYSE, iso('2026-03-09T13:30:00Z'))).toBe(iso('2026-03-10T13:30:00Z'));
    expect(nextOpen(NYSE, iso('2026-03-09T13:29:59.999Z'))).toBe(iso('2026-03-09T13:30:00Z'));
  });
});

describe('other calendars', () => {
  // Tokyo: two sessions with a lunch break, no DST, Sunday given as 0 to check normalisation.
  const TOKYO: TradingCalendar = {
    timeZone: 'Asia/Tokyo',
    sessions: [
      { open: '12:30', close: '15:30' },
      { open: '09:00', close: '11:30' },
    ],
    weekdays: [1, 2, 3, 4, 5],
    holidays: ['2026-12-31', '2027-01-01'],
    earlyCloses: { '2026-12-30': '11:30' },
  };

  it('handles several sessions per day and early closes that drop a session', () => {
    expect(isMarketOpen(TOKYO, iso('2026-03-18T00:00:00Z'))).toBe(true); // 09:00 JST
    expect(isMarketOpen(TOKYO, iso('2026-03-18T03:00:00Z'))).toBe(false); // 12:00 JST
    expect(nextOpen(TOKYO, iso('2026-03-18T03:00:00Z'))).toBe(iso('2026-03-18T03:30:00Z'));
    expect(currentSession(TOKYO, iso('2026-03-18T05:00:00Z'))).toEqual({
      open: iso('2026-03-18T03:30:00Z'),
      close: iso('2026-03-18T06:30:00Z'),
    });
    // Local Wednesday 2026-03-18 starts at 15:00 UTC on Tuesday.
    expect(nextOpen(TOKYO, iso('2026-03-17T15:00:00Z'))).toBe(iso('2026-03-18T00:00:00Z'));
    expect(isMarketOpen(TOKYO, iso('2026-12-30T01:00:00Z'))).toBe(true);
    expect(isMarketOpen(TOKYO, iso('2026-12-30T04:00:00Z'))).toBe(false); // afternoon session dropped
    expect(nextOpen(TOKYO, iso('2026-12-30T01:00:00Z'))).toBe(iso('2027-01-04T00:00:00Z'));
    expect(nextOpen(TOKYO, iso('2026-12-31T12:00:00Z'))).toBe(iso('2027-01-04T00:00:00Z'));
  });

  it('supports weekend trading with 0 or 7 for Sunday and a 24:00 close', () => {
    const always = (weekday: number): TradingCalendar => ({
      timeZone: 'Europe/London',
      sessions: [{ open: '00:00', close: '24:00' }],
      weekdays: [weekday],
      holidays: [],
    });
    const sunday = iso('2026-03-29T12:00:00Z'); // the UK DST change day (a 23-hour day)
    expect(currentSession(always(0), sunday)).toEqual({ open: iso('2026-03-29T00:00:00Z'), close: iso('2026-03-29T23:00:00Z') });
    expect(isMarketOpen(always(7), sunday)).toBe(true);
    expect(isMarketOpen(always(6), sunday)).toBe(false);
  });

  it('rejects invalid calendars', () => {
    const base: TradingCalendar = { timeZone: 'America/New_York', sessions: [{ open: '09:30', close: '16:00' }], weekdays: [1], holidays: [] };
    expect(() => isMarketOpen({ ...base, timeZone: 'Mars/Olympus' }, 0)).toThrow(RangeError);
    expect(() => isMarketOpen({ ...base, sessions: [{ open: '16:00', close: '09:30' }] }, 0)).toThrow(RangeError);
    expect(() => isMarketOpen({ ...base, sessions: [{ open: '9:30', close: '16:00' }] }, 0)).toThrow(RangeError);
    expect(() => isMarketOpen({ ...base, holidays: ['2026-02-30'] }, 0)).toThrow(RangeError);
    expect(() => isMarketOpen({ ...base, weekdays: [8] }, 0)).toThrow(RangeError);
    expect(() => nextOpen({ ...base, weekdays: [] }, 0)).toThrow(RangeError);
    expect(() => isMarketOpen(base, Number.NaN)).toThrow(RangeError);
  });
});

describe('isMarketOpen memo', () => {
  it('agrees with currentSession for times queried in any order', () => {
    const from = iso('2026-03-01T00:00:00Z');
    const span = 70 * 86_400_000;
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: span }), { minLength: 1, maxLength: 40 }), (offsets) => {
        for (const offset of offsets) {
          expect(isMarketOpen(NYSE, from + offset)).toBe(currentSession(NYSE, from + offset) !== null);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('a session contains every open minute of a week, and nextOpen opens one', () => {
    let openMinutes = 0;
    for (let time = iso('2026-11-23T00:00:00Z'); time < iso('2026-11-30T00:00:00Z'); time += 60_000) {
      if (isMarketOpen(NYSE, time)) openMinutes++;
    }
    // Mon–Wed full days, Thanksgiving closed, Friday until 13:00.
    expect(openMinutes).toBe(3 * 390 + 210);
    let backwards = 0;
    for (let time = iso('2026-11-30T00:00:00Z') - 60_000; time >= iso('2026-11-23T00:00:00Z'); time -= 60_000) {
      if (isMarketOpen(NYSE, time)) backwards++;
    }
    expect(backwards).toBe(openMinutes);
    const next = nextOpen(NYSE, iso('2026-11-27T18:00:00Z'));
    expect(isMarketOpen(NYSE, next)).toBe(true);
    expect(isMarketOpen(NYSE, next - 1)).toBe(false);
  });
});
