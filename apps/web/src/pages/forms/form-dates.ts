import { dateToEpochSeconds, epochSecondsToDate } from '@portal/domain';
import { formatUsDate } from '@portal/domain/iso-date';

// The forms' dates: the API speaks epoch seconds (SPEC.md §3), the date inputs 'YYYY-MM-DD',
// and the lists show MM/dd/yyyy in UTC (§9).

export const toEpoch = (value: string): number | null => (value === '' ? null : dateToEpochSeconds(value));
export const fromEpoch = (seconds: number): string => epochSecondsToDate(seconds);
export const showEpoch = (seconds: number): string => formatUsDate(epochSecondsToDate(seconds));
export const showDate = (date: string): string => formatUsDate(date);
/** Today's UTC date, the latest a form's date may be. */
export const todayUtc = (): string => new Date().toISOString().slice(0, 10);
