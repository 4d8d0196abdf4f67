// What the report category administration calls answer: the types of the API's reply schemas.
// `sharedOutsideScope`: partners the user may not manage have the category too; they see their
// part, read only.

export type { CategoryPartner, CategoryRow } from '@portal/domain/api/report-categories';

export const CATEGORIES_LIST_PATH = '/api/admin/categories';
export const categoryPath = (code: string) => `/api/admin/categories/${encodeURIComponent(code)}`;
export const categoryEditPath = (code: string) => `/admin/report-categories/${encodeURIComponent(code)}/edit`;
