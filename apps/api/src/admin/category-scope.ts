import type { Principal } from '@portal/domain';
import {
  CATEGORY_SHARED_OUTSIDE_SCOPE,
  categoryLinkRefusal,
  mayChangeCategory,
  PARTNERS_OUTSIDE_SCOPE,
} from '@portal/domain/admin/category-scope';
import { HttpError } from '../lib/http/errors.js';

// The partner scope of report category administration: the rules in category-scope.ts of the domain.
export { CATEGORY_SHARED_OUTSIDE_SCOPE, PARTNERS_OUTSIDE_SCOPE };

export function requireLinkablePartners(
  principal: Principal,
  partners: readonly { type: string; code: string }[],
) {
  const refusal = categoryLinkRefusal(principal, partners);
  if (refusal !== undefined) throw new HttpError(403, refusal, { field: 'partners' });
}

/** `category` read with ALL its partners (no scope). */
export function requireCategoryChange(
  principal: Principal,
  category: { partners: readonly { type: string; code: string }[] },
) {
  if (!mayChangeCategory(principal, category)) throw new HttpError(403, CATEGORY_SHARED_OUTSIDE_SCOPE);
}
