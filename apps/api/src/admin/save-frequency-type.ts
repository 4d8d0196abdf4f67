import { findFrequencyType, insertFrequencyType, renameFrequencyType, writeAudit } from '@portal/db';
import { frequencyTypeProblems, normalizeFrequencyType } from '@portal/domain/admin/admin-frequency-type';
import { notFound } from '../lib/http/errors.js';
import { duplicateOn, guardUnique, throwProblems } from '../lib/http/problems.js';
import type { Actor, DbDeps } from '../lib/service-deps.js';
import { requireFrequencyTypeChange } from './frequency-type-scope.js';

export const FREQUENCY_TYPE_NOT_FOUND = 'Frequency type was not found.';
const duplicate = duplicateOn(
  { frequency_types_pkey: 'code', frequency_types_code_ci: 'code', frequency_types_name_ci: 'name' },
  'code',
);

/**
 * Adds a frequency type, or renames one (its code is locked), audited in the same transaction. A
 * type received by partners outside the actor's scope is renamed only by someone who may access them all.
 */
export async function saveFrequencyType(
  { db }: DbDeps,
  input: { mode: 'create' | 'update'; actor: Actor; body: { code: string; name: string } },
) {
  const { mode } = input;
  throwProblems(frequencyTypeProblems(input.body));
  const values = normalizeFrequencyType(input.body);
  return db.transaction().execute(async (trx) => {
    const existing = await findFrequencyType(trx, values.code);
    if (mode === 'create' && existing) throw duplicate('frequency_types_code_ci');
    if (mode === 'update' && !existing) throw notFound(FREQUENCY_TYPE_NOT_FOUND);
    if (existing) await requireFrequencyTypeChange(trx, input.actor, existing.code);
    const row = { code: existing?.code ?? values.code, name: values.name };
    await guardUnique(
      () => (mode === 'create' ? insertFrequencyType(trx, row) : renameFrequencyType(trx, row)),
      duplicate,
    );
    await writeAudit(trx, {
      actorUserId: input.actor.userId,
      action: `frequency-type.${mode}`,
      entityType: 'frequency-type',
      entityId: row.code,
      before: existing ?? null,
      after: row,
    });
    return row;
  });
}
