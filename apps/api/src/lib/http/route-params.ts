import { Type } from 'typebox';

// The shapes of the values a route takes in its path, once for every route. Where routes bounded a
// value differently, the widest bound is kept, so no request is refused for its length that some
// route accepted; what a code must be to be saved is the domain's rule, not the path's.

/** A code in a path (access type, partner, report category, frequency type); also a code in a body. */
export const Code = Type.String({ minLength: 1, maxLength: 100 });

/** A row id of a serial column (Postgres `integer`). */
export const SerialId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

export const PartnerParams = Type.Object({ accessTypeCode: Code, partnerCode: Code });
export const PartnerCodeParams = Type.Object({ partnerCode: Code });
export const CategoryParams = Type.Object({
  accessTypeCode: Code,
  partnerCode: Code,
  reportCategoryCode: Code,
});
export const ReportCategoryParams = Type.Object({ reportCategoryCode: Code });
export const FrequencyTypeParams = Type.Object({ frequencyTypeCode: Code });
