import { findAdminReportMonitor, insertReportMonitor, writeAudit } from '@portal/db';
import type { ReportAlertInput } from '@portal/domain/monitors/admin-report-alert';
import { monitorAuditView } from '../admin/views.js';
import type { DbDeps } from '../lib/service-deps.js';
import { type AuthorizePartner, checkedAlert } from './checked-alert.js';

/** Adds a report alert to a partner category, audited in the same transaction. */
export async function addReportMonitor(
  { db }: DbDeps,
  input: {
    actorUserId: string;
    authorize: AuthorizePartner;
    alert: ReportAlertInput & { accessTypeCode?: string | undefined; partnerCode: string };
  },
) {
  const { partner, categoryCode, schedule } = await checkedAlert(db, input.authorize, input.alert);
  return db.transaction().execute(async (trx) => {
    const id = await insertReportMonitor(trx, { ...schedule, partnerId: partner.partnerId, categoryCode });
    const monitor = (await findAdminReportMonitor(trx, id))!;
    await writeAudit(trx, {
      actorUserId: input.actorUserId,
      action: 'report-monitor.create',
      entityType: 'report-monitor',
      entityId: String(id),
      before: null,
      after: monitorAuditView(monitor),
    });
    return monitor;
  });
}
