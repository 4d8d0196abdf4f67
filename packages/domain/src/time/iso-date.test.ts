import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  datesOfMonth,
  formatUsDate,
  fromDayNumber,
  isIsoDate,
  toDayNumber,
  weekdayOf,
} from './iso-date.js';

describe('ISO dates', () => {
  it('round-trip through day numbers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (n) => {
        expect(toDayNumber(fromDayNumber(n))).toBe(n);
      }),
    );
  });

  it('agree with the UTC calendar on weekdays', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60_000 }), (n) => {
        const date = fromDayNumber(n);
        expect(weekdayOf(date)).toBe(new Date(`${date}T00:00:00Z`).getUTCDay());
      }),
    );
  });

  it('cross month, year and leap days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(datesOfMonth(2028, 2)).toHaveLength(29);
    expect(datesOfMonth(2100, 2)).toHaveLength(28);
  });

  it('refuse what is not a calendar date', () => {
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-2-01')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
    // Date.UTC reads years 0 to 99 as 1900 to 1999: the year check refuses them (issue 26).
    expect(isIsoDate('0050-01-01')).toBe(false);
    expect(isIsoDate('2026-04-31')).toBe(false);
    // The whole value is the date: nothing before or after it.
    for (const value of [
      'x2026-01-01',
      '2026-01-01x',
      ' 2026-01-01',
      '2026-01-01\n',
      '12026-01-01',
      '2026-01-011',
    ]) {
      expect(isIsoDate(value), JSON.stringify(value)).toBe(false);
    }
    expect(() => toDayNumber('2026-02-30')).toThrow('Not a date written YYYY-MM-DD: "2026-02-30"');
    expect(() => toDayNumber('yesterday')).toThrow(RangeError);
  });

  it('show as MM/dd/yyyy', () => {
    expect(formatUsDate('2026-11-23')).toBe('11/23/2026');
  });
});
