import type { ReportAlertInput } from '@portal/domain/monitors/admin-report-alert';
import type { DbDeps } from '../lib/service-deps.js';
import { type AuthorizePartner, checkedAlert } from './checked-alert.js';
import { createMonitor } from './report-monitor-writes.js';

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
  return db
    .transaction()
    .execute((trx) =>
      createMonitor(
        { trx, actorUserId: input.actorUserId },
        { ...schedule, partnerId: partner.partnerId, categoryCode },
      ),
    );
}
