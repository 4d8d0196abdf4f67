import { type Static, Type } from 'typebox';

// The replies of SPEC.md §7 FAQ and support: the reasons an issue may be reported for, and the
// contact form's answer.

/** GET /api/reasons. */
export const IssueReasons = Type.Array(Type.String());
export type IssueReasons = Static<typeof IssueReasons>;

/** POST /api/contact-us: the stored issue's id and the §8 message to show. */
export const IssueReported = Type.Object({ issueId: Type.Integer(), message: Type.String() });
export type IssueReported = Static<typeof IssueReported>;
