import type { PendingChange } from '@portal/db';
import { FORM_MESSAGES } from '@portal/domain';
import { conflict, notFound } from '../lib/http/errors.js';
import type { Clock, DbDeps } from '../lib/service-deps.js';

export { throwProblems } from '../lib/http/problems.js';

/** The UTC calendar date of the clock, which "not in the future" compares with (SPEC.md §9: dates in UTC). */
export const todayOf = (now: Date) => now.toISOString().slice(0, 10);

/** A change of a pending record: 404 when it is gone, 409 once a batch has taken it. */
export function pendingOrThrow<T extends object>(result: PendingChange<T>): T {
  if ('notFound' in result) throw notFound(FORM_MESSAGES.notFound);
  if ('batched' in result) throw conflict(FORM_MESSAGES.batched);
  return result;
}

/** A form service's plain dependencies: the database and the clock (batch dates, 'not in the future'). */
export type FormDeps = DbDeps & { now: Clock };
