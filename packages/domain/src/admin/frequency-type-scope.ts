import type { Principal } from '../access/permissions.js';
import { mayChangeShared, type PartnerKey } from './admin-scope.js';

/**
 * A frequency type is shared by every partner receiving it (a category of theirs offers it, or
 * they have reports or report alerts in it): renaming or deleting it reaches all of them, so a
 * manager may do so only when they may access every one, the rule of a shared report category.
 */
export const FREQUENCY_TYPE_SHARED_OUTSIDE_SCOPE =
  'This frequency type is used by partners you may not manage: only someone who may access all of them can change it.';

/** Whether the partners receiving the frequency type must be read: not for an internal admin. */
export function frequencyTypeScopeReadsPartners(principal: Principal): boolean {
  return !principal.isInternalAdmin;
}

/** A frequency type no partner receives is a manager's to change: it holds no partner's data. */
export function mayChangeFrequencyType(principal: Principal, partners: readonly PartnerKey[]): boolean {
  return principal.isInternalAdmin || mayChangeShared(principal, partners);
}
