import type { ReportAlertInput } from '@portal/domain/monitors/admin-report-alert';
import { notFound } from '../lib/http/errors.js';
import type { DbDeps } from '../lib/service-deps.js';
import {
  type AuthorizePartner,
  checkedAlert,
  existingAlert,
  REPORT_ALERT_NOT_FOUND,
} from './checked-alert.js';
import { changeMonitor } from './report-monitor-writes.js';

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
    const monitor = await changeMonitor({ trx, actorUserId: input.actorUserId }, before, {
      ...schedule,
      categoryCode,
    });
    if (!monitor) throw notFound(REPORT_ALERT_NOT_FOUND);
    return monitor;
  });
}
