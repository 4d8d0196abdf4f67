import { describe, expect, it } from 'vitest';
import {
  ALERT_CATEGORY_NOT_ON_PARTNER,
  ALERT_FREQUENCY_NOT_ON_PARTNER,
  ALERT_FREQUENCY_TYPES_ONLY,
  reportAlertProblems,
  reportAlertSchedule,
} from './admin-report-alert.js';
import { ALL_MONITOR_SCHEDULES, toScheduleFields } from './report-monitor.js';

const alert = (fields: Partial<Parameters<typeof reportAlertProblems>[0]>) => ({
  categoryCode: 'SETTLEMENT',
  frequencyTypeCode: 'DLY',
  frequencyDay: null,
  frequencyNumber: null,
  ...fields,
});
const required = (field: string) => ({ field, message: 'This field is required.' });

describe('report alert rules', () => {
  it('requires a frequency type', () => {
    expect(reportAlertProblems(alert({ frequencyTypeCode: ' ' }))).toEqual([required('frequencyTypeCode')]);
  });

  it('needs a day Monday to Friday for a weekly alert', () => {
    expect(reportAlertProblems(alert({ frequencyTypeCode: 'WLY' }))).toEqual([required('frequencyDay')]);
    expect(reportAlertProblems(alert({ frequencyTypeCode: 'WLY', frequencyDay: 'BUSINESS_DAY' }))).toEqual([
      required('frequencyDay'),
    ]);
    expect(reportAlertProblems(alert({ frequencyTypeCode: 'WLY', frequencyDay: 'SATURDAY' }))).toEqual([
      required('frequencyDay'),
    ]);
    expect(reportAlertProblems(alert({ frequencyTypeCode: 'WLY', frequencyDay: 'FRIDAY' }))).toEqual([]);
  });

  it('needs an occurrence 1 to 4 or Last and a day or Business Day for a monthly alert', () => {
    expect(reportAlertProblems(alert({ frequencyTypeCode: 'MLY' }))).toEqual([
      required('frequencyNumber'),
      required('frequencyDay'),
    ]);
    expect(
      reportAlertProblems(alert({ frequencyTypeCode: 'MLY', frequencyNumber: 5, frequencyDay: 'MONDAY' })),
    ).toEqual([required('frequencyNumber')]);
    for (const frequencyNumber of [1, 2, 3, 4, -1]) {
      expect(
        reportAlertProblems(
          alert({ frequencyTypeCode: 'MLY', frequencyNumber, frequencyDay: 'BUSINESS_DAY' }),
        ),
      ).toEqual([]);
    }
  });

  it('refuses a frequency type that alerts do not know', () => {
    expect(reportAlertProblems(alert({ frequencyTypeCode: 'YLY' }))[0]?.field).toBe('frequencyTypeCode');
  });

  it('checks the category and frequency type against the partner when given', () => {
    const partner = [{ categoryCode: 'SETTLEMENT', frequencyTypeCodes: ['DLY'] }];
    expect(reportAlertProblems(alert({}), partner)).toEqual([]);
    expect(reportAlertProblems(alert({ categoryCode: 'ACCOUNTS' }), partner)[0]?.field).toBe('categoryCode');
    expect(
      reportAlertProblems(alert({ frequencyTypeCode: 'WLY', frequencyDay: 'MONDAY' }), partner)[0]?.field,
    ).toBe('frequencyTypeCode');
  });

  it('keeps only the fields its frequency type uses', () => {
    expect(reportAlertSchedule(alert({ frequencyDay: 'MONDAY', frequencyNumber: 2 }))).toEqual({
      frequencyTypeCode: 'DLY',
    });
    expect(
      reportAlertSchedule(alert({ frequencyTypeCode: 'WLY', frequencyDay: 'MONDAY', frequencyNumber: 2 })),
    ).toEqual({
      frequencyTypeCode: 'WLY',
      frequencyDay: 'MONDAY',
    });
    for (const schedule of ALL_MONITOR_SCHEDULES) {
      const input = alert(toScheduleFields(schedule));
      expect(reportAlertProblems(input)).toEqual([]);
      expect(reportAlertSchedule(input)).toEqual(schedule);
    }
  });
});

// Issue 26: each problem with its field and words, several categories, codes trimmed and cased.
describe('edges of report alerts', () => {
  const partner = [
    { categoryCode: 'ACCOUNTS', frequencyTypeCodes: ['MLY'] },
    { categoryCode: 'Settlement', frequencyTypeCodes: ['DLY', 'WLY'] },
  ];
  it.each([
    [{ frequencyTypeCode: 'YLY' }, [{ field: 'frequencyTypeCode', message: ALERT_FREQUENCY_TYPES_ONLY }]],
    [{ categoryCode: ' settlement ', frequencyTypeCode: ' WLY ', frequencyDay: 'MONDAY' }, []],
    [{ categoryCode: 'FEES' }, [{ field: 'categoryCode', message: ALERT_CATEGORY_NOT_ON_PARTNER }]],
    [
      { categoryCode: 'ACCOUNTS', frequencyTypeCode: 'DLY' },
      [{ field: 'frequencyTypeCode', message: ALERT_FREQUENCY_NOT_ON_PARTNER }],
    ],
    [{ categoryCode: '  ' }, [required('categoryCode')]],
    [
      { categoryCode: 'FEES', frequencyTypeCode: '' },
      [required('frequencyTypeCode'), { field: 'categoryCode', message: ALERT_CATEGORY_NOT_ON_PARTNER }],
    ],
    [
      { categoryCode: 'ACCOUNTS', frequencyTypeCode: 'MLY', frequencyNumber: -1, frequencyDay: 'SUNDAY' },
      [required('frequencyDay')],
    ],
    [
      { categoryCode: 'ACCOUNTS', frequencyTypeCode: 'MLY', frequencyNumber: 0, frequencyDay: 'FRIDAY' },
      [required('frequencyNumber')],
    ],
  ])('%o', (change, expected) => {
    expect(reportAlertProblems(alert(change), partner)).toEqual(expected);
  });

  it('judges no partner when none is given', () => {
    expect(reportAlertProblems(alert({ categoryCode: 'ANYTHING' }))).toEqual([]);
  });

  it('keeps the occurrence of a monthly alert only, and no schedule for a type alerts do not know', () => {
    expect(
      reportAlertSchedule(
        alert({ frequencyTypeCode: ' MLY ', frequencyDay: 'BUSINESS_DAY', frequencyNumber: -1 }),
      ),
    ).toEqual({ frequencyTypeCode: 'MLY', frequencyDay: 'BUSINESS_DAY', frequencyNumber: -1 });
    expect(
      reportAlertSchedule(
        alert({ frequencyTypeCode: 'MLY', frequencyDay: undefined, frequencyNumber: undefined }),
      ),
    ).toBeUndefined();
    expect(reportAlertSchedule(alert({ frequencyTypeCode: 'YLY' }))).toBeUndefined();
  });
});
