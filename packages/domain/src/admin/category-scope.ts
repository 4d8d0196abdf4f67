import type { Principal } from '../access/permissions.js';
import { mayChangeShared, partnersOutsideScope } from './admin-scope.js';

// The partner scope of report category administration (docs/notes/spec.md): a category is
// shared by its partners, so a manager links only partners they may access and changes (or
// deletes) a category only when they may access every partner that has it.

export const CATEGORY_SHARED_OUTSIDE_SCOPE =
  'This report category is shared with partners you may not manage: only someone who may access all its partners can change it.';

export const PARTNERS_OUTSIDE_SCOPE = (names: string) =>
  `You may not link partners you cannot access: ${names}.`;

type CategoryPartner = { type: string; code: string };

/** Why these partners may not be linked to a category (403 on `partners`), or undefined when they may. */
export function categoryLinkRefusal(
  principal: Principal,
  partners: readonly CategoryPartner[],
): string | undefined {
  const keys = partners.map((p) => ({ accessTypeCode: p.type.trim(), partnerCode: p.code.trim() }));
  const outside = partnersOutsideScope(principal, keys);
  if (outside.length === 0) return undefined;
  return PARTNERS_OUTSIDE_SCOPE(
    outside.map((p) => `${p.accessTypeCode.toUpperCase()}/${p.partnerCode}`).join(', '),
  );
}

/**
 * `category` read with ALL its partners (no scope). A category no partner has is a manager's to
 * change: it holds no partner's data.
 */
export function mayChangeCategory(
  principal: Principal,
  category: { partners: readonly CategoryPartner[] },
): boolean {
  return mayChangeShared(
    principal,
    category.partners.map((p) => ({ accessTypeCode: p.type, partnerCode: p.code })),
  );
}
