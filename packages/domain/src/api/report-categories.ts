import { type Static, Type } from 'typebox';
import { CodeName, Nullable, PageReply } from './common.js';

// The replies of the report category administration (SPEC.md §3 Report category, §7
// /api/admin/categories, /api/categories).

const CategoryFields = {
  code: Type.String(),
  name: Type.String(),
  externalLink: Nullable(Type.String()),
  ownerEmails: Type.Array(Type.String()),
  frequencyTypes: Type.Array(CodeName),
};

export const CategoryPartner = Type.Object({ type: Type.String(), code: Type.String(), name: Type.String() });
export type CategoryPartner = Static<typeof CategoryPartner>;

export const CategoryRow = Type.Object({ ...CategoryFields, partnerCount: Type.Integer() });
export type CategoryRow = Static<typeof CategoryRow>;

export const AdminReportCategory = Type.Object({
  ...CategoryFields,
  partners: Type.Array(CategoryPartner),
  sharedOutsideScope: Type.Boolean({
    description:
      'Partners the user may not access have it too: only their part is shown, and it is read only',
  }),
});
export type AdminReportCategory = Static<typeof AdminReportCategory>;

export const CategoryListReply = Type.Object({
  categories: Type.Array(CategoryRow),
  frequencyTypes: Type.Array(CodeName),
  accessTypes: Type.Array(CodeName),
  ...PageReply,
});
export type CategoryListReply = Static<typeof CategoryListReply>;
