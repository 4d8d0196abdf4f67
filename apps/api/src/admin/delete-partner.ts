import {
  deletePartner as deletePartnerRow,
  disableEndpointsLeftWithoutPartners,
  findAdminPartners,
  listPartnerReportMonitors,
  partnerHasReports,
  writeAudit,
} from '@portal/db';
import { conflict, notFound } from '../lib/http/errors.js';
import type { DbDeps } from '../lib/service-deps.js';
import { monitorView } from '../monitors/views.js';
import { PARTNER_NOT_FOUND } from './save-partner.js';
import { partnerView } from './views.js';

export const PARTNER_HAS_REPORTS =
  'This partner has reports and cannot be deleted. Delete its reports first.';
/** The disabled reason of a webhook endpoint whose last partner was deleted. */
export const WEBHOOK_ENDPOINT_WITHOUT_PARTNER = (partner: string) =>
  `Its last partner, ${partner}, was deleted: only an internal administrator manages it now. Give it a partner before enabling it.`;

/**
 * Deletes a partner with its categories, report alerts and user grants (not one with reports); audited.
 * A webhook endpoint whose last partner this was is disabled, and is internal admins' alone from then.
 */
export async function deletePartner(
  { db }: DbDeps,
  input: { actorUserId: string; accessTypeCode: string; partnerCode: string },
) {
  const [partner] = await findAdminPartners(db, input.partnerCode, input.accessTypeCode);
  if (!partner) throw notFound(PARTNER_NOT_FOUND);
  await db.transaction().execute(async (trx) => {
    if (await partnerHasReports(trx, partner.partnerId)) throw conflict(PARTNER_HAS_REPORTS);
    const monitors = await listPartnerReportMonitors(trx, [partner.partnerId]);
    const disabledWebhookEndpoints = await disableEndpointsLeftWithoutPartners(
      trx,
      partner.partnerId,
      WEBHOOK_ENDPOINT_WITHOUT_PARTNER(`${partner.type}/${partner.code}`),
    );
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
      ...(disabledWebhookEndpoints.length > 0 && { detail: { disabledWebhookEndpoints } }),
    });
  });
  return partner;
}
