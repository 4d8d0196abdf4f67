import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkInstant, nextCheck } from '../monitors/monitor-schedule.js';
import { isBusinessDay } from './business-days.js';
import { easternDate, easternInstant, easternWallClock, twelveHourClock } from './eastern-time.js';
import { addDays, datesOfMonth, fromDayNumber, toDayNumber, weekdayOf } from './iso-date.js';

const anyDate = fc
  .integer({ min: toDayNumber('1990-01-01'), max: toDayNumber('2100-12-31') })
  .map(fromDayNumber);

/** US rule since 2007: daylight time from the 2nd Sunday of March to the 1st Sunday of November. */
function dstWeeks(year: number): string[] {
  const sundays = (month: number) => datesOfMonth(year, month).filter((date) => weekdayOf(date) === 0);
  const starts = sundays(3)[1]!;
  const ends = sundays(11)[0]!;
  return [starts, ends].flatMap((sunday) =>
    [-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6].map((n) => addDays(sunday, n)),
  );
}

describe('10:00 AM Eastern', () => {
  it('is 10:00 on New York clocks for any date', () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        expect(easternWallClock(checkInstant(date))).toEqual({ date, hour: 10, minute: 0, second: 0 });
      }),
      { numRuns: 2000 },
    );
  });

  it('fires at 10:00 local in every daylight-saving week of 2007-2100: 14:00 UTC in EDT, 15:00 UTC in EST', () => {
    for (let year = 2007; year <= 2100; year += 1) {
      for (const date of dstWeeks(year)) {
        const instant = checkInstant(date);
        expect(easternWallClock(instant), date).toEqual({ date, hour: 10, minute: 0, second: 0 });
        const month = Number(date.slice(5, 7));
        const summer = month === 3 ? date > dstWeeks(year)[5]! : date < dstWeeks(year)[18]!;
        expect(instant.getUTCHours(), date).toBe(summer ? 14 : 15);
      }
    }
  });

  it.each([
    ['2026-03-06', '2026-03-06T15:00:00.000Z'],
    ['2026-03-09', '2026-03-09T14:00:00.000Z'],
    ['2026-10-30', '2026-10-30T14:00:00.000Z'],
    ['2026-11-02', '2026-11-02T15:00:00.000Z'],
  ])('%s is %s', (date, utc) => {
    expect(checkInstant(date).toISOString()).toBe(utc);
  });

  it('reads the New York date of an instant, not the UTC one', () => {
    expect(easternDate(new Date('2026-11-24T03:00:00Z'))).toBe('2026-11-23');
    expect(easternInstant('2026-11-23', 23, 30).toISOString()).toBe('2026-11-24T04:30:00.000Z');
  });
});

describe('nextCheck', () => {
  it('is the first business-day 10:00 ET strictly after the instant', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2100-12-01'), noInvalidDate: true }),
        (after) => {
          const { checkDate, scheduledFor } = nextCheck(after);
          expect(isBusinessDay(checkDate)).toBe(true);
          expect(scheduledFor.getTime()).toBeGreaterThan(after.getTime());
          expect(scheduledFor).toEqual(checkInstant(checkDate));
          for (let date = easternDate(after); date < checkDate; date = addDays(date, 1)) {
            if (isBusinessDay(date))
              expect(checkInstant(date).getTime()).toBeLessThanOrEqual(after.getTime());
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('skips weekends and holidays: after Friday 11:00 ET comes Monday, after Wednesday comes Friday over Thanksgiving', () => {
    expect(nextCheck(new Date('2026-11-06T16:00:00Z')).checkDate).toBe('2026-11-09');
    expect(nextCheck(new Date('2026-11-25T16:00:00Z')).checkDate).toBe('2026-11-27');
  });
});

describe('twelveHourClock', () => {
  it('writes midnight and noon as 12, with AM before noon and PM from it', () => {
    expect(twelveHourClock({ hour: 0, minute: 0 })).toBe('12:00 AM');
    expect(twelveHourClock({ hour: 0, minute: 5 })).toBe('12:05 AM');
    expect(twelveHourClock({ hour: 1, minute: 0 })).toBe('1:00 AM');
    expect(twelveHourClock({ hour: 11, minute: 59 })).toBe('11:59 AM');
    expect(twelveHourClock({ hour: 12, minute: 0 })).toBe('12:00 PM');
    expect(twelveHourClock({ hour: 13, minute: 7 })).toBe('1:07 PM');
    expect(twelveHourClock({ hour: 20, minute: 0 })).toBe('8:00 PM');
    expect(twelveHourClock({ hour: 23, minute: 30 })).toBe('11:30 PM');
  });
});

// Mutation survivors (docs/notes/mutation-survivors.md): before 1883 New York kept local mean time,
// 4:56:02 behind UTC, so the offset has seconds in it; the instant must still read hour:minute:00.
describe('New York time with an offset in seconds', () => {
  it.each(['1880-06-01', '1850-01-15', '1883-11-17'])('%s 10:00 is 10:00:00 on New York clocks', (date) => {
    expect(easternWallClock(easternInstant(date, 10))).toEqual({ date, hour: 10, minute: 0, second: 0 });
  });
});
