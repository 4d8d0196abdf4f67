import { type Static, Type } from 'typebox';
import { CodeName, Nullable, PageReply } from './common.js';

// The replies of the partner administration (SPEC.md §3 Partner, Report monitor; §7
// /api/admin/partners, /api/partners).

export const PartnerCategory = Type.Object({
  code: Type.String(),
  name: Type.String(),
  frequencyTypes: Type.Array(CodeName),
});
export type PartnerCategory = Static<typeof PartnerCategory>;

export const Partner = Type.Object({
  type: Type.String({ description: 'Access type code, e.g. EXT or INT' }),
  code: Type.String(),
  name: Type.String(),
  categories: Type.Array(PartnerCategory),
});
export type Partner = Static<typeof Partner>;

export const ReportMonitor = Type.Object({
  reportMonitorId: Type.Integer(),
  accessTypeCode: Type.String(),
  partnerCode: Type.String(),
  partnerName: Type.String(),
  categoryCode: Type.String(),
  categoryName: Type.String(),
  frequencyTypeCode: Type.String(),
  frequencyDay: Nullable(Type.String()),
  frequencyNumber: Nullable(Type.Integer()),
  ownerEmails: Type.Array(Type.String(), { description: 'Who the alert is sent to; none: no alert is sent' }),
});
export type ReportMonitor = Static<typeof ReportMonitor>;

/** GET /api/report-monitors: a page of report alerts across partners. */
export const ReportMonitorListReply = Type.Object({ monitors: Type.Array(ReportMonitor), ...PageReply });
export type ReportMonitorListReply = Static<typeof ReportMonitorListReply>;

export const CatalogCategory = Type.Object({
  code: Type.String(),
  name: Type.String(),
  ownerEmails: Type.Array(Type.String()),
  frequencyTypes: Type.Array(CodeName),
});
export type CatalogCategory = Static<typeof CatalogCategory>;

/** What the partner forms offer: every category, access type and frequency type. */
export const PartnerReference = {
  categories: Type.Array(CatalogCategory),
  accessTypes: Type.Array(CodeName),
  frequencyTypes: Type.Array(CodeName),
};
const PartnerReferenceObject = Type.Object(PartnerReference);
export type PartnerReference = Static<typeof PartnerReferenceObject>;

export const PartnerListReply = Type.Object({
  partners: Type.Array(Partner),
  monitors: Type.Array(ReportMonitor),
  ...PartnerReference,
  ...PageReply,
});
export type PartnerListReply = Static<typeof PartnerListReply>;

export const PartnerDetailReply = Type.Object({
  partner: Partner,
  monitors: Type.Array(ReportMonitor),
  ...PartnerReference,
});
export type PartnerDetailReply = Static<typeof PartnerDetailReply>;

export const SavedPartner = Type.Object({ partner: Partner, monitors: Type.Array(ReportMonitor) });
export type SavedPartner = Static<typeof SavedPartner>;
