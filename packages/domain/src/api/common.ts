import { type Static, type TSchema, Type } from 'typebox';

// The small shapes many replies share. This folder holds the one definition of each reply the SPA
// reads: the API validates and documents with these schemas, the SPA imports only their types
// (`import type`), so no server code and no TypeBox runtime reaches the browser bundle.

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * Every error reply, and the few successes that only say something: `{ message }`; a 400 about
 * one field of the request names it (the input gate's refusals too), so the SPA can mark it.
 */
export const Message = Type.Object({ message: Type.String(), field: Type.Optional(Type.String()) });
export type Message = Static<typeof Message>;

/** The reply of a call that answers with a redirect (302): no body, the Location header says where. */
export const Redirect = Type.Null({ description: 'A redirect (Location header)' });
export type Redirect = Static<typeof Redirect>;

export const CodeName = Type.Object({ code: Type.String(), name: Type.String() });
export type CodeName = Static<typeof CodeName>;

/** The paging fields of every admin list reply. */
export const PageReply = {
  page: Type.Integer(),
  pageSize: Type.Integer(),
  total: Nullable(Type.Integer({ description: 'How many rows match; null when too many to count' })),
};
const PageReplyObject = Type.Object(PageReply);
export type PageReply = Static<typeof PageReplyObject>;

export const FieldProblemReply = Type.Object({ field: Type.String(), message: Type.String() });
export type FieldProblemReply = Static<typeof FieldProblemReply>;
