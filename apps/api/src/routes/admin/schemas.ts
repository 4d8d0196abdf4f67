import { DEFAULT_ADMIN_PAGE_SIZE, MAX_ADMIN_PAGE_SIZE } from '@portal/domain/admin-paging';
import { type TSchema, Type } from '@sinclair/typebox';

// Schemas shared by the admin routes: the paging of every admin list, and the small shapes of §3.

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const PageQuery = {
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_ADMIN_PAGE_SIZE, default: DEFAULT_ADMIN_PAGE_SIZE }),
  order: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'asc' }),
};

/** A column filter: matched anywhere in the value, case-insensitively. */
export const Filter = Type.Optional(Type.String({ maxLength: 200 }));

export const PageReply = {
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Nullable(Type.Integer({ description: 'How many rows match; null when too many to count' })),
};

export const CodeName = Type.Object({ code: Type.String(), name: Type.String() });
export const Code = Type.String({ minLength: 1, maxLength: 100 });

export const FieldProblemReply = Type.Object({ field: Type.String(), message: Type.String() });
