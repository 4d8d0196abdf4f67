import type { FieldProblem } from '@portal/domain';
import { ApiError } from '../../api/api.js';

// Field errors of the admin forms: the same domain rules run in the form before saving, and the
// server's refusal (400 or 409 with `field`, and `problems` for every field) lands on its field.

export type FieldErrors = Record<string, string>;

export function toFieldErrors(problems: readonly FieldProblem[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const problem of problems) errors[problem.field] ??= problem.message;
  return errors;
}

/** The field errors of a refused save, or null when the failure names no field. */
export function serverFieldErrors(failure: unknown): FieldErrors | null {
  if (!(failure instanceof ApiError) || (failure.status !== 400 && failure.status !== 409)) return null;
  const body = failure.body as { field?: unknown; problems?: unknown } | undefined;
  if (Array.isArray(body?.problems)) return toFieldErrors(body.problems as FieldProblem[]);
  return typeof body?.field === 'string' ? { [body.field]: failure.message } : null;
}

export { failureMessage, isLeaving } from '../../api/api.js';
