import type {
  CatalogCategory,
  Partner,
  PartnerCategory,
  PartnerReference,
  ReportMonitor,
} from '@portal/domain/api/partners';

// What the partner administration calls answer: the types of the API's reply schemas.

export type { CodeName } from '@portal/domain/api/common';
export type { CatalogCategory, Partner, PartnerCategory, PartnerReference, ReportMonitor };

export const PARTNERS_LIST_PATH = '/api/admin/partners';
export const partnerDetailPath = (accessTypeCode: string, partnerCode: string) =>
  `/api/admin/partners/${encodeURIComponent(partnerCode)}?accessTypeCode=${encodeURIComponent(accessTypeCode)}`;
export const partnerEditPath = (partner: Pick<Partner, 'type' | 'code'>) =>
  `/admin/partners/${encodeURIComponent(partner.type)}/${encodeURIComponent(partner.code)}/edit`;
