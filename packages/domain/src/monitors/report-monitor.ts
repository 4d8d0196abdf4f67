// Report monitors (scheduled report alerts) of SPEC.md §3, §5 and §9: what a monitor's schedule
// may be. When it is due lives in monitor-schedule.ts (it needs the holiday calendar).

export const MONITOR_FREQUENCY_TYPE_CODES = ['DLY', 'WLY', 'MLY'] as const;
export type MonitorFrequencyTypeCode = (typeof MONITOR_FREQUENCY_TYPE_CODES)[number];

export const MONITOR_WEEKDAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'] as const;
export type MonitorWeekday = (typeof MONITOR_WEEKDAYS)[number];
export const BUSINESS_DAY = 'BUSINESS_DAY';
export type MonthlyFrequencyDay = MonitorWeekday | typeof BUSINESS_DAY;
export const MONTHLY_FREQUENCY_DAYS: readonly MonthlyFrequencyDay[] = [...MONITOR_WEEKDAYS, BUSINESS_DAY];

/** First to Fourth, and -1 for Last. */
export const FREQUENCY_NUMBERS = [1, 2, 3, 4, -1] as const;
export type FrequencyNumber = (typeof FREQUENCY_NUMBERS)[number];

export const FREQUENCY_NUMBER_LABELS: Record<FrequencyNumber, string> = {
  1: 'First',
  2: 'Second',
  3: 'Third',
  4: 'Fourth',
  [-1]: 'Last',
};
export const FREQUENCY_DAY_LABELS: Record<MonthlyFrequencyDay, string> = {
  MONDAY: 'Monday',
  TUESDAY: 'Tuesday',
  WEDNESDAY: 'Wednesday',
  THURSDAY: 'Thursday',
  FRIDAY: 'Friday',
  BUSINESS_DAY: 'Business Day',
};

export type MonitorSchedule =
  | { frequencyTypeCode: 'DLY' }
  | { frequencyTypeCode: 'WLY'; frequencyDay: MonitorWeekday }
  | { frequencyTypeCode: 'MLY'; frequencyDay: MonthlyFrequencyDay; frequencyNumber: FrequencyNumber };

/** The columns of a stored monitor that make its schedule. */
export type MonitorScheduleFields = {
  frequencyTypeCode: string;
  frequencyDay: string | null;
  frequencyNumber: number | null;
};

function isWeekday(value: string | null): value is MonitorWeekday {
  return (MONITOR_WEEKDAYS as readonly (string | null)[]).includes(value);
}

function isFrequencyNumber(value: number | null): value is FrequencyNumber {
  return (FREQUENCY_NUMBERS as readonly (number | null)[]).includes(value);
}

/** The schedule of a stored monitor, or undefined when its fields make no valid schedule. */
export function toMonitorSchedule(fields: MonitorScheduleFields): MonitorSchedule | undefined {
  const { frequencyTypeCode, frequencyDay, frequencyNumber } = fields;
  if (frequencyTypeCode === 'DLY' && frequencyDay === null && frequencyNumber === null) {
    return { frequencyTypeCode };
  }
  if (frequencyTypeCode === 'WLY' && isWeekday(frequencyDay) && frequencyNumber === null) {
    return { frequencyTypeCode, frequencyDay };
  }
  if (
    frequencyTypeCode === 'MLY' &&
    (isWeekday(frequencyDay) || frequencyDay === BUSINESS_DAY) &&
    isFrequencyNumber(frequencyNumber)
  ) {
    return { frequencyTypeCode, frequencyDay, frequencyNumber };
  }
  return undefined;
}

/** The stored columns of a schedule (null where the frequency type has none). */
export function toScheduleFields(schedule: MonitorSchedule): MonitorScheduleFields {
  return {
    frequencyTypeCode: schedule.frequencyTypeCode,
    frequencyDay: schedule.frequencyTypeCode === 'DLY' ? null : schedule.frequencyDay,
    frequencyNumber: schedule.frequencyTypeCode === 'MLY' ? schedule.frequencyNumber : null,
  };
}

/** Every schedule a monitor can have: 1 daily, 5 weekly, 30 monthly. */
export const ALL_MONITOR_SCHEDULES: readonly MonitorSchedule[] = [
  { frequencyTypeCode: 'DLY' },
  ...MONITOR_WEEKDAYS.map((frequencyDay): MonitorSchedule => ({ frequencyTypeCode: 'WLY', frequencyDay })),
  ...FREQUENCY_NUMBERS.flatMap((frequencyNumber) =>
    MONTHLY_FREQUENCY_DAYS.map(
      (frequencyDay): MonitorSchedule => ({ frequencyTypeCode: 'MLY', frequencyDay, frequencyNumber }),
    ),
  ),
];

/** How an alert email names the frequency, e.g. 'Month (Last Business Day)'. */
export function describeSchedule(schedule: MonitorSchedule): string {
  if (schedule.frequencyTypeCode === 'DLY') return 'Day (every business day)';
  if (schedule.frequencyTypeCode === 'WLY')
    return `Week (every ${FREQUENCY_DAY_LABELS[schedule.frequencyDay]})`;
  return `Month (${FREQUENCY_NUMBER_LABELS[schedule.frequencyNumber]} ${FREQUENCY_DAY_LABELS[schedule.frequencyDay]})`;
}
