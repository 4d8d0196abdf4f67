import { type Db, listFrequencyTypePartners } from '@portal/db';
import type { Principal } from '@portal/domain';
import {
  FREQUENCY_TYPE_SHARED_OUTSIDE_SCOPE,
  frequencyTypeScopeReadsPartners,
  mayChangeFrequencyType,
} from '@portal/domain/admin/frequency-type-scope';
import { HttpError } from '../lib/http/errors.js';

export { FREQUENCY_TYPE_SHARED_OUTSIDE_SCOPE };

/** The partners receiving the frequency type decide who may rename or delete it (frequency-type-scope.ts). */
export async function requireFrequencyTypeChange(db: Db, principal: Principal, code: string) {
  const partners = frequencyTypeScopeReadsPartners(principal)
    ? await listFrequencyTypePartners(db, code)
    : [];
  if (!mayChangeFrequencyType(principal, partners))
    throw new HttpError(403, FREQUENCY_TYPE_SHARED_OUTSIDE_SCOPE);
}
