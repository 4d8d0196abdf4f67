import { findAdminReportMonitor, updateReportMonitor, writeAudit } from '@portal/db';
import type { ReportAlertInput } from '@portal/domain/monitors/admin-report-alert';
import { monitorAuditView } from '../admin/views.js';
import { notFound } from '../lib/http/errors.js';
import type { DbDeps } from '../lib/service-deps.js';
import {
  type AuthorizePartner,
  checkedAlert,
  existingAlert,
  REPORT_ALERT_NOT_FOUND,
} from './checked-alert.js';

/** Changes a report alert's category or schedule (its partner stays), audited in the same transaction. */
export async function editReportMonitor(
  { db }: DbDeps,
  input: {
    actorUserId: string;
    authorize: AuthorizePartner;
    reportMonitorId: number;
    alert: ReportAlertInput;
  },
) {
  const before = await existingAlert(db, input.authorize, input.reportMonitorId);
  const alert = { ...input.alert, accessTypeCode: before.accessTypeCode, partnerCode: before.partnerCode };
  const { categoryCode, schedule } = await checkedAlert(db, input.authorize, alert);
  return db.transaction().execute(async (trx) => {
    const reportMonitorId = before.reportMonitorId;
    const changed = await updateReportMonitor(trx, {
      ...schedule,
      reportMonitorId,
      partnerId: before.partnerId,
      categoryCode,
    });
    if (!changed) throw notFound(REPORT_ALERT_NOT_FOUND);
    const monitor = (await findAdminReportMonitor(trx, reportMonitorId))!;
    await writeAudit(trx, {
      actorUserId: input.actorUserId,
      action: 'report-monitor.update',
      entityType: 'report-monitor',
      entityId: String(reportMonitorId),
      before: monitorAuditView(before),
      after: monitorAuditView(monitor),
    });
    return monitor;
  });
}
