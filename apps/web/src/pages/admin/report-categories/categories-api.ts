import type { ListReply } from '../list/use-admin-list.js';
import type { CodeName } from '../partners/partners-api.js';

// What the report category administration calls answer (apps/api/src/routes/admin/report-categories.ts).

export type CategoryPartner = { type: string; code: string; name: string };
type CategoryFields = {
  code: string;
  name: string;
  externalLink: string | null;
  ownerEmails: string[];
  frequencyTypes: CodeName[];
};
export type CategoryRow = CategoryFields & { partnerCount: number };
/** `sharedOutsideScope`: partners the user may not manage have it too; they see their part, read only. */
export type ReportCategory = CategoryFields & { partners: CategoryPartner[]; sharedOutsideScope: boolean };
export type CategoryList = ListReply & {
  categories: CategoryRow[];
  frequencyTypes: CodeName[];
  accessTypes: CodeName[];
};

export const CATEGORIES_LIST_PATH = '/api/admin/categories';
export const categoryPath = (code: string) => `/api/admin/categories/${encodeURIComponent(code)}`;
export const categoryEditPath = (code: string) => `/admin/report-categories/${encodeURIComponent(code)}/edit`;
