// The cron patterns of the clock-fired jobs (BullMQ's six fields: second minute hour day-of-month
// month day-of-week), written from the times of day the rules hold, so that a schedule and the
// rule it fires (BATCH_TIMES, CHECK_HOUR) cannot say two different hours.

export type TimeOfDay = { hour: number; minute: number };

/** The days a schedule fires on: Monday to Friday (holidays are the handler's to skip), or all. */
export type CronDays = 'weekdays' | 'daily';

const DAY_OF_WEEK: Record<CronDays, string> = { weekdays: '1-5', daily: '*' };

const isWhole = (value: number, max: number) => Number.isInteger(value) && value >= 0 && value <= max;

/** At `time` (in the schedule's own tz) on `days`: `cronAt({ hour: 20, minute: 0 }, 'weekdays')` is '0 0 20 * * 1-5'. */
export function cronAt(time: TimeOfDay, days: CronDays): string {
  if (!isWhole(time.hour, 23) || !isWhole(time.minute, 59))
    throw new RangeError(`Not a time of day: ${time.hour}:${time.minute}`);
  return `0 ${time.minute} ${time.hour} * * ${DAY_OF_WEEK[days]}`;
}
