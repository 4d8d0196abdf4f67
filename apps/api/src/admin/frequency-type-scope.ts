import { type Db, listFrequencyTypePartners } from '@portal/db';
import type { Principal } from '@portal/domain';
import { mayChangeShared } from '@portal/domain/admin/admin-scope';
import { HttpError } from '../lib/http/errors.js';

export const FREQUENCY_TYPE_SHARED_OUTSIDE_SCOPE =
  'This frequency type is used by partners you may not manage: only someone who may access all of them can change it.';

/**
 * A frequency type is shared by every partner receiving it (a category of theirs offers it, or
 * they have reports or report alerts in it, listFrequencyTypePartners): renaming or deleting it
 * reaches all of them, so a manager may do so only when they may access every one (admin-scope.ts),
 * the rule of a shared report category.
 */
export async function requireFrequencyTypeChange(db: Db, principal: Principal, code: string) {
  if (principal.isInternalAdmin) return;
  // A frequency type no partner receives is a manager's to change: it holds no partner's data.
  if (!mayChangeShared(principal, await listFrequencyTypePartners(db, code))) {
    throw new HttpError(403, FREQUENCY_TYPE_SHARED_OUTSIDE_SCOPE);
  }
}
