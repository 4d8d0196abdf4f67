import { deleteReportMonitor as deleteReportMonitorRow, writeAudit } from '@portal/db';
import { notFound } from '../lib/http/errors.js';
import type { DbDeps } from '../lib/service-deps.js';
import { type AuthorizePartner, existingAlert, REPORT_ALERT_NOT_FOUND } from './checked-alert.js';
import { monitorAuditView } from './views.js';

/** Deletes a report alert, audited in the same transaction; answers the alert as it was. */
export async function deleteReportMonitor(
  { db }: DbDeps,
  input: { actorUserId: string; authorize: AuthorizePartner; reportMonitorId: number },
) {
  const before = await existingAlert(db, input.authorize, input.reportMonitorId);
  await db.transaction().execute(async (trx) => {
    if (!(await deleteReportMonitorRow(trx, before.reportMonitorId, before.partnerId))) {
      throw notFound(REPORT_ALERT_NOT_FOUND);
    }
    await writeAudit(trx, {
      actorUserId: input.actorUserId,
      action: 'report-monitor.delete',
      entityType: 'report-monitor',
      entityId: String(before.reportMonitorId),
      before: monitorAuditView(before),
      after: null,
    });
  });
  return before;
}
