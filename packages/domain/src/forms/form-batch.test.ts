import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fedClosedWeekdays, isBusinessDay, nextBusinessDay } from '../time/business-days.js';
import { easternDate } from '../time/eastern-time.js';
import { addDays, fromDayNumber, toDayNumber, weekdayOf } from '../time/iso-date.js';
import {
  batchDateOf,
  batchesToCatchUp,
  batchInstant,
  batchJobId,
  batchJoinText,
  batchScheduleText,
  isLateBatch,
} from './form-batch.js';

// The offset of New York time by the US rule itself (15 U.S.C. 260a), not by the Intl data the
// code uses: since 2007 daylight time runs from the second Sunday of March to the first Sunday of
// November; before, from the first Sunday of April to the last Sunday of October.
function nthSunday(year: number, month: number, n: number): string {
  const first = `${year}-${String(month).padStart(2, '0')}-01`;
  const toSunday = (7 - weekdayOf(first)) % 7;
  return addDays(first, toSunday + 7 * (n - 1));
}
function lastSunday(year: number, month: number): string {
  const last = addDays(`${year}-${String(month + 1).padStart(2, '0')}-01`, -1);
  return addDays(last, -weekdayOf(last));
}
function dstChanges(year: number): [string, string] {
  return year >= 2007
    ? [nthSunday(year, 3, 2), nthSunday(year, 11, 1)]
    : [nthSunday(year, 4, 1), lastSunday(year, 10)];
}
/** The instant of a New York wall-clock time in the evening (far from the 2 AM changes). */
function eveningInstant(date: string, hour: number, minute: number, second: number, ms = 0): Date {
  const [start, end] = dstChanges(Number(date.slice(0, 4)));
  const offsetHours = date >= start && date < end ? 4 : 5;
  return new Date(
    toDayNumber(date) * 86_400_000 + ((hour + offsetHours) * 3600 + minute * 60 + second) * 1000 + ms,
  );
}

const year = fc.integer({ min: 2000, max: 2100 });
const anyDate = fc
  .integer({ min: toDayNumber('2000-01-01'), max: toDayNumber('2100-12-30') })
  .map(fromDayNumber);
const anyInstant = fc
  .integer({ min: Date.UTC(2000, 0, 1, 5), max: Date.UTC(2100, 11, 30) })
  .map((ms) => new Date(ms));
const NUM_RUNS = { numRuns: 500 };

describe('the batch date of an entry', () => {
  it('is never a weekend or holiday, never before the New York date, and the first business day allowed', () => {
    fc.assert(
      fc.property(anyInstant, fc.constantFrom('disputes', 'invoices' as const), (instant, kind) => {
        const date = batchDateOf(kind, instant);
        const today = easternDate(instant);
        expect(isBusinessDay(date)).toBe(true);
        expect(date >= today).toBe(true);
        // Nothing skipped: the batch is today's or the first business day after today.
        expect(date === today || date === nextBusinessDay(today)).toBe(true);
      }),
      NUM_RUNS,
    );
  });

  it('19:59:59.999 ET joins the day, 20:00:00 ET the next business day, on both sides of each DST change', () => {
    fc.assert(
      fc.property(year, fc.boolean(), fc.integer({ min: -6, max: 6 }), (y, spring, shift) => {
        const change = dstChanges(y)[spring ? 0 : 1];
        const day = addDays(change, shift);
        fc.pre(isBusinessDay(day));
        expect(batchDateOf('disputes', eveningInstant(day, 19, 59, 59, 999))).toBe(day);
        expect(batchDateOf('disputes', eveningInstant(day, 19, 59, 59))).toBe(day);
        expect(batchDateOf('disputes', eveningInstant(day, 20, 0, 0))).toBe(nextBusinessDay(day));
        expect(batchInstant('disputes', day)).toEqual(eveningInstant(day, 20, 0, 0));
      }),
      NUM_RUNS,
    );
  });

  it('invoice requests: 23:29:59 ET joins the day, 23:30:00 ET the next business day', () => {
    fc.assert(
      fc.property(anyDate, (day) => {
        fc.pre(isBusinessDay(day));
        expect(batchDateOf('invoices', eveningInstant(day, 23, 29, 59, 999))).toBe(day);
        expect(batchDateOf('invoices', eveningInstant(day, 23, 30, 0))).toBe(nextBusinessDay(day));
        // Past the dispute cutoff, an invoice request still makes the day's batch.
        expect(batchDateOf('invoices', eveningInstant(day, 21, 0, 0))).toBe(day);
      }),
      NUM_RUNS,
    );
  });

  it('Friday evening after 8PM and the whole weekend go to Monday (or the business day after it)', () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), (day, h, m) => {
        fc.pre(weekdayOf(day) === 5 && isBusinessDay(day));
        const monday = addDays(day, 3);
        const expected = isBusinessDay(monday) ? monday : nextBusinessDay(monday);
        expect(batchDateOf('disputes', eveningInstant(day, 20, 0, 0))).toBe(expected);
        expect(batchDateOf('disputes', eveningInstant(day, 23, 59, 59))).toBe(expected);
        fc.pre(h >= 3); // away from the 2 AM changes, which the helper does not model
        expect(batchDateOf('disputes', eveningInstant(addDays(day, 1), h, m, 0))).toBe(expected);
        expect(batchDateOf('disputes', eveningInstant(addDays(day, 2), h, m, 0))).toBe(expected);
      }),
      NUM_RUNS,
    );
  });

  it('the evening before a holiday skips it, and the holiday itself joins the next business day', () => {
    fc.assert(
      fc.property(year, fc.nat(20), fc.integer({ min: 3, max: 23 }), (y, index, hour) => {
        const holidays = [...fedClosedWeekdays(y)];
        const holiday = holidays[index % holidays.length]!;
        const eve = addDays(holiday, -1);
        const after = nextBusinessDay(holiday);
        if (isBusinessDay(eve)) {
          expect(batchDateOf('disputes', eveningInstant(eve, 19, 59, 59))).toBe(eve);
          expect(batchDateOf('disputes', eveningInstant(eve, 20, 0, 0))).toBe(after);
        }
        expect(batchDateOf('disputes', eveningInstant(holiday, hour, 0, 0))).toBe(after);
        expect(batchDateOf('invoices', eveningInstant(holiday, hour, 0, 0))).toBe(after);
      }),
      NUM_RUNS,
    );
  });
});

