import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessDayOnOrAfter, businessDaysOfMonth, isBusinessDay } from '../time/business-days.js';
import {
  addDays,
  datesBetween,
  datesOfMonth,
  fromDayNumber,
  isWeekend,
  toDayNumber,
  weekdayOf,
} from '../time/iso-date.js';
import {
  checkInstant,
  checksToCatchUp,
  dueDates,
  expectedReportDate,
  isDue,
  isLateCheck,
  nextCheck,
  nominalDatesOfMonth,
  schedulesDueOn,
} from './monitor-schedule.js';
import { ALL_MONITOR_SCHEDULES, MONITOR_WEEKDAYS, type MonitorSchedule } from './report-monitor.js';

const MIN_DAY = toDayNumber('1990-01-01');
const MAX_DAY = toDayNumber('2100-12-31');
// Each run of these properties walks the calendar day by day (isDue builds two months of dates
// for each day it answers), so they run few inputs for a unit test, every year from 1990 to 2100
// reachable and half of the starts biased to where schedules meet their edges: the last days of a
// month, December among them, where a holiday moves a due day into the next month or year.
const anyMonth = fc.tuple(fc.integer({ min: 1990, max: 2100 }), fc.integer({ min: 1, max: 12 }));
/** The last `back` days (1 to 10) before the first of the month after `month`. */
const nearMonthEnd = fc
  .tuple(anyMonth, fc.integer({ min: 1, max: 10 }))
  .map(([[year, month], back]) => toDayNumber(datesOfMonth(year, month).at(-1)!) + 1 - back);
const anyStart = fc.oneof(fc.integer({ min: MIN_DAY, max: MAX_DAY - 100 }), nearMonthEnd);
const anyDate = fc.oneof(fc.integer({ min: MIN_DAY, max: MAX_DAY }), nearMonthEnd).map(fromDayNumber);
const anySchedule = fc.constantFrom(...ALL_MONITOR_SCHEDULES);
/** A span of up to about three months. */
const anySpan = fc
  .tuple(anyStart, fc.integer({ min: 0, max: 95 }))
  .map(([start, length]) => [fromDayNumber(start), fromDayNumber(start + length)] as const);
const weekdayIndex = (name: string) => MONITOR_WEEKDAYS.indexOf(name as never) + 1;

const monthly = (frequencyDay: string, frequencyNumber: number) =>
  ({ frequencyTypeCode: 'MLY', frequencyDay, frequencyNumber }) as MonitorSchedule;
const weekly = (frequencyDay: string) => ({ frequencyTypeCode: 'WLY', frequencyDay }) as MonitorSchedule;

