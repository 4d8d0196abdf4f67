import {
  deleteFrequencyType as deleteFrequencyTypeRow,
  findFrequencyType,
  frequencyTypeHasReports,
  isForeignKeyViolation,
  writeAudit,
} from '@portal/db';
import { conflict, notFound } from '../lib/http/errors.js';
import type { Actor, DbDeps } from '../lib/service-deps.js';
import { requireFrequencyTypeChange } from './frequency-type-scope.js';
import { FREQUENCY_TYPE_NOT_FOUND } from './save-frequency-type.js';

export const FREQUENCY_TYPE_HAS_REPORTS = 'This frequency type has reports and cannot be deleted.';

/**
 * Deletes a frequency type without reports (categories, partners and alerts lose it), audited; one
 * received by partners outside the actor's scope only by someone who may access them all.
 */
export async function deleteFrequencyType({ db }: DbDeps, { actor, code }: { actor: Actor; code: string }) {
  const existing = await findFrequencyType(db, code);
  if (!existing) throw notFound(FREQUENCY_TYPE_NOT_FOUND);
  try {
    await db.transaction().execute(async (trx) => {
      await requireFrequencyTypeChange(trx, actor, existing.code);
      if (await frequencyTypeHasReports(trx, existing.code)) throw conflict(FREQUENCY_TYPE_HAS_REPORTS);
      await deleteFrequencyTypeRow(trx, existing.code);
      await writeAudit(trx, {
        actorUserId: actor.userId,
        action: 'frequency-type.delete',
        entityType: 'frequency-type',
        entityId: existing.code,
        before: existing,
        after: null,
      });
    });
  } catch (error) {
    // A report added meanwhile still refers to it.
    if (isForeignKeyViolation(error)) throw conflict(FREQUENCY_TYPE_HAS_REPORTS);
    throw error;
  }
  return existing;
}
