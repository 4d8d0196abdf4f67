import { type Db, findAdminPartners, findAdminReportMonitor } from '@portal/db';
import { MESSAGES, toScheduleFields } from '@portal/domain';
import { ALERT_ACCESS_TYPE, alertsEnabledFor, sameCode } from '@portal/domain/admin/admin-partner';
import {
  type ReportAlertInput,
  reportAlertProblems,
  reportAlertSchedule,
} from '@portal/domain/monitors/admin-report-alert';
import { badRequest, notFound } from '../lib/http/errors.js';
import { throwProblems } from '../lib/http/problems.js';
import { categoryFrequencies } from './views.js';

export const REPORT_ALERT_NOT_FOUND = 'Report alert was not found.';
export const ALERTS_FOR_EXT_ONLY = 'Report alerts can be set for partners of the EXT access type only.';

/** Refuses (403) unless the user may manage report alerts of this partner; the route supplies it. */
export type AuthorizePartner = (accessTypeCode: string, partnerCode: string) => void;

/** The partner of an alert, the user's right to it, and the alert's rules against it. */
export async function checkedAlert(
  db: Db,
  authorize: AuthorizePartner,
  alert: ReportAlertInput & { accessTypeCode?: string | undefined; partnerCode: string },
) {
  const [partner] = await findAdminPartners(db, alert.partnerCode, alert.accessTypeCode ?? ALERT_ACCESS_TYPE);
  if (!partner) throw notFound(MESSAGES.partnerNotFound);
  authorize(partner.type, partner.code);
  if (!alertsEnabledFor(partner.type)) throw badRequest(ALERTS_FOR_EXT_ONLY, { field: 'partnerCode' });
  throwProblems(reportAlertProblems(alert, categoryFrequencies(partner)));
  const category = partner.categories.find((c) => sameCode(c.code, alert.categoryCode))!;
  return { partner, categoryCode: category.code, schedule: toScheduleFields(reportAlertSchedule(alert)!) };
}

/** An existing alert the user may manage. */
export async function existingAlert(db: Db, authorize: AuthorizePartner, reportMonitorId: number) {
  const monitor = await findAdminReportMonitor(db, reportMonitorId);
  if (!monitor) throw notFound(REPORT_ALERT_NOT_FOUND);
  authorize(monitor.accessTypeCode, monitor.partnerCode);
  return monitor;
}
