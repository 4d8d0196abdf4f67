import type { ListReply } from '../list/use-admin-list.js';

// What the partner administration calls answer (apps/api/src/routes/admin/partners.ts).

export type CodeName = { code: string; name: string };
export type PartnerCategory = CodeName & { frequencyTypes: CodeName[] };
export type Partner = { type: string; code: string; name: string; categories: PartnerCategory[] };
export type CatalogCategory = CodeName & { ownerEmails: string[]; frequencyTypes: CodeName[] };

export type ReportMonitor = {
  reportMonitorId: number;
  accessTypeCode: string;
  partnerCode: string;
  partnerName: string;
  categoryCode: string;
  categoryName: string;
  frequencyTypeCode: string;
  frequencyDay: string | null;
  frequencyNumber: number | null;
  ownerEmails: string[];
};

export type PartnerReference = {
  categories: CatalogCategory[];
  accessTypes: CodeName[];
  frequencyTypes: CodeName[];
};

export type PartnerList = ListReply & PartnerReference & { partners: Partner[]; monitors: ReportMonitor[] };
export type PartnerDetail = PartnerReference & { partner: Partner; monitors: ReportMonitor[] };

export const PARTNERS_LIST_PATH = '/api/admin/partners';
export const partnerDetailPath = (accessTypeCode: string, partnerCode: string) =>
  `/api/admin/partners/${encodeURIComponent(partnerCode)}?accessTypeCode=${encodeURIComponent(accessTypeCode)}`;
export const partnerEditPath = (partner: Pick<Partner, 'type' | 'code'>) =>
  `/admin/partners/${encodeURIComponent(partner.type)}/${encodeURIComponent(partner.code)}/edit`;
