import Holidays from 'date-holidays';
import { addDays, datesOfMonth, type IsoDate, isWeekend, weekdayOf, yearOf } from './iso-date.js';

// Business days are Monday to Friday except the days the Federal Reserve Banks close
// (federalreserve.gov/aboutthefed/k8.htm), from date-holidays' US public and bank holidays.
// date-holidays follows the federal-employee rule and also marks the Friday before a Saturday
// holiday; the Reserve Banks are open that Friday, so such a substitute day is a business day.

const FRIDAY = 5;

let holidays: Holidays | undefined;
const closedWeekdaysByYear = new Map<number, ReadonlySet<IsoDate>>();

/** The weekdays of `year` on which the Federal Reserve Banks are closed, 'YYYY-MM-DD'. */
export function fedClosedWeekdays(year: number): ReadonlySet<IsoDate> {
  const cached = closedWeekdaysByYear.get(year);
  if (cached) return cached;
  // Built on first use: the table of every country is not parsed by code that never asks.
  holidays ??= new Holidays('US', { types: ['public', 'bank'], timezone: 'America/New_York' });
  const closed = new Set<IsoDate>();
  for (const holiday of holidays.getHolidays(year)) {
    // h.date is the New York wall-clock date ('YYYY-MM-DD hh:mm:ss'); instants could land a day off.
    const date = holiday.date.slice(0, 10);
    if (isWeekend(date) || yearOf(date) !== year) continue;
    if (holiday.substitute && weekdayOf(date) === FRIDAY) continue;
    closed.add(date);
  }
  closedWeekdaysByYear.set(year, closed);
  return closed;
}

export function isBusinessDay(date: IsoDate): boolean {
  return !isWeekend(date) && !fedClosedWeekdays(yearOf(date)).has(date);
}

/** `date` itself if it is a business day, else the first business day after it. */
export function businessDayOnOrAfter(date: IsoDate): IsoDate {
  let day = date;
  while (!isBusinessDay(day)) day = addDays(day, 1);
  return day;
}

export function nextBusinessDay(date: IsoDate): IsoDate {
  return businessDayOnOrAfter(addDays(date, 1));
}

export function previousBusinessDay(date: IsoDate): IsoDate {
  let day = addDays(date, -1);
  while (!isBusinessDay(day)) day = addDays(day, -1);
  return day;
}

/** The business days of a month (month 1 to 12), in order. */
export function businessDaysOfMonth(year: number, month: number): IsoDate[] {
  return datesOfMonth(year, month).filter(isBusinessDay);
}
