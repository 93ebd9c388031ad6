import { describe, expect, it } from 'vitest';
import { localDateOf, localMonthOf, localWeekOf, startOfLocalDay } from './time-zones.ts';

describe('local calendar periods', () => {
  it('reads the date on the zone’s own clock', () => {
    const instant = new Date('2026-03-01T02:30:00Z');
    expect(localDateOf(instant, 'UTC')).toEqual({ year: 2026, month: 3, day: 1 });
    expect(localDateOf(instant, 'America/New_York')).toEqual({ year: 2026, month: 2, day: 28 });
    expect(localDateOf(instant, 'Pacific/Kiritimati')).toEqual({ year: 2026, month: 3, day: 1 });
  });

  it('starts a day at local midnight, whatever the offset', () => {
    expect(startOfLocalDay({ year: 2026, month: 2, day: 1 }, 'America/New_York').toISOString()).toBe(
      '2026-02-01T05:00:00.000Z',
    );
    expect(startOfLocalDay({ year: 2026, month: 7, day: 1 }, 'America/New_York').toISOString()).toBe(
      '2026-07-01T04:00:00.000Z',
    );
    expect(startOfLocalDay({ year: 2026, month: 3, day: 1 }, 'Asia/Kolkata').toISOString()).toBe(
      '2026-02-28T18:30:00.000Z',
    );
    expect(startOfLocalDay({ year: 2026, month: 3, day: 1 }, 'Pacific/Kiritimati').toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    );
  });

  it('starts a day whose midnight the clock skips at the jump', () => {
    // Chile moved its clocks from 00:00 to 01:00 on 2022-09-11 (America/Santiago, UTC−4 → UTC−3).
    expect(startOfLocalDay({ year: 2022, month: 9, day: 11 }, 'America/Santiago').toISOString()).toBe(
      '2022-09-11T04:00:00.000Z',
    );
    // Midnight that happens twice (back from 00:00 to 23:00 the evening before): the first one.
    // Chile went back on 2022-04-03 at 00:00 (UTC−3 → UTC−4): 2022-04-02 23:00 happened twice,
    // and April 3 began once, at 04:00Z.
    expect(startOfLocalDay({ year: 2022, month: 4, day: 3 }, 'America/Santiago').toISOString()).toBe(
      '2022-04-03T04:00:00.000Z',
    );
  });

  it('gives the month that holds an instant, on the person’s calendar', () => {
    const justAfterMidnightUtc = new Date('2026-03-01T02:30:00Z');
    expect(localMonthOf(justAfterMidnightUtc, 'UTC')).toEqual({
      firstDay: '2026-03-01',
      from: new Date('2026-03-01T00:00:00Z'),
      until: new Date('2026-04-01T00:00:00Z'),
    });
    // Still February in New York.
    expect(localMonthOf(justAfterMidnightUtc, 'America/New_York')).toEqual({
      firstDay: '2026-02-01',
      from: new Date('2026-02-01T05:00:00Z'),
      until: new Date('2026-03-01T05:00:00Z'),
    });
    // December runs into the next year.
    expect(localMonthOf(new Date('2026-12-31T23:00:00Z'), 'Europe/Madrid')).toEqual({
      firstDay: '2027-01-01',
      from: new Date('2026-12-31T23:00:00Z'),
      until: new Date('2027-01-31T23:00:00Z'),
    });
  });

  it('gives the week from Monday to Sunday', () => {
    // Sunday 2026-03-01 at 02:30Z is Saturday evening in New York.
    const sunday = new Date('2026-03-01T02:30:00Z');
    expect(localWeekOf(sunday, 'UTC')).toEqual({
      firstDay: '2026-02-23',
      from: new Date('2026-02-23T00:00:00Z'),
      until: new Date('2026-03-02T00:00:00Z'),
    });
    expect(localWeekOf(sunday, 'America/New_York').firstDay).toBe('2026-02-23');
    // A Monday is the first day of its own week.
    expect(localWeekOf(new Date('2026-03-02T00:00:00Z'), 'UTC').firstDay).toBe('2026-03-02');
    // The week of the clocks going forward in Europe is an hour shorter.
    const week = localWeekOf(new Date('2026-03-27T12:00:00Z'), 'Europe/Madrid');
    expect(week.until.getTime() - week.from.getTime()).toBe((7 * 24 - 1) * 3_600_000);
  });

  it('refuses a zone the runtime does not know', () => {
    expect(() => localMonthOf(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
