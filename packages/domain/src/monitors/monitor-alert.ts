import { easternWallClock } from '../time/eastern-time.js';
import { formatUsDate, type IsoDate } from '../time/iso-date.js';
import { describeSchedule, type MonitorScheduleFields, toMonitorSchedule } from './report-monitor.js';

// The email a category's owners receive when a monitored report is missing at 10:00 AM ET.

export type MissingReport = MonitorScheduleFields & {
  accessTypeCode: string;
  partnerCode: string;
  partnerName: string;
  categoryCode: string;
  categoryName: string;
  frequencyTypeName: string;
};

export type MonitorAlertInput = {
  monitor: MissingReport;
  dueDate: IsoDate;
  expectedReportDate: IsoDate;
  publicUrl: string;
  /** Set when the check ran late (every worker was down at 10:00 ET): the email says so. */
  late?: { scheduledFor: Date; ranAt: Date };
};

export type MonitorAlertEmail = { subject: string; text: string };

/** The Reports page of SPEC.md §2 for a partner and category. */
export function reportsPageUrl(
  publicUrl: string,
  target: { accessTypeCode: string; partnerCode: string; categoryCode: string },
): string {
  const path = [
    'partners',
    target.accessTypeCode,
    target.partnerCode,
    'report-categories',
    target.categoryCode,
    'reports',
  ]
    .map(encodeURIComponent)
    .join('/');
  return `${publicUrl.replace(/\/+$/, '')}/${path}`;
}

function easternTime(instant: Date): string {
  const { date, hour, minute } = easternWallClock(instant);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  const clock = `${hour12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
  return `${clock} Eastern Time on ${formatUsDate(date)}`;
}

export function monitorAlertEmail({
  monitor,
  dueDate,
  expectedReportDate,
  publicUrl,
  late,
}: MonitorAlertInput) {
  const schedule = toMonitorSchedule(monitor);
  const frequency = schedule ? describeSchedule(schedule) : monitor.frequencyTypeName;
  const lines = [
    `A monitored report was not uploaded by 10:00 AM Eastern Time on ${formatUsDate(dueDate)}.`,
    '',
    `Partner: ${monitor.partnerName} (${monitor.accessTypeCode} ${monitor.partnerCode})`,
    `Report category: ${monitor.categoryName} (${monitor.categoryCode})`,
    `Frequency: ${frequency}`,
    `Expected report date: ${formatUsDate(expectedReportDate)}`,
    '',
    `Reports page: ${reportsPageUrl(publicUrl, monitor)}`,
  ];
  if (late) {
    lines.push(
      '',
      `This check ran late: it was due at ${easternTime(late.scheduledFor)} and ran at ${easternTime(late.ranAt)}, ` +
        'because no worker was running at the scheduled time.',
    );
  }
  lines.push('', `You receive this email as an owner of the report category ${monitor.categoryName}.`);
  const subject = `${late ? '[Late check] ' : ''}Missing report: ${monitor.partnerName}, ${monitor.categoryName}, ${monitor.frequencyTypeName}, ${formatUsDate(expectedReportDate)}`;
  return { subject, text: `${lines.join('\n')}\n` } satisfies MonitorAlertEmail;
}
