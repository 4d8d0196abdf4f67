// Calendar dates as 'YYYY-MM-DD' strings (SQL `date`), with arithmetic on day numbers so no
// local-time Date ever shifts a day.
export type IsoDate = string;

const DAY_MS = 86_400_000;

export const WEEKDAY_NAMES = [
  'SUNDAY',
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
] as const;

/** True for a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(value: string): boolean {
  // Written here rather than at the top: a module-level value is built at import, before a test
  // could run a mutant of it.
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Days since 1970-01-01. */
export function toDayNumber(date: IsoDate): number {
  if (!isIsoDate(date)) throw new RangeError(`Not a date written YYYY-MM-DD: "${date}"`);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

export function fromDayNumber(dayNumber: number): IsoDate {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + days);
}

/** 0 for Sunday to 6 for Saturday. */
export function weekdayOf(date: IsoDate): number {
  return (((toDayNumber(date) + 4) % 7) + 7) % 7;
}

export function isWeekend(date: IsoDate): boolean {
  const weekday = weekdayOf(date);
  return weekday === 0 || weekday === 6;
}

export function yearOf(date: IsoDate): number {
  return Number(date.slice(0, 4));
}

/** Every date of a month (month 1 to 12), in order. */
export function datesOfMonth(year: number, month: number): IsoDate[] {
  const first = Date.UTC(year, month - 1, 1) / DAY_MS;
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return Array.from({ length }, (_, i) => fromDayNumber(first + i));
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const start = toDayNumber(from);
  return Array.from({ length: Math.max(0, toDayNumber(to) - start + 1) }, (_, i) => fromDayNumber(start + i));
}

/** 'MM/dd/yyyy', the display format of SPEC.md §9. */
export function formatUsDate(date: IsoDate): string {
  return `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;
}
