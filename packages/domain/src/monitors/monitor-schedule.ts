import { businessDayOnOrAfter, businessDaysOfMonth, isBusinessDay } from '../time/business-days.js';
import { easternDate, easternInstant } from '../time/eastern-time.js';
import { addDays, datesOfMonth, type IsoDate, WEEKDAY_NAMES, weekdayOf } from '../time/iso-date.js';
import { ALL_MONITOR_SCHEDULES, BUSINESS_DAY, type MonitorSchedule } from './report-monitor.js';

// When a report monitor is due, and when the check for a due day runs (SPEC.md §5, §9).

/** Alerts go out at 10:00 AM Eastern if the report is not yet uploaded. */
export const CHECK_HOUR = 10;
/** A check that starts this long after its time says in its emails that it ran late. */
export const LATE_AFTER_MS = 15 * 60_000;
/** How far back a returning worker catches up missed checks; older ones are run by hand. */
export const CATCH_UP_DAYS = 7;

function weekdayNamed(name: string) {
  return (date: IsoDate) => WEEKDAY_NAMES[weekdayOf(date)] === name;
}

/**
 * The dates a schedule names in a month (month 1 to 12) before holidays move them: every
 * business day (DLY), every given weekday (WLY), the nth or last given weekday or business day (MLY).
 */
export function nominalDatesOfMonth(schedule: MonitorSchedule, year: number, month: number): IsoDate[] {
  if (schedule.frequencyTypeCode === 'DLY') return businessDaysOfMonth(year, month);
  if (schedule.frequencyTypeCode === 'WLY') {
    return datesOfMonth(year, month).filter(weekdayNamed(schedule.frequencyDay));
  }
  const candidates =
    schedule.frequencyDay === BUSINESS_DAY
      ? businessDaysOfMonth(year, month)
      : datesOfMonth(year, month).filter(weekdayNamed(schedule.frequencyDay));
  const pick = schedule.frequencyNumber === -1 ? candidates.at(-1) : candidates[schedule.frequencyNumber - 1];
  return pick ? [pick] : [];
}

/**
 * The days a monitor is due from `from` to `to` (both included), in order. A named weekday that
 * is a holiday moves to the next business day, which may fall in the next month.
 */
export function dueDates(schedule: MonitorSchedule, from: IsoDate, to: IsoDate): IsoDate[] {
  const due = new Set<IsoDate>();
  // The month before `from` too: its last nominal date may move past a holiday into the range.
  let [year, month] = [Number(from.slice(0, 4)), Number(from.slice(5, 7)) - 1];
  if (month === 0) [year, month] = [year - 1, 12];
  const [lastYear, lastMonth] = [Number(to.slice(0, 4)), Number(to.slice(5, 7))];
  while (year < lastYear || (year === lastYear && month <= lastMonth)) {
    for (const nominal of nominalDatesOfMonth(schedule, year, month)) {
      const date = businessDayOnOrAfter(nominal);
      if (date >= from && date <= to) due.add(date);
    }
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return [...due].sort();
}

export function isDue(schedule: MonitorSchedule, date: IsoDate): boolean {
  return isBusinessDay(date) && dueDates(schedule, date, date).length > 0;
}

/** Of the 36 schedules a monitor can have, those due on `date`: the check selects monitors by these. */
export function schedulesDueOn(date: IsoDate): MonitorSchedule[] {
  if (!isBusinessDay(date)) return [];
  return ALL_MONITOR_SCHEDULES.filter((schedule) => isDue(schedule, date));
}

/**
 * The report date a due day expects: the due day itself, for every frequency type. A report
 * dated a holiday or weekend does not count for the next business day.
 */
export function expectedReportDate(dueDate: IsoDate): IsoDate {
  return dueDate;
}

/** 10:00 AM New York time on `date`, as an instant (14:00 UTC in summer, 15:00 UTC in winter). */
export function checkInstant(date: IsoDate): Date {
  return easternInstant(date, CHECK_HOUR);
}

export type ScheduledCheck = { checkDate: IsoDate; scheduledFor: Date };

/** The first check strictly after `after`: 10:00 ET on the next business day whose 10:00 is later. */
export function nextCheck(after: Date): ScheduledCheck {
  let date = easternDate(after);
  for (;;) {
    if (isBusinessDay(date)) {
      const scheduledFor = checkInstant(date);
      if (scheduledFor.getTime() > after.getTime()) return { checkDate: date, scheduledFor };
    }
    date = addDays(date, 1);
  }
}

/**
 * The checks a worker coming back at `now` must run: business days whose 10:00 ET has passed,
 * later than the last recorded check, within CATCH_UP_DAYS. With no check recorded at all only
 * today's counts, so a first deployment does not mail about days before it existed.
 */
export function checksToCatchUp(now: Date, lastRecordedDate: IsoDate | undefined): ScheduledCheck[] {
  const today = easternDate(now);
  const earliest = lastRecordedDate === undefined ? today : addDays(today, -CATCH_UP_DAYS);
  const checks: ScheduledCheck[] = [];
  for (let date = earliest; date <= today; date = addDays(date, 1)) {
    if (!isBusinessDay(date) || (lastRecordedDate !== undefined && date <= lastRecordedDate)) continue;
    const scheduledFor = checkInstant(date);
    if (scheduledFor.getTime() <= now.getTime()) checks.push({ checkDate: date, scheduledFor });
  }
  return checks;
}

export function isLateCheck(scheduledFor: Date, startedAt: Date): boolean {
  return startedAt.getTime() - scheduledFor.getTime() > LATE_AFTER_MS;
}
