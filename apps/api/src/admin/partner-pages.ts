import {
  type AdminPartner,
  type Db,
  listAccessTypes,
  listAdminPartners,
  listAllFrequencyTypes,
  listCategoryCatalog,
  listPartnerReportMonitors,
  type PartnerListQuery,
} from '@portal/db';
import type { PartnerDetailReply, PartnerListReply, PartnerReference } from '@portal/domain/api/partners';
import { monitorView } from '../monitors/views.js';
import { partnerView } from './views.js';

// The reads of the partner administration that gather several lists into one reply.

/** What the partner forms offer: every category, access type and frequency type. */
export async function partnerReference(db: Db): Promise<PartnerReference> {
  return {
    categories: await listCategoryCatalog(db),
    accessTypes: await listAccessTypes(db),
    frequencyTypes: await listAllFrequencyTypes(db),
  };
}

/** A page of partners with their report alerts and what the forms offer. */
export async function partnerListPage(db: Db, query: PartnerListQuery): Promise<PartnerListReply> {
  const list = await listAdminPartners(db, query);
  const monitors = await listPartnerReportMonitors(
    db,
    list.rows.map((p) => p.partnerId),
  );
  return {
    partners: list.rows.map(partnerView),
    monitors: monitors.map(monitorView),
    ...(await partnerReference(db)),
    page: query.page,
    pageSize: query.pageSize,
    total: list.total,
  };
}

/** One partner with its report alerts and what the form offers. */
export async function partnerDetailPage(db: Db, partner: AdminPartner): Promise<PartnerDetailReply> {
  const monitors = await listPartnerReportMonitors(db, [partner.partnerId]);
  return {
    partner: partnerView(partner),
    monitors: monitors.map(monitorView),
    ...(await partnerReference(db)),
  };
}
