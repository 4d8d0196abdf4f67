import { type Static, Type } from 'typebox';

// The reply of SPEC.md §7 GET /api/marketing/partners: access types, and the partners (keyed by
// access type code) whose marketing content the user manages.

export const MarketingPartners = Type.Object({
  accessTypes: Type.Array(Type.Object({ name: Type.String(), code: Type.String() })),
  partners: Type.Record(
    Type.String(),
    Type.Array(
      Type.Object({
        name: Type.String(),
        code: Type.String(),
        type: Type.String(),
        hasLogo: Type.Optional(Type.Boolean()),
      }),
    ),
  ),
});
export type MarketingPartners = Static<typeof MarketingPartners>;
