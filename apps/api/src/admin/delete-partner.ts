import {
  deletePartner as deletePartnerRow,
  findAdminPartners,
  listPartnerReportMonitors,
  partnerHasReports,
  writeAudit,
} from '@portal/db';
import { conflict, notFound } from '../lib/http/errors.js';
import type { DbDeps } from '../lib/service-deps.js';
import { PARTNER_NOT_FOUND } from './save-partner.js';
import { monitorView, partnerView } from './views.js';

export const PARTNER_HAS_REPORTS =
  'This partner has reports and cannot be deleted. Delete its reports first.';

/** Deletes a partner with its categories, report alerts and user grants (not one with reports); audited. */
export async function deletePartner(
  { db }: DbDeps,
  input: { actorUserId: string; accessTypeCode: string; partnerCode: string },
) {
  const [partner] = await findAdminPartners(db, input.partnerCode, input.accessTypeCode);
  if (!partner) throw notFound(PARTNER_NOT_FOUND);
  await db.transaction().execute(async (trx) => {
    if (await partnerHasReports(trx, partner.partnerId)) throw conflict(PARTNER_HAS_REPORTS);
    const monitors = await listPartnerReportMonitors(trx, [partner.partnerId]);
    await deletePartnerRow(trx, {
      partnerId: partner.partnerId,
      accessTypeCode: partner.type,
      code: partner.code,
    });
    await writeAudit(trx, {
      actorUserId: input.actorUserId,
      action: 'partner.delete',
      entityType: 'partner',
      entityId: `${partner.type}/${partner.code}`,
      before: { ...partnerView(partner), reportAlerts: monitors.map(monitorView) },
      after: null,
    });
  });
  return partner;
}
