import { Type } from 'typebox';
import { defineJob } from '../job-definition.js';

/** The deterministic job id of a day's check: however many workers enqueue it, it is one job. */
export function monitorsCheckJobId(checkDate: string): string {
  return `monitors-check-${checkDate}`;
}

// The 10:00 ET report monitor check of one business day. The handler claims the day in
// report_monitor_runs, so even a second job for the same day sends nothing more.
export const monitorsCheck = defineJob({
  name: 'monitors.check',
  queue: 'monitors',
  payload: Type.Object(
    {
      checkDate: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
      /** The 10:00 ET instant the check was due at (ISO 8601, UTC); a later start makes it late. */
      scheduledFor: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$' }),
    },
    { additionalProperties: false },
  ),
  attempts: 8,
  backoff: { type: 'exponential', delay: 30_000 },
});
