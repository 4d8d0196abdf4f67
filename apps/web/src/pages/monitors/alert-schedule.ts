import { describeSchedule, toMonitorSchedule } from '@portal/domain';
import type { ReportAlertInput } from '@portal/domain/monitors/admin-report-alert';

/** 'Week (every Monday)', or the raw fields when they make no schedule. */
export function alertSchedule(alert: ReportAlertInput): string {
  const schedule = toMonitorSchedule({
    frequencyTypeCode: alert.frequencyTypeCode,
    frequencyDay: alert.frequencyDay ?? null,
    frequencyNumber: alert.frequencyNumber ?? null,
  });
  return schedule ? describeSchedule(schedule) : alert.frequencyTypeCode;
}
