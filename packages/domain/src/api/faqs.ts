import { type Static, Type } from 'typebox';

// The replies of SPEC.md §7 FAQ: questions and answers (plain text).

export const Faq = Type.Object({ id: Type.Integer(), question: Type.String(), answer: Type.String() });
export type Faq = Static<typeof Faq>;

/** GET /api/faqs. */
export const Faqs = Type.Array(Faq);
export type Faqs = Static<typeof Faqs>;