describe('missed batches and their texts', () => {
  it('catches up the business days whose batch time has passed, after the last one run', () => {
    const now = eveningInstant('2026-11-30', 20, 5, 0); // Monday after Thanksgiving week
    expect(batchesToCatchUp('disputes', now, '2026-11-24')).toEqual([
      '2026-11-25',
      '2026-11-27',
      '2026-11-30',
    ]);
    expect(batchesToCatchUp('disputes', now, '2026-11-30')).toEqual([]);
    expect(batchesToCatchUp('disputes', eveningInstant('2026-11-30', 19, 59, 59), '2026-11-27')).toEqual([]);
    expect(batchesToCatchUp('invoices', now, '2026-11-27')).toEqual([]);
  });

  it('runs only the latest due batch when none was ever recorded (a new installation)', () => {
    const now = eveningInstant('2026-12-01', 9, 0, 0);
    expect(batchesToCatchUp('disputes', now, null)).toEqual(['2026-11-30']);
    expect(batchesToCatchUp('disputes', eveningInstant('2026-12-01', 20, 0, 0), null)).toEqual([
      '2026-12-01',
    ]);
    expect(batchesToCatchUp('disputes', now, '2026-11-24')).toHaveLength(3);
  });

  it('says a batch ran late only after 15 minutes', () => {
    const due = batchInstant('disputes', '2026-11-23');
    expect(isLateBatch(due, new Date(due.getTime() + 15 * 60_000))).toBe(false);
    expect(isLateBatch(due, new Date(due.getTime() + 15 * 60_000 + 1))).toBe(true);
  });

  it('names the batch an entry joins', () => {
    expect(batchJoinText('disputes', eveningInstant('2026-11-23', 19, 0, 0))).toBe(
      'Processed tonight at 8:00 PM ET (batch of 11/23/2026).',
    );
    expect(batchJoinText('disputes', eveningInstant('2026-11-25', 20, 0, 0))).toBe(
      'Processed next business day, Friday 11/27/2026, at 8:00 PM ET.',
    );
    expect(batchJoinText('invoices', eveningInstant('2026-11-27', 23, 45, 0))).toBe(
      'Processed next business day, Monday 11/30/2026, at 11:30 PM ET.',
    );
    expect(batchJobId('disputes', '2026-11-23')).toBe('disputes-batch-2026-11-23');
  });
});

// Issue 26: the catch-up window's ends, the texts word for word, the morning's AM.
describe('edges of missed batches and their texts', () => {
  it('looks back exactly 7 days and no further', () => {
    // Wednesday 2026-12-09 at 21:00 ET; the last batch run Monday 2026-11-30.
    const now = eveningInstant('2026-12-09', 21, 0, 0);
    expect(batchesToCatchUp('disputes', now, '2026-11-30')).toEqual([
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
    ]);
    // The batch of the day the window starts is in it; the day before is not.
    expect(batchesToCatchUp('disputes', now, '2026-11-01')[0]).toBe('2026-12-02');
    expect(batchesToCatchUp('disputes', eveningInstant('2026-12-09', 20, 0, 0), '2026-12-08')).toEqual([
      '2026-12-09',
    ]);
    expect(batchesToCatchUp('disputes', eveningInstant('2026-12-09', 19, 59, 59, 999), '2026-12-08')).toEqual(
      [],
    );
  });

  it("with none recorded, runs the last business day's batch when started on a weekend", () => {
    expect(batchesToCatchUp('invoices', eveningInstant('2026-11-28', 12, 0, 0), null)).toEqual([
      '2026-11-27',
    ]);
  });

  it('writes the schedule line of each form', () => {
    expect(batchScheduleText('disputes')).toBe(
      'Processed at 8:00 PM ET each business day; later entries go to the next business day.',
    );
    expect(batchScheduleText('invoices')).toBe(
      'Processed at the end of each business day (11:30 PM ET); later entries go to the next business day.',
    );
  });

  it('names the day of a batch on a later weekday, and tonight for an invoice before 11:30 PM', () => {
    expect(batchJoinText('invoices', eveningInstant('2026-11-23', 23, 29, 59))).toBe(
      'Processed tonight at 11:30 PM ET (batch of 11/23/2026).',
    );
    expect(batchJoinText('disputes', eveningInstant('2026-11-28', 10, 0, 0))).toBe(
      'Processed next business day, Monday 11/30/2026, at 8:00 PM ET.',
    );
    expect(batchJoinText('disputes', eveningInstant('2026-12-29', 21, 0, 0))).toBe(
      'Processed next business day, Wednesday 12/30/2026, at 8:00 PM ET.',
    );
    expect(batchJobId('invoices', '2026-11-23')).toBe('invoices-batch-2026-11-23');
  });
});
