import { findJobDefinition } from '@portal/queue';

/**
 * The schedule a job's run belongs to, for the `schedule` label of the last-success metric: the
 * id of the schedule the job declares, or for a batch run the schedule of its kind (the invoices
 * and disputes batches are one job name, told apart only by the payload's kind). Other jobs have
 * none: their last success is not something to alert on by the clock.
 */
export function scheduleOf(jobName: string, data: unknown): string | undefined {
  const own = findJobDefinition(jobName)?.schedule?.id;
  if (own) return own;
  if (jobName !== 'batches.run' || typeof data !== 'object' || data === null) return undefined;
  const kind = (data as { kind?: unknown }).kind;
  return typeof kind === 'string' ? findJobDefinition(`batches.${kind}-schedule`)?.schedule?.id : undefined;
}