describe('due dates, over many years', () => {
  it('are never a weekend or a holiday', () => {
    fc.assert(
      fc.property(anySchedule, anySpan, (schedule, [from, to]) =>
        dueDates(schedule, from, to).every((date) => !isWeekend(date) && isBusinessDay(date)),
      ),
      { numRuns: 400 },
    );
  });

  it('agree with isDue day by day', () => {
    fc.assert(
      fc.property(anySchedule, anySpan, (schedule, [from, to]) => {
        const due = new Set(dueDates(schedule, from, to));
        for (const date of datesBetween(from, to)) expect(isDue(schedule, date), date).toBe(due.has(date));
      }),
      { numRuns: 50 },
    );
  });

  it('DLY: every business day, and only those', () => {
    fc.assert(
      fc.property(anySpan, ([from, to]) => {
        expect(dueDates({ frequencyTypeCode: 'DLY' }, from, to)).toEqual(
          datesBetween(from, to).filter(isBusinessDay),
        );
      }),
    );
  });

  it('WLY: on its weekday, or the first business day after it when that weekday is a holiday', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MONITOR_WEEKDAYS), anySpan, (day, [from, to]) => {
        for (const date of dueDates(weekly(day), from, to)) {
          let nominal = date;
          while (weekdayOf(nominal) !== weekdayIndex(day)) nominal = addDays(nominal, -1);
          expect(businessDayOnOrAfter(nominal)).toBe(date);
        }
      }),
    );
  });

  it('MLY Last weekday: named in the last seven days of its month, due then or after a holiday', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MONITOR_WEEKDAYS), anyMonth, (day, [year, month]) => {
        const [nominal] = nominalDatesOfMonth(monthly(day, -1), year, month);
        const lastDay = datesOfMonth(year, month).at(-1)!;
        expect(weekdayOf(nominal!)).toBe(weekdayIndex(day));
        expect(toDayNumber(lastDay) - toDayNumber(nominal!)).toBeLessThan(7);
        const due = businessDayOnOrAfter(nominal!);
        expect(
          due === nominal || datesBetween(nominal!, addDays(due, -1)).every((d) => !isBusinessDay(d)),
        ).toBe(true);
        expect(isDue(monthly(day, -1), due)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('MLY nth weekday: named in the nth seven days of its month', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...MONITOR_WEEKDAYS),
        fc.constantFrom(1, 2, 3, 4),
        anyMonth,
        (day, n, [y, m]) => {
          const [nominal] = nominalDatesOfMonth(monthly(day, n), y, m);
          const dayOfMonth = Number(nominal!.slice(8));
          expect(weekdayOf(nominal!)).toBe(weekdayIndex(day));
          expect(dayOfMonth).toBeGreaterThan((n - 1) * 7);
          expect(dayOfMonth).toBeLessThanOrEqual(n * 7);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('MLY Business Day: the nth or last business day of the month, exactly once a month', () => {
    fc.assert(
      fc.property(fc.constantFrom(1, 2, 3, 4, -1), anyMonth, (n, [year, month]) => {
        const days = businessDaysOfMonth(year, month);
        const first = `${year}-${String(month).padStart(2, '0')}-01`;
        const last = datesOfMonth(year, month).at(-1)!;
        expect(dueDates(monthly('BUSINESS_DAY', n), first, last)).toEqual([
          n === -1 ? days.at(-1) : days[n - 1],
        ]);
      }),
    );
  });

  it('every MLY schedule is due 12 times in a year, give or take a date moved across New Year', () => {
    fc.assert(
      fc.property(
        anySchedule.filter((s) => s.frequencyTypeCode === 'MLY'),
        fc.integer({ min: 1991, max: 2099 }),
        (s, y) => {
          const count = dueDates(s, `${y}-01-01`, `${y}-12-31`).length;
          expect(count).toBeGreaterThanOrEqual(11);
          expect(count).toBeLessThanOrEqual(13);
        },
      ),
    );
  });
});

describe('a due weekday that is a holiday moves to the next business day', () => {
  it.each([
    ['WLY Monday on Memorial Day 2026', weekly('MONDAY'), '2026-05-25', '2026-05-26'],
    ['WLY Friday on Christmas 2026', weekly('FRIDAY'), '2026-12-25', '2026-12-28'],
    ['MLY Third Monday on Martin Luther King Jr. Day 2026', monthly('MONDAY', 3), '2026-01-19', '2026-01-20'],
    ['MLY Last Monday of May 2027 into June', monthly('MONDAY', -1), '2027-05-31', '2027-06-01'],
    ['MLY Second Wednesday, Veterans Day 2026', monthly('WEDNESDAY', 2), '2026-11-11', '2026-11-12'],
  ])('%s', (_, schedule, holiday, moved) => {
    expect(isDue(schedule, holiday)).toBe(false);
    expect(isDue(schedule, moved)).toBe(true);
  });

  it('keeps a Friday before a Saturday holiday: WLY Friday 2026-07-03 is due that day', () => {
    expect(isDue(weekly('FRIDAY'), '2026-07-03')).toBe(true);
  });
});

describe('schedulesDueOn', () => {
  it('lists exactly the schedules that are due', () => {
    fc.assert(
      fc.property(anyDate, (date) => {
        const due = schedulesDueOn(date);
        expect(due).toEqual(ALL_MONITOR_SCHEDULES.filter((schedule) => isDue(schedule, date)));
        if (!isBusinessDay(date)) expect(due).toEqual([]);
        else expect(due).toContainEqual({ frequencyTypeCode: 'DLY' });
      }),
      { numRuns: 60 },
    );
  });

  it('names the schedules of Tuesday 2026-06-30: daily, weekly Tuesday, last Tuesday and last business day', () => {
    expect(schedulesDueOn('2026-06-30')).toEqual([
      { frequencyTypeCode: 'DLY' },
      weekly('TUESDAY'),
      monthly('TUESDAY', -1),
      monthly('BUSINESS_DAY', -1),
    ]);
  });
});

describe('the report a due day expects', () => {
  it('is dated the due day itself', () => {
    expect(expectedReportDate('2026-05-26')).toBe('2026-05-26');
  });
});

describe('catching up missed checks', () => {
  const at = (iso: string) => new Date(iso);

  it('runs nothing before 10:00 ET and today only once it has passed, with no check recorded', () => {
    expect(checksToCatchUp(at('2026-11-23T14:59:59Z'), undefined)).toEqual([]);
    expect(checksToCatchUp(at('2026-11-23T15:00:00Z'), undefined)).toEqual([
      { checkDate: '2026-11-23', scheduledFor: at('2026-11-23T15:00:00Z') },
    ]);
  });

  it('runs each business day missed since the last recorded check, skipping holidays', () => {
    // Recorded Tuesday 2026-11-24; back on Monday 2026-11-30 at 11:00 ET. Thursday is Thanksgiving.
    const dates = checksToCatchUp(at('2026-11-30T16:00:00Z'), '2026-11-24').map((check) => check.checkDate);
    expect(dates).toEqual(['2026-11-25', '2026-11-27', '2026-11-30']);
  });

  it('looks back at most a week', () => {
    const dates = checksToCatchUp(at('2026-11-30T16:00:00Z'), '2026-10-01').map((check) => check.checkDate);
    expect(dates[0]).toBe('2026-11-23');
  });

  it('runs nothing when today is already recorded', () => {
    expect(checksToCatchUp(at('2026-11-23T18:00:00Z'), '2026-11-23')).toEqual([]);
  });

  it('calls a check late 15 minutes after its time', () => {
    const scheduledFor = at('2026-11-23T15:00:00Z');
    expect(isLateCheck(scheduledFor, at('2026-11-23T15:15:00Z'))).toBe(false);
    expect(isLateCheck(scheduledFor, at('2026-11-23T15:15:01Z'))).toBe(true);
  });
});

describe('the next check', () => {
  const at = (iso: string) => new Date(iso);
  const check = (date: string, iso: string) => ({ checkDate: date, scheduledFor: at(iso) });

  it.each([
    [
      'a business day just before 10:00 ET',
      '2026-11-23T14:59:59.999Z',
      check('2026-11-23', '2026-11-23T15:00:00Z'),
    ],
    [
      'exactly 10:00 ET: strictly after, so the next day',
      '2026-11-23T15:00:00Z',
      check('2026-11-24', '2026-11-24T15:00:00Z'),
    ],
    [
      'a Friday after 10:00 ET: the Monday',
      '2026-11-20T15:00:01Z',
      check('2026-11-23', '2026-11-23T15:00:00Z'),
    ],
    ['a Saturday: the Monday', '2026-11-21T12:00:00Z', check('2026-11-23', '2026-11-23T15:00:00Z')],
    [
      'the day before Thanksgiving, after 10:00: the Friday',
      '2026-11-25T16:00:00Z',
      check('2026-11-27', '2026-11-27T15:00:00Z'),
    ],
    [
      'late evening ET, already the next day in UTC',
      '2026-11-24T03:00:00Z',
      check('2026-11-24', '2026-11-24T15:00:00Z'),
    ],
    [
      'summer time: 10:00 EDT is 14:00 UTC',
      '2026-07-06T13:59:59Z',
      check('2026-07-06', '2026-07-06T14:00:00Z'),
    ],
    [
      'the Friday before the spring change: the Monday, in EDT',
      '2026-03-06T16:00:00Z',
      check('2026-03-09', '2026-03-09T14:00:00Z'),
    ],
  ])('%s', (_, after, expected) => {
    expect(nextCheck(at(after))).toEqual(expected);
  });

  it('is always a business day at 10:00 ET, strictly later, with no business day skipped', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.parse('2000-01-01'), max: Date.parse('2099-12-01') }), (ms) => {
        const after = new Date(ms);
        const next = nextCheck(after);
        expect(isBusinessDay(next.checkDate)).toBe(true);
        expect(next.scheduledFor.getTime()).toBeGreaterThan(ms);
        // No business day skipped: the one before it had its check at or before `after`.
        let earlier = addDays(next.checkDate, -1);
        while (!isBusinessDay(earlier)) earlier = addDays(earlier, -1);
        expect(checkInstant(earlier).getTime()).toBeLessThanOrEqual(ms);
        expect(nextCheck(new Date(next.scheduledFor.getTime() - 1))).toEqual(next);
      }),
      { numRuns: 200 },
    );
  });
});
