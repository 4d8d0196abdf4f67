import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  businessDayOnOrAfter,
  businessDaysOfMonth,
  fedClosedWeekdays,
  isBusinessDay,
  nextBusinessDay,
  previousBusinessDay,
} from './business-days.js';
import { addDays, fromDayNumber, isWeekend, toDayNumber } from './iso-date.js';

// federalreserve.gov/aboutthefed/k8.htm, "Holidays Observed by the Federal Reserve System
// 2026-2030": the weekdays the Reserve Banks close (a Sunday holiday closes the Monday after).
const FED_CLOSED: Record<number, string[]> = {
  2026: ['01-01', '01-19', '02-16', '05-25', '06-19', '09-07', '10-12', '11-11', '11-26', '12-25'],
  2027: ['01-01', '01-18', '02-15', '05-31', '07-05', '09-06', '10-11', '11-11', '11-25'],
  2028: ['01-17', '02-21', '05-29', '06-19', '07-04', '09-04', '10-09', '11-23', '12-25'],
  2029: ['01-01', '01-15', '02-19', '05-28', '06-19', '07-04', '09-03', '10-08', '11-12', '11-22', '12-25'],
  2030: ['01-01', '01-21', '02-18', '05-27', '06-19', '07-04', '09-02', '10-14', '11-11', '11-28', '12-25'],
};
// Holidays on a Saturday: the Board closes the Friday before, the Reserve Banks stay open.
const FED_OPEN_FRIDAYS = ['2026-07-03', '2027-06-18', '2027-12-24', '2027-12-31', '2028-11-10'];

const anyDate = fc
  .integer({ min: toDayNumber('1990-01-01'), max: toDayNumber('2100-12-31') })
  .map(fromDayNumber);

describe('Federal Reserve holidays', () => {
  it.each(Object.entries(FED_CLOSED))('closes exactly the k8 table weekdays of %s', (year, days) => {
    expect([...fedClosedWeekdays(Number(year))].sort()).toEqual(days.map((day) => `${year}-${day}`));
  });

  it.each(FED_OPEN_FRIDAYS)('keeps %s, the Friday before a Saturday holiday, a business day', (date) => {
    expect(isBusinessDay(date)).toBe(true);
  });

  it('counts every day of 2026-2030 that is neither a weekend nor in the table as a business day', () => {
    for (let date = '2026-01-01'; date <= '2030-12-31'; date = addDays(date, 1)) {
      const closed = FED_CLOSED[Number(date.slice(0, 4))]!.includes(date.slice(5));
      expect(isBusinessDay(date), date).toBe(!isWeekend(date) && !closed);
    }
  });
});

describe('business days', () => {
  it('are never weekends', () => {
    fc.assert(fc.property(anyDate, (date) => !isBusinessDay(date) || !isWeekend(date)));
  });

  it('businessDayOnOrAfter is the first business day from the date on', () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        const found = businessDayOnOrAfter(date);
        expect(isBusinessDay(found)).toBe(true);
        for (let day = date; day < found; day = addDays(day, 1)) expect(isBusinessDay(day)).toBe(false);
      }),
    );
  });

  it('next and previous business day are inverse steps', () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        const business = businessDayOnOrAfter(date);
        expect(previousBusinessDay(nextBusinessDay(business))).toBe(business);
      }),
    );
  });

  it('moves a Monday holiday to the Tuesday: Memorial Day 2026', () => {
    expect(businessDayOnOrAfter('2026-05-25')).toBe('2026-05-26');
    expect(nextBusinessDay('2026-05-22')).toBe('2026-05-26');
  });

  it('lists a month of business days without weekends or holidays', () => {
    const november = businessDaysOfMonth(2026, 11);
    expect(november).toHaveLength(19);
    expect(november).not.toContain('2026-11-11');
    expect(november).not.toContain('2026-11-26');
    expect(november[0]).toBe('2026-11-02');
    expect(november.at(-1)).toBe('2026-11-30');
  });
});

// Mutation survivors (docs/notes/mutation-survivors.md). The holiday table is built once per module
// on first use, so this reads a fresh copy of the module: what it asserts is then decided by the
// table built here, not by whichever test happened to build it first.
describe('Federal Reserve holidays from a fresh table', () => {
  it('closes the Monday after a Sunday Veterans Day, a bank (not public) holiday in date-holidays', async () => {
    vi.resetModules();
    const fresh = await import('./business-days.js');
    expect(fresh.isBusinessDay('2029-11-12')).toBe(false);
    expect([...fresh.fedClosedWeekdays(2029)].sort()).toEqual(FED_CLOSED[2029]!.map((day) => `2029-${day}`));
  });
});
