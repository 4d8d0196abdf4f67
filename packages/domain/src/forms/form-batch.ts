import { isBusinessDay, nextBusinessDay } from '../time/business-days.js';
import { easternDate, easternInstant, easternWallClock, twelveHourClock } from '../time/eastern-time.js';
import { addDays, formatUsDate, type IsoDate, WEEKDAY_NAMES, weekdayOf } from '../time/iso-date.js';

// When an operational form's entry is processed (SPEC.md §9): disputes at 8PM ET, invoice
// requests at the end of the day (23:30 ET, so the day's late entries still make it). Only
// business days have batches. The screens, the API and the batch worker all use batchDateOf.

export const BATCH_KINDS = ['invoices', 'disputes'] as const;
export type BatchKind = (typeof BATCH_KINDS)[number];

export type BatchTime = { hour: number; minute: number };

/** The New York time of each batch: an entry at or after it joins the next business day's. */
export const BATCH_TIMES: Record<BatchKind, BatchTime> = {
  disputes: { hour: 20, minute: 0 },
  invoices: { hour: 23, minute: 30 },
};

/** A batch that starts this long after its time says in its summary that it ran late. */
export const BATCH_LATE_AFTER_MS = 15 * 60_000;
/** How far back a returning worker runs missed batches; older ones are run by hand (scripts/batches-run). */
export const BATCH_CATCH_UP_DAYS = 7;

/** The date of the batch an entry created at `instant` joins: never a weekend or holiday. */
export function batchDateOf(kind: BatchKind, instant: Date): IsoDate {
  const wall = easternWallClock(instant);
  const cutoff = BATCH_TIMES[kind];
  const beforeCutoff = wall.hour * 60 + wall.minute < cutoff.hour * 60 + cutoff.minute;
  return isBusinessDay(wall.date) && beforeCutoff ? wall.date : nextBusinessDay(wall.date);
}

/** The instant the batch of `date` is due (8:00 PM or 11:30 PM New York time that day). */
export function batchInstant(kind: BatchKind, date: IsoDate): Date {
  const { hour, minute } = BATCH_TIMES[kind];
  return easternInstant(date, hour, minute);
}

export function isLateBatch(scheduledFor: Date, startedAt: Date): boolean {
  return startedAt.getTime() - scheduledFor.getTime() > BATCH_LATE_AFTER_MS;
}

/** The deterministic BullMQ job id of one batch (BullMQ refuses ':' in custom ids). */
export function batchJobId(kind: BatchKind, date: IsoDate): string {
  return `${kind}-batch-${date}`;
}

/**
 * The batches due by `now` and not yet run: business days of the last BATCH_CATCH_UP_DAYS whose
 * batch time has passed, after `lastRun` (the latest batch recorded), oldest first. With no batch
 * recorded yet (a new installation) nothing was missed, and only the latest due is run: a batch
 * takes every entry pending up to its date, so none waits, and operators are not sent a week of
 * empty summaries on the first start.
 */
export function batchesToCatchUp(kind: BatchKind, now: Date, lastRun: IsoDate | null): IsoDate[] {
  const today = easternDate(now);
  const due: IsoDate[] = [];
  for (let back = BATCH_CATCH_UP_DAYS; back >= 0; back--) {
    const date = addDays(today, -back);
    if (lastRun !== null && date <= lastRun) continue;
    if (isBusinessDay(date) && batchInstant(kind, date).getTime() <= now.getTime()) due.push(date);
  }
  return lastRun === null ? due.slice(-1) : due;
}

const clockText = (time: BatchTime) => `${twelveHourClock(time)} ET`;

function titleCase(name: string): string {
  return name.charAt(0) + name.slice(1).toLowerCase();
}

/** When an entry of `kind` created at `now` is processed, for the line beside the submit button. */
export function batchJoinText(kind: BatchKind, now: Date): string {
  const date = batchDateOf(kind, now);
  const time = clockText(BATCH_TIMES[kind]);
  if (date === easternDate(now)) return `Processed tonight at ${time} (batch of ${formatUsDate(date)}).`;
  const day = titleCase(WEEKDAY_NAMES[weekdayOf(date)] ?? '');
  return `Processed next business day, ${day} ${formatUsDate(date)}, at ${time}.`;
}

/** The schedule line of each form on /forms. */
export function batchScheduleText(kind: BatchKind): string {
  const time = clockText(BATCH_TIMES[kind]);
  return kind === 'disputes'
    ? `Processed at ${time} each business day; later entries go to the next business day.`
    : `Processed at the end of each business day (${time}); later entries go to the next business day.`;
}
