import { notFound } from '../lib/http/errors.js';
import type { DbDeps } from '../lib/service-deps.js';
import { type AuthorizePartner, existingAlert, REPORT_ALERT_NOT_FOUND } from './checked-alert.js';
import { removeMonitor } from './report-monitor-writes.js';

/** Deletes a report alert, audited in the same transaction; answers the alert as it was. */
export async function deleteReportMonitor(
  { db }: DbDeps,
  input: { actorUserId: string; authorize: AuthorizePartner; reportMonitorId: number },
) {
  const before = await existingAlert(db, input.authorize, input.reportMonitorId);
  await db.transaction().execute(async (trx) => {
    if (!(await removeMonitor({ trx, actorUserId: input.actorUserId }, before))) {
      throw notFound(REPORT_ALERT_NOT_FOUND);
    }
  });
  return before;
}
