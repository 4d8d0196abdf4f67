import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_MONITOR_SCHEDULES,
  describeSchedule,
  toMonitorSchedule,
  toScheduleFields,
} from './report-monitor.js';

describe('report monitor schedules', () => {
  it('are the 36 combinations §9 allows', () => {
    expect(ALL_MONITOR_SCHEDULES).toHaveLength(36);
    expect(new Set(ALL_MONITOR_SCHEDULES.map((schedule) => JSON.stringify(schedule))).size).toBe(36);
  });

  it('round-trip through the stored columns', () => {
    for (const schedule of ALL_MONITOR_SCHEDULES)
      expect(toMonitorSchedule(toScheduleFields(schedule))).toEqual(schedule);
  });

  it('refuse columns that make no schedule', () => {
    const fields = fc.record({
      frequencyTypeCode: fc.constantFrom('DLY', 'WLY', 'MLY', 'YLY'),
      frequencyDay: fc.constantFrom(null, 'MONDAY', 'FRIDAY', 'SATURDAY', 'BUSINESS_DAY'),
      frequencyNumber: fc.constantFrom(null, -1, 0, 1, 4, 5),
    });
    fc.assert(
      fc.property(fields, (row) => {
        const schedule = toMonitorSchedule(row);
        const valid = ALL_MONITOR_SCHEDULES.some(
          (s) => JSON.stringify(toScheduleFields(s)) === JSON.stringify(row),
        );
        expect(schedule !== undefined).toBe(valid);
      }),
    );
    expect(
      toMonitorSchedule({ frequencyTypeCode: 'WLY', frequencyDay: 'BUSINESS_DAY', frequencyNumber: null }),
    ).toBe(undefined);
  });

  it('are named in words for the alert email', () => {
    expect(describeSchedule({ frequencyTypeCode: 'DLY' })).toBe('Day (every business day)');
    expect(describeSchedule({ frequencyTypeCode: 'WLY', frequencyDay: 'MONDAY' })).toBe(
      'Week (every Monday)',
    );
    expect(
      describeSchedule({ frequencyTypeCode: 'MLY', frequencyDay: 'BUSINESS_DAY', frequencyNumber: -1 }),
    ).toBe('Month (Last Business Day)');
  });
});

// Mutation survivors (docs/notes/mutation-survivors.md): a field the frequency type has no use for
// makes the stored row no schedule.
describe('stored schedules with a field too many', () => {
  it.each([
    { frequencyTypeCode: 'DLY', frequencyDay: 'MONDAY', frequencyNumber: null },
    { frequencyTypeCode: 'DLY', frequencyDay: null, frequencyNumber: 1 },
    { frequencyTypeCode: 'WLY', frequencyDay: 'MONDAY', frequencyNumber: 2 },
  ])('%o is no schedule', (fields) => {
    expect(toMonitorSchedule(fields)).toBeUndefined();
  });
});
