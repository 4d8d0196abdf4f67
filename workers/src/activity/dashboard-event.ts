import { type Database, recordDashboardEvent } from '@portal/db';
import { viewMonthOf } from '@portal/domain';
import type { Kysely } from 'kysely';
import { defineHandler, type JobHandler } from '../registry.js';

/**
 * Stores a dashboard view or failure. The event and its month's view count are one statement, and
 * the event id makes a second run (a retry, a job published twice) a no-op.
 */
export function dashboardEventHandler(db: Kysely<Database>): JobHandler<'activity.dashboard-event'> {
  return defineHandler('activity.dashboard-event', async (payload, { logger }) => {
    const occurredAt = new Date(payload.occurredAt);
    const stored = await recordDashboardEvent(
      db,
      {
        eventId: payload.eventId,
        dashboardId: payload.dashboardId,
        userId: payload.userId,
        kind: payload.kind,
        detail: payload.detail ?? null,
        occurredAt,
      },
      viewMonthOf(occurredAt),
    );
    if (!stored)
      logger.debug({ eventId: payload.eventId }, 'dashboard event already stored or dashboard gone');
  });
}
