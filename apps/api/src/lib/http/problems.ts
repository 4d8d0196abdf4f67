import { isUniqueViolation } from '@portal/db';
import type { FieldProblem } from '@portal/domain';
import { badRequest, conflict, type HttpError } from './errors.js';

/** A form's problems as a 400: the first one's message and field, and all of them for the form. */
export function throwProblems(found: readonly FieldProblem[]): void {
  const [first] = found;
  if (first) throw badRequest(first.message, { field: first.field, problems: found });
}

/**
 * Runs an insert or update that a unique index guards, turning its violation (23505) into the
 * 409 the spec words, never a 500: the index is what holds the rule when two admins race.
 */
export async function guardUnique<T>(
  work: () => Promise<T>,
  refusal: (constraint: string | undefined) => HttpError,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal((error as { constraint?: string }).constraint);
    throw error;
  }
}

/** 409 'This value is already in use.' on the field whose index refused the value. */
export function duplicateOn(fieldsByIndex: Record<string, string>, fallbackField: string) {
  return (constraint: string | undefined) =>
    conflict('This value is already in use.', {
      field: (constraint && fieldsByIndex[constraint]) ?? fallbackField,
    });
}
