import { DEFAULT_ADMIN_PAGE_SIZE, MAX_ADMIN_PAGE_SIZE } from '@portal/domain/admin/admin-paging';
import { Type } from 'typebox';

// The query shapes of the paged lists (admin reads, report monitors): paging, order and column
// filters (the reply shapes are defined in @portal/domain/api, where the SPA takes their types from).

export { Nullable } from '@portal/domain/api/common';

export const PageQuery = {
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_ADMIN_PAGE_SIZE, default: DEFAULT_ADMIN_PAGE_SIZE }),
  order: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'asc' }),
};

/** A column filter: matched anywhere in the value, case-insensitively. */
export const Filter = Type.Optional(Type.String({ maxLength: 200 }));
