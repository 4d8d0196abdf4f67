import { dateToEpochSeconds, epochSecondsToDate } from '@portal/domain';
import { easternWallClock, twelveHourClock } from '@portal/domain/time/eastern-time';
import { formatUsDate } from '@portal/domain/time/iso-date';

// The forms' dates: the API speaks epoch seconds (SPEC.md §3), the date inputs 'YYYY-MM-DD',
// and the lists show MM/dd/yyyy in UTC (§9).

export const toEpoch = (value: string): number | null => (value === '' ? null : dateToEpochSeconds(value));
export const fromEpoch = (seconds: number): string => epochSecondsToDate(seconds);
export const showEpoch = (seconds: number): string => formatUsDate(epochSecondsToDate(seconds));
export const showDate = (date: string): string => formatUsDate(date);
/** Today's UTC date, the latest a form's date may be. */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);
/**
 * An instant in Eastern Time, where the batches run (8:00 PM ET): '11/24/2026 8:00 PM', the date
 * as MM/dd/yyyy like every date of the forms.
 */
export function showEasternDateTime(iso: string): string {
  const wall = easternWallClock(new Date(iso));
  return `${formatUsDate(wall.date)} ${twelveHourClock(wall)}`;
}
