import { MESSAGES } from './messages.js';

/** A message for one field of a form, shown beside that field (and sent by the API as `field`). */
export type FieldProblem<F extends string = string> = { field: F; message: string };

/** §5: a required text input that is blank after trimming shows 'This field is required.' */
export function requiredProblem<F extends string>(field: F, value: string | null | undefined) {
  return (value ?? '').trim() === '' ? { field, message: MESSAGES.required } : null;
}

export function tooLongProblem<F extends string>(field: F, value: string, max: number) {
  return value.trim().length > max ? { field, message: `Use at most ${max} characters.` } : null;
}

/** The problems of a form, in field order, without the fields that have none. */
export function problems<F extends string>(...found: (FieldProblem<F> | null)[]): FieldProblem<F>[] {
  const seen = new Set<F>();
  return found.filter((problem): problem is FieldProblem<F> => {
    if (!problem || seen.has(problem.field)) return false;
    seen.add(problem.field);
    return true;
  });
}
