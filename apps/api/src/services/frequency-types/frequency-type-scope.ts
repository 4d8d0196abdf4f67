import { type Db, listFrequencyTypePartners } from '@portal/db';
import type { Principal } from '@portal/domain';
import { mayChangeShared } from '@portal/domain/admin-scope';
import { HttpError } from '../../plugins/errors.js';

export const FREQUENCY_TYPE_SHARED_OUTSIDE_SCOPE =
  'This frequency type is used by partners you may not manage: only someone who may access all of them can change it.';

/**
 * A frequency type is shared by the partners receiving reports in it: renaming or deleting it
 * reaches all of them, so a manager may do so only when they may access every one (admin-scope.ts).
 */
export async function requireFrequencyTypeChange(db: Db, principal: Principal, code: string) {
  if (principal.isInternalAdmin) return;
  if (!mayChangeShared(principal, await listFrequencyTypePartners(db, code))) {
    throw new HttpError(403, FREQUENCY_TYPE_SHARED_OUTSIDE_SCOPE);
  }
}
