import type { FieldProblem } from '@portal/domain';
import { badRequest } from './errors.js';

/** The first problem of a form as a 400 `{ message, field }`, the field the SPA marks. */
export function throwFirstProblem(found: readonly FieldProblem[]): void {
  const [first] = found;
  if (first) throw badRequest(first.message, { field: first.field });
}
