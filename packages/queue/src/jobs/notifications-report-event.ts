import { REPORT_EVENT_JOB } from '@portal/domain/reports/report-events';
import { Type } from 'typebox';
import { defineJob } from '../job-definition.js';

// One domain event of report delivery (report.available, .replaced, .deleted, monitor.missing),
// written by packages/db's recordReportEvents in the transaction of the change, with the job id
// `report-event-<eventId>`. Its handler adds the event to the mail subscriptions and webhook
// endpoints that hear it; both are keyed by the event id, so an event that comes twice is added once.
export const notificationsReportEvent = defineJob({
  name: REPORT_EVENT_JOB.name,
  queue: REPORT_EVENT_JOB.queue,
  payload: Type.Object(
    {
      eventId: Type.String({
        pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
      }),
    },
    { additionalProperties: false },
  ),
  attempts: 10,
  backoff: { type: 'exponential', delay: 5_000 },
  // A burst of uploads is handed out in groups: one statement per group adds their events.
  grouped: true,
});
