// Calendar arithmetic on 'YYYY-MM-DD' strings in UTC, as the `date` columns hold them.
const DAY_MS = 86_400_000;

export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return isoDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS));
}

/** 0 for Sunday to 6 for Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function compactDate(date: string): string {
  return date.replaceAll('-', '');
}

/** The dates from `days` days before `today` up to the day before it, oldest first. */
export function datesBefore(today: Date, days: number): string[] {
  const end = isoDate(today);
  return Array.from({ length: days }, (_, i) => addDays(end, i - days));
}
