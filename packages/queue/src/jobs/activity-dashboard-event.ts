import { Type } from 'typebox';
import { defineJob } from '../job-definition.js';

// A dashboard view or embed failure (POST /api/activity/track/dashboard-view|dashboard-fail).
// The API answers at once after writing this job; the activity worker stores the events of a group,
// keyed by eventId so an event that comes twice is stored and counted once, and counts views by month.
export const activityDashboardEvent = defineJob({
  name: 'activity.dashboard-event',
  queue: 'activity',
  payload: Type.Object(
    {
      eventId: Type.String({
        pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
      }),
      dashboardId: Type.Integer({ minimum: 1 }),
      userId: Type.String({ minLength: 1 }),
      kind: Type.Union([Type.Literal('VIEW'), Type.Literal('FAIL')]),
      /** When the call arrived (ISO 8601, UTC): the month a view counts in. */
      occurredAt: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?Z$' }),
      /** What the viewer saw on a failure: the frame's status and a short reason. */
      detail: Type.Optional(
        Type.Object(
          {
            status: Type.Optional(Type.Integer({ minimum: 0, maximum: 999 })),
            reason: Type.Optional(Type.String({ maxLength: 200 })),
          },
          { additionalProperties: false },
        ),
      ),
    },
    { additionalProperties: false },
  ),
  attempts: 8,
  backoff: { type: 'exponential', delay: 5_000 },
  // Tracking comes in bursts from every open dashboard: a relay pass publishes its events as one job.
  grouped: true,
});
