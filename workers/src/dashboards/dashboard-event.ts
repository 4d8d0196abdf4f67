import { type Database, recordDashboardEvents } from '@portal/db';
import { viewMonthOf } from '@portal/domain';
import type { Kysely } from 'kysely';
import { defineHandler, type JobHandler } from '../registry.js';

/**
 * Stores a group of dashboard views and failures with their monthly view counts, in one statement.
 * The event ids make a second run (a retry, an event published again in another group) a no-op.
 */
export function dashboardEventHandler(db: Kysely<Database>): JobHandler<'activity.dashboard-event'> {
  return defineHandler('activity.dashboard-event', async (events, { logger }) => {
    const stored = await recordDashboardEvents(
      db,
      events.map((event) => {
        const occurredAt = new Date(event.occurredAt);
        return {
          eventId: event.eventId,
          dashboardId: event.dashboardId,
          userId: event.userId,
          kind: event.kind,
          detail: event.detail ?? null,
          occurredAt,
          month: viewMonthOf(occurredAt),
        };
      }),
    );
    if (stored < events.length)
      logger.debug({ events: events.length, stored }, 'dashboard events already stored or dashboard gone');
  });
}
