import { type IsoDate, toDayNumber } from './iso-date.js';

// Schedules run in America/New_York (ARCHITECTURE.md). The spec's "10:00 AM EST" is read as
// Eastern time: EST in winter, EDT in summer. The offset comes from the platform's time-zone
// database (Intl), never from a fixed -5 hours.
export const SCHEDULE_TIME_ZONE = 'America/New_York';

const DAY_MS = 86_400_000;

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: SCHEDULE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

export type WallClock = { date: IsoDate; hour: number; minute: number; second: number };

/** The New York date and time of an instant. */
export function easternWallClock(instant: Date): WallClock {
  const parts = Object.fromEntries(wallClock.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** A time of day on the 12-hour clock the spec writes: '8:00 PM', '12:05 AM'. */
export function twelveHourClock({ hour, minute }: { hour: number; minute: number }): string {
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** The New York calendar date of an instant. */
export function easternDate(instant: Date): IsoDate {
  return easternWallClock(instant).date;
}

/** Milliseconds to add to UTC to get New York wall-clock time at `instantMs`. */
function offsetAt(instantMs: number): number {
  const wall = easternWallClock(new Date(instantMs));
  const wallMs = toDayNumber(wall.date) * DAY_MS + ((wall.hour * 60 + wall.minute) * 60 + wall.second) * 1000;
  return wallMs - Math.floor(instantMs / 1000) * 1000;
}

/**
 * The instant at which New York clocks show `date` at hour:minute. Meant for times outside the
 * 2 AM daylight-saving changes (a skipped or repeated wall-clock hour has no single answer).
 */
export function easternInstant(date: IsoDate, hour: number, minute = 0): Date {
  const wallMs = toDayNumber(date) * DAY_MS + (hour * 60 + minute) * 60_000;
  const guess = wallMs - offsetAt(wallMs);
  return new Date(wallMs - offsetAt(guess));
}
