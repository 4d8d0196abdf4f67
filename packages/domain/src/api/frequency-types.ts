import { type Static, Type } from 'typebox';
import { CodeName, PageReply } from './common.js';

// The replies of SPEC.md §7 frequency types; one frequency type is a CodeName (common.ts).

/** GET /api/frequency-types: a page of frequency types. */
export const FrequencyTypeListReply = Type.Object({ frequencyTypes: Type.Array(CodeName), ...PageReply });
export type FrequencyTypeListReply = Static<typeof FrequencyTypeListReply>;
