import type { Principal } from '@portal/domain';
import { mayChangeShared, partnersOutsideScope } from '@portal/domain/admin/admin-scope';
import { HttpError } from '../lib/http/errors.js';

// The partner scope of report category administration (docs/notes/spec.md): a category is
// shared by its partners, so a manager links only partners they may access and changes (or
// deletes) a category only when they may access every partner that has it.

export const CATEGORY_SHARED_OUTSIDE_SCOPE =
  'This report category is shared with partners you may not manage: only someone who may access all its partners can change it.';
export const PARTNERS_OUTSIDE_SCOPE = (names: string) =>
  `You may not link partners you cannot access: ${names}.`;

export function requireLinkablePartners(
  principal: Principal,
  partners: readonly { type: string; code: string }[],
) {
  const keys = partners.map((p) => ({ accessTypeCode: p.type.trim(), partnerCode: p.code.trim() }));
  const outside = partnersOutsideScope(principal, keys);
  if (outside.length > 0) {
    const names = outside.map((p) => `${p.accessTypeCode.toUpperCase()}/${p.partnerCode}`).join(', ');
    throw new HttpError(403, PARTNERS_OUTSIDE_SCOPE(names), { field: 'partners' });
  }
}

/** `category` read with ALL its partners (no scope). */
export function requireCategoryChange(
  principal: Principal,
  category: { partners: readonly { type: string; code: string }[] },
) {
  const keys = category.partners.map((p) => ({ accessTypeCode: p.type, partnerCode: p.code }));
  // A category no partner has is a manager's to change: it holds no partner's data.
  if (!mayChangeShared(principal, keys)) throw new HttpError(403, CATEGORY_SHARED_OUTSIDE_SCOPE);
}
